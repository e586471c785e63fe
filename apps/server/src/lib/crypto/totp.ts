import { createHmac, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

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

/** Accepts the code of the current 30-second step or of one step either side (clock drift). */
export function verifyTotp(base32Secret: string, code: string, now = Date.now()): boolean {
  if (!/^[0-9]{6}$/.test(code)) return false;
  let secret: Buffer;
  try {
    secret = decodeBase32(base32Secret);
  } catch {
    return false;
  }
  const step = Math.floor(now / 30_000);
  let matched = false;
  for (const drift of [-1, 0, 1]) {
    const expected = Buffer.from(totpAt(secret, step + drift));
    if (timingSafeEqual(expected, Buffer.from(code))) matched = true;
  }
  return matched;
}
