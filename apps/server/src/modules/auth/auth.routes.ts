import {
  ACCOUNT_CALLS,
  FreePlayRequestSchema,
  LoginChallengeAnswerRequestSchema,
  LoginChallengeCodeRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  PracticeBalanceResponseSchema,
  SmsSentResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clientOf } from '../../plugins/request-context';
import type { SignInSite } from './auth.service';

const ENCRYPTED = 'Encrypted call: send the JSON body as a compact JWE (Content-Type: application/jose).';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.accounts;
  /** The agent site or the player site: the request's host, as its brand marks it (decision 0059). */
  const siteOf = async (request: FastifyRequest): Promise<SignInSite> =>
    (await app.merchants.isAgentSite(request.host)) ? 'agent' : 'player';

  app.post(
    ACCOUNT_CALLS.login.path,
    {
      config: { encrypted: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['session'],
        summary: 'Sign in by username and password, or by mobile number and SMS code',
        description: `${ENCRYPTED} A new IP may answer LOGIN_VERIFICATION_REQUIRED with a challenge.`,
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => ok(await auth.login(request.merchant, request.body, clientOf(request), await siteOf(request))),
  );

  app.post(
    ACCOUNT_CALLS.loginChallengeCode.path,
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ['session'],
        summary: 'Send the code of the second check (new IP) to the bound mobile or e-mail',
        body: LoginChallengeCodeRequestSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) =>
      ok({ expiredMinutes: await auth.sendChallengeCode(request.merchant, request.body, clientOf(request)) }),
  );

  app.post(
    ACCOUNT_CALLS.loginChallenge.path,
    {
      config: { encrypted: true, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['session'],
        summary: 'Answer the second check of a sign-in from a new IP and complete the sign-in',
        description: ENCRYPTED,
        body: LoginChallengeAnswerRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => ok(await auth.answerChallenge(request.merchant, request.body, clientOf(request))),
  );

  app.post(
    ACCOUNT_CALLS.freePlay.path,
    {
      config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } },
      schema: {
        tags: ['session'],
        summary: 'Sign in as a free-play guest (play money only; expires)',
        body: FreePlayRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) =>
      ok(await auth.freePlay(request.merchant, request.body, clientOf(request), await siteOf(request))),
  );

  app.get(
    ACCOUNT_CALLS.practiceBalance.path,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['session'],
        summary: "A free-play guest's practice balance (play money only); null for any other account",
        response: { 200: PracticeBalanceResponseSchema },
      },
    },
    async (request) => ok(await auth.findPracticeBalance(request.merchant, request.member!.id)),
  );

  app.delete(
    ACCOUNT_CALLS.logout.path,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['session'],
        summary: 'Sign out: the session token stops working',
        response: { 200: LogoutResponseSchema },
      },
    },
    async (request) => {
      await auth.logout(request.sessionToken ?? '', request.merchant.id);
      return ok(null);
    },
  );
};
