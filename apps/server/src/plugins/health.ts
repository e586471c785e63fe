import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz says the process is up; /readyz says it can serve: the database answers, and Redis too
 * when one is configured. The failing dependency is named; its error stays in the log.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      const checks: Record<string, 'ok' | 'unavailable'> = {};
      const check = async (name: string, probe: () => Promise<unknown>) => {
        try {
          await withTimeout(probe(), 2_000);
          checks[name] = 'ok';
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'readiness check failed');
          checks[name] = 'unavailable';
        }
      };
      const redis = app.redis;
      await Promise.all([
        check('database', () => app.dbHandle.ping()),
        redis ? check('redis', () => redis.ping()) : Promise.resolve(),
      ]);
      const ready = Object.values(checks).every((state) => state === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  },
  { name: 'health', dependencies: ['db', 'redis'] },
);
