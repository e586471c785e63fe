import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** /healthz says the process is up; /readyz says it can serve (the database answers). */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await app.dbHandle.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  },
  { name: 'health', dependencies: ['db'] },
);
