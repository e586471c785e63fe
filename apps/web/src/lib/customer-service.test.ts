import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { choosePath, decryptCustomerServicePath } from './customer-service';

async function encrypt(text: string, key: string): Promise<string> {
  const subtle = webcrypto.subtle;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(key));
  const aesKey = await subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode(text)));
  const payload = Buffer.concat([iv, sealed]).toString('base64url');
  return payload + key;
}

describe(decryptCustomerServicePath.name, () => {
  it('reads the link sealed with the 8-character key at the end of the path', async () => {
    const path = await encrypt('https://chat.example.com/room/42', 'Ab3dE5gH');
    await expect(decryptCustomerServicePath(path)).resolves.toBe('https://chat.example.com/room/42');
  });

  it('refuses a path whose key was changed', async () => {
    const path = await encrypt('https://chat.example.com/room/42', 'Ab3dE5gH');
    await expect(decryptCustomerServicePath(`${path.slice(0, -1)}X`)).rejects.toThrow();
  });
});

describe(choosePath.name, () => {
  const paths = [
    { type: 3, path: 'live-path-0000000' },
    { type: 1, path: 'vip-path-00000000' },
  ];

  it('chooses the VIP chat above rank level 4 only', () => {
    expect(choosePath(paths, 5)?.type).toBe(1);
    expect(choosePath(paths, 4)?.type).toBe(3);
  });
});
