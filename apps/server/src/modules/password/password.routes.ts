import {
  ACCOUNT_CALLS,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  EmailRecoveryRequestSchema,
  EmailRecoveryResponseSchema,
  EmailResetRequestSchema,
  EmailResetResponseSchema,
  PhoneRecoveryRequestSchema,
  PhoneRecoveryResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clientOf } from '../../plugins/request-context';

const ENCRYPTED = 'Encrypted call: send the JSON body as a compact JWE (Content-Type: application/jose).';

/** Password change, and recovery by phone and by e-mail. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwords } = app.accounts;

  app.post(
    ACCOUNT_CALLS.changePassword.path,
    {
      config: { auth: 'realMember', encrypted: true, rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['member'],
        summary: 'Change the password; other sessions of the member end',
        description: ENCRYPTED,
        body: ChangePasswordRequestSchema,
        response: { 200: ChangePasswordResponseSchema },
      },
    },
    async (request) => {
      await passwords.changePassword(request.member!, request.body);
      return ok(null);
    },
  );

  app.post(
    ACCOUNT_CALLS.phoneRecovery.path,
    {
      config: { encrypted: true, rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['member'],
        summary: 'Set a new password with the SMS code sent to the mobile number, then sign in',
        description: ENCRYPTED,
        body: PhoneRecoveryRequestSchema,
        response: { 200: PhoneRecoveryResponseSchema },
      },
    },
    async (request) => ok(await passwords.recoverByPhone(request.merchant, request.body, clientOf(request))),
  );

  app.post(
    ACCOUNT_CALLS.emailRecovery.path,
    {
      config: { rateLimit: { max: 5, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['member'],
        summary: 'Forgotten password by e-mail: sends a one-use reset link (application/x-www-form-urlencoded)',
        body: EmailRecoveryRequestSchema,
        response: { 200: EmailRecoveryResponseSchema },
      },
    },
    async (request) => {
      await passwords.requestEmailReset(request.merchant, request.body);
      return ok({ sent: true as const });
    },
  );

  app.post(
    ACCOUNT_CALLS.emailReset.path,
    {
      config: { encrypted: true, rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['member'],
        summary: 'Set a new password with the token of the e-mailed link; every session ends',
        description: ENCRYPTED,
        body: EmailResetRequestSchema,
        response: { 200: EmailResetResponseSchema },
      },
    },
    async (request) => {
      await passwords.resetByEmail(request.merchant, request.body);
      return ok(null);
    },
  );
};
