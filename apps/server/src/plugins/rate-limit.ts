import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Request limits, per route (`config.rateLimit`) and nothing global. With Redis (`app.redis`, several
 * instances) the counters are shared; without it they live in this process.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.hasDecorator('redis') ? app.redis : null;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'parlay-rl:' } : {}),
      // A Redis outage must not stop sign-ins; the database-backed sign-in throttle still holds.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
