import { MemberPointConfigResponseSchema, PointBalanceResponseSchema, POINT_CALLS } from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { PointOwner } from './points.service';

/** The session's member and brand: a member reads only its own points, whatever the request names. */
export function pointOwnerOf(request: FastifyRequest): PointOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId };
}

/** The member's points (decision 0044): the balance with the period's earnings, and the brand's configuration. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { points } = app;
  const tags = ['points'];

  app.get(
    POINT_CALLS.balance.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "My points, and what the brand's current period earned",
        response: { 200: PointBalanceResponseSchema },
      },
    },
    async (request) => ok(await points.memberBalance(pointOwnerOf(request), request.merchant)),
  );

  app.get(
    POINT_CALLS.config.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "The brand's point rates by category, period, and conversion rate and minimum",
        response: { 200: MemberPointConfigResponseSchema },
      },
    },
    async (request) => ok(await points.memberConfig(request.merchant)),
  );
};
