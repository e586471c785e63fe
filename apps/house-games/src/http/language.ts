import type { FastifyRequest } from 'fastify';
import type { Language } from '../errors';

/** Header `language`, then ?language, then Accept-Language; Korean by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.language;
  const candidates = [
    typeof header === 'string' ? header : undefined,
    typeof fromQuery === 'string' ? fromQuery : undefined,
    request.headers['accept-language'],
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const lower = candidate.toLowerCase();
    if (lower.startsWith('en')) return 'en';
    if (lower.startsWith('ko')) return 'ko';
  }
  return 'ko';
}
