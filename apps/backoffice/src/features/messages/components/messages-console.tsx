import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_TITLE_MAX_LENGTH,
  SendMessageRequestSchema,
  type SendMessageRequest,
  type SentMessage,
} from '@parlay/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useSentMessages } from '../api/get-sent-messages';
import { useSendMessage } from '../api/send-message';
import styles from './messages.module.css';

const column = columnsOf<SentMessage>();
type AudienceKind = SendMessageRequest['audience']['kind'];

/** Who a sent message went to, in words. */
function AudienceText({ audience }: { audience: SentMessage['audience'] }) {
  const { t } = useTranslation('messages');
  if (audience.kind === 'member') return <span>{t('audience.memberNamed', { account: audience.account })}</span>;
  if (audience.kind === 'all') return <span>{t('audience.all')}</span>;
  const parts = [
    audience.minRankLevel !== null && t('segment.minRank', { level: audience.minRankLevel }),
    audience.maxRankLevel !== null && t('segment.maxRank', { level: audience.maxRankLevel }),
    audience.registeredFrom && t('segment.from', { day: audience.registeredFrom }),
    audience.registeredTo && t('segment.to', { day: audience.registeredTo }),
  ].filter(Boolean);
  return <span>{`${t('audience.segment')}: ${parts.join(', ')}`}</span>;
}

/**
 * A brand's messages to its members' mailboxes: the form (messages.write) to write to one member, a segment or
 * everyone, and the messages sent, newest first, with how many members each reached and how many read it.
 */
export function MessagesConsole({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('messages');
  const canWrite = useCan('messages.write');
  const list = useKeysetList([] as const);
  const query = useSentMessages(brand, list.cursor);
  const columns = [
    column.accessor('at', {
      header: t('sent.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('audience', {
      header: t('sent.audience'),
      cell: (info) => <AudienceText audience={info.getValue()} />,
    }),
    column.accessor('title', {
      header: t('sent.title'),
      cell: (info) => (
        <span className={styles.stack}>
          <strong>{info.getValue()}</strong>
          <span className={styles.body}>{info.row.original.body}</span>
        </span>
      ),
    }),
    column.accessor('author', {
      header: t('sent.author'),
      cell: (info) => <span className={styles.nowrap}>{info.getValue()}</span>,
    }),
    column.display({
      id: 'reach',
      header: t('sent.reach'),
      cell: (info) => (
        <span className={styles.nowrap}>
          {t('sent.readBy', {
            read: formatCount(info.row.original.readBy),
            recipients: formatCount(info.row.original.recipients),
          })}
        </span>
      ),
    }),
  ];
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />
      {canWrite && <SendForm brand={brand} onSent={() => list.cursor && list.setFilters({})} />}
      <h2 className={styles.sectionTitle}>{t('sent.heading')}</h2>
      <DataTable
        caption={t('sent.heading')}
        columns={columns}
        getRowId={(message) => message.id}
        query={query}
        paging={list}
        empty={<EmptyState icon="megaphone" title={t('sent.emptyTitle')} text={t('sent.emptyText')} />}
      />
    </>
  );
}

/** Reads the form into the call's request, checked by the contract's schema; undefined when it does not pass. */
function requestOf(data: FormData): { request?: SendMessageRequest; problem?: string } {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const level = (name: string) => (text(name) === '' ? undefined : Number(text(name)));
  const day = (name: string) => text(name) || undefined;
  const kind = text('kind') as AudienceKind;
  const audience =
    kind === 'member'
      ? { kind, account: text('account') }
      : kind === 'segment'
        ? {
            kind,
            minRankLevel: level('minRankLevel'),
            maxRankLevel: level('maxRankLevel'),
            registeredFrom: day('registeredFrom'),
            registeredTo: day('registeredTo'),
          }
        : { kind };
  const parsed = SendMessageRequestSchema.safeParse({ audience, title: text('title'), body: text('body') });
  if (parsed.success) return { request: parsed.data };
  const path = parsed.error.issues[0]?.path.join('.') ?? '';
  return { problem: path };
}

function SendForm({ brand, onSent }: { brand: string; onSent: () => void }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage(brand);
  const [kind, setKind] = useState<AudienceKind>('member');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ request: SendMessageRequest; form: HTMLFormElement } | null>(null);

  const deliver = async (request: SendMessageRequest, form: HTMLFormElement) => {
    setFailure(null);
    try {
      const sent = await send.mutateAsync(request);
      toast.success(t('form.sent', { count: sent.recipients }));
      form.reset();
      setKind('member');
      onSent();
    } catch (error) {
      setFailure(messageOf(error, t('form.failed')));
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { request, problem: path } = requestOf(new FormData(form));
    if (!request) {
      setProblem(path ?? '');
      return;
    }
    setProblem(null);
    // A message to more than one member is confirmed first: it cannot be taken back.
    if (request.audience.kind === 'member') void deliver(request, form);
    else setConfirming({ request, form });
  };
  const ruleFor = (prefix: string, rule: string) => (problem !== null && problem.startsWith(prefix) ? rule : undefined);

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="send-message-title">
        <h2 id="send-message-title" className={styles.sectionTitle}>
          {t('form.heading')}
        </h2>
        <div className={styles.row}>
          <SelectField
            label={t('form.audience')}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as AudienceKind)}
          >
            <option value="member">{t('audience.member')}</option>
            <option value="segment">{t('audience.segment')}</option>
            <option value="all">{t('audience.all')}</option>
          </SelectField>
          {kind === 'member' && (
            <TextField
              label={t('form.account')}
              name="account"
              autoComplete="off"
              spellCheck={false}
              isRequired
              error={ruleFor('audience', t('rules.account'))}
            />
          )}
        </div>
        {kind === 'segment' && (
          <fieldset className={styles.segment}>
            <legend>{t('segment.legend')}</legend>
            <TextField label={t('segment.minRankLabel')} name="minRankLevel" type="number" min={0} max={99} />
            <TextField label={t('segment.maxRankLabel')} name="maxRankLevel" type="number" min={0} max={99} />
            <TextField label={t('segment.fromLabel')} name="registeredFrom" type="date" />
            <TextField label={t('segment.toLabel')} name="registeredTo" type="date" />
            {ruleFor('audience', t('rules.segment')) && <FormError message={t('rules.segment')} />}
          </fieldset>
        )}
        {kind === 'all' && <p className={styles.note}>{t('form.allNote')}</p>}
        <TextField
          label={t('form.title')}
          name="title"
          maxLength={MESSAGE_TITLE_MAX_LENGTH}
          isRequired
          error={ruleFor('title', t('rules.title', { max: MESSAGE_TITLE_MAX_LENGTH }))}
        />
        <TextAreaField
          label={t('form.body')}
          name="body"
          rows={4}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          isRequired
          hint={t('form.bodyHint')}
          error={ruleFor('body', t('rules.body', { max: MESSAGE_BODY_MAX_LENGTH }))}
        />
        <FormError message={failure} />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {t('form.send')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('confirm.title')}
        description={confirming?.request.audience.kind === 'all' ? t('confirm.all') : t('confirm.segment')}
        confirmLabel={t('form.send')}
        onConfirm={async () => {
          if (confirming) await deliver(confirming.request, confirming.form);
          setConfirming(null);
        }}
      />
    </>
  );
}
