import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BACKOFFICE_PATH_PREFIX } from '@parlay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Where the back office's pages are served; the Vite build's `base` (apps/backoffice/vite.config.ts). */
export const BACKOFFICE_BASE = '/backoffice';
const ASSETS = `${BACKOFFICE_BASE}/assets/`;
/** The back office's API (BACKOFFICE_PATH_PREFIX) and its documents (/bo/docs). */
const BO_PREFIX = BACKOFFICE_PATH_PREFIX.replace(/api\/$/, '');

export interface BackofficeAppOptions {
  /** The built back office (apps/backoffice/dist); empty or unbuilt: its pages are not served. */
  distDir: string;
  /** False: no page and no call of the back office on this server (BACKOFFICE_ENABLED). */
  enabled: boolean;
  /** Host names the back office answers on (BACKOFFICE_HOSTS); empty: every host. */
  hosts: readonly string[];
}

/** A request for the back office: its pages (/backoffice…) or its API and documents (/bo/…). */
function isBackofficeRequest(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === BACKOFFICE_BASE || pathname.startsWith(`${BACKOFFICE_BASE}/`) || pathname.startsWith(BO_PREFIX);
}

/** The host a request came to, lower case and without its port (X-Forwarded-Host only from TRUSTED_PROXIES). */
function hostOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/**
 * The back office's pages (docs/decisions/0033-back-office-web-application.md): the built app at /backoffice,
 * its hashed assets cached for a year, index.html for every other path under it (the app's router draws the
 * page, or its own "not found"). Where the back office is switched off (BACKOFFICE_ENABLED=false) or the host is
 * not one of BACKOFFICE_HOSTS, its pages and its API (/bo/…) answer 404 as if absent: an operator keeps it off a
 * brand's public domain.
 */
export const backofficeAppPlugin = fp(
  async (app: FastifyInstance, options: BackofficeAppOptions) => {
    const hosts = new Set(options.hosts.map((host) => host.toLowerCase()));
    if (!options.enabled || hosts.size > 0) {
      app.addHook('onRequest', async (request) => {
        if (!isBackofficeRequest(request.url)) return;
        if (!options.enabled || !hosts.has(hostOf(request))) throw new AppError('NOT_FOUND');
      });
    }
    if (!options.enabled || !options.distDir) return;

    const root = path.resolve(options.distDir);
    const indexFile = path.join(root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ root }, 'the back office is not built; run `npm run build`');
      return;
    }
    // Its own instance of @fastify/static: the player site's (web-app.ts) already decorates reply.sendFile.
    await app.register(fastifyStatic, {
      root,
      prefix: `${BACKOFFICE_BASE}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        const isHashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('x-robots-tag', 'noindex, nofollow');
      },
    });

    // Every page path answers the app with 200: its pages carry parameters (/operators/:id, /brands/:brand/…)
    // and sit behind a sign-in, no search engine indexes them, and the app draws its own "not found"
    // (decision 0033; the player site's list and 404 are decision 0029's).
    const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith(ASSETS)) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(await readFile(indexFile));
    };
    app.get(BACKOFFICE_BASE, { schema: { hide: true } }, sendApp);
    app.get(`${BACKOFFICE_BASE}/*`, { schema: { hide: true } }, sendApp);
  },
  { name: 'backoffice-app' },
);
