import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { VendorService } from '../vendors/index';
import * as repository from './promotion-caps.repository';

/** A brand's cap on a vendor's promotion and tournament credits, and what they paid on one of its days. */
export interface PromotionDay extends repository.PromotionDay {
  vendorCode: string;
  list: repository.PromotionCreditRow[];
}

/**
 * A brand's daily cap on each vendor's promotion and tournament credits, and what they paid on its days
 * (decision 0027): the operator's side. The seamless wallet counts each credit against the cap as it pays it.
 */
export class PromotionCapService {
  constructor(
    private readonly db: Database,
    private readonly vendors: VendorService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Sets a brand's daily cap on a vendor's promotion and tournament credits, in minor units of the brand's
   * currency; 0 accepts none (decision 0027). `expectedVersion` is the version of the brand's offer of the vendor
   * the back office opened (BO_CHANGED_SINCE_OPENED when another change came first); the CLI gives none. Answers
   * the offer's new version.
   */
  async setPromotionCap(
    actor: Actor,
    merchantId: number,
    vendorCode: string,
    capMinor: number,
    expectedVersion?: number,
  ): Promise<number> {
    if (!Number.isSafeInteger(capMinor) || capMinor < 0) throw new AppError('VALIDATION_FAILED');
    const vendor = await this.vendors.findVendorByCode(vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return this.db.transaction(async (tx) => {
      const updated = await repository.updatePromotionCap(tx, merchantId, vendor.id, capMinor, expectedVersion);
      if (updated === undefined) {
        const known = await repository.hasBrandVendor(tx, merchantId, vendor.id);
        throw new AppError(known ? 'BO_CHANGED_SINCE_OPENED' : 'GAME_VENDOR_NOT_FOUND');
      }
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'games.promotion-cap',
        targetType: 'vendor',
        targetId: vendor.code,
        before: { capMinor: updated.beforeMinor },
        after: { capMinor },
      });
      return updated.version;
    });
  }

  /**
   * A brand's cap on a vendor's promotion and tournament credits, their total on the brand's day (today in
   * its time zone, or `day`, YYYY-MM-DD), and the first `limit` of them.
   */
  async findPromotionDay(
    merchantId: number,
    vendorCode: string,
    options: { day?: string | undefined; limit?: number | undefined } = {},
  ): Promise<PromotionDay> {
    const vendor = await this.vendors.findVendorByCode(vendorCode);
    const found = vendor && (await repository.findPromotionDay(this.db, merchantId, vendor.id, options.day));
    if (!vendor || !found) throw new AppError('GAME_VENDOR_NOT_FOUND');
    const list = await repository.findPromotionCredits(this.db, merchantId, vendor.id, found.day, options.limit ?? 100);
    return {
      vendorCode: vendor.code,
      capMinor: found.capMinor,
      day: found.day,
      timeZone: found.timeZone,
      paidMinor: found.paidMinor,
      credits: found.credits,
      list,
    };
  }

  /**
   * A page of the promotion and tournament credits a vendor paid a brand's members on a day (today in the
   * brand's time zone, or `day`), in the order they came, with the day's cap and total. The cursor is the last
   * credit's id.
   */
  async listPromotionCredits(
    merchantId: number,
    vendorCode: string,
    options: { day?: string | undefined; limit: number; cursor?: string | undefined },
  ): Promise<Omit<PromotionDay, 'list'> & { items: repository.PromotionCreditRow[]; nextCursor: string | null }> {
    let afterId: number | undefined;
    if (options.cursor !== undefined) {
      if (!/^[0-9a-z]{1,11}$/.test(options.cursor)) throw new AppError('GAME_CURSOR_INVALID');
      afterId = Number.parseInt(options.cursor, 36);
    }
    const vendor = await this.vendors.findVendorByCode(vendorCode);
    const found = vendor && (await repository.findPromotionDay(this.db, merchantId, vendor.id, options.day));
    if (!vendor || !found) throw new AppError('GAME_VENDOR_NOT_FOUND');
    const rows = await repository.findPromotionCredits(
      this.db,
      merchantId,
      vendor.id,
      found.day,
      options.limit + 1,
      afterId,
    );
    const items = rows.slice(0, options.limit);
    const last = items.at(-1);
    return {
      vendorCode: vendor.code,
      ...found,
      items,
      nextCursor: rows.length > options.limit && last ? last.id.toString(36) : null,
    };
  }
}
