import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's VIP levels (decision 0046), in major units of its currency: reach, keep and benefits. */
export const DEMO_VIP_LEVELS = [
  { rank: 0, name: 'Bronze', reach: [0, 0], keep: [0, 0], bonus: [0, 0, 0], withdrawal: [3, 3_000_000, 1_000_000] },
  {
    rank: 1,
    name: 'Silver',
    reach: [300_000, 30_000],
    keep: [150_000, 0],
    bonus: [5_000, 10_000, 0],
    withdrawal: [3, 5_000_000, 2_000_000],
  },
  {
    rank: 2,
    name: 'Gold',
    reach: [3_000_000, 300_000],
    keep: [1_500_000, 100_000],
    bonus: [30_000, 30_000, 10_000],
    withdrawal: [5, 10_000_000, 5_000_000],
  },
  {
    rank: 3,
    name: 'Platinum',
    reach: [20_000_000, 2_000_000],
    keep: [10_000_000, 1_000_000],
    bonus: [100_000, 50_000, 30_000],
    withdrawal: [5, 30_000_000, 10_000_000],
  },
  {
    rank: 4,
    name: 'Diamond',
    reach: [50_000_000, 5_000_000],
    keep: [25_000_000, 2_500_000],
    bonus: [300_000, 100_000, 50_000],
    withdrawal: [10, 50_000_000, 20_000_000],
  },
  {
    rank: 5,
    name: 'Royal',
    reach: [100_000_000, 10_000_000],
    keep: [50_000_000, 5_000_000],
    bonus: [1_000_000, 300_000, 100_000],
    withdrawal: [null, null, null],
  },
] as const;

/** Rebate rates (bp of the valid bet) by game type, for the rewards (issue 36): more for each level. */
function demoRebates(rank: number): Record<string, number> {
  return { LIVE: 10 + rank * 10, RNG: 20 + rank * 10, SPORTS: 10 + rank * 5, FISH: 20 + rank * 10, PVP: 10 + rank * 5 };
}

/**
 * The demo brand's six levels and the demo member at Gold (rank 2), with its change record, written once: levels
 * an operator already defined are left as they are, and the member is raised only while it has no change.
 */
export async function seedDemoVip(db: Database, merchantCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; exponent: unknown }>(
      tx,
      sql`SELECT id, currency_exponent AS exponent FROM merchants WHERE code = ${merchantCode}`,
    );
    if (!brand) return;
    const merchantId = toNumber(brand.id);
    const scale = 10 ** toNumber(brand.exponent);
    const minor = (major: number | null) => (major === null ? null : major * scale);
    for (const level of DEMO_VIP_LEVELS) {
      await query(
        tx,
        sql`INSERT INTO vip_levels (merchant_id, rank_level, name, reach_valid_bet_minor, reach_deposit_minor,
              keep_valid_bet_minor, keep_deposit_minor, rebate_bp, withdrawal_daily_count, withdrawal_daily_max_minor,
              withdrawal_single_max_minor, upgrade_bonus_minor, birthday_bonus_minor, monthly_bonus_minor)
            VALUES (${merchantId}, ${level.rank}, ${level.name}, ${minor(level.reach[0])}, ${minor(level.reach[1])},
              ${minor(level.keep[0])}, ${minor(level.keep[1])}, ${JSON.stringify(demoRebates(level.rank))}::jsonb,
              ${level.withdrawal[0]}, ${minor(level.withdrawal[1])}, ${minor(level.withdrawal[2])},
              ${minor(level.bonus[0])}, ${minor(level.bonus[1])}, ${minor(level.bonus[2])})
            ON CONFLICT (merchant_id, rank_level) DO NOTHING`,
      );
    }
    await query(
      tx,
      sql`INSERT INTO vip_settings (merchant_id, period_days, downgrade_grace_days) VALUES (${merchantId}, 30, 30)
          ON CONFLICT (merchant_id) DO NOTHING`,
    );
    const [member] = await query<{ id: unknown }>(
      tx,
      sql`SELECT m.id FROM members m WHERE m.merchant_id = ${merchantId} AND lower(m.account) = 'demo'
            AND m.rank_level = 0 AND NOT EXISTS (SELECT 1 FROM vip_level_changes c WHERE c.member_id = m.id)
          FOR UPDATE`,
    );
    if (!member) return;
    const memberId = toNumber(member.id);
    await query(
      tx,
      sql`INSERT INTO vip_level_changes (merchant_id, member_id, kind, from_level, to_level, from_name, to_name,
            valid_bet_minor, deposit_minor, created_at)
          VALUES (${merchantId}, ${memberId}, 'upgrade', 0, 2, 'Bronze', 'Gold', ${minor(3_200_000)},
            ${minor(400_000)}, now() - interval '3 days')`,
    );
    await query(tx, sql`UPDATE members SET rank_level = 2 WHERE id = ${memberId}`);
  });
}
