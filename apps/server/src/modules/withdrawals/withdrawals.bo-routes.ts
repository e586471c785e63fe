import {
  ApproveWithdrawalRequestSchema,
  BACKOFFICE_CALLS,
  BoWithdrawalPageResponseSchema,
  BoWithdrawalParamsSchema,
  BoWithdrawalProofParamsSchema,
  BoWithdrawalResponseSchema,
  BoWithdrawalsQuerySchema,
  BrandParamsSchema,
  MarkWithdrawalPaidRequestSchema,
  RejectWithdrawalRequestSchema,
  ResolveWithdrawalCaseRequestSchema,
  RetryWithdrawalPayoutRequestSchema,
  SaveWithdrawalSettingsRequestSchema,
  WithdrawalSettingsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's withdrawals in the back office (decision 0041): finance's review queue with the risk flags, payouts,
 * the confirmation cases, and the brand's withdrawal settings. Every change is audited by its service.
 */
export const withdrawalsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review, settings } = app.withdrawals;
  const tags = ['withdrawals'];

  app.get(
    BACKOFFICE_CALLS.withdrawalQueue.path,
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags,
        summary: "A queue of the brand's withdrawals, newest first, each with its risk flags (keyset paged)",
        params: BrandParamsSchema,
        querystring: BoWithdrawalsQuerySchema,
        response: { 200: BoWithdrawalPageResponseSchema },
      },
    },
    async (request) => ok(await review.list(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.approveWithdrawal.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: "Approves a requested withdrawal: paid through the brand's provider now, or by hand later",
        params: BoWithdrawalParamsSchema,
        body: ApproveWithdrawalRequestSchema,
        response: { 200: BoWithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(await review.approve(request.operator!.actor, brandOf(request), request.params.withdrawalId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.rejectWithdrawal.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: 'Rejects a withdrawal not yet paid, with a reason: the held amount goes back to the member',
        params: BoWithdrawalParamsSchema,
        body: RejectWithdrawalRequestSchema,
        response: { 200: BoWithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(await review.reject(request.operator!.actor, brandOf(request), request.params.withdrawalId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.markWithdrawalPaid.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: 'Marks an approved (or failed) withdrawal paid by hand',
        params: BoWithdrawalParamsSchema,
        body: MarkWithdrawalPaidRequestSchema,
        response: { 200: BoWithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(await review.markPaid(request.operator!.actor, brandOf(request), request.params.withdrawalId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.retryWithdrawalPayout.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: 'Sends a failed payout to the provider again, under the same payout number',
        params: BoWithdrawalParamsSchema,
        body: RetryWithdrawalPayoutRequestSchema,
        response: { 200: BoWithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(
        await review.retryPayout(request.operator!.actor, brandOf(request), request.params.withdrawalId, request.body),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.resolveWithdrawalCase.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: 'Resolves a partly or not received case with a reason and maybe a refund',
        params: BoWithdrawalParamsSchema,
        body: ResolveWithdrawalCaseRequestSchema,
        response: { 200: BoWithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(
        await review.resolveCase(request.operator!.actor, brandOf(request), request.params.withdrawalId, request.body),
      ),
  );

  app.get(
    BACKOFFICE_CALLS.withdrawalProof.path,
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags,
        summary: 'A proof image the member sent with a confirmation (PNG or JPEG as the server encoded it)',
        params: BoWithdrawalProofParamsSchema,
      },
    },
    async (request, reply) => {
      const proof = await review.readProof(brandOf(request), request.params.withdrawalId, request.params.proofId);
      return reply
        .type(proof.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(proof.bytes);
    },
  );

  app.get(
    BACKOFFICE_CALLS.withdrawalSettings.path,
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags,
        summary: "The brand's withdrawal settings",
        params: BrandParamsSchema,
        response: { 200: WithdrawalSettingsResponseSchema },
      },
    },
    async (request) => ok(await settings.get(brandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.saveWithdrawalSettings.path,
    {
      config: { permission: 'withdrawals.write' },
      schema: {
        tags,
        summary: "Saves the brand's withdrawal settings with the version they were opened at",
        params: BrandParamsSchema,
        body: SaveWithdrawalSettingsRequestSchema,
        response: { 200: WithdrawalSettingsResponseSchema },
      },
    },
    async (request) => ok(await settings.save(request.operator!.actor, brandOf(request), request.body)),
  );
};
