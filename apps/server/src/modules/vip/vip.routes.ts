import {
  MyVipLevelResponseSchema,
  VIP_CALLS,
  VipChangeListQuerySchema,
  VipChangePageResponseSchema,
  VipLevelsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const TAGS = ['vip'];

/** The member's VIP calls (docs/product/calls.md#vip-ranks): the brand's levels, the member's own level and changes. */
export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ranks } = app.vip;

  app.get(
    VIP_CALLS.levels.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The brand's VIP levels, lowest first, with what reaches and keeps each and its benefits",
        response: { 200: VipLevelsResponseSchema },
      },
    },
    async (request) => ok(await ranks.levels(request.merchant)),
  );

  app.get(
    VIP_CALLS.myLevel.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's level, figures over the rolling period and progress towards the next level",
        response: { 200: MyVipLevelResponseSchema },
      },
    },
    async (request) => ok(await ranks.myLevel(request.merchant, request.member!.id)),
  );

  app.get(
    VIP_CALLS.changes.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's level changes, newest first (keyset)",
        querystring: VipChangeListQuerySchema,
        response: { 200: VipChangePageResponseSchema },
      },
    },
    async (request) => ok(await ranks.changes(request.merchant, request.member!.id, request.query)),
  );
};
