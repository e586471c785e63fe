import {
  BrandGameChoicesSchema,
  BrandVendorChoicesSchema,
  MAX_ORDERED_GAMES,
  type BrandOfferGameListQuery,
  type Page,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './brand-offers.repository';

export type { BrandGameOffer, BrandVendorSummary } from './brand-offers.repository';
import type { CatalogueCache } from './catalogue-cache';
import { bumpCatalogueVersion } from './catalogue-version.repository';
import { parseInput } from './parse-input';

/**
 * What each brand offers of its vendors' feeds (decision 0024): whether it offers a vendor and where, and its
 * own choices over each game, kept apart from the feed's values. Each choice bumps the brand's catalogue
 * version and clears the shared CatalogueCache.
 */
export class BrandOfferService {
  constructor(
    private readonly db: Database,
    private readonly cache: CatalogueCache,
    private readonly audit: AuditService,
  ) {}

  /** One vendor's games as a brand offers them, for the operator: what is listed, and the brand's own choices. */
  async getBrandOffer(
    brandId: number,
    vendorCode: string,
  ): Promise<{ vendor: repository.BrandVendorOffer; games: repository.BrandGameOffer[] }> {
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    return { vendor, games: await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId) };
  }

  /**
   * Whether a brand offers a vendor's games at all, and the vendor's place among its vendors. `expectedVersion`
   * is the offer's version the back office opened (BO_CHANGED_SINCE_OPENED when another change came first);
   * the CLI gives none. A new place moves the version of the brand's vendor order on too.
   */
  async chooseBrandVendor(
    actor: Actor,
    brandId: number,
    vendorCode: string,
    input: unknown,
    expectedVersion?: number,
  ): Promise<repository.BrandVendorOffer> {
    const choices = parseInput(BrandVendorChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    await this.db.transaction(async (tx) => {
      await this.claimOffer(tx, brandId, vendor.vendorId, expectedVersion);
      if (choices.sortOrder !== undefined) await repository.claimVendorOrderVersion(tx, brandId, undefined);
      await repository.updateBrandVendor(tx, brandId, vendor.vendorId, choices);
      await repository.deriveBrandOffers(tx, { vendorId: vendor.vendorId, merchantId: brandId });
      await bumpCatalogueVersion(tx, brandId);
      await this.audit.record(tx, {
        actor,
        merchantId: brandId,
        action: 'games.vendor-offer',
        targetType: 'vendor',
        targetId: vendor.code,
        before: { enabled: vendor.enabled, sortOrder: vendor.sortOrder },
        after: choices,
      });
    });
    this.cache.invalidate();
    return this.getBrandVendorOffer(brandId, vendorCode);
  }

  /**
   * A brand's choices over one game (BrandGameChoicesSchema): listed or not, hot, and its place. They are
   * kept apart from the feed's values, so the vendor's next feed changes the game and never the choice.
   * Answers the game and the offer's new version; `expectedVersion` as for chooseBrandVendor.
   */
  async chooseBrandGame(
    actor: Actor,
    brandId: number,
    vendorCode: string,
    gameCode: string,
    input: unknown,
    expectedVersion?: number,
  ): Promise<{ game: repository.BrandGameOffer; version: number }> {
    const choices = parseInput(BrandGameChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const [game] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    const version = await this.db.transaction(async (tx) => {
      const claimed = await this.claimOffer(tx, brandId, vendor.vendorId, expectedVersion);
      await repository.updateBrandGameChoices(tx, brandId, game.gameId, choices);
      await repository.deriveBrandOffers(tx, { vendorId: vendor.vendorId, merchantId: brandId, gameId: game.gameId });
      await bumpCatalogueVersion(tx, brandId);
      await this.audit.record(tx, {
        actor,
        merchantId: brandId,
        action: 'games.game-offer',
        targetType: 'game',
        targetId: `${vendor.code}/${game.code}`,
        before: { enabled: game.brandEnabled, hot: game.brandHot, sortOrder: game.brandSortOrder },
        after: choices,
      });
      return claimed;
    });
    this.cache.invalidate();
    const [chosen] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!chosen) throw new AppError('GAME_NOT_FOUND');
    return { game: chosen, version };
  }

  /** A brand's vendors in its order, each with its games listed and promotion cap, and the order's version. */
  async listBrandVendors(brandId: number): Promise<{ orderVersion: number; vendors: repository.BrandVendorSummary[] }> {
    const [orderVersion, vendors] = await Promise.all([
      repository.findVendorOrderVersion(this.db, brandId),
      repository.findBrandVendors(this.db, brandId),
    ]);
    return { orderVersion, vendors };
  }

  /** One vendor as the brand offers it, with its counts and promotion cap. */
  async getBrandVendor(brandId: number, vendorCode: string): Promise<repository.BrandVendorSummary> {
    const vendor = (await repository.findBrandVendors(this.db, brandId)).find((row) => row.code === vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return vendor;
  }

  /**
   * A new order of a brand's vendors, as one change: `vendorCodes` names every vendor the brand has, first
   * first, and `expectedVersion` is the order's version the editor opened. A vendor added or another order
   * saved since is BO_CHANGED_SINCE_OPENED, and nothing is written.
   */
  async setVendorOrder(actor: Actor, brandId: number, vendorCodes: string[], expectedVersion: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if ((await repository.claimVendorOrderVersion(tx, brandId, expectedVersion)) === undefined) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      const vendors = await repository.findBrandVendors(tx, brandId);
      const byCode = new Map(vendors.map((vendor) => [vendor.code, vendor]));
      const ordered = vendorCodes.map((code) => byCode.get(code));
      if (vendors.length !== vendorCodes.length || ordered.some((vendor) => vendor === undefined)) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await repository.updateVendorOrder(
        tx,
        brandId,
        ordered.map((vendor) => vendor!.vendorId),
      );
      await bumpCatalogueVersion(tx, brandId);
      await this.audit.record(tx, {
        actor,
        merchantId: brandId,
        action: 'games.vendor-order',
        targetType: 'brand-vendors',
        targetId: String(brandId),
        before: { vendors: vendors.map((vendor) => vendor.code) },
        after: { vendors: vendorCodes },
      });
    });
    this.cache.invalidate();
  }

  /**
   * A page of a vendor's games as the brand offers them, in its order. The cursor is the last game's place and
   * id (`<sortOrder>_<gameId>`), so a page costs the same however deep.
   */
  async listBrandGames(
    brandId: number,
    vendorCode: string,
    query: BrandOfferGameListQuery,
  ): Promise<Page<repository.BrandGameOffer>> {
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const rows = await repository.findBrandGamePage(this.db, brandId, vendor.vendorId, {
      after: decodeGameCursor(query.cursor),
      limit: query.limit + 1,
      q: query.q || undefined,
      listed: query.listed === undefined ? undefined : query.listed === 'yes',
      hot: query.hot === undefined ? undefined : query.hot === 'yes',
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? `${last.sortOrder}_${last.gameId}` : null,
    };
  }

  /** A vendor's top-level games in the brand's order (the first MAX_ORDERED_GAMES), for the order editor. */
  async getGameOrder(
    brandId: number,
    vendorCode: string,
  ): Promise<{ version: number; games: repository.BrandGameOffer[]; complete: boolean }> {
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const rows = await repository.findBrandGamePage(this.db, brandId, vendor.vendorId, {
      after: undefined,
      limit: MAX_ORDERED_GAMES + 1,
      topLevelOnly: true,
    });
    return {
      version: vendor.version,
      games: rows.slice(0, MAX_ORDERED_GAMES),
      complete: rows.length <= MAX_ORDERED_GAMES,
    };
  }

  /**
   * A new order of a vendor's top-level games for a brand, as one change: `gameCodes` names every one, first
   * first, and each takes its place as the brand's own choice (1, 2, …), which no later feed undoes. A game
   * added by a feed or another change saved since the editor opened is BO_CHANGED_SINCE_OPENED, and nothing
   * is written. Answers the offer's new version.
   */
  async setGameOrder(
    actor: Actor,
    brandId: number,
    vendorCode: string,
    gameCodes: string[],
    expectedVersion: number,
  ): Promise<number> {
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const version = await this.db.transaction(async (tx) => {
      const claimed = await this.claimOffer(tx, brandId, vendor.vendorId, expectedVersion);
      const games = await repository.findBrandGamePage(tx, brandId, vendor.vendorId, {
        after: undefined,
        limit: MAX_ORDERED_GAMES + 1,
        topLevelOnly: true,
      });
      const byCode = new Map(games.map((game) => [game.code, game]));
      const ordered = gameCodes.map((code) => byCode.get(code));
      if (games.length !== gameCodes.length || ordered.some((game) => game === undefined)) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      const gameIds = ordered.map((game) => game!.gameId);
      await repository.updateGameOrder(tx, brandId, gameIds);
      await repository.deriveBrandOffers(tx, { vendorId: vendor.vendorId, merchantId: brandId });
      await bumpCatalogueVersion(tx, brandId);
      await this.audit.record(tx, {
        actor,
        merchantId: brandId,
        action: 'games.game-order',
        targetType: 'vendor',
        targetId: vendor.code,
        before: { games: games.map((game) => game.code) },
        after: { games: gameCodes },
      });
      return claimed;
    });
    this.cache.invalidate();
    return version;
  }

  /** Claims the offer's next version in a change's transaction, or refuses the change as made since opened. */
  private async claimOffer(
    tx: Executor,
    brandId: number,
    vendorId: number,
    expectedVersion: number | undefined,
  ): Promise<number> {
    const claimed = await repository.claimOfferVersion(tx, brandId, vendorId, expectedVersion);
    if (claimed === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
    return claimed;
  }

  private async getBrandVendorOffer(brandId: number, vendorCode: string): Promise<repository.BrandVendorOffer> {
    const vendor = await repository.findBrandVendorOffer(this.db, brandId, vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return vendor;
  }
}

/** The place after which a page of games starts, from the previous page's nextCursor. */
function decodeGameCursor(cursor: string | undefined): repository.GamePageAfter | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(-?\d{1,10})_(\d{1,15})$/.exec(cursor);
  if (!match) throw new AppError('GAME_CURSOR_INVALID');
  return { sortOrder: Number(match[1]), gameId: Number(match[2]) };
}
