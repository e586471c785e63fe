import {
  BACKOFFICE_CALLS,
  BoLotteryDrawListQuerySchema,
  BoLotteryDrawPageResponseSchema,
  BoLotteryGameParamsSchema,
  BoLotteryGamesResponseSchema,
  BoLotteryDrawParamsSchema,
  BoSeaDrawsAwaitingResponseSchema,
  BoVnDrawsAwaitingResponseSchema,
  BoVoidedDrawResponseSchema,
  BrandParamsSchema,
  ConfirmSeaResultRequestSchema,
  ConfirmVnResultRequestSchema,
  EnterSeaResultRequestSchema,
  EnterVnResultRequestSchema,
  SetBoLotterySettingsRequestSchema,
  VoidLotteryDrawRequestSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';
import type { LotteryBrand } from './lottery-admin.service';

function lotteryBrandOf(request: FastifyRequest): LotteryBrand {
  const brand = brandOf(request);
  return { id: brand.id, code: brand.code, currency: brand.brand.currency };
}

/**
 * The lottery's back-office calls (issue 38): each game's settings for the brand (games.read; changed with
 * games.write, audited by the service), each game's draws with the brand's figures (games.read), voiding a draw,
 * and the Vietnamese regional and SEA 4D draws' results, entered by one operator and confirmed by another
 * (games.write, audited).
 */
export const lotteryAdminBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lotteryAdmin } = app;
  const tags = ['lottery'];

  app.get(
    BACKOFFICE_CALLS.lotteryGames.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags,
        summary: "Every lottery game with the brand's own settings, the default ones and the rules' odds",
        params: BrandParamsSchema,
        response: { 200: BoLotteryGamesResponseSchema },
      },
    },
    async (request) => ok(await lotteryAdmin.games(lotteryBrandOf(request))),
  );

  app.put(
    BACKOFFICE_CALLS.setLotterySettings.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: "One game's settings, the brand's own or the default ones, with the version opened (audited)",
        params: BoLotteryGameParamsSchema,
        body: SetBoLotterySettingsRequestSchema,
        response: { 200: BoLotteryGamesResponseSchema },
      },
    },
    async (request) => {
      const operator = request.operator!;
      return ok(
        await lotteryAdmin.setSettings(operator.actor, lotteryBrandOf(request), request.params.game, request.body, {
          allBrands: operator.allBrands,
        }),
      );
    },
  );

  app.get(
    BACKOFFICE_CALLS.lotteryDraws.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags,
        summary: "A game's draws, newest first (keyset): times, status, seed hash, seed once drawn, result, figures",
        params: BoLotteryGameParamsSchema,
        querystring: BoLotteryDrawListQuerySchema,
        response: { 200: BoLotteryDrawPageResponseSchema },
      },
    },
    async (request) => ok(await lotteryAdmin.draws(lotteryBrandOf(request), request.params.game, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.voidLotteryDraw.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: 'Voids a draw with a reason; its slips are refunded (an operator of every brand; audited)',
        params: BoLotteryDrawParamsSchema,
        body: VoidLotteryDrawRequestSchema,
        response: { 200: BoVoidedDrawResponseSchema },
      },
    },
    async (request) => {
      const operator = request.operator!;
      lotteryBrandOf(request);
      const { game, drawNo } = request.params;
      return ok(
        await lotteryAdmin.voidDraw(operator.actor, game, drawNo, request.body, { allBrands: operator.allBrands }),
      );
    },
  );

  app.get(
    BACKOFFICE_CALLS.vnDrawsAwaiting.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags,
        summary: 'The regional draws past their time whose result is not published, with the entry waiting',
        params: BrandParamsSchema,
        response: { 200: BoVnDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      lotteryBrandOf(request);
      return ok(await lotteryAdmin.vnDrawsAwaiting(request.operator!.actor));
    },
  );

  app.put(
    BACKOFFICE_CALLS.enterVnResult.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: "Enters a regional draw's result, for another operator to confirm (audited)",
        params: BoLotteryDrawParamsSchema,
        body: EnterVnResultRequestSchema,
        response: { 200: BoVnDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      const { game, drawNo } = request.params;
      return ok(
        await lotteryAdmin.enterVnResult(request.operator!.actor, lotteryBrandOf(request), game, drawNo, request.body),
      );
    },
  );

  app.post(
    BACKOFFICE_CALLS.confirmVnResult.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: 'Confirms the entered result (never by the operator who entered it) and publishes it (audited)',
        params: BoLotteryDrawParamsSchema,
        body: ConfirmVnResultRequestSchema,
        response: { 200: BoVnDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      const { game, drawNo } = request.params;
      return ok(
        await lotteryAdmin.confirmVnResult(
          request.operator!.actor,
          lotteryBrandOf(request),
          game,
          drawNo,
          request.body,
        ),
      );
    },
  );

  app.get(
    BACKOFFICE_CALLS.seaDrawsAwaiting.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags,
        summary: 'The SEA 4D draws past their time whose result is not published, with the entry waiting',
        params: BrandParamsSchema,
        response: { 200: BoSeaDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      lotteryBrandOf(request);
      return ok(await lotteryAdmin.seaDrawsAwaiting(request.operator!.actor));
    },
  );

  app.put(
    BACKOFFICE_CALLS.enterSeaResult.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: "Enters a SEA 4D draw's 23 numbers, for another operator to confirm (audited)",
        params: BoLotteryDrawParamsSchema,
        body: EnterSeaResultRequestSchema,
        response: { 200: BoSeaDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      const { game, drawNo } = request.params;
      return ok(
        await lotteryAdmin.enterSeaResult(request.operator!.actor, lotteryBrandOf(request), game, drawNo, request.body),
      );
    },
  );

  app.post(
    BACKOFFICE_CALLS.confirmSeaResult.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        summary: 'Confirms the entered SEA result (never by the operator who entered it) and publishes it (audited)',
        params: BoLotteryDrawParamsSchema,
        body: ConfirmSeaResultRequestSchema,
        response: { 200: BoSeaDrawsAwaitingResponseSchema },
      },
    },
    async (request) => {
      const { game, drawNo } = request.params;
      return ok(
        await lotteryAdmin.confirmSeaResult(
          request.operator!.actor,
          lotteryBrandOf(request),
          game,
          drawNo,
          request.body,
        ),
      );
    },
  );
};
