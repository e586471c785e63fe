import {
  BACKOFFICE_CALLS,
  BoVipChangePageResponseSchema,
  BoVipLevelResponseSchema,
  BoVipLevelsResponseSchema,
  BoVipMemberPageResponseSchema,
  BrandParamsSchema,
  CreateVipLevelRequestSchema,
  SaveVipSettingsRequestSchema,
  UpdateVipLevelRequestSchema,
  VipChangeQuerySchema,
  VipLevelParamsSchema,
  VipMemberListQuerySchema,
  VipSettingsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's VIP ranks in the back office (decision 0046): levels and their benefits, the rolling period and the
 * downgrade grace (edits audited by the service, each with the version opened), members by level, level changes.
 */
export const vipBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.vip;
  const tags = ['vip'];
  const LevelParams = BrandParamsSchema.extend(VipLevelParamsSchema.shape);

  app.get(
    BACKOFFICE_CALLS.vipLevels.path,
    {
      config: { permission: 'vip.read' },
      schema: {
        tags,
        summary: "The brand's VIP levels with their members, and its rolling period and downgrade grace",
        params: BrandParamsSchema,
        response: { 200: BoVipLevelsResponseSchema },
      },
    },
    async (request) => ok(await admin.levels(brandOf(request))),
  );

  app.post(
    BACKOFFICE_CALLS.createVipLevel.path,
    {
      config: { permission: 'vip.write' },
      schema: {
        tags,
        summary: 'Adds a VIP level (level 0 first, each rank after the one below)',
        params: BrandParamsSchema,
        body: CreateVipLevelRequestSchema,
        response: { 200: BoVipLevelResponseSchema },
      },
    },
    async (request) => ok(await admin.createLevel(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateVipLevel.path,
    {
      config: { permission: 'vip.write' },
      schema: {
        tags,
        summary: 'Saves a VIP level with the version it was opened at',
        params: LevelParams,
        body: UpdateVipLevelRequestSchema,
        response: { 200: BoVipLevelResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.updateLevel(request.operator!.actor, brandOf(request), request.params.rankLevel, request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.saveVipSettings.path,
    {
      config: { permission: 'vip.write' },
      schema: {
        tags,
        summary: 'Saves the rolling period and the downgrade grace with the version they were opened at',
        params: BrandParamsSchema,
        body: SaveVipSettingsRequestSchema,
        response: { 200: VipSettingsResponseSchema },
      },
    },
    async (request) => ok(await admin.saveSettings(request.operator!.actor, brandOf(request), request.body)),
  );

  app.get(
    BACKOFFICE_CALLS.vipMembers.path,
    {
      config: { permission: 'vip.read' },
      schema: {
        tags,
        summary: "The brand's members by level, highest first, with their figures (keyset paged)",
        params: BrandParamsSchema,
        querystring: VipMemberListQuerySchema,
        response: { 200: BoVipMemberPageResponseSchema },
      },
    },
    async (request) => ok(await admin.members(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.vipChanges.path,
    {
      config: { permission: 'vip.read' },
      schema: {
        tags,
        summary: "The brand's level changes, newest first (keyset paged)",
        params: BrandParamsSchema,
        querystring: VipChangeQuerySchema,
        response: { 200: BoVipChangePageResponseSchema },
      },
    },
    async (request) => ok(await admin.changes(brandOf(request), request.query)),
  );
};
