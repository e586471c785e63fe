import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { retryAfterSeconds, smsCountdownSeconds, useSmsCountdown } from '../../../../../lib/sms-countdown';

export interface CodeSendButtonProps {
  /** Sends the code; resolves with the minutes it is valid, or null when the call sent none. */
  onSend: () => Promise<number | null>;
  onError: (error: unknown) => void;
  disabled?: boolean;
}

/**
 * Sends a code, then counts down expiredMinutes × 60 s as the site's other code buttons do
 * (docs/product/accounts.md#sms-codes): a press within a second is ignored, and after "too many requests" the member
 * waits the server's time. The seconds are not read out; screen readers hear once, at the end, that a new code may be
 * asked for.
 */
export function CodeSendButton({ onSend, onError, disabled }: CodeSendButtonProps) {
  const { t } = useTranslation('member-profile');
  const countdown = useSmsCountdown();
  const [hasCounted, setHasCounted] = useState(false);
  const [isSending, setSending] = useState(false);

  function startCountdown(seconds: number) {
    countdown.start(seconds);
    setHasCounted(true);
  }

  async function send() {
    if (!countdown.tryStart()) return;
    setSending(true);
    try {
      const minutes = await onSend();
      if (minutes !== null) startCountdown(smsCountdownSeconds(minutes));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SMS_TOO_MANY_REQUESTS')
        startCountdown(retryAfterSeconds(error.value));
      onError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled || isSending || countdown.isCounting}
        aria-label={countdown.isCounting ? t('contact.resendInLabel', { seconds: countdown.remaining }) : undefined}
        onClick={() => void send()}
        data-send-code
      >
        {countdown.isCounting ? t('contact.resendIn', { seconds: countdown.remaining }) : t('contact.send')}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {hasCounted && !countdown.isCounting ? t('contact.canResend') : ''}
      </span>
    </>
  );
}
