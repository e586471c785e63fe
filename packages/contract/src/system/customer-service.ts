import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { CUSTOMER_SERVICE_KEY_LENGTH } from './constants';

export {
  CUSTOMER_SERVICE_KEY_LENGTH,
  CUSTOMER_SERVICE_PATH_TYPE,
  decodeBase64Url,
  splitCustomerServicePath,
  type CustomerServicePathType,
  type EncryptedCustomerServicePath,
} from './constants';

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
