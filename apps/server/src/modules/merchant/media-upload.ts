import { BRAND_IMAGE_LIMITS } from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

/** The body types an image upload may be sent as; the server never believes them and checks the bytes. */
const UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg'];

/**
 * Lets the routes of a back-office plugin take an image as their raw body (no multipart: one file, one call),
 * up to `maxBytes` (a brand's images: BRAND_IMAGE_LIMITS.maxBytes). A declared length over it is refused with IMAGE_TOO_LARGE before a byte is
 * read; a body that turns out longer stops at the limit (PAYLOAD_TOO_LARGE). Registered inside a routes plugin,
 * the parser is that plugin's alone.
 */
export function acceptImageUploads(app: FastifyInstance, maxBytes: number = BRAND_IMAGE_LIMITS.maxBytes): void {
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => {
    done(null, body);
  });
  app.addHook('preParsing', async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPES.includes(type)) return;
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxBytes) {
      throw new AppError('IMAGE_TOO_LARGE', { maxBytes }, { params: { maxKb: Math.floor(maxBytes / 1024) } });
    }
  });
}
