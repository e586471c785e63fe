import {
  BACKOFFICE_CALLS,
  BoAgentSettingsResponseSchema,
  BoAgentSettingsUpdateSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * The brand's agent settings in the back office: read (brand.read) and saved with the version they were opened at
 * (brand.write, audited by the service).
 */
export const agentSettingsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.agentSettings;
  const tags = ['agents'];

  app.get(
    BACKOFFICE_CALLS.agentSettings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's agent settings: sub-agents allowed, a dividend's loss carried (defaults: both on)",
        params: BrandParamsSchema,
        response: { 200: BoAgentSettingsResponseSchema },
      },
    },
    async (request) => ok(await settings.get(brandOf(request).id)),
  );

  app.put(
    BACKOFFICE_CALLS.updateAgentSettings.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: "Saves the brand's agent settings with the version they were opened at (audited)",
        params: BrandParamsSchema,
        body: BoAgentSettingsUpdateSchema,
        response: { 200: BoAgentSettingsResponseSchema },
      },
    },
    async (request) => ok(await settings.save(brandOf(request).id, request.body, request.operator!.actor)),
  );
};
