import { z } from 'zod';
import { successEnvelope } from '../envelope';

/** The current RSA public key for encrypted calls, as a JWK. */
export const PublicKeySchema = z.object({
  key: z
    .object({
      kty: z.string(),
      n: z.string(),
      e: z.string(),
      kid: z.string().describe('Put this kid in the protected header of the JWE.'),
      alg: z.string(),
      use: z.string(),
    })
    .passthrough(),
  alg: z.literal('RSA-OAEP-256').describe('JWE key management algorithm.'),
  enc: z.literal('A256GCM').describe('JWE content encryption algorithm.'),
  mediaType: z.literal('application/jose').describe('Content-Type of an encrypted body (a compact JWE).'),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;
export const PublicKeyResponseSchema = successEnvelope(PublicKeySchema);
