import {
  BACKOFFICE_CALLS,
  PlayerParamsSchema,
  PlayerProtectionBlockRequestSchema,
  PlayerProtectionResponseSchema,
  ProtectionBlockResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A player's protection in the back office (docs/decisions/0042-player-protection.md): read with players.read; a
 * time-out or self-exclusion added with players.write, audited, and never shortening the one in force.
 */
export const protectionBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app;
  const tags = ['players'];

  app.get(
    BACKOFFICE_CALLS.playerProtection.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's limits, time-out or self-exclusion, and the history of their changes",
        params: PlayerParamsSchema,
        response: { 200: PlayerProtectionResponseSchema },
      },
    },
    async (request) => ok(await protection.getForPlayer(brandOf(request).id, request.params.playerId)),
  );

  app.post(
    BACKOFFICE_CALLS.blockPlayerProtection.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Adds a time-out or self-exclusion: the player is signed out; one in force is only lengthened',
        params: PlayerParamsSchema,
        body: PlayerProtectionBlockRequestSchema,
        response: { 200: ProtectionBlockResponseSchema },
      },
    },
    async (request) =>
      ok(
        await protection.blockByOperator(
          request.operator!.actor,
          { memberId: request.params.playerId, merchantId: brandOf(request).id },
          request.body,
        ),
      ),
  );
};
