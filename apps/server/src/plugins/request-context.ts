import { fromAcceptLanguage, holdsNul, toTranslatedLanguage, type TranslatedLanguage } from '@parlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
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

const NUL_ISSUE: Record<TranslatedLanguage, string> = {
  KO: 'NUL 문자를 포함할 수 없습니다',
  EN: 'must not contain a NUL character',
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
      // PostgreSQL text cannot hold a NUL character: input holding one is refused here, for every route,
      // instead of failing its query with a 500.
      for (const [part, value] of [
        ['querystring', request.query],
        ['params', request.params],
        ['body', request.body],
      ] as const) {
        if (holdsNul(value)) {
          throw new AppError('VALIDATION_FAILED', {
            issues: [{ path: part, message: NUL_ISSUE[request.language] }],
          });
        }
      }
    });
  },
  { name: 'request-context' },
);
