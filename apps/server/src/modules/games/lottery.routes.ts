import {
  GAME_CALLS,
  OpenedNumbersQuerySchema,
  OpenedNumbersResponseSchema,
  PopularLotteryQuerySchema,
  PopularLotteryResponseSchema,
  RecentLotteryResponseSchema,
  VnGameMenuResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf, memberOf } from './games.routes';

/**
 * The lottery calls (docs/product/calls.md#lottery). The menu, popular lotteries and results answer visitors too;
 * the recent menu and the member's results need a member of the request's brand (NOT_LOGGED_IN otherwise).
 */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lottery } = app.gaming;
  const tags = ['games'];

  app.get(
    GAME_CALLS.vnGameMenu.path,
    {
      schema: {
        tags,
        summary: "VN lottery menu: the brand's VN lottery games by region, with today's draws",
        response: { 200: VnGameMenuResponseSchema },
      },
    },
    async (request) => ok(await lottery.getVnMenu(brandOf(request))),
  );

  app.get(
    GAME_CALLS.vnGameMenuRecent.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "The member's recently played lottery games, newest first",
        response: { 200: RecentLotteryResponseSchema },
      },
    },
    async (request) => ok({ list: await lottery.getRecent(memberOf(request)) }),
  );

  app.get(
    GAME_CALLS.popularLottery.path,
    {
      schema: {
        tags,
        summary: "The brand's most played lottery games over the last days, at most count",
        querystring: PopularLotteryQuerySchema,
        response: { 200: PopularLotteryResponseSchema },
      },
    },
    async (request) => ok({ list: await lottery.getPopular(brandOf(request), request.query.count) }),
  );

  app.get(
    GAME_CALLS.openedNumbers.path,
    {
      schema: {
        tags,
        summary: "The latest draw results of the brand's lottery games, newest first",
        querystring: OpenedNumbersQuerySchema,
        response: { 200: OpenedNumbersResponseSchema },
      },
    },
    async (request) => ok({ list: await lottery.getOpenedNumbers(brandOf(request), request.query) }),
  );

  app.get(
    GAME_CALLS.memberOpenedNumbers.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "The latest draw results of the member's brand's lottery games, newest first",
        querystring: OpenedNumbersQuerySchema,
        response: { 200: OpenedNumbersResponseSchema },
      },
    },
    // A token is bound to the brand that issued it: the request's brand is the member's own.
    async (request) => ok({ list: await lottery.getOpenedNumbers(brandOf(request), request.query) }),
  );
};
