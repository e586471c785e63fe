import {
  PROTECTION_CALLS,
  ProtectionBlockResponseSchema,
  ProtectionSettingsResponseSchema,
  RealityCheckResponseSchema,
  SelfExclusionRequestSchema,
  SetProtectionLimitRequestSchema,
  TimeOutRequestSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const TAGS = ['protection'];
const RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** The signed-in member as a protection owner: only ever their own rows. */
const ownerOf = (request: FastifyRequest) => ({ memberId: request.member!.id, merchantId: request.member!.merchantId });

/** The member's responsible-gaming calls (docs/product/member-centre.md#responsible-gaming): a real member's own. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app;

  app.get(
    PROTECTION_CALLS.settings.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'Every limit with its value, use and pending change; the time-out or exclusion in force',
        response: { 200: ProtectionSettingsResponseSchema },
      },
    },
    async (request) => ok(await protection.getSettings(ownerOf(request))),
  );

  app.post(
    PROTECTION_CALLS.setLimit.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Sets one limit: a lower or new one at once, a higher one or a removal after 24 hours',
        body: SetProtectionLimitRequestSchema,
        response: { 200: ProtectionSettingsResponseSchema },
      },
    },
    async (request) => ok(await protection.setLimit(ownerOf(request), request.body.key, request.body.value)),
  );

  app.post(
    PROTECTION_CALLS.timeOut.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'A time-out of 1 to 42 days: every session ends now, no sign-in until it is over',
        body: TimeOutRequestSchema,
        response: { 200: ProtectionBlockResponseSchema },
      },
    },
    async (request) => ok(await protection.takeTimeOut(ownerOf(request), request.body.days)),
  );

  app.post(
    PROTECTION_CALLS.selfExclude.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Self-exclusion of 6 to 60 months: every session ends now, no sign-in or marketing until it is over',
        body: SelfExclusionRequestSchema,
        response: { 200: ProtectionBlockResponseSchema },
      },
    },
    async (request) => ok(await protection.selfExclude(ownerOf(request), request.body.months)),
  );

  app.get(
    PROTECTION_CALLS.realityCheck.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "This session's time played and net result, for the reality check",
        response: { 200: RealityCheckResponseSchema },
      },
    },
    async (request) => ok(await protection.realityCheck(ownerOf(request), request.member!.sessionId)),
  );
};
