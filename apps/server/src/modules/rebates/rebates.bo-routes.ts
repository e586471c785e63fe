import {
  BACKOFFICE_CALLS,
  BoRebatePayoutPageResponseSchema,
  BoRebatePayoutsQuerySchema,
  BoRebateSettingsResponseSchema,
  BoSaveRebateSettingsRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's cashback in the back office (decision 0051): its period and auto-pay with the VIP levels' rates, and the
 * rebates paid. The permissions are the cashier's (deposits.read, deposits.write); a change is audited by the service.
 */
export const rebatesBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rebates } = app;
  const tags = ['rebates'];

  app.get(
    BACKOFFICE_CALLS.rebateSettings.path,
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        summary: "The brand's cashback period, auto-pay and the VIP levels' rates",
        params: BrandParamsSchema,
        response: { 200: BoRebateSettingsResponseSchema },
      },
    },
    async (request) => ok(await rebates.boSettings(brandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.saveRebateSettings.path,
    {
      config: { permission: 'deposits.write' },
      schema: {
        tags,
        summary: "Saves the brand's cashback settings with the version it was opened at",
        params: BrandParamsSchema,
        body: BoSaveRebateSettingsRequestSchema,
        response: { 200: BoRebateSettingsResponseSchema },
      },
    },
    async (request) => ok(await rebates.saveSettings(request.operator!.actor, brandOf(request), request.body)),
  );

  app.get(
    BACKOFFICE_CALLS.rebatePayouts.path,
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        summary: 'The rebates paid, newest first (keyset paged), optionally of one member',
        params: BrandParamsSchema,
        querystring: BoRebatePayoutsQuerySchema,
        response: { 200: BoRebatePayoutPageResponseSchema },
      },
    },
    async (request) => ok(await rebates.boPayouts(brandOf(request), request.query)),
  );
};
