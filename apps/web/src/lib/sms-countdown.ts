import { SMS_RETRY_AFTER_SECONDS } from '@parlay/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The send button may be pressed at most once a second (docs/product/accounts.md#sms-codes). */
export const SMS_SEND_THROTTLE_MS = 1000;

/**
 * Seconds the send button stays disabled after a code was sent: expiredMinutes × 60
 * (docs/product/accounts.md#sms-codes).
 */
export function smsCountdownSeconds(expiredMinutes: number, requestStartedAt?: number, now = Date.now()): number {
  const total = Math.max(0, Math.round(expiredMinutes * 60));
  // The recovery countdown takes away the time the request itself took.
  const latency = requestStartedAt === undefined ? 0 : Math.max(0, Math.floor((now - requestStartedAt) / 1000));
  return Math.max(0, total - latency);
}

/** After SMS_TOO_MANY_REQUESTS the member waits five minutes (docs/product/accounts.md#sms-codes). */
export function retryAfterSeconds(value: unknown): number {
  const seconds = (value as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : SMS_RETRY_AFTER_SECONDS;
}

/**
 * The countdown of an SMS send button. `remaining` is whole seconds left (0 when it may send);
 * `tryStart` refuses a second press within a second, whatever the countdown says.
 */
export function useSmsCountdown(clock: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(clock);
  const lastPress = useRef(-Infinity);

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setInterval(() => setNow(clock()), 250);
    return () => clearInterval(timer);
  }, [endsAt, now, clock]);

  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  /** Whether a press may send now; records the press so the next one within a second is refused. */
  const tryStart = useCallback(() => {
    const at = clock();
    if (at - lastPress.current < SMS_SEND_THROTTLE_MS || endsAt > at) return false;
    lastPress.current = at;
    return true;
  }, [clock, endsAt]);

  const start = useCallback(
    (seconds: number) => {
      const at = clock();
      setNow(at);
      setEndsAt(at + seconds * 1000);
    },
    [clock],
  );

  const reset = useCallback(() => setEndsAt(0), []);

  return { remaining, isCounting: remaining > 0, tryStart, start, reset };
}
