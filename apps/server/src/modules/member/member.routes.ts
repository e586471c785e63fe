import { MemberInfoResponseSchema } from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { MemberService } from './member.service';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = new MemberService(app.db);

  app.get(
    '/wps/member/info',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['member'],
        summary: 'Member info of the signed-in member',
        security: [{ bearer: [] }],
        response: { 200: MemberInfoResponseSchema },
      },
    },
    async (request) => ok(await members.getInfo(request.member!)),
  );
};
