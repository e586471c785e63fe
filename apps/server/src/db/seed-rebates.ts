import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The demo brand's cashback (decision 0051): weekly periods from Monday in its time zone, claimed by the member (no
 * auto-pay), at the rates of its VIP levels (seed-vip.ts). Written once; before the demo rounds, which the feed's
 * `rebates` consumer then accrues: the demo member's past weeks are claimable and its current week accrues.
 */
export async function seedDemoRebates(db: Database, merchantCode: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO rebate_settings (merchant_id, enabled, period, auto_pay, version, updated_by)
        SELECT id, true, 'weekly', false, 1, 'seed' FROM merchants WHERE code = ${merchantCode}
        ON CONFLICT (merchant_id) DO NOTHING`,
  );
}
