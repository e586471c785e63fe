import {
  BACKOFFICE_CALLS,
  BoApplicationImageParamsSchema,
  BoApplicationListQuerySchema,
  BoApplicationPageResponseSchema,
  BoApplicationParamsSchema,
  BoApplicationResponseSchema,
  BoRejectApplicationRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's applications in the back office (decision 0052): the list by status and the images (players.read), approve
 * (the reward paid) and reject with a reason (players.money, like a bonus's cancel). Every decision is audited by the
 * service in its transaction.
 */
export const applicationsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { applications } = app;
  const tags = ['applications'];

  app.get(
    BACKOFFICE_CALLS.applications.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The brand's applications, newest first (keyset), by status",
        params: BrandParamsSchema,
        querystring: BoApplicationListQuerySchema,
        response: { 200: BoApplicationPageResponseSchema },
      },
    },
    async (request) => ok(await applications.brandApplications(brandOf(request), request.query, request.language)),
  );

  app.get(
    BACKOFFICE_CALLS.applicationImage.path,
    {
      config: { permission: 'players.read' },
      schema: { tags, summary: "An application's image", params: BoApplicationImageParamsSchema },
    },
    async (request, reply) => {
      const image = await applications.brandImage(brandOf(request).id, request.params.imageId);
      // Shown as an image, never run in the back office's origin: its type not guessed, and a sandbox if opened.
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(image.bytes);
    },
  );

  app.post(
    BACKOFFICE_CALLS.approveApplication.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: 'Approves an application: its reward is paid once and the member gets a message (audited)',
        params: BoApplicationParamsSchema,
        response: { 200: BoApplicationResponseSchema },
      },
    },
    async (request) =>
      ok(
        await applications.approve(
          request.operator!.actor,
          brandOf(request),
          request.params.applicationId,
          request.language,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.rejectApplication.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: 'Rejects an application with a reason the member reads (audited)',
        params: BoApplicationParamsSchema,
        body: BoRejectApplicationRequestSchema,
        response: { 200: BoApplicationResponseSchema },
      },
    },
    async (request) =>
      ok(
        await applications.reject(
          request.operator!.actor,
          brandOf(request),
          request.params.applicationId,
          request.body.reason,
          request.language,
        ),
      ),
  );
};
