import { KYC_CALLS, KYC_DOCUMENT_LIMITS, KycStateResponseSchema } from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

/** The body types a document may be sent as; the server never believes them and checks the bytes. */
const UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'application/pdf'];

function tooLarge(): AppError {
  const maxBytes = KYC_DOCUMENT_LIMITS.maxBytes;
  return new AppError('KYC_DOCUMENT_TOO_LARGE', { maxBytes }, { params: { maxMb: maxBytes / 1024 / 1024 } });
}

/**
 * The member's identity check (docs/product/calls.md#identity-checks): its state, and one document a call, the body
 * being the file itself (this plugin's parser only). A declared length over the limit is refused before a byte is
 * read. Only a real account: a visitor gets NOT_LOGGED_IN, a trial account NEED_TRUE_ACCOUNT.
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kyc } = app.accounts;
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: KYC_DOCUMENT_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.addHook('preParsing', async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPES.includes(type)) return;
    if (Number(request.headers['content-length'] ?? 0) > KYC_DOCUMENT_LIMITS.maxBytes) throw tooLarge();
  });

  app.get(
    KYC_CALLS.kycStatus.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'Whether the brand checks identities, my state and documents',
        response: { 200: KycStateResponseSchema },
      },
    },
    async (request) => ok(await kyc.getState({ merchantId: request.merchant.id, memberId: request.member!.id })),
  );

  app.post(
    KYC_CALLS.uploadKycDocument.path,
    {
      config: { auth: 'realMember' },
      bodyLimit: KYC_DOCUMENT_LIMITS.maxBytes,
      schema: {
        tags: ['member'],
        summary: 'Upload an identity document: the body is the PNG, JPEG or PDF itself (checked by its bytes)',
        response: { 200: KycStateResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('KYC_DOCUMENT_INVALID');
      return ok(
        await kyc.uploadDocument({ merchantId: request.merchant.id, memberId: request.member!.id }, request.body),
      );
    },
  );
};
