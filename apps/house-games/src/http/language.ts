import { fromAcceptLanguage } from '@parlay/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { Language } from '../errors';

/** Header `language`, then ?language, then Accept-Language by its weights, as the platform reads it; Korean by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.language;
  for (const candidate of [header, fromQuery]) {
    if (typeof candidate !== 'string') continue;
    const lower = candidate.toLowerCase();
    if (lower.startsWith('en')) return 'en';
    if (lower.startsWith('ko')) return 'ko';
  }
  const accept = request.headers['accept-language'];
  return accept ? (fromAcceptLanguage(accept) === 'EN' ? 'en' : 'ko') : 'ko';
}
