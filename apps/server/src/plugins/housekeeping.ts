import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startCatalogueSync } from '../jobs/catalogue-sync';
import { startGuestCleanup } from '../jobs/guest-cleanup';
import { startKeyCleanup } from '../jobs/key-cleanup';
import type { IntervalJob } from '../jobs/interval-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** Timed clean-up jobs, started when the app is ready and stopped when it closes. */
    housekeeping: {
      guestCleanup: IntervalJob | null;
      keyCleanup: IntervalJob | null;
      catalogueSync: IntervalJob | null;
    };
  }
}

/**
 * Timed jobs of the platform (apps/server/src/jobs): expired free-play guests, encryption keys past grace,
 * and the catalogue sync of vendors that publish their feed.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, options: { guestCleanupEveryMs?: number } = {}) => {
    const jobs: FastifyInstance['housekeeping'] = { guestCleanup: null, keyCleanup: null, catalogueSync: null };
    app.decorate('housekeeping', jobs);
    app.addHook('onReady', async () => {
      jobs.guestCleanup = startGuestCleanup(app.accounts.guests, app.log, options.guestCleanupEveryMs);
      jobs.keyCleanup = startKeyCleanup(app.encryptionKeys, app.log);
      jobs.catalogueSync = startCatalogueSync(app.gaming.catalogueSync, app.log);
    });
    app.addHook('onClose', async () => {
      await jobs.guestCleanup?.stop();
      await jobs.keyCleanup?.stop();
      await jobs.catalogueSync?.stop();
    });
  },
  { name: 'housekeeping', dependencies: ['services'] },
);
