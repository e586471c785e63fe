import {
  BACKOFFICE_CALLS,
  BrandParamsSchema,
  CloseOpenRoundRequestSchema,
  ClosedRoundResponseSchema,
  OpenRoundListQuerySchema,
  OpenRoundListResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

/** The brand the back-office plugin checked the operator may act on. */
function brandIdOf(request: FastifyRequest): number {
  if (!request.brand) throw new AppError('BO_BRAND_DENIED');
  return request.brand.id;
}

/**
 * A brand's rounds left open by their vendor for more than a day, and their end by an operator who asked the
 * vendor (decision 0021): the same service as `npm run admin -- rounds`, kept to the brand of the call.
 */
export const abandonedRoundsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { abandonedRounds } = app.gaming;
  const tags = ['rounds'];

  app.get(
    BACKOFFICE_CALLS.openRounds.path,
    {
      config: { permission: 'rounds.close' },
      schema: {
        tags,
        summary: "The brand's rounds open for more than a day, oldest first (keyset paged)",
        params: BrandParamsSchema,
        querystring: OpenRoundListQuerySchema,
        response: { 200: OpenRoundListResponseSchema },
      },
    },
    async (request) => ok(await abandonedRounds.listOpenRounds(brandIdOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.closeOpenRound.path,
    {
      config: { permission: 'rounds.close' },
      schema: {
        tags,
        summary: 'Cancel (the stakes go back) or settle (as it stands) a round of the brand, with a reason',
        params: BrandParamsSchema,
        body: CloseOpenRoundRequestSchema,
        response: { 200: ClosedRoundResponseSchema },
      },
    },
    async (request) => {
      const closed = await abandonedRounds.closeAbandonedRound(request.operator!.actor, request.body, {
        merchantId: brandIdOf(request),
      });
      return ok({
        vassalage: closed.vassalage,
        roundId: closed.roundId,
        account: closed.account,
        outcome: closed.outcome,
        currency: closed.currency,
        refundedMinor: closed.refundedMinor,
        balanceMinor: closed.balanceMinor ?? null,
      });
    },
  );
};
