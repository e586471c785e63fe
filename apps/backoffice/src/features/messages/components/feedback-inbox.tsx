import {
  AnswerFeedbackRequestSchema,
  FEEDBACK_STATUSES,
  MESSAGE_BODY_MAX_LENGTH,
  type FeedbackItem,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, SelectField, TextAreaField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAnswerFeedback } from '../api/answer-feedback';
import { useFeedback } from '../api/get-feedback';
import styles from './messages.module.css';

const column = columnsOf<FeedbackItem>();
type Status = (typeof FEEDBACK_STATUSES)[number];
const isStatus = (value: string): value is Status => (FEEDBACK_STATUSES as readonly string[]).includes(value);

/**
 * The brand's feedback inbox: members' and visitors' feedback newest first, open or answered; support opens one and
 * answers it (messages.write), once. A member finds the answer in the mailbox; a visitor has none, and says so.
 */
export function FeedbackInbox({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('messages');
  const list = useKeysetList(['status'] as const);
  const status = isStatus(list.filters.status) ? list.filters.status : undefined;
  const query = useFeedback(brand, { status, cursor: list.cursor });
  const columns = [
    column.accessor('at', {
      header: t('feedback.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('from', {
      header: t('feedback.from'),
      cell: (info) => {
        const from = info.getValue();
        return from.kind === 'member' ? (
          <span className={styles.nowrap}>{from.account}</span>
        ) : (
          <span className={styles.muted}>{t('feedback.visitor')}</span>
        );
      },
    }),
    column.accessor('content', {
      header: t('feedback.content'),
      cell: (info) => <span className={styles.clamp}>{info.getValue()}</span>,
    }),
    column.display({
      id: 'state',
      header: t('feedback.state'),
      cell: (info) => {
        const { delivery } = info.row.original;
        if (delivery === null) return <Badge tone="warn">{t('feedback.open')}</Badge>;
        return (
          <Badge tone={delivery === 'mailbox' ? 'ok' : 'off'}>
            {delivery === 'mailbox' ? t('feedback.answered') : t('feedback.undeliverable')}
          </Badge>
        );
      },
    }),
  ];
  return (
    <>
      <PageHeader title={t('feedback.title')} subtitle={t('feedback.subtitle', { brand: brandName })} />
      <div className={styles.filters}>
        <SelectField
          label={t('feedback.show')}
          value={status ?? ''}
          onChange={(event) => list.setFilters({ status: event.target.value })}
        >
          <option value="">{t('feedback.everything')}</option>
          <option value="open">{t('feedback.open')}</option>
          <option value="answered">{t('feedback.answered')}</option>
        </SelectField>
      </div>
      <DataTable
        caption={t('feedback.title')}
        columns={columns}
        getRowId={(item) => item.id}
        query={query}
        paging={list}
        renderDetail={(item) => <FeedbackDetail brand={brand} item={item} />}
        detailLabel={(item) => t('feedback.openDetail', { id: item.id })}
        empty={<EmptyState icon="megaphone" title={t('feedback.emptyTitle')} text={t('feedback.emptyText')} />}
      />
    </>
  );
}

function FeedbackDetail({ brand, item }: { brand: string; item: FeedbackItem }) {
  const { t } = useTranslation('messages');
  const canWrite = useCan('messages.write');
  return (
    <div className={styles.detail}>
      <p className={styles.body}>{item.content}</p>
      {item.answer !== null ? (
        <div className={styles.answer}>
          <p className={styles.muted}>
            {t('feedback.answeredBy', { who: item.answeredBy ?? '', at: formatTime(item.answeredAt) })}
          </p>
          <p className={styles.body}>{item.answer}</p>
          <p className={styles.note}>
            {item.delivery === 'mailbox' ? t('feedback.deliveredNote') : t('feedback.undeliverableNote')}
          </p>
        </div>
      ) : canWrite ? (
        <AnswerForm brand={brand} item={item} />
      ) : null}
    </div>
  );
}

function AnswerForm({ brand, item }: { brand: string; item: FeedbackItem }) {
  const { t } = useTranslation('messages');
  const answer = useAnswerFeedback(brand);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(AnswerFeedbackRequestSchema, { answer: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answered = await answer.mutateAsync({ feedbackId: item.id, answer: values.answer });
      toast.success(answered.delivery === 'mailbox' ? t('feedback.sentToMailbox') : t('feedback.recorded'));
    } catch (error) {
      setFailure(messageOf(error, t('form.failed')));
    }
  });
  return (
    <form className={styles.answerForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={t('feedback.answerLabel')}
        rows={3}
        maxLength={MESSAGE_BODY_MAX_LENGTH}
        hint={item.from.kind === 'member' ? t('feedback.memberHint') : t('feedback.visitorHint')}
        error={ruleOf(form.formState.errors.answer, t('rules.body', { max: MESSAGE_BODY_MAX_LENGTH }))}
        {...form.register('answer')}
      />
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('feedback.answer')}
        </Button>
      </div>
    </form>
  );
}
