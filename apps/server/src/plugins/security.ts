import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. Games and CDNs live on other hosts, so images and frames allow https; the embedded
 * house games vendor answers on this machine's next port over http, so its pages and icons are allowed there.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
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
      frameguard: { action: 'sameorigin' },
    });
  },
  { name: 'security' },
);
