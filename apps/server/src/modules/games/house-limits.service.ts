import type { HouseLimit, HouseLimits, SetHouseLimitRequest } from '@parlay/contract';
import { listHouseLimits, setHouseLimits, type BrandLimits } from '@parlay/house-games';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';

/** The default brand of house.limits: every brand without limits of its own. */
const DEFAULT_BRAND = '*';

/**
 * The house games vendor's bet limits and maximum wins per brand, currency and game, which it keeps in its own
 * schema of this database (house.limits): the operator's side, audited. A limit that breaks the vendor's rules
 * is a RangeError and changes nothing.
 */
export class HouseLimitService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** Every limit set, the default brand ('*') first. */
  async listLimits(): Promise<BrandLimits[]> {
    return listHouseLimits(this.db);
  }

  /**
   * Sets one limit; `merchantId` is the brand's (null for the default brand '*'), for the audit trail. With
   * `expectedVersion` (the back office's: the version opened, null when there was no limit) a limit changed
   * since is BO_CHANGED_SINCE_OPENED and nothing is written.
   */
  async setLimits(
    actor: Actor,
    merchantId: number | null,
    limits: BrandLimits,
    expectedVersion?: number | null,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = (await listHouseLimits(tx)).find(
        (row) => row.brand === limits.brand && row.currency === limits.currency && row.gameCode === limits.gameCode,
      );
      const written = await setHouseLimits(tx, limits, expectedVersion === undefined ? {} : { expectedVersion });
      if (!written) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'house.limits',
        targetType: 'house-limits',
        targetId: `${limits.brand}/${limits.currency}/${limits.gameCode}`,
        before: before
          ? { minBetMinor: before.minBetMinor, maxBetMinor: before.maxBetMinor, maxWinMinor: before.maxWinMinor }
          : null,
        after: limits,
      });
    });
  }

  /** A brand's limits in its currency: its own, and the default ones of the games it has none for. */
  async getBrandLimits(brand: { code: string; currency: string }): Promise<HouseLimits> {
    const rows = (await listHouseLimits(this.db)).filter(
      (row) => row.currency === brand.currency && (row.brand === brand.code || row.brand === DEFAULT_BRAND),
    );
    const limits: HouseLimit[] = rows.map((row) => ({
      scope: row.brand === DEFAULT_BRAND ? 'default' : 'brand',
      currency: row.currency,
      gameCode: row.gameCode as HouseLimit['gameCode'],
      minBetMinor: row.minBetMinor,
      maxBetMinor: row.maxBetMinor,
      maxWinMinor: row.maxWinMinor,
      version: row.version,
    }));
    return { currency: brand.currency, limits };
  }

  /**
   * The back office's change of one limit in the brand's currency: the brand's own, or the default one, which
   * every brand without its own bets under, so only an operator of every brand (`allBrands`) may change it.
   */
  async setBrandLimit(
    actor: Actor,
    brand: { id: number; code: string; currency: string },
    request: SetHouseLimitRequest,
    caller: { allBrands: boolean },
  ): Promise<HouseLimits> {
    if (request.scope === 'default' && !caller.allBrands) throw new AppError('BO_PLATFORM_ONLY');
    const isDefault = request.scope === 'default';
    try {
      await this.setLimits(
        actor,
        isDefault ? null : brand.id,
        {
          brand: isDefault ? DEFAULT_BRAND : brand.code,
          currency: brand.currency,
          gameCode: request.gameCode,
          minBetMinor: request.minBetMinor,
          maxBetMinor: request.maxBetMinor,
          maxWinMinor: request.maxWinMinor,
        },
        request.version,
      );
    } catch (error) {
      // The contract's schema holds the vendor's rules; one it missed is still the caller's input.
      if (error instanceof RangeError)
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: '', message: error.message }] });
      throw error;
    }
    return this.getBrandLimits(brand);
  }
}
