import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs, serverNow, serverOffsetMs } from './countdown';

describe('the countdown on the server clock', () => {
  it("counts down to the close on the server's clock, whatever the browser's says", () => {
    // The browser is 90 s behind the server: it read serverTime 12:00:30 at its own 11:59:00 (a 200 ms call).
    const sentAt = Date.parse('2026-11-29T11:58:59.900Z');
    const receivedAt = Date.parse('2026-11-29T11:59:00.100Z');
    const offset = serverOffsetMs('2026-11-29T12:00:30.000Z', sentAt, receivedAt);
    expect(offset).toBe(90_000);
    const closesAt = '2026-11-29T12:04:50.000Z';
    // At the browser's 11:59:00.100 the server's clock is 12:00:30.100: 4 min 19.9 s left, shown 04:20.
    expect(remainingMs(closesAt, receivedAt, offset)).toBe(259_900);
    expect(formatCountdown(remainingMs(closesAt, receivedAt, offset))).toBe('04:20');
    // The browser's own clock would have said 5:50 left.
    expect(formatCountdown(Date.parse(closesAt) - receivedAt)).toBe('05:50');
    // 259.9 s later on the browser: closed, never below zero.
    expect(remainingMs(closesAt, receivedAt + 259_900, offset)).toBe(0);
    expect(remainingMs(closesAt, receivedAt + 400_000, offset)).toBe(0);
    expect(serverNow(receivedAt, offset)).toBe(Date.parse('2026-11-29T12:00:30.100Z'));
  });

  it('follows a browser ahead of the server too', () => {
    const offset = serverOffsetMs(
      '2026-11-29T12:00:00.000Z',
      Date.parse('2026-11-29T12:10:00.000Z'),
      Date.parse('2026-11-29T12:10:00.000Z'),
    );
    expect(offset).toBe(-600_000);
    expect(remainingMs('2026-11-29T12:00:10.000Z', Date.parse('2026-11-29T12:10:05.000Z'), offset)).toBe(5_000);
  });

  it('shows whole seconds rounded up, hours past an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(299_999)).toBe('05:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('takes a server time it cannot read as no offset', () => {
    expect(serverOffsetMs('not a time', 1, 3)).toBe(0);
    expect(remainingMs('not a time', 0, 0)).toBe(0);
  });
});
