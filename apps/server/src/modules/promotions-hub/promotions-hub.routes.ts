import {
  PROMOTION_CALLS,
  PromotionCodeParamsSchema,
  PromotionDetailResponseSchema,
  PromotionHubResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { isRealAccount } from '../../plugins/auth';

const TAGS = ['promotions'];

/** The member the states are of: a real account's; a visitor, trial account or guest sees the dates' states. */
function memberOf(request: FastifyRequest): number | null {
  return request.member && isRealAccount(request.member) ? request.member.id : null;
}

/**
 * The promotions hub (docs/product/calls.md#promotions-hub, decision 0058): the brand's promotions of every kind with
 * the member's state and action, and one of them by its code. No token needed.
 */
export const promotionsHubRoutes: FastifyPluginAsyncZod = async (app) => {
  const { promotionsHub } = app;

  app.get(
    PROMOTION_CALLS.hub.path,
    {
      schema: {
        tags: TAGS,
        summary: "The brand's promotions of every kind by category, with my state and its one action when signed in",
        response: { 200: PromotionHubResponseSchema },
      },
    },
    async (request) => ok(await promotionsHub.hub(request.merchant, memberOf(request), request.language)),
  );

  app.get(
    PROMOTION_CALLS.detail.path,
    {
      schema: {
        tags: TAGS,
        summary: 'One promotion by its code: rules, dates, my state and its action',
        params: PromotionCodeParamsSchema,
        response: { 200: PromotionDetailResponseSchema },
      },
    },
    async (request) =>
      ok(await promotionsHub.detail(request.merchant, memberOf(request), request.params.code, request.language)),
  );
};
