import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** NODE_ENV=production: unset, the token closes /metrics to every scrape rather than opening it to all. */
  production?: boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's Authorization header is `Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * Prometheus metrics at /metrics: process metrics and a request duration histogram by route. With a token,
 * a scrape without it gets METRICS_TOKEN_REQUIRED (401) and nothing of the metrics. In production without
 * one, every scrape gets that answer: the metrics name routes, traffic and the state of rounds, which an
 * `npm start` reachable from the internet must not give to anyone who asks (decision 0028). Development and
 * tests keep /metrics open without a token.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const expectedToken = options.token ? digest(options.token) : null;
    const closed = expectedToken === null && options.production === true;
    if (closed) {
      app.log.warn(
        'METRICS_TOKEN is not set: GET /metrics answers 401 to every scrape in production. To open it, set ' +
          'METRICS_TOKEN (24+ characters) and have the scraper send "Authorization: Bearer <token>".',
      );
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (closed || (expectedToken && !bearerMatches(request, expectedToken))) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('METRICS_TOKEN_REQUIRED');
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
