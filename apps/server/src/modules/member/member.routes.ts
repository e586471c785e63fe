import {
  ACCOUNT_CALLS,
  AvatarResponseSchema,
  IconListResponseSchema,
  LanguageUpdateRequestSchema,
  LanguageUpdateResponseSchema,
  MEMBER_AVATAR_LIMITS,
  MemberInfoResponseSchema,
  NicknameUpdateRequestSchema,
  NicknameUpdateResponseSchema,
  SetIconRequestSchema,
  STATIC_AVATARS,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { acceptImageUploads } from '../merchant/index';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.accounts;
  // The avatar upload's body is the image itself (this plugin's parser only).
  acceptImageUploads(app, MEMBER_AVATAR_LIMITS.maxBytes);

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

  app.put(
    ACCOUNT_CALLS.uploadAvatar.path,
    {
      config: { auth: 'realMember' },
      bodyLimit: MEMBER_AVATAR_LIMITS.maxBytes,
      schema: {
        tags: ['member'],
        summary: 'Upload an avatar: the body is the PNG or JPEG itself (checked by its bytes, cropped, encoded again)',
        response: { 200: AvatarResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID');
      return ok(await members.setCustomAvatar(request.member!, request.body));
    },
  );

  app.put(
    ACCOUNT_CALLS.changeNickname.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: "Change the member's nickname",
        body: NicknameUpdateRequestSchema,
        response: { 200: NicknameUpdateResponseSchema },
      },
    },
    async (request) => ok({ nickname: await members.setNickname(request.member!, request.body.nickname) }),
  );
};
