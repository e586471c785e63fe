import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CALL_PATH_PREFIXES, isSitePage } from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NON_PAGE_PREFIXES = [
  ...CALL_PATH_PREFIXES,
  // The back office's API and documents (plugins/backoffice.ts); its pages are backoffice-app.ts's.
  '/bo/',
  '/docs',
  '/metrics',
  '/healthz',
  '/readyz',
  '/vendor/',
  '/house/',
  '/assets/',
];

/**
 * Serves the built player site. Hashed assets are cached for a year; index.html is revalidated on
 * every load so a deploy shows at once. Every other GET for a page gets index.html (client routing):
 * with status 200 at a path the site has a page for (the contract's isSitePage), and with 404 anywhere
 * else, where the site shows its own 404 page (decision 0029).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string }) => {
    const root = path.resolve(options.distDir);
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'the player site is not built; run `npm run build`');
      return;
    }
    // wildcard: false registers one route per built file, so unknown paths fall through to /* below.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; send the one the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (NON_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix))) return reply.callNotFound();
      reply.header('cache-control', 'no-cache');
      if (isSitePage(url)) return reply.sendFile('index.html');
      // No validators and no ranges: a browser revalidating its copy must not get a bodiless 304 or 206 as a 404.
      return reply.code(404).sendFile('index.html', { etag: false, lastModified: false, acceptRanges: false });
    });
  },
  { name: 'web-app' },
);
