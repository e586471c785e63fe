import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis (pub/sub fan-out, rate limits across instances) when REDIS_URL is set, else null. */
    redis: Redis | null;
  }
}

/**
 * Connects to REDIS_URL when it is set. A Redis that is down at start does not stop the process:
 * ioredis keeps reconnecting, commands fail fast meanwhile, and /readyz reports it until it is back.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url?: string | undefined }) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let lastError = '';
    redis.on('error', (error: Error) => {
      // Log each distinct failure once, not every reconnect attempt.
      if (error.message !== lastError) app.log.warn({ err: error }, 'redis connection error');
      lastError = error.message;
    });
    redis.on('ready', () => {
      lastError = '';
    });
    redis.connect().catch(() => undefined);
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
