import {
  BACKOFFICE_CALLS,
  BrandGameChangeResponseSchema,
  BrandOfferGameListQuerySchema,
  BrandOfferGameListResponseSchema,
  BrandOfferResponseSchema,
  BrandOfferVendorResponseSchema,
  BrandParamsSchema,
  BrandVendorGameParamsSchema,
  BrandVendorParamsSchema,
  CATALOGUE_SYNC_MAX_BYTES,
  EmptyResponseSchema,
  FeedImportResponseSchema,
  GameOrderResponseSchema,
  HouseLimitsResponseSchema,
  PromotionCreditListQuerySchema,
  PromotionDayResponseSchema,
  SetBrandGameRequestSchema,
  SetBrandVendorRequestSchema,
  SetGameOrderRequestSchema,
  SetHouseLimitRequestSchema,
  SetPromotionCapRequestSchema,
  SetVendorOrderRequestSchema,
  VendorFeedListQuerySchema,
  VendorFeedListResponseSchema,
  VendorFeedResponseSchema,
  VendorParamsSchema,
  type BrandOfferGame,
  type BrandOfferVendor,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { BrandGameOffer, BrandVendorSummary } from './brand-offers.service';
import { brandOf } from '../../plugins/backoffice-brand';

function toOfferVendor(vendor: BrandVendorSummary): BrandOfferVendor {
  return {
    code: vendor.code,
    name: vendor.name,
    status: vendor.status as BrandOfferVendor['status'],
    enabled: vendor.enabled,
    sortOrder: vendor.sortOrder,
    games: vendor.games,
    listed: vendor.listed,
    promotionCapMinor: vendor.promotionCapMinor,
    version: vendor.version,
  };
}

function toOfferGame(game: BrandGameOffer): BrandOfferGame {
  return {
    code: game.code,
    gameName: game.gameName,
    gameType: game.gameType as BrandOfferGame['gameType'],
    status: game.status as BrandOfferGame['status'],
    topLevel: game.topLevel,
    listed: game.listed,
    isHot: game.isHot,
    sortOrder: game.sortOrder,
    brandEnabled: game.brandEnabled,
    brandHot: game.brandHot,
    brandSortOrder: game.brandSortOrder,
  };
}

/**
 * The Games pages' calls (issue 32): vendors and their feeds (decision 0020), a brand's offer (decision 0024)
 * and its caps on promotion credits (decision 0027), and the house games' limits. The same services as
 * `npm run admin -- games` and `house`, each change audited as the operator.
 */
export const gamesBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogueSync, brandOffers, promotionCaps, houseLimits } = app.gaming;
  const feedTags = ['vendors'];
  const offerTags = ['offer'];

  app.get(
    BACKOFFICE_CALLS.vendorFeeds.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: feedTags,
        summary: 'The vendors and their feeds: games, where the feed is published, the last reading and its result',
        querystring: VendorFeedListQuerySchema,
        response: { 200: VendorFeedListResponseSchema },
      },
    },
    async (request) => ok(await catalogueSync.listVendorFeeds(request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.syncVendorFeed.path,
    {
      config: { permission: 'games.write', platformWide: true },
      schema: {
        tags: feedTags,
        summary: "Read the vendor's feed again now (games sync CODE); a reading that fails changes nothing",
        params: VendorParamsSchema,
        response: { 200: VendorFeedResponseSchema },
      },
    },
    async (request) => {
      const { vendor } = request.params;
      await catalogueSync.syncCatalogue(vendor, new Date(), request.operator!.actor);
      return ok(await catalogueSync.getVendorFeed(vendor));
    },
  );

  app.post(
    BACKOFFICE_CALLS.importVendorFeed.path,
    {
      config: { permission: 'games.write', platformWide: true },
      // A vendor's whole feed, as large as a catalogue reading may be.
      bodyLimit: CATALOGUE_SYNC_MAX_BYTES,
      schema: {
        tags: feedTags,
        summary:
          'Write an uploaded feed (games import): checked against CatalogueFeedSchema, refused as GAME_FEED_INVALID with value.issues',
        body: z.unknown().describe('The feed, as CatalogueFeedSchema describes it.'),
        response: { 200: FeedImportResponseSchema },
      },
    },
    async (request) => ok(await catalogueSync.importFeed(request.body, { actor: request.operator!.actor })),
  );

  app.get(
    BACKOFFICE_CALLS.brandOffer.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: offerTags,
        summary: "The brand's vendors in its order: offered or not, games listed, promotion cap, versions",
        params: BrandParamsSchema,
        response: { 200: BrandOfferResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const offer = await brandOffers.listBrandVendors(brand.id);
      return ok({
        currency: brand.brand.currency,
        orderVersion: offer.orderVersion,
        vendors: offer.vendors.map(toOfferVendor),
      });
    },
  );

  app.put(
    BACKOFFICE_CALLS.setVendorOrder.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: offerTags,
        summary: "A new order of the brand's vendors, as one change (every vendor, first first)",
        params: BrandParamsSchema,
        body: SetVendorOrderRequestSchema,
        response: { 200: EmptyResponseSchema },
      },
    },
    async (request) => {
      const { vendors, version } = request.body;
      await brandOffers.setVendorOrder(request.operator!.actor, brandOf(request).id, vendors, version);
      return ok(null);
    },
  );

  app.get(
    BACKOFFICE_CALLS.brandOfferVendor.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: offerTags,
        summary: 'One vendor as the brand offers it',
        params: BrandVendorParamsSchema,
        response: { 200: BrandOfferVendorResponseSchema },
      },
    },
    async (request) => ok(toOfferVendor(await brandOffers.getBrandVendor(brandOf(request).id, request.params.vendor))),
  );

  app.put(
    BACKOFFICE_CALLS.setBrandVendor.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: offerTags,
        summary: "Whether the brand offers the vendor's games (games offer VENDOR --enable|--disable)",
        params: BrandVendorParamsSchema,
        body: SetBrandVendorRequestSchema,
        response: { 200: BrandOfferVendorResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const { vendor } = request.params;
      await brandOffers.chooseBrandVendor(
        request.operator!.actor,
        brand.id,
        vendor,
        { enabled: request.body.enabled },
        request.body.version,
      );
      return ok(toOfferVendor(await brandOffers.getBrandVendor(brand.id, vendor)));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setPromotionCap.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: offerTags,
        summary: "The brand's daily cap on the vendor's promotion and tournament credits (games offer --promo-cap)",
        params: BrandVendorParamsSchema,
        body: SetPromotionCapRequestSchema,
        response: { 200: BrandOfferVendorResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const { vendor } = request.params;
      const { capMinor, version } = request.body;
      await promotionCaps.setPromotionCap(request.operator!.actor, brand.id, vendor, capMinor, version);
      return ok(toOfferVendor(await brandOffers.getBrandVendor(brand.id, vendor)));
    },
  );

  app.get(
    BACKOFFICE_CALLS.promotionCredits.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: offerTags,
        summary: "The vendor's promotion and tournament credits of a day (games promotions), and the day's total",
        params: BrandVendorParamsSchema,
        querystring: PromotionCreditListQuerySchema,
        response: { 200: PromotionDayResponseSchema },
      },
    },
    async (request) => {
      const found = await promotionCaps.listPromotionCredits(brandOf(request).id, request.params.vendor, request.query);
      return ok({
        day: found.day,
        timeZone: found.timeZone,
        capMinor: found.capMinor,
        paidMinor: found.paidMinor,
        credits: found.credits,
        nextCursor: found.nextCursor,
        items: found.items.map((credit) => ({
          createdAt: credit.createdAt.toISOString(),
          account: credit.account,
          creditType: credit.creditType,
          amountMinor: credit.amountMinor,
          currency: credit.currency,
          transactionId: credit.transactionId,
          roundId: credit.roundId,
        })),
      });
    },
  );

  app.get(
    BACKOFFICE_CALLS.brandOfferGames.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: offerTags,
        summary: "The vendor's games as the brand offers them, in its order (keyset paged)",
        params: BrandVendorParamsSchema,
        querystring: BrandOfferGameListQuerySchema,
        response: { 200: BrandOfferGameListResponseSchema },
      },
    },
    async (request) => {
      const page = await brandOffers.listBrandGames(brandOf(request).id, request.params.vendor, request.query);
      return ok({ items: page.items.map(toOfferGame), nextCursor: page.nextCursor });
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandGame.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: offerTags,
        summary: "The brand's choices over one game: listed, hot, place; null follows the feed (games offer V G)",
        params: BrandVendorGameParamsSchema,
        body: SetBrandGameRequestSchema,
        response: { 200: BrandGameChangeResponseSchema },
      },
    },
    async (request) => {
      const { version, ...choices } = request.body;
      const { vendor, game } = request.params;
      const changed = await brandOffers.chooseBrandGame(
        request.operator!.actor,
        brandOf(request).id,
        vendor,
        game,
        choices,
        version,
      );
      return ok({ game: toOfferGame(changed.game), version: changed.version });
    },
  );

  app.get(
    BACKOFFICE_CALLS.gameOrder.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: offerTags,
        summary: "The vendor's top-level games in the brand's order, for the order editor",
        params: BrandVendorParamsSchema,
        response: { 200: GameOrderResponseSchema },
      },
    },
    async (request) => {
      const order = await brandOffers.getGameOrder(brandOf(request).id, request.params.vendor);
      return ok({ version: order.version, complete: order.complete, games: order.games.map(toOfferGame) });
    },
  );

  app.put(
    BACKOFFICE_CALLS.setGameOrder.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: offerTags,
        summary: "A new order of the vendor's top-level games, as one change (every one, first first)",
        params: BrandVendorParamsSchema,
        body: SetGameOrderRequestSchema,
        response: { 200: BrandOfferVendorResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const { vendor } = request.params;
      const { games, version } = request.body;
      await brandOffers.setGameOrder(request.operator!.actor, brand.id, vendor, games, version);
      return ok(toOfferVendor(await brandOffers.getBrandVendor(brand.id, vendor)));
    },
  );

  const houseTags = ['house-limits'];
  app.get(
    BACKOFFICE_CALLS.houseLimits.path,
    {
      config: { permission: 'games.read' },
      schema: {
        tags: houseTags,
        summary: "The house games' bet limits and maximum wins of the brand (its own and the default ones)",
        params: BrandParamsSchema,
        response: { 200: HouseLimitsResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      return ok(await houseLimits.getBrandLimits({ code: brand.code, currency: brand.brand.currency }));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setHouseLimit.path,
    {
      config: { permission: 'games.write' },
      schema: {
        tags: houseTags,
        summary: "One game's limits, the brand's own or the default ones (house limits set)",
        params: BrandParamsSchema,
        body: SetHouseLimitRequestSchema,
        response: { 200: HouseLimitsResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const operator = request.operator!;
      return ok(
        await houseLimits.setBrandLimit(
          operator.actor,
          { id: brand.id, code: brand.code, currency: brand.brand.currency },
          request.body,
          { allBrands: operator.allBrands },
        ),
      );
    },
  );
};
