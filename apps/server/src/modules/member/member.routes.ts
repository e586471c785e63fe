import {
  AvatarResponseSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  EmailRecoveryRequestSchema,
  EmailRecoveryResponseSchema,
  EmailResetRequestSchema,
  EmailResetResponseSchema,
  IconListResponseSchema,
  LanguageUpdateRequestSchema,
  LanguageUpdateResponseSchema,
  MemberInfoResponseSchema,
  PhoneRecoveryRequestSchema,
  PhoneRecoveryResponseSchema,
  SetIconRequestSchema,
  STATIC_AVATARS,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clientOf } from '../auth/auth.routes';

const ENCRYPTED = 'Encrypted call: send the JSON body as a compact JWE (Content-Type: application/jose).';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, passwords } = app.accounts;

  app.get(
    '/wps/member/info',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['member'],
        summary: 'Member info of the signed-in member',
        response: { 200: MemberInfoResponseSchema },
      },
    },
    async (request) => ok(await members.getInfo(request.member!)),
  );

  app.post(
    '/wps/member/password',
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
    '/wps/member/password/verification',
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
    '/wps/member/password/email',
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
    '/wps/member/password/email/reset',
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

  app.put(
    '/wps/member/language',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['member'],
        summary: "Update the member's language",
        body: LanguageUpdateRequestSchema,
        response: { 200: LanguageUpdateResponseSchema },
      },
    },
    async (request) => ok({ language: await members.setLanguage(request.member!, request.body.language) }),
  );

  app.get(
    '/wps/member/info/icon',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['member'],
        summary: 'The current avatar and the static avatars to choose from',
        response: { 200: IconListResponseSchema },
      },
    },
    async (request) => ok({ current: await members.getAvatar(request.member!), icons: [...STATIC_AVATARS] }),
  );

  app.put(
    '/wps/member/info/icon',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'Choose a static avatar',
        body: SetIconRequestSchema,
        response: { 200: AvatarResponseSchema },
      },
    },
    async (request) => ok(await members.setStaticAvatar(request.member!, request.body.avatar)),
  );

  app.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['member'],
        summary: "The signed-in member's avatar",
        response: { 200: AvatarResponseSchema },
      },
    },
    async (request) => ok(await members.getAvatar(request.member!)),
  );
};
