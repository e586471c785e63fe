import {
  CashierSettingsResponseSchema,
  CashierSettingsSchema,
  BACKOFFICE_CALLS,
  KycDecisionRequestSchema,
  KycDocumentParamsSchema,
  KycMemberParamsSchema,
  KycRejectRequestSchema,
  KycReviewResponseSchema,
  KycReviewsQuerySchema,
  KycReviewsResponseSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/**
 * Identity checks in the back office (docs/decisions/0043-upline-transfers-and-kyc.md): the review queue, a member's
 * documents, approve and reject with a reason (kyc.review, the risk role); and the brand's KYC and upline-transfer
 * settings (brand.read, brand.write). Every change audited.
 */
export const kycBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kyc } = app.accounts;
  const tags = ['kyc'];

  app.get(
    BACKOFFICE_CALLS.kycReviews.path,
    {
      config: { permission: 'kyc.review' },
      schema: {
        tags,
        summary: 'Identity checks of a state (pending by default), oldest submission first',
        params: BrandParamsSchema,
        querystring: KycReviewsQuerySchema,
        response: { 200: KycReviewsResponseSchema },
      },
    },
    async (request) => ok(await kyc.listReviews(brandOf(request).id, request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.kycReview.path,
    {
      config: { permission: 'kyc.review' },
      schema: {
        tags,
        summary: "A member's identity check with the current round's documents",
        params: KycMemberParamsSchema,
        response: { 200: KycReviewResponseSchema },
      },
    },
    async (request) => ok(await kyc.getReview({ merchantId: brandOf(request).id, memberId: request.params.memberId })),
  );

  app.get(
    BACKOFFICE_CALLS.kycDocument.path,
    {
      config: { permission: 'kyc.review' },
      schema: { tags, summary: "A document's bytes, as an attachment", params: KycDocumentParamsSchema },
    },
    async (request, reply) => {
      const document = await kyc.getDocument(brandOf(request).id, request.params.documentId);
      // Never run in the back office's origin: a download, its type not guessed, and a sandbox if opened.
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `inline; filename="kyc-${request.params.documentId}.${EXTENSIONS[document.contentType] ?? 'bin'}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('cache-control', 'private, no-store')
        .send(document.bytes);
    },
  );

  app.post(
    BACKOFFICE_CALLS.approveKyc.path,
    {
      config: { permission: 'kyc.review' },
      schema: {
        tags,
        summary: "Verifies the member's identity (audited)",
        params: KycMemberParamsSchema,
        body: KycDecisionRequestSchema,
        response: { 200: KycReviewResponseSchema },
      },
    },
    async (request) =>
      ok(
        await kyc.approve(
          request.operator!.actor,
          { merchantId: brandOf(request).id, memberId: request.params.memberId },
          request.body.version,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.rejectKyc.path,
    {
      config: { permission: 'kyc.review' },
      schema: {
        tags,
        summary: 'Rejects the documents with a reason the member reads (audited)',
        params: KycMemberParamsSchema,
        body: KycRejectRequestSchema,
        response: { 200: KycReviewResponseSchema },
      },
    },
    async (request) =>
      ok(
        await kyc.reject(
          request.operator!.actor,
          { merchantId: brandOf(request).id, memberId: request.params.memberId },
          request.body,
        ),
      ),
  );

  app.get(
    BACKOFFICE_CALLS.cashierSettings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's identity-check setting and upline-transfer limits",
        params: BrandParamsSchema,
        response: { 200: CashierSettingsResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      return ok({ ...(await kyc.getSettings(brand.id)), currency: brand.brand.currency });
    },
  );

  app.put(
    BACKOFFICE_CALLS.saveCashierSettings.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves the identity-check setting and the upline-transfer limits (audited; a stale version refused)',
        params: BrandParamsSchema,
        body: CashierSettingsSchema,
        response: { 200: CashierSettingsResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const saved = await kyc.saveSettings(request.operator!.actor, brand.id, request.body);
      return ok({ ...saved, currency: brand.brand.currency });
    },
  );
};
