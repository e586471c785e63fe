import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HouseConfig } from '../config';

type SecurityOptions = Pick<HouseConfig, 'basePath' | 'publicUrl' | 'frameAncestors'>;

/**
 * The platform's policy (apps/server/src/plugins/security.ts, helmet) fitted to the game pages: scripts,
 * styles, images and fonts from this origin only (the Vite build writes no inline script or style), calls to
 * this origin and the crash game's WebSocket on it, and framing only by the brands' sites
 * (`frameAncestors`, decision 0028 of the platform). X-Frame-Options cannot name another origin, and
 * SAMEORIGIN would refuse the very frame the games live in, so frame-ancestors alone says who frames them.
 */
function policy(options: SecurityOptions, resources: 'same-origin' | 'cross-origin'): Parameters<typeof helmet>[0] {
  const publicUrl = new URL(options.publicUrl);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'"],
        'font-src': ["'self'"],
        // 'self' covers the same origin's ws: in current browsers; the public origin's is named for older ones.
        'connect-src': ["'self'", `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': options.frameAncestors.length > 0 ? options.frameAncestors : ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: resources },
    xFrameOptions: false,
  };
}

/** The headers a request-independent middleware writes to a response (as the platform's security plugin). */
function headersWrittenBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
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

/**
 * Security headers on every answer: pages, API, feed and errors. Nothing in them depends on the request,
 * so they are made once, at start. The lobby icons are images of the brands' sites, another origin: they
 * alone may be read cross-origin (Cross-Origin-Resource-Policy), or the lobby would show none.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const pageHeaders = headersWrittenBy(helmet(policy(options, 'same-origin')));
  const iconHeaders = headersWrittenBy(helmet(policy(options, 'cross-origin')));
  const icons = `${options.basePath}/icons/`;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(icons) ? iconHeaders : pageHeaders);
    done();
  });
}
