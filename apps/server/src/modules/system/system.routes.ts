import { SystemStatusQuerySchema, SystemStatusResponseSchema, WhitelabelResponseSchema } from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { buildSystemStatus } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/system/status',
    {
      schema: {
        tags: ['system'],
        summary: 'Permission info and system status for the brand of the given host',
        querystring: SystemStatusQuerySchema,
        response: { 200: SystemStatusResponseSchema },
      },
    },
    async (request) => {
      const merchant = request.query.url ? await app.merchants.resolveByHost(request.query.url) : request.merchant;
      return ok(buildSystemStatus(merchant, { ip: request.ip, country: '' }));
    },
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: { tags: ['system'], summary: 'The whitelabel feature tree', response: { 200: WhitelabelResponseSchema } },
    },
    async (request) => ok(request.merchant.whitelabel),
  );
};
