import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../services';

declare module 'fastify' {
  /** Each group of buildServices (services.ts) under its name: app.merchants, app.accounts.auth, app.gaming.wallet, … */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the groups are its members, merged in
  interface FastifyInstance extends Services {}
}

/**
 * The services buildApp built, on the app: every plugin and routes plugin takes its services from here and
 * builds none.
 */
export const servicesPlugin = fp(
  async (app: FastifyInstance, options: { services: Services }) => {
    for (const [name, group] of Object.entries(options.services)) app.decorate(name, group);
  },
  { name: 'services' },
);
