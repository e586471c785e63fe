import pg from 'pg';

const BEHIND = `SELECT count(*) AS n FROM settlement_feed f
  LEFT JOIN settlement_feed_consumers c ON c.name = 'reports'
  WHERE c.name IS NULL OR (f.xid, f.id) > (c.last_xid, c.last_id)`;

/**
 * Waits until the server's reports consumer has taken in every settled round of the feed (the history's
 * 200,000 rounds, which a running server took in long ago: docs/decisions/0034-settlement-feed.md), then
 * vacuums and analyzes its tables, so that neither the catch-up nor autovacuum's pass over the new rows
 * falls in a measured loop.
 */
export async function waitForFeed(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const behind = Number((await client.query<{ n: string }>(BEHIND)).rows[0]?.n ?? 0);
      if (behind === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const caughtUp = performance.now() - started;
    await client.query(
      'VACUUM (ANALYZE) settlement_feed, settlement_feed_consumers, report_game_days, report_game_hours, ' +
        'report_vendor_days, report_brand_days, report_brand_hours, report_player_days, report_player_gaps',
    );
    return `the reports took in the feed's history in ${(caughtUp / 1000).toFixed(1)} s`;
  } finally {
    await client.end();
  }
}

/**
 * Samples, once a second, the settled rounds the reports have not taken in yet: at a paced rate, how far
 * the feed's consumer runs behind the wallet (its lag, in rows; over the rate, in seconds).
 */
export async function sampleFeedBehind(url: string): Promise<{ stop(): Promise<number[]> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: number[] = [];
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      samples.push(Number((await client.query<{ n: string }>(BEHIND)).rows[0]?.n ?? 0));
    });
  }, 1_000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end();
      return samples;
    },
  };
}
