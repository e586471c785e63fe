// The lottery board's clock (docs/decisions/0070-lottery-vendor.md): a draw closes on the vendor's clock, not the
// player's, so the countdown runs on the server's time as the `games` answer gave it, moved on by the browser's own
// clock since. A browser set minutes wrong still shows the close to the second (give or take the call's own time).

/**
 * How far the server's clock is ahead of the browser's (negative: behind), from a `serverTime` read between
 * `sentAt` and `receivedAt` (the browser's clock): the server wrote it about half way through the call.
 */
export function serverOffsetMs(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - Math.round((sentAt + receivedAt) / 2);
}

/** The server's time now, from the browser's clock and the offset. */
export function serverNow(browserNow: number, offsetMs: number): number {
  return browserNow + offsetMs;
}

/** Milliseconds left until an instant of the server's clock (0 once it has passed). */
export function remainingMs(until: string, browserNow: number, offsetMs: number): number {
  const at = Date.parse(until);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - serverNow(browserNow, offsetMs));
}

/** A countdown as players read it: 04:59, or 1:02:03 past an hour; whole seconds, rounded up (never 00:00 early). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
