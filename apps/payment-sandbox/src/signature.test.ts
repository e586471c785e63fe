import { describe, expect, it } from 'vitest';
import { callbackSigningText, sign, signatureMatches, timestampIsFresh } from './signature';

describe('signature', () => {
  it('matches only the same text under the same secret', () => {
    const text = callbackSigningText('1795780800', '{"a":1}');
    const signature = sign('secret-one', text);
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(signatureMatches('secret-one', text, signature)).toBe(true);
    expect(signatureMatches('secret-two', text, signature)).toBe(false);
    expect(signatureMatches('secret-one', callbackSigningText('1795780800', '{"a":2}'), signature)).toBe(false);
    expect(signatureMatches('secret-one', text, signature.slice(0, -1))).toBe(false);
  });

  it('takes a timestamp up to five minutes either side of now, and nothing malformed', () => {
    const now = 1_795_780_800_000;
    expect(timestampIsFresh(String(now / 1000 - 300), now)).toBe(true);
    expect(timestampIsFresh(String(now / 1000 - 301), now)).toBe(false);
    expect(timestampIsFresh(String(now / 1000 + 300), now)).toBe(true);
    expect(timestampIsFresh(String(now / 1000 + 301), now)).toBe(false);
    expect(timestampIsFresh('', now)).toBe(false);
    expect(timestampIsFresh('1795780800.5', now)).toBe(false);
  });
});
