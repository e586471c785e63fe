import { createHmac, timingSafeEqual } from 'node:crypto';

// The sandbox's signing scheme (docs/decisions/0040-payment-sandbox.md). The platform's adapter
// (apps/server/src/modules/cashier/providers/sandbox.ts) implements the same scheme on its own, as an adapter
// of a provider elsewhere would: the adapter's tests against this service prove that both ends agree.

/** Header names, lower case as Node reports them. */
export const SANDBOX_HEADERS = {
  /** The merchant key the platform was given; on callbacks, the merchant the event belongs to. */
  merchant: 'x-sandbox-merchant',
  /** Unix time in whole seconds when the message was signed. */
  timestamp: 'x-sandbox-timestamp',
  /** `v1=` and the lower-case hex HMAC-SHA256 of the signed text with the shared secret. */
  signature: 'x-sandbox-signature',
  /** On callbacks: the event's id, the same on every delivery of the event. */
  eventId: 'x-sandbox-event-id',
  /** On callbacks: which delivery of this event this is, from 1. */
  attempt: 'x-sandbox-attempt',
} as const;

/** A message signed longer ago than this (or this far ahead) is refused, as a replay. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * What an API request signs: the timestamp, the method and path (with its query) and the raw body, joined
 * by new lines, so a signed query cannot be replayed against another order's path.
 */
export function requestSigningText(timestamp: string, method: string, pathWithQuery: string, body: string): string {
  return `${timestamp}\n${method.toUpperCase()}\n${pathWithQuery}\n${body}`;
}

/** What a callback signs: the timestamp, a dot and the raw body. */
export function callbackSigningText(timestamp: string, body: string): string {
  return `${timestamp}.${body}`;
}

export function sign(secret: string, text: string): string {
  return `v1=${createHmac('sha256', secret).update(text, 'utf8').digest('hex')}`;
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(secret: string, text: string, received: string): boolean {
  const expected = Buffer.from(sign(secret, text), 'utf8');
  const given = Buffer.from(received, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a timestamp header (whole seconds) is a number within the tolerance of `nowMs`. */
export function timestampIsFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs - Number(timestamp) * 1000) <= SIGNATURE_TOLERANCE_MS;
}

export function timestampOf(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}
