import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo member's welcome points (pointsMinor: 5,000.00 points), written once by its key. */
export const DEMO_WELCOME_POINTS_MINOR = 500_000;

/**
 * The demo brand's point configuration (decision 0044): the specification's rates, lottery at 0.50, deposits at
 * 0.05 points a won, monthly periods, and a point converting to 1 won from 1,000 points; and the demo member's
 * welcome points, once. Before the demo rounds: the feed's `points` consumer then accrues them at these rates.
 */
export async function seedDemoPoints(db: Database, merchantCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO point_configs (merchant_id, enabled, rates, deposit_rate_bp, period, conversion_minor_per_point,
            conversion_min_points_minor, version, updated_by)
          SELECT id, true, '{"LIVE": 7000, "SPORTS": 10000, "FISH": 12000, "RNG": 12000, "PVP": 10000,
                  "LOTTERY": 5000, "ESPORTS": null}'::jsonb, 500, 'monthly', 1, 100000, 1, 'seed'
          FROM merchants WHERE code = ${merchantCode}
          ON CONFLICT (merchant_id) DO NOTHING`,
    );
    // One statement, keyed: a second start finds the key and writes nothing.
    await tx.execute(
      sql`WITH member AS (
            SELECT m.id, m.merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
            WHERE b.code = ${merchantCode} AND lower(m.account) = 'demo'
              AND NOT EXISTS (SELECT 1 FROM point_entries e WHERE e.idempotency_key = 'seed:welcome:' || m.id)
          ),
          account AS (
            INSERT INTO point_accounts AS a (member_id, merchant_id, balance_points_minor)
            SELECT id, merchant_id, ${DEMO_WELCOME_POINTS_MINOR} FROM member
            ON CONFLICT (member_id) DO UPDATE
              SET balance_points_minor = a.balance_points_minor + EXCLUDED.balance_points_minor
            RETURNING member_id, merchant_id, balance_points_minor
          )
          INSERT INTO point_entries (merchant_id, member_id, type, points_minor, balance_after_points_minor,
            idempotency_key, reason, created_by)
          SELECT merchant_id, member_id, 'adjustment', ${DEMO_WELCOME_POINTS_MINOR}, balance_points_minor,
            'seed:welcome:' || member_id, 'Welcome points', 'seed'
          FROM account`,
    );
  });
}
