import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { retryAfterSeconds, smsCountdownSeconds, useSmsCountdown } from '../../../lib/sms-countdown';
import styles from './auth-form.module.css';

export interface SmsSendButtonProps {
  /** Sends the code; resolves with expiredMinutes. */
  onSend: () => Promise<{ expiredMinutes: number }>;
  /** Checks the number first; returns false to send nothing. */
  canSend: () => boolean | Promise<boolean>;
  onError: (message: string) => void;
  onSent?: () => void;
  /** Take the request's own time off the countdown (the recovery form, docs/product/accounts.md#sms-codes). */
  adjustForLatency?: boolean;
}

/**
 * Sends an SMS code, then counts down expiredMinutes × 60 s; presses within a second are ignored. The
 * countdown is not read out; screen readers hear once, when it ends, that a new code may be asked for.
 */
export function SmsSendButton({ onSend, canSend, onError, onSent, adjustForLatency }: SmsSendButtonProps) {
  const { t } = useTranslation('auth');
  const countdown = useSmsCountdown();
  const [hasCounted, setHasCounted] = useState(false);

  function startCountdown(seconds: number) {
    countdown.start(seconds);
    setHasCounted(true);
  }

  async function send() {
    if (!countdown.tryStart()) return;
    if (!(await canSend())) return;
    const startedAt = Date.now();
    try {
      const { expiredMinutes } = await onSend();
      startCountdown(smsCountdownSeconds(expiredMinutes, adjustForLatency ? startedAt : undefined));
      onSent?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SMS_TOO_MANY_REQUESTS') {
        startCountdown(retryAfterSeconds(error.value));
      }
      // The server's message is shown as a warning (docs/product/accounts.md#sms-codes).
      onError(error instanceof Error ? error.message : t('errors.unknown'));
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        className={styles.sideButton}
        disabled={countdown.isCounting}
        // The short visible seconds alone do not say what the button does; its name does, seconds included.
        aria-label={countdown.isCounting ? t('sms.resendInLabel', { seconds: countdown.remaining }) : undefined}
        onClick={() => void send()}
      >
        {countdown.isCounting ? t('sms.resendIn', { seconds: countdown.remaining }) : t('sms.send')}
      </Button>
      {/* The seconds change every second: a live button read them all. The dialog says 'code sent' itself. */}
      <span className="visually-hidden" aria-live="polite">
        {hasCounted && !countdown.isCounting ? t('sms.canResend') : null}
      </span>
    </>
  );
}
