import { countWords, FEEDBACK_MAX_LENGTH, FEEDBACK_MAX_WORDS, FEEDBACK_MIN_WORDS } from '@parlay/contract/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { addKoreanTexts } from '../../../../../i18n';
import texts from '../../../../../i18n/locales/ko/member-messages.json';
import { ApiError } from '../../../../../lib/api-client';
import { useOptionalBrand } from '../../../../../lib/brand';
import { useSendFeedback } from '../api/send-feedback';
import styles from '../message-v2.module.css';

// The help centre shows this form without the messages page: its Korean texts come with it (decision 0008).
addKoreanTexts('member-messages', texts);

/**
 * The feedback form (docs/product/member-centre.md#feedback), for a member (by session) and a visitor (who proves
 * work when sending): the content within the brand's word-count bounds, counted as it is typed.
 */
export function FeedbackForm({ headingLevel = 3, className }: { headingLevel?: 2 | 3; className?: string }) {
  const { t } = useTranslation('member-messages');
  const brand = useOptionalBrand();
  const { min, max } = brand?.brand.feedbackWords ?? { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS };
  const send = useSendFeedback();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const words = countWords(content);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (words === 0) return setProblem(t('feedback.empty'));
    if (words < min) return setProblem(t('feedback.tooShort', { min }));
    if (words > max) return setProblem(t('feedback.tooLong', { max }));
    setProblem(null);
    send.mutate(content, { onSuccess: () => setContent('') });
  };
  const error = problem ?? (send.error instanceof ApiError ? send.error.message : send.error ? t('error.title') : null);

  return (
    <form
      className={className ? `${styles.feedback} ${className}` : styles.feedback}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={styles.subtitle}>
        {t('feedback.title')}
      </Heading>
      <p className={styles.muted}>{t('feedback.intro', { min, max })}</p>
      <label htmlFor={`${id}-content`} className={styles.label}>
        {t('feedback.label')} <span aria-hidden="true">*</span>
      </label>
      <textarea
        id={`${id}-content`}
        className={styles.textarea}
        value={content}
        maxLength={FEEDBACK_MAX_LENGTH}
        rows={5}
        required
        aria-invalid={problem !== null || undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => {
          setContent(event.target.value);
          setProblem(null);
          send.reset();
        }}
      />
      <div className={styles.feedbackRow}>
        <span id={`${id}-count`} className={styles.muted} data-over={words > max || undefined}>
          {t('feedback.count', { count: words, max })}
        </span>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('feedback.sending') : t('feedback.send')}
        </Button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {send.isSuccess && (
        <p role="status" className={styles.success}>
          {t('feedback.sent')}
        </p>
      )}
    </form>
  );
}
