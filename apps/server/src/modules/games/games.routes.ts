import {
  FavoriteChangeBodySchema,
  FavoriteChangeResponseSchema,
  FavoriteGamesResponseSchema,
  FavoriteIdsResponseSchema,
  GAME_CALLS,
  GameListQuerySchema,
  GameListResponseSchema,
  GameMenusResponseSchema,
  GameVendorQuerySchema,
  GameVendorResponseSchema,
  HotGamesQuerySchema,
  HotGamesResponseSchema,
  LaunchGameRequestSchema,
  LaunchGameResponseSchema,
  RankListQuerySchema,
  RankListResponseSchema,
  RecentGamesResponseSchema,
  RoomListResponseSchema,
  VassGameTypeResponseSchema,
  WHITELABEL,
  isModuleEnabled,
  type LaunchGameRequest,
} from '@parlay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { BrandContext, PlayerContext } from './catalogue.service';

export function brandOf(request: FastifyRequest): BrandContext {
  return {
    id: request.merchant.id,
    code: request.merchant.code,
    currency: request.merchant.brand.currency,
    currencyExponent: request.merchant.brand.currencyExponent,
    currencySymbol: request.merchant.brand.currencySymbol,
    launchGameCDNs: request.merchant.site.launchGameCDNs,
    prizeModes: request.merchant.brand.prizeModes,
  };
}

export function memberOf(request: FastifyRequest): PlayerContext {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return {
    id: request.member.id,
    merchantId: request.member.merchantId,
    sessionId: request.member.sessionId,
    isFreePlay: request.member.isFreePlay,
  };
}

/**
 * Game calls (docs/product/calls.md#games). Lists answer visitors too (they may browse); a token adds nothing
 * to them.
 */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue: games, launches, betting } = app.gaming;

  const tags = ['games'];

  app.get(
    GAME_CALLS.gameMenus.path,
    {
      schema: {
        tags,
        summary: 'Lottery menu: ELOTT and LOTT vendors with their games',
        response: { 200: GameMenusResponseSchema },
      },
    },
    async (request) => ok({ list: await games.getGameMenus(brandOf(request)) }),
  );

  app.get(
    GAME_CALLS.hotGames.path,
    {
      schema: {
        tags,
        summary: 'Hot games',
        querystring: HotGamesQuerySchema,
        response: { 200: HotGamesResponseSchema },
      },
    },
    async (request) => ok({ list: await games.getHotGames(brandOf(request), request.query) }),
  );

  app.get(
    GAME_CALLS.gameList.path,
    {
      schema: {
        tags,
        summary: 'Game list: filters, search by name, pageNo paging or keyset cursor',
        querystring: GameListQuerySchema,
        response: { 200: GameListResponseSchema },
      },
    },
    async (request) => ok(await games.getGameList(brandOf(request), request.query)),
  );

  app.get(
    GAME_CALLS.vassGameTypes.path,
    { schema: { tags, summary: 'Each vendor with its game types', response: { 200: VassGameTypeResponseSchema } } },
    async (request) => ok({ list: await games.getVassGameTypes(request.merchant.id) }),
  );

  app.get(
    GAME_CALLS.gameVendor.path,
    {
      schema: {
        tags,
        summary: 'Vendor lanes per category (data.lanes); version changes with the catalogue',
        querystring: GameVendorQuerySchema,
        response: { 200: GameVendorResponseSchema },
      },
    },
    async (request) =>
      ok(
        await games.getVendorLanes(request.merchant.id, {
          comingSoon: isModuleEnabled(request.merchant.whitelabel, WHITELABEL.COMING_SOON_CATEGORIES),
        }),
      ),
  );

  app.get(
    GAME_CALLS.rankList.path,
    {
      schema: {
        tags,
        summary: 'Winner board: biggest settled wins',
        querystring: RankListQuerySchema,
        response: { 200: RankListResponseSchema },
      },
    },
    async (request) => ok({ list: await betting.findBiggestWins(request.merchant.id, request.query) }),
  );

  app.get(
    GAME_CALLS.favoriteIds.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "Ids of the member's favourite games",
        response: { 200: FavoriteIdsResponseSchema },
      },
    },
    async (request) => ok({ gameIds: await games.listFavoriteIds(memberOf(request)) }),
  );

  app.get(
    GAME_CALLS.favoriteGames.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "The member's favourite games",
        response: { 200: FavoriteGamesResponseSchema },
      },
    },
    async (request) => ok({ list: await games.listFavoriteGames(memberOf(request)) }),
  );

  app.post(
    GAME_CALLS.addFavorite.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Add a game to my collection',
        body: FavoriteChangeBodySchema,
        response: { 200: FavoriteChangeResponseSchema },
      },
    },
    async (request) => ok({ gameIds: await games.addFavorite(memberOf(request), request.body.gameId) }),
  );

  app.post(
    GAME_CALLS.removeFavorite.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Remove a game from my collection',
        body: FavoriteChangeBodySchema,
        response: { 200: FavoriteChangeResponseSchema },
      },
    },
    async (request) => ok({ gameIds: await games.removeFavorite(memberOf(request), request.body.gameId) }),
  );

  app.get(
    GAME_CALLS.recentGames.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Recently launched games, newest first',
        response: { 200: RecentGamesResponseSchema },
      },
    },
    async (request) => ok({ list: await games.listRecentGames(memberOf(request)) }),
  );

  app.get(
    GAME_CALLS.roomList.path,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'PVP rooms', response: { 200: RoomListResponseSchema } },
    },
    async (request) => ok({ list: await games.getPvpRooms(brandOf(request)) }),
  );

  // Real money needs a real account: a trial (type 4) account or a free-play guest may start free
  // trials only, anything else is NEED_TRUE_ACCOUNT (docs/product/accounts.md#protected-actions).
  const launch = async (request: FastifyRequest, reply: FastifyReply, payload: LaunchGameRequest) => {
    if (payload.playMode !== 'trial') await app.requireRealMember(request, reply);
    return ok(
      await launches.launch(brandOf(request), memberOf(request), payload, {
        language: request.language,
        host: request.host,
      }),
    );
  };

  app.post(
    GAME_CALLS.launchGame.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Launch a game (real money, or a free trial with play money)',
        body: LaunchGameRequestSchema,
        response: { 200: LaunchGameResponseSchema },
      },
    },
    async (request, reply) => launch(request, reply, request.body),
  );

  app.get(
    GAME_CALLS.launchGameByQuery.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Launch a game, payload in the query',
        querystring: LaunchGameRequestSchema,
        response: { 200: LaunchGameResponseSchema },
      },
    },
    async (request, reply) => launch(request, reply, request.query),
  );
};
