import { BrandGameChoicesSchema, BrandVendorChoicesSchema } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './brand-offers.repository';
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

  /** Whether a brand offers a vendor's games at all, and the vendor's place among its vendors. */
  async chooseBrandVendor(
    actor: Actor,
    brandId: number,
    vendorCode: string,
    input: unknown,
  ): Promise<repository.BrandVendorOffer> {
    const choices = parseInput(BrandVendorChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    await this.db.transaction(async (tx) => {
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
   */
  async chooseBrandGame(
    actor: Actor,
    brandId: number,
    vendorCode: string,
    gameCode: string,
    input: unknown,
  ): Promise<repository.BrandGameOffer> {
    const choices = parseInput(BrandGameChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const [game] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    await this.db.transaction(async (tx) => {
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
    });
    this.cache.invalidate();
    const [chosen] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!chosen) throw new AppError('GAME_NOT_FOUND');
    return chosen;
  }

  private async getBrandVendorOffer(brandId: number, vendorCode: string): Promise<repository.BrandVendorOffer> {
    const vendor = await repository.findBrandVendorOffer(this.db, brandId, vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return vendor;
  }
}
