import {
  ACCOUNT_CALLS,
  AltchaChallengeRequestSchema,
  AltchaChallengeResponseSchema,
  OutboxQuerySchema,
  OutboxResponseSchema,
  SMS_RETRY_AFTER_SECONDS,
  SmsNoLoginRequestSchema,
  SmsRegisterRequestSchema,
  SmsSentResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

// A fresh object per route: the rate-limit plugin keeps per-route state on it.
const smsLimit = () => ({
  max: 5,
  timeWindow: 60_000,
  errorResponseBuilder: () => new AppError('SMS_TOO_MANY_REQUESTS', { retryAfterSeconds: SMS_RETRY_AFTER_SECONDS }),
});

export interface VerificationRoutesOptions {
  /** Serve GET /wps/dev/outbox: only for journeys and demos, never in production (DEV_OUTBOX_API). */
  exposeOutbox?: boolean;
}

export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, options) => {
  const { altcha, auth, registration, codes } = app.accounts;

  if (options.exposeOutbox) {
    app.get(
      ACCOUNT_CALLS.devOutbox.path,
      {
        schema: {
          tags: ['verification'],
          summary: 'Messages kept by the outbox providers for one recipient (development and journeys only)',
          querystring: OutboxQuerySchema,
          response: { 200: OutboxResponseSchema },
        },
      },
      async (request) => {
        const rows = await codes.findOutbox(request.query.recipient, 10);
        return ok({
          messages: rows.map((row) => ({
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            createdAt: row.createdAt.toISOString(),
          })),
        });
      },
    );
  }

  app.get(
    ACCOUNT_CALLS.altcha.path,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['verification'],
        summary: 'A proof-of-work challenge (ALTCHA v2) for the behaviour check of sign-in, registration and recovery',
        response: { 200: AltchaChallengeResponseSchema },
      },
    },
    async () => ok(await altcha.createChallenge()),
  );

  app.post(
    ACCOUNT_CALLS.altchaFor.path,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['verification'],
        summary: 'A proof-of-work challenge for one sign-in or registration, as hard as its failures ask',
        description:
          'After failed sign-ins of this account or from this IP, or with the brand captcha rule at registration, ' +
          'the challenge is harder (decision 0030); a sign-in or registration carrying an easier one is refused ' +
          'with CAPTCHA_REQUIRED or CAPTCHA_INVALID. The answer is the same for an unknown username.',
        body: AltchaChallengeRequestSchema,
        response: { 200: AltchaChallengeResponseSchema },
      },
    },
    async (request) => {
      const { purpose, type, username, countryDialingCode } = request.body;
      const level =
        purpose === 'register'
          ? await registration.requiredCheckLevel(request.merchant.id)
          : username
            ? await auth.requiredCheckLevel(request.merchant, { type, username, countryDialingCode }, request.ip)
            : 0;
      return ok(await altcha.createChallenge(level));
    },
  );

  app.post(
    ACCOUNT_CALLS.loginSms.path,
    {
      config: { rateLimit: smsLimit() },
      schema: {
        tags: ['verification'],
        summary: 'Send a sign-in (and phone recovery) code to a mobile number',
        description: 'Answers the same whether or not an account has the number; only accounts get a message.',
        body: SmsNoLoginRequestSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) => ok({ expiredMinutes: await auth.sendLoginCode(request.merchant, request.body, request.ip) }),
  );

  app.post(
    ACCOUNT_CALLS.registerSms.path,
    {
      config: { rateLimit: smsLimit() },
      schema: {
        tags: ['verification'],
        summary: 'Send the code that proves a mobile number before registering it',
        body: SmsRegisterRequestSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) =>
      ok({ expiredMinutes: await registration.sendRegisterSms(request.merchant, request.body, request.ip) }),
  );
};
