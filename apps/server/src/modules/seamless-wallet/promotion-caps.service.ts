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
   * currency; 0 accepts none (decision 0027).
   */
  async setPromotionCap(actor: Actor, merchantId: number, vendorCode: string, capMinor: number): Promise<void> {
    if (!Number.isSafeInteger(capMinor) || capMinor < 0) throw new AppError('VALIDATION_FAILED');
    const vendor = await this.vendors.findVendorByCode(vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      const beforeMinor = await repository.updatePromotionCap(tx, merchantId, vendor.id, capMinor);
      if (beforeMinor === undefined) throw new AppError('GAME_VENDOR_NOT_FOUND');
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'games.promotion-cap',
        targetType: 'vendor',
        targetId: vendor.code,
        before: { capMinor: beforeMinor },
        after: { capMinor },
      });
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
}
