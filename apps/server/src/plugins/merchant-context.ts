import { CALL_PATH_PREFIXES } from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Merchant } from '../modules/merchant/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is for, resolved from its host (spec: falls back to the default brand). */
    merchant: Merchant;
  }
  interface FastifyContextConfig {
    /**
     * A call made by a vendor's server (authenticated by its signature, not by a brand's site): no brand
     * is resolved from the host, so no session either. The seamless wallet routes set it.
     */
    vendorCall?: boolean;
  }
}

export const merchantContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('merchant', null as unknown as Merchant);
    app.addHook('onRequest', async (request) => {
      // The route the router matched, not the raw URL: the router decodes the path, so a raw test let
      // `/%77ps/...` reach a platform route with no brand (a 500). A path no route matches needs no brand.
      const route = request.routeOptions.url;
      if (route === undefined || !CALL_PATH_PREFIXES.some((prefix) => route.startsWith(prefix))) return;
      if (request.routeOptions.config.vendorCall) return;
      request.merchant = await app.merchants.resolveByHost(request.host);
    });
  },
  { name: 'merchant-context', dependencies: ['services'] },
);
