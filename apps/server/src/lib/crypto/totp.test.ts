import { describe, expect, it } from 'vitest';
import { currentTotp, decodeBase32, encodeBase32, generateTotpSecret, matchTotpStep, totpUri } from './totp';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890"; at T = 59 s the 8-digit code is 94287082.
const RFC_SECRET = encodeBase32(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('gives the codes of RFC 6238 (their last 6 digits)', () => {
    expect(currentTotp(RFC_SECRET, 59_000)).toBe('287082');
    expect(currentTotp(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(currentTotp(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the code of the step before and after, and says which step it was', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, currentTotp(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, currentTotp(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, currentTotp(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, currentTotp(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets that decode back to 20 bytes', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32(secret)).toHaveLength(20);
    expect(encodeBase32(decodeBase32(secret))).toBe(secret);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('writes the otpauth URI an authenticator scans', () => {
    const text = totpUri('JBSWY3DPEHPK3PXP', 'Parlay back office', 'demo-owner');
    expect(text).toMatch(/^otpauth:\/\/totp\/Parlay%20back%20office:demo-owner\?secret=JBSWY3DPEHPK3PXP&issuer=Parlay%20back%20office&/);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Parlay back office',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
