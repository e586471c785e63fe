import {
  AGENT_CALLS,
  AgentAnnouncementPageResponseSchema,
  AgentAnnouncementsQuerySchema,
  HelpCenterQuerySchema,
  MediaParamsSchema,
  HelpCenterResponseSchema,
  ListAnnouncementsQuerySchema,
  ListAnnouncementsResponseSchema,
  ReadAgentAnnouncementRequestSchema,
  ReadAgentAnnouncementResponseSchema,
  SYSTEM_CALLS,
  toTranslatedLanguage,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

/** The signed-in agent's id; the routes' token rule "agent" has already refused anyone else. */
function agentIdOf(request: FastifyRequest): number {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return request.member.id;
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    SYSTEM_CALLS.announcements.path,
    {
      schema: {
        tags: ['content'],
        summary: 'Live announcements grouped as banners, player notices, popups, promotions and other',
        querystring: ListAnnouncementsQuerySchema,
        response: { 200: ListAnnouncementsResponseSchema },
      },
    },
    async (request) => {
      const { types, platform, execution, language } = request.query;
      return ok(
        await content.listAnnouncements({
          merchant: request.merchant,
          types: types?.split(','),
          language: language ? toTranslatedLanguage(language) : request.language,
          platform,
          execution,
        }),
      );
    },
  );

  app.get(
    SYSTEM_CALLS.media.path,
    {
      schema: {
        tags: ['content'],
        summary: 'An image an operator uploaded (a logo, a banner), by the name the server gave it',
        description:
          'Sent with the type the server chose when it encoded the image, nosniff, and cached for a year: a name ' +
          'is never reused.',
        params: MediaParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await app.media.read(request.params.name);
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  app.get(
    SYSTEM_CALLS.helpCenter.path,
    {
      schema: {
        tags: ['content'],
        summary: 'Help-centre items (title and HTML content) in the request language',
        querystring: HelpCenterQuerySchema,
        response: { 200: HelpCenterResponseSchema },
      },
    },
    async (request) => {
      const { category, language } = request.query;
      const list = await content.listHelpItems({
        merchant: request.merchant,
        language: language ? toTranslatedLanguage(language) : request.language,
        category,
      });
      return ok({ list });
    },
  );

  // The agent centre's announcement page (agentAnnouncement): the operator's announcements to agents, in the
  // session's language; token rule "agent" (NOT_AGENT, 403, for anyone else).
  app.get(
    AGENT_CALLS.agentAnnouncements.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags: ['agents'],
        summary: "The operator's live announcements to agents, newest first, 9 a page, each read or not by the agent",
        querystring: AgentAnnouncementsQuerySchema,
        response: { 200: AgentAnnouncementPageResponseSchema },
      },
    },
    async (request) =>
      ok(
        await content.listAgentAnnouncements({
          merchant: request.merchant,
          memberId: agentIdOf(request),
          language: request.language,
          page: request.query.page,
        }),
      ),
  );

  app.post(
    AGENT_CALLS.readAgentAnnouncement.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags: ['agents'],
        summary: 'Marks an announcement to agents read by the agent; answers how many stay unread',
        body: ReadAgentAnnouncementRequestSchema,
        response: { 200: ReadAgentAnnouncementResponseSchema },
      },
    },
    async (request) =>
      ok(
        await content.readAgentAnnouncement({
          merchant: request.merchant,
          memberId: agentIdOf(request),
          language: request.language,
          id: request.body.id,
        }),
      ),
  );
};
