// `npm run bench:records`: the member centre's betting records (personalHistoryCopy, GET WALLET_CALLS.bettingRecords)
// at depth. A member with 1,000,000 settled rounds over 90 days (uniform, across the bench catalogue's 8 vendors,
// 2,000 games and 7 categories), written set-based into a PostgreSQL cluster of the bench's own beside a small brand
// by the back-office bench's writer (bench/backoffice/brand.ts), paged 20 at a time as the page asks: page 500
// against page 1, measured in the same run, alternating, for every category, the last 30 days (the page's default
// period: page 1 also adds up the period's totals), one category, and one vendor. The goal of the account record
// (issue 33: page 500 within 1.2x of page 1, bench:member) is reported against, not enforced. Writes
// bench/results/member-records.json.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BettingRecordsQuery } from '@parlay/contract';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { BettingService } from '../../apps/server/src/modules/betting/index';
import { writeBrand, type BrandSize } from '../backoffice/brand';
import { percentile, startBenchPostgres } from '../wallet/postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = Number(process.env['BENCH_MEMBER_ROUNDS'] ?? 1_000_000);
const DAYS = 90;
/** The brand around the member: small, the rounds are the member's. */
const SIZE: BrandSize = { players: 100, movements: 2_000, rounds: 1_000, days: DAYS, whaleMovements: 1_000 };
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
/** Requests in flight at once, as in bench:member. */
const CLIENTS = 4;
/** Each measure alternates page 1 and page 500 in slices, so other load on the machine weighs on both alike. */
const SLICES = 4;
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 3);
const GOAL_RATIO = 1.2;

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:records] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(4)} s  ${message}`);

/** Runs `call` from CLIENTS loops for `seconds`; the latency of each call, in ms. */
async function closedLoop(seconds: number, call: () => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

/** The member's million rounds: settled, uniform over DAYS days, each of one of the bench catalogue's games. */
async function writeRounds(url: string, merchantId: number, memberId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // As the brand writer does: no triggers (the settlement feed is not what is measured), then fresh statistics.
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    const started = performance.now();
    const result = await client.query(
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT g.vendor_id, 'records-' || r.n, $1, $2, g.id, g.code, 'KRW', r.stake, r.win, r.stake, 'settled', r.at,
              r.at + interval '5 seconds'
       FROM (SELECT n, (n * 104729::bigint) % 2000 AS k, 1000 * (1 + (n * 31) % 50) AS stake,
                    CASE WHEN n % 3 = 0 THEN 1000 * (1 + (n * 31) % 50) * 27 / 10 ELSE 0 END AS win,
                    now() - $4::int * interval '1 day' * (((n * 7919::bigint) % 1000003)::float / 1000003) AS at
             FROM generate_series(1, $3::int) n) r
       JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k
             FROM games WHERE vendor_id IN (SELECT id FROM game_vendors WHERE code LIKE 'BENCHV%')) g ON g.k = r.k`,
      [merchantId, memberId, ROUNDS, DAYS],
    );
    log(`  member rounds: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await client.query(`SET session_replication_role = DEFAULT`);
    await client.query('VACUUM (ANALYZE) game_rounds');
  } finally {
    await client.end();
  }
}

interface DepthMeasure {
  filter: string;
  page1: { perSecond: number; p50Ms: number; p95Ms: number };
  page500: { perSecond: number; p50Ms: number; p95Ms: number };
  /** page 500's time over page 1's. */
  p50Ratio: number;
  p95Ratio: number;
}

async function main() {
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const database = await startBenchPostgres('records');
  try {
    const setup = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrate(setup);
    await seedDemo(setup.db);
    await setup.close();
    const seedStarted = performance.now();
    const brand = await writeBrand(database.url, SIZE, log);
    log(brand.summary);
    log(`writing a member of ${ROUNDS.toLocaleString('en')} rounds over ${DAYS} days`);
    await writeRounds(database.url, brand.merchantId, brand.whaleId);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);

    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 10 });
    const service = new BettingService(handle.db);
    const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(new Date(at));
    const today = day(Date.now());
    const monthAgo = day(Date.now() - 29 * 86_400_000);
    const filters: { name: string; query: Omit<BettingRecordsQuery, 'pageSize'> }[] = [
      { name: 'every category', query: {} },
      { name: 'the last 30 days (with totals on page 1)', query: { from: monthAgo, to: today } },
      { name: 'one category (LIVE)', query: { gameType: 'LIVE' } },
      { name: 'one vendor (BENCHV1)', query: { vassalage: 'BENCHV1' } },
    ];
    const list = (query: Omit<BettingRecordsQuery, 'pageSize'>, cursor?: string) =>
      service.listRecords(
        brand.whaleId,
        { ...query, pageSize: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        brand.timeZone,
      );
    const measures: DepthMeasure[] = [];
    for (const { name, query } of filters) {
      // Page 500's cursor, reached as the member would: following each page's nextCursor.
      let cursor: string | undefined;
      for (let page = 1; page < DEEP_PAGE; page += 1) {
        const next = await list(query, cursor);
        if (!next.nextCursor) throw new Error(`${name}: fewer than ${DEEP_PAGE} pages`);
        cursor = next.nextCursor;
      }
      const first = () => list(query);
      const deep = () => list(query, cursor);
      const [one, five] = await Promise.all([first(), deep()]);
      if (one.list.length !== PAGE_SIZE || five.list.length !== PAGE_SIZE) throw new Error(`${name}: a short page`);
      await closedLoop(1, first);
      await closedLoop(1, deep);
      const page1: number[] = [];
      const page500: number[] = [];
      for (let slice = 0; slice < SLICES; slice += 1) {
        page1.push(...(await closedLoop(SLICE_SECONDS, first)));
        page500.push(...(await closedLoop(SLICE_SECONDS, deep)));
      }
      page1.sort((a, b) => a - b);
      page500.sort((a, b) => a - b);
      const seconds = SLICES * SLICE_SECONDS;
      const figures = (latencies: number[]) => ({
        perSecond: Math.round(latencies.length / seconds),
        p50Ms: Number(percentile(latencies, 50).toFixed(2)),
        p95Ms: Number(percentile(latencies, 95).toFixed(2)),
      });
      const measure: DepthMeasure = {
        filter: name,
        page1: figures(page1),
        page500: figures(page500),
        p50Ratio: Number((percentile(page500, 50) / percentile(page1, 50)).toFixed(3)),
        p95Ratio: Number((percentile(page500, 95) / percentile(page1, 95)).toFixed(3)),
      };
      measures.push(measure);
      log(
        `${name}: page 1 p50 ${measure.page1.p50Ms} ms, p95 ${measure.page1.p95Ms} ms (${measure.page1.perSecond}/s); page 500 p50 ${measure.page500.p50Ms} ms, p95 ${measure.page500.p95Ms} ms (${measure.page500.perSecond}/s); ratio p50 ${measure.p50Ratio}, p95 ${measure.p95Ratio}`,
      );
    }
    await handle.close();

    const loadAtEnd = loadavg().map((value) => Number(value.toFixed(2)));
    const met = measures.every((entry) => entry.p50Ratio <= GOAL_RATIO && entry.p95Ratio <= GOAL_RATIO);
    const result = {
      measures,
      goals: { page500OverPage1: GOAL_RATIO },
      met,
      member: { rounds: ROUNDS, days: DAYS, pageSize: PAGE_SIZE, deepPage: DEEP_PAGE },
      brand: SIZE,
      seedSeconds,
      clients: CLIENTS,
      secondsPerPage: SLICES * SLICE_SECONDS,
      through: 'service (BettingService.listRecords, the route handler without HTTP)',
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'initdb cluster started by the bench',
      measuredAt: new Date().toISOString(),
      // 1, 5 and 15 minute load averages of this 2-core machine: other work weighs on every figure.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    };
    writeFileSync(path.join(root, 'bench/results/member-records.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(`load average at end: ${loadAtEnd.join(', ')}; goal ${met ? 'met' : 'NOT met'}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
