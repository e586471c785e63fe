import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startGuestCleanup } from '../jobs/guest-cleanup';
import type { IntervalJob } from '../jobs/interval-job';
import { GuestService } from '../modules/auth/guest.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Timed clean-up jobs, started when the app is ready and stopped when it closes. */
    housekeeping: { guestCleanup: IntervalJob | null };
  }
}

/** Timed jobs of the platform: expired free-play guests (apps/server/src/jobs). */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, options: { guestCleanupEveryMs?: number } = {}) => {
    const jobs: FastifyInstance['housekeeping'] = { guestCleanup: null };
    app.decorate('housekeeping', jobs);
    app.addHook('onReady', async () => {
      jobs.guestCleanup = startGuestCleanup(new GuestService(app.db), app.log, options.guestCleanupEveryMs);
    });
    app.addHook('onClose', async () => {
      await jobs.guestCleanup?.stop();
    });
  },
  { name: 'housekeeping', dependencies: ['db'] },
);
