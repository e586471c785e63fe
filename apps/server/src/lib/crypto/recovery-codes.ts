import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32 } from './totp';

// Recovery codes of an authenticator, for operators (decision 0032) and members (decision 0037) alike: a code is
// 50 random bits, so SHA-256 is enough to keep it (no slow hash), and each is good once.

/** A recovery code as typed: lower case, no dashes or spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** What is stored of a recovery code. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

/** `count` codes of 10 base32 characters (50 random bits), shown as xxxxx-xxxxx. */
export function generateRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const text = encodeBase32(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
