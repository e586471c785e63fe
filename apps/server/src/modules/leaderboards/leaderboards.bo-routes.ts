import {
  BACKOFFICE_CALLS,
  BoCreateLeaderboardRequestSchema,
  BoDeactivateLeaderboardRequestSchema,
  BoLeaderboardListQuerySchema,
  BoLeaderboardPageResponseSchema,
  BoLeaderboardParamsSchema,
  BoLeaderboardResponseSchema,
  BoLeaderboardStandingsQuerySchema,
  BoLeaderboardStandingsResponseSchema,
  BoUpdateLeaderboardRequestSchema,
  BrandParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's leaderboards in the back office (decision 0056): list and a period's standings with its payouts
 * (brand.read), add, edit and switch off (brand.write). Every change is audited by the service.
 */
export const leaderboardsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leaderboards } = app;
  const tags = ['leaderboards'];

  app.get(
    BACKOFFICE_CALLS.leaderboards.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's leaderboards, newest first (keyset), with this period's count of members",
        params: BrandParamsSchema,
        querystring: BoLeaderboardListQuerySchema,
        response: { 200: BoLeaderboardPageResponseSchema },
      },
    },
    async (request) => ok(await leaderboards.boLeaderboards(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.leaderboardStandings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "A period's standings (the current one by default) with each rank's prize and payout",
        params: BoLeaderboardParamsSchema,
        querystring: BoLeaderboardStandingsQuerySchema,
        response: { 200: BoLeaderboardStandingsResponseSchema },
      },
    },
    async (request) =>
      ok(await leaderboards.standings(brandOf(request), request.params.leaderboardId, request.query.periodStart)),
  );

  app.post(
    BACKOFFICE_CALLS.createLeaderboard.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Adds a leaderboard (audited)',
        params: BrandParamsSchema,
        body: BoCreateLeaderboardRequestSchema,
        response: { 200: BoLeaderboardResponseSchema },
      },
    },
    async (request) => ok(await leaderboards.create(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateLeaderboard.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Saves a leaderboard with the version it was opened at (audited); prizes paid stay paid',
        params: BoLeaderboardParamsSchema,
        body: BoUpdateLeaderboardRequestSchema,
        response: { 200: BoLeaderboardResponseSchema },
      },
    },
    async (request) =>
      ok(
        await leaderboards.update(
          request.operator!.actor,
          brandOf(request),
          request.params.leaderboardId,
          request.body,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.deactivateLeaderboard.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Switches a leaderboard off: members no longer see it, periods not yet paid are not paid (audited)',
        params: BoLeaderboardParamsSchema,
        body: BoDeactivateLeaderboardRequestSchema,
        response: { 200: BoLeaderboardResponseSchema },
      },
    },
    async (request) =>
      ok(
        await leaderboards.deactivate(
          request.operator!.actor,
          brandOf(request),
          request.params.leaderboardId,
          request.body.version,
        ),
      ),
  );
};
