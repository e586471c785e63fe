import {
  ChangePaymentPasswordRequestSchema,
  PaymentPasswordChangedResponseSchema,
  PaymentPasswordCodeSentResponseSchema,
  PaymentPasswordStatusResponseSchema,
  ResetPaymentPasswordRequestSchema,
  SECURITY_CALLS,
  SendPaymentPasswordCodeRequestSchema,
  SetPaymentPasswordRequestSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const TAGS = ['security'];
// Besides the service's count of wrong passwords per member, a plain cap per client.
const RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/** The payment password (docs/product/member-centre.md#payment-password): a real member's own only. */
export const paymentPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paymentPassword } = app.accounts;

  app.get(
    SECURITY_CALLS.paymentPassword.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'Whether a payment password is set, until when it is locked, and where a reset code can go',
        response: { 200: PaymentPasswordStatusResponseSchema },
      },
    },
    async (request) => ok(await paymentPassword.status(request.merchant, request.member!)),
  );

  app.post(
    SECURITY_CALLS.setPaymentPassword.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Sets the first payment password (6 digits) with the login password',
        body: SetPaymentPasswordRequestSchema,
        response: { 200: PaymentPasswordChangedResponseSchema },
      },
    },
    async (request) => {
      await paymentPassword.set(request.merchant, request.member!, request.body);
      return ok(null);
    },
  );

  app.post(
    SECURITY_CALLS.changePaymentPassword.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Changes the payment password with the current one; 5 wrong tries in a row lock it for 15 minutes',
        body: ChangePaymentPasswordRequestSchema,
        response: { 200: PaymentPasswordChangedResponseSchema },
      },
    },
    async (request) => {
      await paymentPassword.change(request.merchant, request.member!, request.body);
      return ok(null);
    },
  );

  app.post(
    SECURITY_CALLS.sendPaymentPasswordCode.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: "Sends a reset code to the member's bound mobile or e-mail",
        body: SendPaymentPasswordCodeRequestSchema,
        response: { 200: PaymentPasswordCodeSentResponseSchema },
      },
    },
    async (request) =>
      ok(await paymentPassword.sendResetCode(request.merchant, request.member!, request.body.channel, request.ip)),
  );

  app.post(
    SECURITY_CALLS.resetPaymentPassword.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Sets a new payment password with the code sent; a lock ends with it',
        body: ResetPaymentPasswordRequestSchema,
        response: { 200: PaymentPasswordChangedResponseSchema },
      },
    },
    async (request) => {
      await paymentPassword.reset(request.merchant, request.member!, request.body);
      return ok(null);
    },
  );
};
