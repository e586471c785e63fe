import {
  ACCOUNT_CALLS,
  AvatarResponseSchema,
  IconListResponseSchema,
  LanguageUpdateRequestSchema,
  LanguageUpdateResponseSchema,
  MemberInfoResponseSchema,
  SetIconRequestSchema,
  STATIC_AVATARS,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.accounts;

  app.get(
    ACCOUNT_CALLS.memberInfo.path,
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

  app.put(
    ACCOUNT_CALLS.memberLanguage.path,
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
    ACCOUNT_CALLS.avatars.path,
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
    ACCOUNT_CALLS.changeAvatar.path,
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
    ACCOUNT_CALLS.playerAvatar.path,
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
