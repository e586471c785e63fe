import { describe, expect, it } from 'vitest';
import { decodeBase64Url, splitCustomerServicePath } from './customer-service';

describe(splitCustomerServicePath.name, () => {
  it('takes the last 8 characters as the key and splits iv from ciphertext and tag', () => {
    // 12 bytes of IV (0..11), 3 bytes of ciphertext and 16 of tag: base64url of bytes 0..30.
    const bytes = Array.from({ length: 31 }, (_, i) => i);
    const payload = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg';
    expect(Array.from(decodeBase64Url(payload))).toEqual(bytes);
    const parts = splitCustomerServicePath(`${payload}Ab3dE6gH`);
    expect(parts.key).toBe('Ab3dE6gH');
    expect(Array.from(parts.iv)).toEqual(bytes.slice(0, 12));
    expect(Array.from(parts.ciphertextAndTag)).toEqual(bytes.slice(12));
  });

  it('refuses a path too short to hold an IV and a tag, and characters outside base64url', () => {
    expect(() => splitCustomerServicePath('AAAAAbcdefgh')).toThrow();
    expect(() => splitCustomerServicePath('short')).toThrow();
    expect(() => decodeBase64Url('ab+/')).toThrow();
  });
});
