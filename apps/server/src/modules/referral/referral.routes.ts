import {
  REFERRAL_CALLS,
  ReferralMembersQuerySchema,
  ReferralMembersResponseSchema,
  ReferralSummaryResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

/**
 * The member's invitations (docs/product/calls.md#invite-friends). Only a real account invites: a visitor gets
 * NOT_LOGGED_IN, a trial account or free-play guest NEED_TRUE_ACCOUNT; each reads the signed-in member's own.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { referrals } = app.accounts;

  app.get(
    REFERRAL_CALLS.summary.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'My invite code and link, and how many registered through them',
        response: { 200: ReferralSummaryResponseSchema },
      },
    },
    async (request) => ok(await referrals.getSummary(request.merchant, request.member!.id)),
  );

  app.get(
    REFERRAL_CALLS.members.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'The members who registered with my code, newest first (account names masked)',
        querystring: ReferralMembersQuerySchema,
        response: { 200: ReferralMembersResponseSchema },
      },
    },
    async (request) => ok(await referrals.listMembers(request.merchant, request.member!.id, request.query)),
  );
};
