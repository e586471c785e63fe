import {
  DEVICE_HEADER,
  DEVICE_ID_PATTERN,
  findJsonProblem,
  fromAcceptLanguage,
  MAX_JSON_DEPTH,
  toTranslatedLanguage,
  type JsonProblem,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/crypto/token';
import { openGeoIp, type GeoIp } from '../lib/geo-ip';

declare module 'fastify' {
  interface FastifyInstance {
    /** Country of an IP from the geo-IP database opened at start; '' for private or unknown addresses. */
    geoIp: GeoIp;
  }
  interface FastifyRequest {
    /** Language of the response texts: the Language header, then ?language=, then Accept-Language. */
    language: TranslatedLanguage;
  }
}

/** Exported for the answers sent before any hook runs (a URL that cannot be decoded). */
export function pickLanguage(request: FastifyRequest): TranslatedLanguage {
  const header = request.headers['language'];
  if (typeof header === 'string' && header) return toTranslatedLanguage(header);
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.['language'] ?? query?.['lang'];
  if (typeof fromQuery === 'string' && fromQuery) return toTranslatedLanguage(fromQuery);
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string' && accept) return fromAcceptLanguage(accept);
  return toTranslatedLanguage(undefined);
}

/**
 * Who sent the request, as sign-in and registration record it: its IP (a trusted proxy's forward), user agent
 * and the IP's country ('' when unknown), which a member's sign-in history keeps; and the hash of the player site's
 * device id, which the abuse check matches (decision 0057).
 */
export function clientOf(request: FastifyRequest): {
  ip: string;
  userAgent: string;
  country: string;
  deviceHash: string | null;
} {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent : '',
    country: request.server.geoIp.countryOf(request.ip),
    deviceHash: deviceHashOf(request.headers[DEVICE_HEADER]),
  };
}

/**
 * The SHA-256 (hex) of the request's device id, or null when it has none or one of another shape: a bad id is
 * ignored, never refused, so no sign-in fails for it. Only the hash is kept: it matches the same id again, and the
 * stored rows cannot be replayed as another browser's id.
 */
export function deviceHashOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? sha256Hex(header) : null;
}

const JSON_ISSUES: Record<JsonProblem, Record<TranslatedLanguage, string>> = {
  nul: { KO: 'NUL 문자를 포함할 수 없습니다', EN: 'must not contain a NUL character' },
  depth: {
    KO: `${MAX_JSON_DEPTH}단계보다 깊게 중첩할 수 없습니다`,
    EN: `must not nest deeper than ${MAX_JSON_DEPTH} levels`,
  },
};

export const requestContextPlugin = fp(
  async (app: FastifyInstance, options: { geoIpPath?: string }) => {
    app.decorate('geoIp', await openGeoIp(options.geoIpPath ?? ''));
    app.decorateRequest('language', 'KO');
    app.addHook('onRequest', async (request) => {
      request.language = pickLanguage(request);
    });
    // Query parsing happens after onRequest; refine once it is known.
    app.addHook('preValidation', async (request) => {
      request.language = pickLanguage(request);
      // PostgreSQL text cannot hold a NUL character, and no call nests deep: such input is refused here,
      // for every route, with a 400 (it failed its query with a 500, or overflowed the stack of a check).
      for (const [part, value] of [
        ['querystring', request.query],
        ['params', request.params],
        ['body', request.body],
      ] as const) {
        const problem = findJsonProblem(value);
        if (problem) {
          throw new AppError('VALIDATION_FAILED', {
            issues: [{ path: part, message: JSON_ISSUES[problem][request.language] }],
          });
        }
      }
    });
  },
  { name: 'request-context' },
);
