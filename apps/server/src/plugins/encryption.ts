import { PublicKeyResponseSchema, SYSTEM_CALLS, type PublicKey } from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { ok } from '../lib/envelope';
import { JWE_CONTENT_ALGORITHM, JWE_KEY_ALGORITHM, MAX_JWE_LENGTH } from '../modules/auth/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body arrived as a JWE and was decrypted with a usable key. */
    wasEncrypted: boolean;
  }
  interface FastifyContextConfig {
    /** The spec marks this call encrypted: a plain body is refused with ENCRYPTION_REQUIRED. */
    encrypted?: boolean;
  }
}

/** Media type of a compact JWE body (RFC 7516). */
export const JOSE_MEDIA_TYPE = 'application/jose';

/**
 * Request encryption (docs/product/platform.md#request-encryption, decision 0006). The client fetches the
 * current public key, encrypts the JSON body as a compact JWE (RSA-OAEP-256 + A256GCM, `kid` in the protected
 * header) and sends it as application/jose; the parser below turns it back into the JSON the route's schema
 * validates.
 */
export const encryptionPlugin = fp(
  async (app: FastifyInstance) => {
    const keys = app.encryptionKeys;
    app.decorateRequest('wasEncrypted', false);

    app.addContentTypeParser(
      JOSE_MEDIA_TYPE,
      { parseAs: 'string', bodyLimit: MAX_JWE_LENGTH },
      async (request: { wasEncrypted: boolean }, body: string | Buffer) => {
        const plaintext = await keys.decrypt(String(body).trim());
        let parsed: unknown;
        try {
          parsed = JSON.parse(plaintext);
        } catch (error) {
          throw new AppError('ENCRYPTED_BODY_INVALID', undefined, { cause: error });
        }
        request.wasEncrypted = true;
        return parsed;
      },
    );

    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.encrypted && !request.wasEncrypted) throw new AppError('ENCRYPTION_REQUIRED');
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      SYSTEM_CALLS.publicKey.path,
      {
        schema: {
          tags: ['system'],
          summary: 'The current public key for encrypted calls (JWK, RSA-OAEP-256 + A256GCM)',
          response: { 200: PublicKeyResponseSchema },
        },
      },
      async () =>
        ok<PublicKey>({
          key: await keys.getPublicJwk(),
          alg: JWE_KEY_ALGORITHM,
          enc: JWE_CONTENT_ALGORITHM,
          mediaType: JOSE_MEDIA_TYPE,
        }),
    );
  },
  { name: 'encryption', dependencies: ['services'] },
);
