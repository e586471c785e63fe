import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { retryAfterSeconds, smsCountdownSeconds, useSmsCountdown } from '../lib/sms-countdown';
import styles from './auth-form.module.css';

export interface SmsSendButtonProps {
  /** Sends the code; resolves with expiredMinutes. */
  onSend: () => Promise<{ expiredMinutes: number }>;
  /** Checks the number first; returns false to send nothing. */
  canSend: () => boolean | Promise<boolean>;
  onError: (message: string) => void;
  onSent?: () => void;
  /** Take the request's own time off the countdown (the recovery form, spec 01 §4). */
  adjustForLatency?: boolean;
}

/** Sends an SMS code, then counts down expiredMinutes × 60 s; presses within a second are ignored. */
export function SmsSendButton({ onSend, canSend, onError, onSent, adjustForLatency }: SmsSendButtonProps) {
  const { t } = useTranslation('auth');
  const countdown = useSmsCountdown();

  async function send() {
    if (!countdown.tryStart()) return;
    if (!(await canSend())) return;
    const startedAt = Date.now();
    try {
      const { expiredMinutes } = await onSend();
      countdown.start(smsCountdownSeconds(expiredMinutes, adjustForLatency ? startedAt : undefined));
      onSent?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SMS_TOO_MANY_REQUESTS') {
        countdown.start(retryAfterSeconds(error.value));
      }
      // The server's message is shown as a warning (spec 01 §8).
      onError(error instanceof Error ? error.message : t('errors.unknown'));
    }
  }

  return (
    <Button
      variant="secondary"
      className={styles.sideButton}
      disabled={countdown.isCounting}
      onClick={() => void send()}
      aria-live="polite"
    >
      {countdown.isCounting ? t('sms.resendIn', { seconds: countdown.remaining }) : t('sms.send')}
    </Button>
  );
}
