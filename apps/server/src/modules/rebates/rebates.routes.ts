import {
  ClaimRebatesRequestSchema,
  ClaimRebatesResponseSchema,
  MemberRebatesResponseSchema,
  REBATE_CALLS,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { RebateOwner } from './rebates.service';

/** The session's member and brand: a member reads and claims only its own cashback, whatever the request names. */
function ownerOf(request: FastifyRequest): RebateOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId };
}

/** The member's cashback (manualRebate, decision 0051): the periods, and the claim of the finished ones. */
export const rebatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rebates } = app;
  const tags = ['rebates'];

  app.get(
    REBATE_CALLS.summary.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My cashback: the period accruing now by game type, the finished periods to claim, the paid ones',
        response: { 200: MemberRebatesResponseSchema },
      },
    },
    async (request) => ok(await rebates.memberSummary(ownerOf(request), request.merchant)),
  );

  app.post(
    REBATE_CALLS.claim.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "Pays my finished periods' cashback to the main balance, each period once",
        body: ClaimRebatesRequestSchema,
        response: { 200: ClaimRebatesResponseSchema },
      },
    },
    async (request) => ok(await rebates.claim(ownerOf(request), request.merchant, request.body.requestId)),
  );
};
