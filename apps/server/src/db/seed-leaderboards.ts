import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's leaderboards (decision 0056), by code. */
export const DEMO_LEADERBOARD_CODES = { wager: 'WEEKLYBET', multiplier: 'BIGWIN' } as const;

/**
 * The demo brand's leaderboards (decision 0056): WEEKLYBET, the week's valid bets (prizes 50,000, 30,000, 20,000,
 * 10,000 and 5,000), and BIGWIN, the week's biggest win multiplier of a round of at least 1,000 (30,000, 15,000,
 * 5,000); amounts in major units of the brand's currency. Both start on the Monday of last week (the brand's
 * calendar), so that the demo rounds give them a finished week and the current one. Written once by their codes,
 * before the demo rounds, which the feed's `leaderboards` consumer scores as they come: no score is written here.
 */
export async function seedDemoLeaderboards(db: Database, merchantCode: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO leaderboards (merchant_id, code, title_ko, title_en, summary_ko, summary_en, measure, min_bet_minor,
                                  period, prizes_minor, starts_at)
        SELECT b.id, l.code, l.title_ko, l.title_en, l.summary_ko, l.summary_en, l.measure,
               l.min_bet_major * power(10, b.currency_exponent)::bigint, 'weekly',
               (SELECT array_agg(p * power(10, b.currency_exponent)::bigint ORDER BY o)
                FROM unnest(l.prizes_major) WITH ORDINALITY AS u (p, o)),
               (date_trunc('week', now() AT TIME ZONE b.time_zone) - interval '7 days') AT TIME ZONE b.time_zone
        FROM merchants b
        CROSS JOIN (VALUES
          (${DEMO_LEADERBOARD_CODES.wager}, '주간 베팅 랭킹', 'Weekly wager race',
           '이번 주(월요일부터) 유효 베팅 합계 상위 5명에게 상금을 드립니다. 주가 끝나면 자동으로 지급됩니다.',
           'The top 5 by valid bets this week (from Monday) win a prize, paid automatically when the week ends.',
           'valid_bet', 0::bigint, ARRAY[50000, 30000, 20000, 10000, 5000]::bigint[]),
          (${DEMO_LEADERBOARD_CODES.multiplier}, '주간 최고 배당', 'Biggest win of the week',
           '1,000 이상 베팅한 한 판의 최고 배당 상위 3명에게 상금을 드립니다.',
           'The top 3 by the biggest win multiplier of one round of 1,000 or more win a prize.',
           'multiplier', 1000::bigint, ARRAY[30000, 15000, 5000]::bigint[])
        ) AS l (code, title_ko, title_en, summary_ko, summary_en, measure, min_bet_major, prizes_major)
        WHERE b.code = ${merchantCode}
        ON CONFLICT (merchant_id, code) DO NOTHING`,
  );
}

/**
 * After the demo rounds: the `leaderboards` consumer scores them all, then the payout pays last week's prizes, with
 * the payout's own code, so that the winners' list is not empty on a fresh start. Its job would do the same within a
 * minute; done here, the first page shown has them.
 */
export async function payDemoLeaderboards(
  leaderboards: {
    consumeFeed: () => Promise<unknown>;
    payDue: () => Promise<{ paid: number }>;
    feedConsumer: { name: string };
  },
  feed: { describe: (consumer: string) => Promise<{ behind: number }> },
): Promise<number> {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    await leaderboards.consumeFeed();
    if ((await feed.describe(leaderboards.feedConsumer.name)).behind === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await leaderboards.payDue()).paid;
}
