import {
  BACKOFFICE_CALLS,
  BoAbuseFlagListQuerySchema,
  BoAbuseFlagPageResponseSchema,
  BoAbuseFlagParamsSchema,
  BoAbuseFlagResponseSchema,
  BoDecideAbuseFlagRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's abuse flags in the back office (decision 0057): the queue with its evidence (players.read); release (the
 * held payout paid once) and reject (players.money), each with a reason, audited by the service.
 */
export const abuseBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { abuse } = app;
  const tags = ['abuse'];

  app.get(
    BACKOFFICE_CALLS.abuseFlags.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The brand's abuse flags of a status (open unless asked), newest first, with their evidence",
        params: BrandParamsSchema,
        querystring: BoAbuseFlagListQuerySchema,
        response: { 200: BoAbuseFlagPageResponseSchema },
      },
    },
    async (request) => ok(await abuse.list(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.releaseAbuseFlag.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: 'Releases an open flag: its held payout is paid, once, by its key (audited)',
        params: BoAbuseFlagParamsSchema,
        body: BoDecideAbuseFlagRequestSchema,
        response: { 200: BoAbuseFlagResponseSchema },
      },
    },
    async (request) =>
      ok(await abuse.release(request.operator!.actor, brandOf(request), request.params.flagId, request.body.reason)),
  );

  app.post(
    BACKOFFICE_CALLS.rejectAbuseFlag.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: 'Rejects an open flag: its payout is never paid (audited)',
        params: BoAbuseFlagParamsSchema,
        body: BoDecideAbuseFlagRequestSchema,
        response: { 200: BoAbuseFlagResponseSchema },
      },
    },
    async (request) =>
      ok(await abuse.reject(request.operator!.actor, brandOf(request), request.params.flagId, request.body.reason)),
  );
};
