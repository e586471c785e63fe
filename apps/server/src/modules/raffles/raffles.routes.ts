import {
  ClaimRaffleRequestSchema,
  ClaimRaffleResponseSchema,
  RAFFLE_CALLS,
  RaffleDrawParamsSchema,
  RaffleDrawResponseSchema,
  RaffleListResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { isRealAccount } from '../../plugins/auth';

/**
 * The member's raffles (MCS2_claimRafflePromotion, decision 0055): the list (a visitor's without a state), the join,
 * and a drawn raffle's public proof. A member joins and sees only its own brand's raffles, whatever the request names.
 */
export const rafflesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { raffles } = app;
  const tags = ['raffles'];

  app.get(
    RAFFLE_CALLS.list.path,
    {
      schema: {
        tags,
        summary: "The brand's raffles with their seed hashes, and my state and tickets when signed in",
        response: { 200: RaffleListResponseSchema },
      },
    },
    async (request) => {
      // A trial account or guest sees the raffles as a visitor does: it cannot join.
      const member = request.member && isRealAccount(request.member) ? request.member.id : null;
      return ok(await raffles.list(request.merchant, member, request.language));
    },
  );

  app.post(
    RAFFLE_CALLS.claim.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Joins a raffle on sale (once; a repeat answers joinedNow false): only joined members are drawn',
        body: ClaimRaffleRequestSchema,
        response: { 200: ClaimRaffleResponseSchema },
      },
    },
    async (request) => {
      if (!request.member) throw new AppError('NOT_LOGGED_IN');
      const owner = { memberId: request.member.id, merchantId: request.member.merchantId };
      return ok(await raffles.join(owner, request.merchant, request.body.raffleId, request.language));
    },
  );

  app.get(
    RAFFLE_CALLS.draw.path,
    {
      schema: {
        tags,
        summary: "A drawn raffle's proof: the revealed seed, the public ticket list and the winners",
        params: RaffleDrawParamsSchema,
        response: { 200: RaffleDrawResponseSchema },
      },
    },
    async (request) => ok(await raffles.proof(request.merchant, request.params.raffleId, request.language)),
  );
};
