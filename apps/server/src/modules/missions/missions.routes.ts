import {
  ClaimMissionRequestSchema,
  ClaimMissionResponseSchema,
  MISSION_CALLS,
  MissionSummaryResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { MissionOwner } from './missions.service';

/** The session's member and brand: a member reads and claims only its own missions, whatever the request names. */
function ownerOf(request: FastifyRequest): MissionOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId };
}

/** The member's missions (missionLeaderboard, decision 0054): the summary with the badge's count, and the claim. */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { missions } = app;
  const tags = ['missions'];

  app.get(
    MISSION_CALLS.summary.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "My missions: each one's goal, this period's progress and state, and how many wait to be claimed",
        response: { 200: MissionSummaryResponseSchema },
      },
    },
    async (request) => ok(await missions.summary(ownerOf(request), request.merchant, request.language)),
  );

  app.post(
    MISSION_CALLS.claim.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "Pays a completed mission's reward to the main balance, once per period",
        body: ClaimMissionRequestSchema,
        response: { 200: ClaimMissionResponseSchema },
      },
    },
    async (request) =>
      ok(await missions.claim(ownerOf(request), request.merchant, request.body.missionId, request.language)),
  );
};
