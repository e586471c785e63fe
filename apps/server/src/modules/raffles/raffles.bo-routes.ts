import {
  BACKOFFICE_CALLS,
  BoCreateRaffleRequestSchema,
  BoDeactivateRaffleRequestSchema,
  BoRaffleDrawResponseSchema,
  BoRaffleListQuerySchema,
  BoRafflePageResponseSchema,
  BoRaffleParamsSchema,
  BoRaffleResponseSchema,
  BoUpdateRaffleRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's raffles in the back office (decision 0055): list and a drawn raffle's draw (brand.read), add, edit and
 * switch off (brand.write). Every change is audited by the service.
 */
export const rafflesBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { raffles } = app;
  const tags = ['raffles'];

  app.get(
    BACKOFFICE_CALLS.raffles.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's raffles, newest first (keyset), with their entrants, seed hashes and revealed seeds",
        params: BrandParamsSchema,
        querystring: BoRaffleListQuerySchema,
        response: { 200: BoRafflePageResponseSchema },
      },
    },
    async (request) => ok(await raffles.boRaffles(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.createRaffle.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Adds a raffle with a fresh seed whose hash is published (audited)',
        params: BrandParamsSchema,
        body: BoCreateRaffleRequestSchema,
        response: { 200: BoRaffleResponseSchema },
      },
    },
    async (request) => ok(await raffles.create(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateRaffle.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves a raffle with the version it was opened at (audited); its terms only before the sale starts',
        params: BoRaffleParamsSchema,
        body: BoUpdateRaffleRequestSchema,
        response: { 200: BoRaffleResponseSchema },
      },
    },
    async (request) =>
      ok(await raffles.update(request.operator!.actor, brandOf(request), request.params.raffleId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.deactivateRaffle.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Switches a raffle off: members no longer see it; an undrawn one becomes void (audited)',
        params: BoRaffleParamsSchema,
        body: BoDeactivateRaffleRequestSchema,
        response: { 200: BoRaffleResponseSchema },
      },
    },
    async (request) =>
      ok(
        await raffles.deactivate(
          request.operator!.actor,
          brandOf(request),
          request.params.raffleId,
          request.body.version,
        ),
      ),
  );

  app.get(
    BACKOFFICE_CALLS.raffleDraw.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "A drawn raffle's ticket list and winners with their accounts and payments",
        params: BoRaffleParamsSchema,
        response: { 200: BoRaffleDrawResponseSchema },
      },
    },
    async (request) => ok(await raffles.boDraw(brandOf(request), request.params.raffleId)),
  );
};
