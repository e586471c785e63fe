import {
  BACKOFFICE_CALLS,
  BrandParamsSchema,
  PaySettlementRunResponseSchema,
  SettlementRunLinesResponseSchema,
  SettlementRunParamsSchema,
  SettlementRunsQuerySchema,
  SettlementRunsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's contract settlements in the back office (decision 0068): its runs with their paid and pending lines, one
 * run's lines (brand.read), and a run's pending lines tried again (brand.write, audited; each line paid once by key).
 */
export const agentSettlementsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const settlements = app.agentSettlements;
  const tags = ['agents'];

  app.get(
    BACKOFFICE_CALLS.agentSettlements.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's settlement runs with lines, newest first, with their paid and pending sums",
        params: BrandParamsSchema,
        querystring: SettlementRunsQuerySchema,
        response: { 200: SettlementRunsResponseSchema },
      },
    },
    async (request) => ok(await settlements.runs(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.agentSettlementLines.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "One run's lines: each contract's figures, tier, amount, payer and payment",
        params: SettlementRunParamsSchema,
        response: { 200: SettlementRunLinesResponseSchema },
      },
    },
    async (request) => ok(await settlements.runLines(brandOf(request), request.params.runId)),
  );

  app.post(
    BACKOFFICE_CALLS.payAgentSettlement.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: "A run's pending lines tried again now (audited): each paid once, the payer still short left pending",
        params: SettlementRunParamsSchema,
        response: { 200: PaySettlementRunResponseSchema },
      },
    },
    async (request) => ok(await settlements.payRun(brandOf(request), request.params.runId, request.operator!.actor)),
  );
};
