import {
  BACKOFFICE_CALLS,
  callWithParams,
  SUPPORT_TEXT_MAX_LENGTH,
  type SupportCustomer,
  type SupportInboxItem,
  type SupportInboxQuery,
  type SupportMessage,
} from '@parlay/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, SelectField, TextAreaField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan, useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAssignSupport } from '../api/assign-support';
import { useCloseSupport } from '../api/close-support';
import { useSupportConversation } from '../api/get-support-conversation';
import { useSupportInbox } from '../api/get-support-inbox';
import { useReplySupport } from '../api/reply-support';
import { useInboxSocket } from '../lib/use-inbox-socket';
import styles from './support-inbox.module.css';

type Status = SupportInboxQuery['status'];
type Assigned = SupportInboxQuery['assigned'];

function useCustomerName() {
  const { t } = useTranslation('support');
  return (customer: SupportCustomer) =>
    customer.kind === 'member' ? customer.account : customer.name || customer.email || t('visitor');
}

/**
 * The brand's support inbox (docs/product/site-shell-and-routes.md#support-chat): conversations with their unread
 * counts, filtered by status and assignee, beside the open conversation, where support replies, assigns and closes
 * (messages.write). New messages arrive by the inbox's socket without a reload.
 */
export function SupportInbox({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('support');
  const [status, setStatus] = useState<Status>('open');
  const [assigned, setAssigned] = useState<Assigned>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const inbox = useSupportInbox(brand, { status, assigned });
  const nameOf = useCustomerName();
  useInboxSocket(brand);
  const items = inbox.data?.items ?? [];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />
      <div className={styles.layout}>
        <section className={styles.list} aria-labelledby="support-list-heading">
          <h2 id="support-list-heading" className={styles.listHeading}>
            {t('conversations')}
            {inbox.data && inbox.data.unreadTotal > 0 && (
              <Badge tone="warn">{t('unreadTotal', { count: inbox.data.unreadTotal })}</Badge>
            )}
          </h2>
          <div className={styles.filters}>
            <SelectField
              label={t('status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as Status)}
            >
              <option value="open">{t('statusOpen')}</option>
              <option value="closed">{t('statusClosed')}</option>
              <option value="all">{t('statusAll')}</option>
            </SelectField>
            <SelectField
              label={t('assigned')}
              value={assigned}
              onChange={(event) => setAssigned(event.target.value as Assigned)}
            >
              <option value="all">{t('assignedAll')}</option>
              <option value="me">{t('assignedMe')}</option>
              <option value="unassigned">{t('assignedNobody')}</option>
            </SelectField>
          </div>
          {inbox.isError ? (
            <FormError message={messageOf(inbox.error, t('loadFailed'))} />
          ) : items.length === 0 && !inbox.isPending ? (
            <EmptyState icon="megaphone" title={t('emptyTitle')} text={t('emptyText')} />
          ) : (
            <ul className={styles.items}>
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.item}
                    aria-current={item.id === selected ? 'true' : undefined}
                    onClick={() => setSelected(item.id)}
                  >
                    <span className={styles.itemTop}>
                      <span className={styles.name}>{nameOf(item.customer)}</span>
                      <span className={styles.when}>{formatTime(item.updatedAt)}</span>
                    </span>
                    <span className={styles.itemBottom}>
                      <span className={styles.preview}>{previewOf(item, t('picture'))}</span>
                      {item.unread > 0 && (
                        <span className={styles.unread} aria-label={t('unread', { count: item.unread })}>
                          {item.unread}
                        </span>
                      )}
                    </span>
                    <span className={styles.meta}>
                      {item.customer.kind === 'visitor' ? t('visitor') : t('member')}
                      {' · '}
                      {item.assignee ? t('assignedTo', { login: item.assignee.login }) : t('unassigned')}
                      {item.status === 'closed' && ` · ${t('statusClosed')}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.thread} aria-label={t('conversation')}>
          {selected === null ? (
            <EmptyState icon="megaphone" title={t('pickTitle')} text={t('pickText')} />
          ) : (
            <Conversation key={selected} brand={brand} conversationId={selected} />
          )}
        </section>
      </div>
    </>
  );
}

function previewOf(item: SupportInboxItem, picture: string): string {
  const last = item.lastMessage;
  if (!last) return '';
  return last.imageId !== null ? picture : (last.text ?? '');
}

function Conversation({ brand, conversationId }: { brand: string; conversationId: number }) {
  const { t } = useTranslation('support');
  const nameOf = useCustomerName();
  const session = useOperatorSession();
  const canWrite = useCan('messages.write');
  const query = useSupportConversation(brand, conversationId);
  const assign = useAssignSupport(brand);
  const close = useCloseSupport(brand);
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const detail = query.data;
  const count = detail?.messages.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  if (query.isError) return <FormError message={messageOf(query.error, t('loadFailed'))} />;
  if (!detail) return <p className={styles.muted}>{t('loading')}</p>;
  const mine = detail.assignee?.operatorId === session.operator.id;
  const act = async (run: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await run();
      toast.success(done);
    } catch (error) {
      setFailure(messageOf(error, t('actionFailed')));
    }
  };

  return (
    <div className={styles.conversation}>
      <header className={styles.threadHeader}>
        <div>
          <h2 className={styles.threadTitle}>{nameOf(detail.customer)}</h2>
          <p className={styles.muted}>
            {detail.customer.kind === 'member'
              ? t('memberLine', { account: detail.customer.account })
              : [t('visitor'), detail.customer.email].filter(Boolean).join(' · ')}
            {' · '}
            {detail.assignee ? t('assignedTo', { login: detail.assignee.login }) : t('unassigned')}
          </p>
        </div>
        <div className={styles.actions}>
          <Badge tone={detail.status === 'open' ? 'ok' : 'off'}>
            {detail.status === 'open' ? t('statusOpen') : t('statusClosed')}
          </Badge>
          {canWrite && detail.status === 'open' && (
            <>
              <Button
                variant="secondary"
                onClick={() =>
                  void act(
                    () => assign.mutateAsync({ conversationId, operatorId: mine ? null : session.operator.id }),
                    mine ? t('unassignedDone') : t('assignedDone'),
                  )
                }
                disabled={assign.isPending}
              >
                {mine ? t('unassign') : t('assignToMe')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void act(() => close.mutateAsync(conversationId), t('closedDone'))}
                disabled={close.isPending}
              >
                {t('close')}
              </Button>
            </>
          )}
        </div>
      </header>
      <FormError message={failure} />
      <ol className={styles.messages} ref={listRef} aria-live="polite">
        {detail.messages.map((message) => (
          <MessageItem key={message.id} brand={brand} message={message} />
        ))}
      </ol>
      {canWrite && detail.status === 'open' ? (
        <ReplyForm brand={brand} conversationId={conversationId} />
      ) : detail.status === 'closed' ? (
        <p className={styles.muted}>{t('closedNote')}</p>
      ) : null}
    </div>
  );
}

function MessageItem({ brand, message }: { brand: string; message: SupportMessage }) {
  const { t } = useTranslation('support');
  const imagePath =
    message.imageId !== null
      ? callWithParams(BACKOFFICE_CALLS.supportInboxImage, { brand, imageId: message.imageId }).path
      : null;
  return (
    <li className={styles.message} data-from={message.from}>
      <div className={styles.bubble}>
        {imagePath ? (
          <a href={imagePath} target="_blank" rel="noopener noreferrer">
            <img src={imagePath} alt={t('picture')} className={styles.image} />
          </a>
        ) : (
          message.text
        )}
      </div>
      <span className={styles.when}>
        {message.from === 'operator' ? (message.operatorName ?? t('operator')) : t('customer')} ·{' '}
        {formatTime(message.createdAt)}
      </span>
    </li>
  );
}

function ReplyForm({ brand, conversationId }: { brand: string; conversationId: number }) {
  const { t } = useTranslation('support');
  const reply = useReplySupport(brand);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setFailure(null);
    try {
      await reply.mutateAsync({ conversationId, text });
      setText('');
    } catch (error) {
      setFailure(messageOf(error, t('actionFailed')));
    }
  };
  return (
    <form className={styles.reply} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={t('replyLabel')}
        rows={3}
        maxLength={SUPPORT_TEXT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
        }}
        hint={t('replyHint')}
      />
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={reply.isPending || !text.trim()}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
