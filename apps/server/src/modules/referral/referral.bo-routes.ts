import {
  BACKOFFICE_CALLS,
  BoReferralSettingsResponseSchema,
  BoSaveReferralRulesRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's referral rules in the back office (decision 0057): read with the brand's figures (brand.read), saved with
 * the version opened (brand.write), audited by the service.
 */
export const referralBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { referralRewards } = app;
  const tags = ['referrals'];

  app.get(
    BACKOFFICE_CALLS.referralSettings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's referral rules, with its invited members counted, paid and held",
        params: BrandParamsSchema,
        response: { 200: BoReferralSettingsResponseSchema },
      },
    },
    async (request) => ok(await referralRewards.settings(brandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.saveReferralSettings.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves the referral rules with the version they were opened at (audited)',
        params: BrandParamsSchema,
        body: BoSaveReferralRulesRequestSchema,
        response: { 200: BoReferralSettingsResponseSchema },
      },
    },
    async (request) => ok(await referralRewards.saveSettings(request.operator!.actor, brandOf(request), request.body)),
  );
};
