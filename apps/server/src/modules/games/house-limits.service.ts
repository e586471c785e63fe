import { listHouseLimits, setHouseLimits, type BrandLimits } from '@parlay/house-games';
import type { Database } from '../../db/client';
import type { Actor, AuditService } from '../audit/index';

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

  /** Sets one limit; `merchantId` is the brand's (null for the default brand '*'), for the audit trail. */
  async setLimits(actor: Actor, merchantId: number | null, limits: BrandLimits): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = (await listHouseLimits(tx)).find(
        (row) => row.brand === limits.brand && row.currency === limits.currency && row.gameCode === limits.gameCode,
      );
      await setHouseLimits(tx, limits);
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'house.limits',
        targetType: 'house-limits',
        targetId: `${limits.brand}/${limits.currency}/${limits.gameCode}`,
        before: before ?? null,
        after: limits,
      });
    });
  }
}
