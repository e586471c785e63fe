import {
  CustomerServiceResponseSchema,
  DomainRouteResponseSchema,
  SYSTEM_CALLS,
  SystemStatusQuerySchema,
  SystemStatusResponseSchema,
  WhitelabelResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { buildCustomerServicePathList, buildSystemStatus } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SYSTEM_CALLS.status.path,
    {
      schema: {
        tags: ['system'],
        summary: 'Permission info and system status for the brand of the given host',
        description:
          'The brand is the one of the `url` parameter (the host the site was opened on), else of the Host ' +
          'header, else the default brand. Location comes from the geo-IP database; forwarded headers count ' +
          'only from TRUSTED_PROXIES.',
        querystring: SystemStatusQuerySchema,
        response: { 200: SystemStatusResponseSchema },
      },
    },
    async (request) => {
      const merchant = request.query.url ? await app.merchants.resolveByHost(request.query.url) : request.merchant;
      const location = { ip: request.ip, country: app.geoIp.countryOf(request.ip) };
      return ok({
        ...buildSystemStatus(merchant, location),
        registerRules: await app.accounts.registration.getRules(merchant.id),
      });
    },
  );

  app.get(
    SYSTEM_CALLS.whitelabel.path,
    {
      schema: { tags: ['system'], summary: 'The whitelabel feature tree', response: { 200: WhitelabelResponseSchema } },
    },
    async (request) => ok(request.merchant.whitelabel),
  );

  app.get(
    SYSTEM_CALLS.domainRoute.path,
    {
      schema: {
        tags: ['system'],
        summary: "The brand's route domains; the client measures their speed",
        response: { 200: DomainRouteResponseSchema },
      },
    },
    async (request) => {
      const domains = await app.merchants.listRouteDomains(request.merchant.id);
      return ok({ domainList: domains.map((url) => ({ url, speed: 0 })) });
    },
  );

  app.get(
    SYSTEM_CALLS.customerService.path,
    {
      schema: {
        tags: ['system'],
        summary: 'Customer-service links, each encrypted as `ciphertext + key` (type 3 is live chat)',
        response: { 200: CustomerServiceResponseSchema },
      },
    },
    async (request) => ok({ version: { pathList: buildCustomerServicePathList(request.merchant) } }),
  );
};
