import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { walletSigningText } from '@parlay/contract';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** A wallet call's signature: over the time it is sent and its raw body (`walletSigningText`). */
export function signWalletCall(secret: string, timestampSeconds: number | string, rawBody: string): string {
  return signBody(secret, walletSigningText(timestampSeconds, rawBody));
}

/** Whether `given` is the lower-case or upper-case hex of `expected`, compared in constant time. */
export function signatureMatches(given: string | undefined, expected: string): boolean {
  const expectedBytes = Buffer.from(expected, 'hex');
  const givenBytes = Buffer.from(/^[0-9a-f]{64}$/i.test(given ?? '') ? (given as string) : '', 'hex');
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}
