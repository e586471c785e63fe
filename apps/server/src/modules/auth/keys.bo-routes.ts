import {
  BACKOFFICE_CALLS,
  EncryptionKeyListResponseSchema,
  RotateKeyRequestSchema,
  RotateKeyResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const toIso = (time: Date | null) => (time ? time.toISOString() : null);

/**
 * The request-encryption keys (decision 0006), which every brand's sign-in and sign-up share: listed (never their
 * material) and rotated by an operator of every brand, as `npm run admin -- keys` does.
 */
export const keysBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.encryptionKeys;
  const tags = ['keys'];

  app.get(
    BACKOFFICE_CALLS.encryptionKeys.path,
    {
      config: { permission: 'keys.rotate', platformWide: true },
      schema: {
        tags,
        summary: 'The request-encryption keys, newest first: current, retiring (decrypts until), past their grace',
        response: { 200: EncryptionKeyListResponseSchema },
      },
    },
    async () =>
      ok({
        items: (await keys.listKeys()).map((key) => ({
          kid: key.kid,
          isCurrent: key.isCurrent,
          isUsable: key.isUsable,
          createdAt: key.createdAt.toISOString(),
          retiredAt: toIso(key.retiredAt),
          decryptUntil: toIso(key.decryptUntil),
        })),
      }),
  );

  app.post(
    BACKOFFICE_CALLS.rotateEncryptionKey.path,
    {
      config: { permission: 'keys.rotate', platformWide: true },
      schema: {
        tags,
        summary: 'A new current key; the old one decrypts for graceSeconds more (0: stops at once, for a leak)',
        body: RotateKeyRequestSchema,
        response: { 200: RotateKeyResponseSchema },
      },
    },
    async (request) => ok({ kid: await keys.rotate(request.operator!.actor, request.body.graceSeconds) }),
  );
};
