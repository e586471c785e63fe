import {
  BONUS_CALLS,
  BonusListQuerySchema,
  BonusListResponseSchema,
  BonusOffersResponseSchema,
  ForfeitBonusRequestSchema,
  ForfeitBonusResponseSchema,
  SignupBonusResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

const TAGS = ['bonuses'];

/** The session's member: a member reads and forfeits only its own bonuses, whatever the request names. */
function memberIdOf(request: FastifyRequest): number {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return request.member.id;
}

/**
 * The member's bonuses (docs/product/calls.md#bonuses, decision 0050): bonusDetails with the wagering progress, the
 * forfeit, the deposit page's offers; and, with no token, the brand's sign-up bonus for the register dialog.
 */
export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bonuses } = app;

  app.get(
    BONUS_CALLS.list.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'My bonuses, newest first, each with its wagering progress (keyset)',
        querystring: BonusListQuerySchema,
        response: { 200: BonusListResponseSchema },
      },
    },
    async (request) => ok(await bonuses.list(request.merchant, memberIdOf(request), request.query, request.language)),
  );

  app.post(
    BONUS_CALLS.forfeit.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'Forfeit an active bonus: what is left of it is taken back and withdrawals are free of it',
        body: ForfeitBonusRequestSchema,
        response: { 200: ForfeitBonusResponseSchema },
      },
    },
    async (request) => ok(await bonuses.forfeit(request.merchant, memberIdOf(request), request.body, request.language)),
  );

  app.get(
    BONUS_CALLS.offers.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'The deposit bonuses I may choose now, with their rules',
        response: { 200: BonusOffersResponseSchema },
      },
    },
    async (request) => ok(await bonuses.offers(request.merchant, memberIdOf(request), request.language)),
  );

  app.get(
    BONUS_CALLS.signupBonus.path,
    {
      schema: {
        tags: TAGS,
        summary: "The brand's sign-up bonus, or null when it offers none",
        response: { 200: SignupBonusResponseSchema },
      },
    },
    async (request) => ok(await bonuses.signupBonus(request.merchant)),
  );
};
