import { LEADERBOARD_CALLS, LeaderboardSummaryResponseSchema } from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { LeaderboardOwner } from './leaderboards.service';

/** The session's member and brand: a member's own rank, whatever the request names. */
function ownerOf(request: FastifyRequest): LeaderboardOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId };
}

/** The member's leaderboards (missionLeaderboard, decision 0056). */
export const leaderboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leaderboards } = app;

  app.get(
    LEADERBOARD_CALLS.leaderboard.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['leaderboards'],
        summary:
          "The brand's leaderboards: this period's top 10 (masked), my rank and score, the prizes, the last winners",
        response: { 200: LeaderboardSummaryResponseSchema },
      },
    },
    async (request) => ok(await leaderboards.summary(ownerOf(request), request.merchant, request.language)),
  );
};
