import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, smsCountdownSeconds, useSmsCountdown } from './sms-countdown';

describe(smsCountdownSeconds.name, () => {
  it('counts expiredMinutes × 60 seconds', () => {
    expect(smsCountdownSeconds(5)).toBe(300);
    expect(smsCountdownSeconds(1)).toBe(60);
  });

  it('takes the request time off when asked (the recovery form)', () => {
    expect(smsCountdownSeconds(5, 10_000, 13_500)).toBe(297);
  });
});

describe(retryAfterSeconds.name, () => {
  it('waits five minutes after too many requests unless the server says otherwise', () => {
    expect(retryAfterSeconds(undefined)).toBe(300);
    expect(retryAfterSeconds({ retryAfterSeconds: 120 })).toBe(120);
  });
});

describe(useSmsCountdown.name, () => {
  it('refuses a second press within a second, then counts down and frees the button', () => {
    let now = 1_000_000;
    const clock = () => now;
    const { result } = renderHook(() => useSmsCountdown(clock));

    let first = false;
    act(() => {
      first = result.current.tryStart();
    });
    expect(first).toBe(true);
    now += 400;
    expect(result.current.tryStart()).toBe(false);

    act(() => result.current.start(300));
    expect(result.current.remaining).toBe(300);
    expect(result.current.isCounting).toBe(true);
    now += 1500;
    expect(result.current.tryStart()).toBe(false);

    now += 298_600;
    act(() => result.current.start(0));
    expect(result.current.remaining).toBe(0);
    expect(result.current.tryStart()).toBe(true);
  });
});
