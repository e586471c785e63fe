import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers. Games and CDNs live on other hosts, so images and frames allow https; the embedded
 * house games vendor answers on this machine's next port over http, so its pages and icons are allowed there.
 * helmet's middleware is built once, at start (decision 0013): @fastify/helmet built it again on every
 * request, and what that made outlived the young generation. Nothing in it depends on the request, so it
 * runs once, at start, too: each answer gets the headers it wrote, set through Fastify (helmet's twelve
 * middlewares and their writes to the raw response were 2.8% of a game-list request; decision 0023).
 */
const securityMiddleware = helmet({
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

const SECURITY_HEADERS = headersWrittenBy(securityMiddleware);

/**
 * The headers a request-independent middleware writes to a response. The one helmet removes,
 * X-Powered-By, is Express's: neither Node nor Fastify sets it, so there is nothing to remove per answer.
 */
function headersWrittenBy(middleware: typeof securityMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw new Error('the security headers middleware failed', { cause: error });
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      // Vendors' server-to-server JSON (config.vendorCall) gets no browser headers.
      if (!request.routeOptions.config.vendorCall) {
        reply.headers(SECURITY_HEADERS);
      }
      done();
    });
  },
  { name: 'security' },
);
