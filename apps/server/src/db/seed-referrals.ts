import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo players (seed-history.ts) who registered through the demo member's invite link, one early, two late. */
export const DEMO_REFERRED_PLAYERS = ['demoplayer03', 'demoplayer17', 'demoplayer24'] as const;

/**
 * The demo member's invitations, so that its member centre's `referral` page shows real data on a fresh
 * `npm start`: three of the demo brand's demo players (registered over the last 30 days, who have played) name
 * the demo member as their inviter. One statement; idempotent: a player who names an inviter already is left as
 * it is. Returns the players linked now.
 */
export async function seedDemoReferrals(db: Database, merchantCode: string): Promise<number> {
  const rows = await query(
    db,
    sql`UPDATE members p SET referrer_id = d.id
        FROM merchants b, members d
        WHERE b.code = ${merchantCode} AND d.merchant_id = b.id AND lower(d.account) = 'demo'
          AND p.merchant_id = b.id AND p.referrer_id IS NULL AND p.register_method = 'SEED'
          AND p.account IN (${sql.join(
            DEMO_REFERRED_PLAYERS.map((account) => sql`${account}`),
            sql`, `,
          )})
        RETURNING p.id`,
  );
  return rows.length;
}
