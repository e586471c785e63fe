import { z } from 'zod';
import { successEnvelope } from '../envelope';

/** Types of the customer-service path list (spec 01 §3): 3 is the live-chat link, 1 the VIP chat. */
export const CUSTOMER_SERVICE_PATH_TYPE = { VIP: 1, LIVECHAT: 3 } as const;
export type CustomerServicePathType = (typeof CUSTOMER_SERVICE_PATH_TYPE)[keyof typeof CUSTOMER_SERVICE_PATH_TYPE];

/** Length of the key at the end of an encrypted customer-service path. */
export const CUSTOMER_SERVICE_KEY_LENGTH = 8;

/**
 * An encrypted customer-service link. `path` is `ciphertext + key`: the last 8 characters are the key,
 * the rest is base64url (no padding) of `iv (12 bytes) || AES-256-GCM ciphertext || tag (16 bytes)`.
 * To decrypt: aesKey = SHA-256(UTF-8 bytes of the 8 key characters); plaintext = AES-256-GCM decrypt
 * with that key and iv (WebCrypto: `decrypt({ name: 'AES-GCM', iv }, key, ciphertextAndTag)`), read as
 * UTF-8. The plaintext is a URL, absolute or a path of this site. This hides the link from scrapers;
 * the key travels with it, so it is obfuscation, not secrecy.
 */
export const CustomerServicePathSchema = z.object({
  type: z.number().int().describe('1 VIP chat, 3 live chat (see CUSTOMER_SERVICE_PATH_TYPE).'),
  path: z
    .string()
    .min(CUSTOMER_SERVICE_KEY_LENGTH + 1)
    .describe('base64url(iv || ciphertext || tag) followed by the 8-character key.'),
});
export type CustomerServicePath = z.infer<typeof CustomerServicePathSchema>;

export const CustomerServiceResponseSchema = successEnvelope(
  z.object({ version: z.object({ pathList: z.array(CustomerServicePathSchema) }) }),
);

export interface EncryptedCustomerServicePath {
  /** 12-byte AES-GCM initialisation vector. */
  iv: Uint8Array;
  /** AES-GCM ciphertext with the 16-byte tag appended, as WebCrypto expects it. */
  ciphertextAndTag: Uint8Array;
  /** The 8 key characters; the AES key is SHA-256 of their UTF-8 bytes. */
  key: string;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Decodes base64url without padding; throws on a character outside the alphabet. */
export function decodeBase64Url(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new Error(`not base64url: ${char}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** Splits an encrypted path into its parts; the caller decrypts with WebCrypto as described above. */
export function splitCustomerServicePath(path: string): EncryptedCustomerServicePath {
  if (path.length <= CUSTOMER_SERVICE_KEY_LENGTH) throw new Error('customer-service path too short');
  const key = path.slice(-CUSTOMER_SERVICE_KEY_LENGTH);
  const payload = decodeBase64Url(path.slice(0, -CUSTOMER_SERVICE_KEY_LENGTH));
  if (payload.length < 12 + 16) throw new Error('customer-service path too short');
  return { iv: payload.slice(0, 12), ciphertextAndTag: payload.slice(12), key };
}
