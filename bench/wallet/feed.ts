import pg from 'pg';

/** The feed's rows after a consumer's checkpoint (all of them before its first batch). */
const behindOf = (consumer: 'reports' | 'points') => `SELECT count(*) AS n FROM settlement_feed f
  LEFT JOIN settlement_feed_consumers c ON c.name = '${consumer}'
  WHERE c.name IS NULL OR (f.xid, f.id) > (c.last_xid, c.last_id)`;
const BEHIND = behindOf('reports');

/**
 * The accrual lag (decision 0044): how long ago the oldest settled round the points' consumer has not taken in
 * settled, in milliseconds; 0 when it has taken in every one. The feed's `at` is the settling transaction's time.
 */
const ACCRUAL_LAG_MS = `SELECT coalesce(extract(epoch FROM clock_timestamp() - min(f.at)) * 1000, 0) AS ms
  FROM settlement_feed f
  LEFT JOIN settlement_feed_consumers c ON c.name = 'points'
  WHERE c.name IS NULL OR (f.xid, f.id) > (c.last_xid, c.last_id)`;

/**
 * Waits until the server's reports and points consumers have taken in every settled round of the feed (the
 * history's 200,000 rounds, which a running server took in long ago: docs/decisions/0034-settlement-feed.md),
 * then vacuums and analyzes their tables, so that neither the catch-up nor autovacuum's pass over the new rows
 * falls in a measured loop.
 */
export async function waitForFeed(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const reports = Number((await client.query<{ n: string }>(BEHIND)).rows[0]?.n ?? 0);
      const points = Number((await client.query<{ n: string }>(behindOf('points'))).rows[0]?.n ?? 0);
      if (reports === 0 && points === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const caughtUp = performance.now() - started;
    await client.query(
      'VACUUM (ANALYZE) settlement_feed, settlement_feed_consumers, report_game_days, report_game_hours, ' +
        'report_vendor_days, report_brand_days, report_brand_hours, report_player_days, report_player_gaps, ' +
        'point_accounts, point_entries',
    );
    return `the reports and the points took in the feed's history in ${(caughtUp / 1000).toFixed(1)} s`;
  } finally {
    await client.end();
  }
}

/**
 * Samples, once a second, the settled rounds the reports have not taken in yet (at a paced rate, how far the
 * feed's consumer runs behind the wallet: its lag, in rows) and the points' accrual lag (in milliseconds).
 */
export async function sampleFeedBehind(
  url: string,
): Promise<{ stop(): Promise<{ rows: number[]; accrualLagMs: number[] }> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows: number[] = [];
  const accrualLagMs: number[] = [];
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      rows.push(Number((await client.query<{ n: string }>(BEHIND)).rows[0]?.n ?? 0));
      accrualLagMs.push(Math.round(Number((await client.query<{ ms: string }>(ACCRUAL_LAG_MS)).rows[0]?.ms ?? 0)));
    });
  }, 1_000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end();
      return { rows, accrualLagMs };
    },
  };
}
