import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers. Games and CDNs live on other hosts, so images and frames allow https; the embedded
 * house games vendor answers on this machine's next port over http, so its pages and icons are allowed there.
 * helmet's middleware is built once, at start (decision 0013): @fastify/helmet built it again on every
 * request, and what that made outlived the young generation.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:', 'wss:'],
      'frame-src': ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
      'worker-src': ["'self'", 'blob:'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The game page embeds vendors' pages; our own pages must not be framed by others.
  xFrameOptions: { action: 'sameorigin' },
});

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      // Vendors' server-to-server JSON (config.vendorCall) gets no browser headers.
      if (request.routeOptions.config.vendorCall) {
        done();
        return;
      }
      securityHeaders(request.raw, reply.raw, (error?: unknown) => {
        done(error instanceof Error ? error : undefined);
      });
    });
  },
  { name: 'security' },
);
