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
}

export const merchantContextPlugin = fp(
  async (app: FastifyInstance, options: { defaultMerchantCode: string }) => {
    app.decorate('merchants', new MerchantService(app.db, options.defaultMerchantCode));
    app.decorateRequest('merchant', null as unknown as Merchant);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/wps/') && !request.url.startsWith('/lgw/') && !request.url.startsWith('/lotto/')) {
        return;
      }
      request.merchant = await app.merchants.resolveByHost(request.host);
    });
  },
  { name: 'merchant-context', dependencies: ['db'] },
);
