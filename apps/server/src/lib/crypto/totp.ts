import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function encodeBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), base32 as authenticators take it. */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(20));
}

/**
 * The otpauth:// URI an authenticator app reads from a QR code (Google Authenticator's key URI format):
 * SHA-1, 6 digits, 30 seconds, the defaults every app supports.
 */
export function totpUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  // encodeURIComponent, not URLSearchParams: a space is %20 in this format, and some apps show a '+' as it is.
  const query = Object.entries({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

export function decodeBase32(input: string): Buffer {
  const clean = input.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 code (HMAC-SHA1, 30-second steps, 6 digits) for a step counter. */
export function totpAt(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', secret).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The 30-second step of a time: what a code is computed for. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 30_000);
}

/**
 * The step whose code this is, among the current step and one either side (clock drift), or null. A caller
 * that must accept each code once keeps the step and refuses any step not after it.
 */
export function matchTotpStep(base32Secret: string, code: string, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  let secret: Buffer;
  try {
    secret = decodeBase32(base32Secret);
  } catch {
    return null;
  }
  const step = totpStep(now);
  let matched: number | null = null;
  for (const drift of [-1, 0, 1]) {
    const expected = Buffer.from(totpAt(secret, step + drift));
    if (timingSafeEqual(expected, Buffer.from(code))) matched = step + drift;
  }
  return matched;
}

/** Accepts the code of the current 30-second step or of one step either side (clock drift). */
export function verifyTotp(base32Secret: string, code: string, now = Date.now()): boolean {
  return matchTotpStep(base32Secret, code, now) !== null;
}

/** The code of a secret now (the demo operator's command, tests). */
export function currentTotp(base32Secret: string, now = Date.now()): string {
  return totpAt(decodeBase32(base32Secret), totpStep(now));
}
