import {
  BACKOFFICE_CALLS,
  BoPointAdjustmentRequestSchema,
  BoPointAdjustmentResponseSchema,
  BoPointConfigResponseSchema,
  BoPointLedgerQuerySchema,
  BoPointLedgerResponseSchema,
  BoPointMemberParamsSchema,
  BoSavePointConfigRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's points in the back office (decision 0044): its rates and period, a member's ledger, and the manual
 * adjustment. Every change is audited by the service.
 */
export const pointsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { points } = app;
  const tags = ['points'];

  app.get(
    BACKOFFICE_CALLS.pointConfig.path,
    {
      config: { permission: 'points.read' },
      schema: {
        tags,
        summary: "The brand's point rates by category, period and conversion",
        params: BrandParamsSchema,
        response: { 200: BoPointConfigResponseSchema },
      },
    },
    async (request) => ok(await points.boConfig(brandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.savePointConfig.path,
    {
      config: { permission: 'points.write' },
      schema: {
        tags,
        summary: "Saves the brand's point configuration with the version it was opened at",
        params: BrandParamsSchema,
        body: BoSavePointConfigRequestSchema,
        response: { 200: BoPointConfigResponseSchema },
      },
    },
    async (request) => ok(await points.saveConfig(request.operator!.actor, brandOf(request), request.body)),
  );

  app.get(
    BACKOFFICE_CALLS.pointLedger.path,
    {
      config: { permission: 'points.read' },
      schema: {
        tags,
        summary: "A member's points and entries, newest first (keyset paged)",
        params: BoPointMemberParamsSchema,
        querystring: BoPointLedgerQuerySchema,
        response: { 200: BoPointLedgerResponseSchema },
      },
    },
    async (request) => ok(await points.ledger(brandOf(request), request.params.memberId, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.adjustPoints.path,
    {
      config: { permission: 'points.write' },
      schema: {
        tags,
        summary: "Adds or takes a member's points with a reason; a repeated key writes one entry (audited)",
        params: BoPointMemberParamsSchema,
        body: BoPointAdjustmentRequestSchema,
        response: { 200: BoPointAdjustmentResponseSchema },
      },
    },
    async (request) =>
      ok(await points.adjust(request.operator!.actor, brandOf(request), request.params.memberId, request.body)),
  );
};
