import {
  HelpCenterQuerySchema,
  MediaParamsSchema,
  HelpCenterResponseSchema,
  ListAnnouncementsQuerySchema,
  ListAnnouncementsResponseSchema,
  SYSTEM_CALLS,
  toTranslatedLanguage,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

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
};
