import {
  BACKOFFICE_CALLS,
  BoBonusSettingsResponseSchema,
  BoSaveBonusSettingsRequestSchema,
  BoCancelBonusRequestSchema,
  BoCreatePromotionRequestSchema,
  BoDeactivatePromotionRequestSchema,
  BoMemberBonusListQuerySchema,
  BoMemberBonusPageResponseSchema,
  BoMemberBonusParamsSchema,
  BoMemberBonusResponseSchema,
  BoPromotionListQuerySchema,
  BoPromotionPageResponseSchema,
  BoPromotionParamsSchema,
  BoPromotionResponseSchema,
  BoUpdatePromotionRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's bonuses in the back office (decisions 0050, 0063): its promotions (list, add, edit, switch off), its
 * members' bonuses (list, cancel) and where it pays bonus money. Every change is audited by the service.
 */
export const bonusesBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.bonusAdmin;
  const tags = ['bonuses'];

  app.get(
    BACKOFFICE_CALLS.promotions.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's promotions, newest first (keyset)",
        params: BrandParamsSchema,
        querystring: BoPromotionListQuerySchema,
        response: { 200: BoPromotionPageResponseSchema },
      },
    },
    async (request) => ok(await admin.promotions(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.createPromotion.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Adds a deposit or sign-up bonus promotion (audited)',
        params: BrandParamsSchema,
        body: BoCreatePromotionRequestSchema,
        response: { 200: BoPromotionResponseSchema },
      },
    },
    async (request) => ok(await admin.create(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updatePromotion.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves a promotion with the version it was opened at (audited); bonuses paid keep their rules',
        params: BoPromotionParamsSchema,
        body: BoUpdatePromotionRequestSchema,
        response: { 200: BoPromotionResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.update(request.operator!.actor, brandOf(request), request.params.promotionId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.deactivatePromotion.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Switches a promotion off: no new bonus is paid (audited)',
        params: BoPromotionParamsSchema,
        body: BoDeactivatePromotionRequestSchema,
        response: { 200: BoPromotionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await admin.deactivate(
          request.operator!.actor,
          brandOf(request),
          request.params.promotionId,
          request.body.version,
        ),
      ),
  );

  app.get(
    BACKOFFICE_CALLS.memberBonuses.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The brand's members' bonuses with their progress, newest first (keyset)",
        params: BrandParamsSchema,
        querystring: BoMemberBonusListQuerySchema,
        response: { 200: BoMemberBonusPageResponseSchema },
      },
    },
    async (request) => ok(await admin.memberBonuses(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.cancelBonus.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: "Ends a member's active bonus with a reason; what is left of it is taken back (audited)",
        params: BoMemberBonusParamsSchema,
        body: BoCancelBonusRequestSchema,
        response: { 200: BoMemberBonusResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.cancel(request.operator!.actor, brandOf(request), request.params.bonusId, request.body.reason)),
  );

  app.get(
    BACKOFFICE_CALLS.bonusSettings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: 'Where the brand pays bonus money: the main balance under a lock, or a separate bonus balance',
        params: BrandParamsSchema,
        response: { 200: BoBonusSettingsResponseSchema },
      },
    },
    async (request) => ok(await admin.settings(brandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.saveBonusSettings.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves where the brand pays bonus money (audited); bonuses already paid keep theirs',
        params: BrandParamsSchema,
        body: BoSaveBonusSettingsRequestSchema,
        response: { 200: BoBonusSettingsResponseSchema },
      },
    },
    async (request) => ok(await admin.saveSettings(request.operator!.actor, brandOf(request), request.body)),
  );
};
