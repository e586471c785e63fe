import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MerchantService, type Merchant } from '../modules/merchant/merchant.service';

declare module 'fastify' {
  interface FastifyInstance {
    merchants: MerchantService;
  }
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
  async (app: FastifyInstance, options: { defaultMerchantCode: string }) => {
    app.decorate('merchants', new MerchantService(app.db, options.defaultMerchantCode));
    app.decorateRequest('merchant', null as unknown as Merchant);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/wps/') && !request.url.startsWith('/lgw/') && !request.url.startsWith('/lotto/')) {
        return;
      }
      if (request.routeOptions.config.vendorCall) return;
      request.merchant = await app.merchants.resolveByHost(request.host);
    });
  },
  { name: 'merchant-context', dependencies: ['db'] },
);
