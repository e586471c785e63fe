import {
  BACKOFFICE_CALLS,
  BoCreateMissionRequestSchema,
  BoDeactivateMissionRequestSchema,
  BoMissionListQuerySchema,
  BoMissionPageResponseSchema,
  BoMissionParamsSchema,
  BoMissionResponseSchema,
  BoUpdateMissionRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's missions in the back office (decision 0054): list with this period's figures (brand.read), add, edit and
 * switch off (brand.write). Every change is audited by the service.
 */
export const missionsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { missions } = app;
  const tags = ['missions'];

  app.get(
    BACKOFFICE_CALLS.missions.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's missions, newest first (keyset), with this period's members and rewards paid",
        params: BrandParamsSchema,
        querystring: BoMissionListQuerySchema,
        response: { 200: BoMissionPageResponseSchema },
      },
    },
    async (request) => ok(await missions.boMissions(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.createMission.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Adds a mission (audited)',
        params: BrandParamsSchema,
        body: BoCreateMissionRequestSchema,
        response: { 200: BoMissionResponseSchema },
      },
    },
    async (request) => ok(await missions.create(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateMission.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves a mission with the version it was opened at (audited); rewards paid stay paid',
        params: BoMissionParamsSchema,
        body: BoUpdateMissionRequestSchema,
        response: { 200: BoMissionResponseSchema },
      },
    },
    async (request) =>
      ok(await missions.update(request.operator!.actor, brandOf(request), request.params.missionId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.deactivateMission.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Switches a mission off: members no longer see it (audited)',
        params: BoMissionParamsSchema,
        body: BoDeactivateMissionRequestSchema,
        response: { 200: BoMissionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await missions.deactivate(
          request.operator!.actor,
          brandOf(request),
          request.params.missionId,
          request.body.version,
        ),
      ),
  );
};
