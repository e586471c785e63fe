import {
  ACCOUNT_CALLS,
  AffiliateQuerySchema,
  AffiliateResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  RegisterSettingsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clientOf } from '../../plugins/request-context';

const ENCRYPTED = 'Encrypted call: send the JSON body as a compact JWE (Content-Type: application/jose).';

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registration } = app.accounts;

  app.put(
    ACCOUNT_CALLS.register.path,
    {
      config: { encrypted: true, rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Register by username (and sign in when login is true)',
        description: ENCRYPTED,
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema },
      },
    },
    async (request) =>
      ok(
        await registration.register(
          request.merchant,
          request.body,
          clientOf(request),
          'username',
          request.language,
          request.log,
        ),
      ),
  );

  app.put(
    ACCOUNT_CALLS.registerByMobile.path,
    {
      config: { encrypted: true, rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Register by mobile number: the username is the mobile number',
        description: ENCRYPTED,
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema },
      },
    },
    async (request) =>
      ok(
        await registration.register(
          request.merchant,
          request.body,
          clientOf(request),
          'mobile',
          request.language,
          request.log,
        ),
      ),
  );

  app.get(
    ACCOUNT_CALLS.affiliate.path,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['registration'],
        summary: "Check an agent's affiliate code",
        querystring: AffiliateQuerySchema,
        response: { 200: AffiliateResponseSchema },
      },
    },
    async (request) => ok(await registration.checkAffiliate(request.merchant.id, request.query.code)),
  );

  app.get(
    ACCOUNT_CALLS.registerSettings.path,
    {
      schema: {
        tags: ['registration'],
        summary: 'Register settings and validation rules of the brand',
        response: { 200: RegisterSettingsResponseSchema },
      },
    },
    async (request) => ok(await registration.getSettings(request.merchant)),
  );
};
