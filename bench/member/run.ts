// `npm run bench:member`: the member centre's account record (ODSFE2_MemTransDet) at depth. A member with 1,000,000
// ledger movements, written set-based into a PostgreSQL cluster of the bench's own by the back-office bench's
// writer (bench/backoffice/brand.ts, its first player given the million), paged 20 at a time as the page asks:
// page 500 against page 1, measured in the same run, alternating, for every type, one type, and one type in a
// 30-day period of the brand's days. Goal (issue 33): page 500 within 1.2x of page 1 (p50 and p95). Writes
// bench/results/member.json.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemberTransactionsQuery } from '@parlay/contract';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { MemberTransactionsService } from '../../apps/server/src/modules/wallet/index';
import { writeBrand, type BrandSize } from '../backoffice/brand';
import { percentile, startBenchPostgres } from '../wallet/postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WHALE = Number(process.env['BENCH_MEMBER_MOVEMENTS'] ?? 1_000_000);
const SIZE: BrandSize = {
  players: 1_000,
  movements: WHALE + 20_000,
  rounds: 10_000,
  days: 90,
  whaleMovements: WHALE,
};
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
/** Requests in flight at once, as in bench:backoffice. */
const CLIENTS = 4;
/** Each measure alternates page 1 and page 500 in slices, so other load on the machine weighs on both alike. */
const SLICES = 4;
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 3);
const GOAL_RATIO = 1.2;

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:member] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(4)} s  ${message}`);

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

interface DepthMeasure {
  filter: string;
  page1: { perSecond: number; p50Ms: number; p95Ms: number };
  page500: { perSecond: number; p50Ms: number; p95Ms: number };
  /** page 500's time over page 1's: the goal is at most GOAL_RATIO. */
  p50Ratio: number;
  p95Ratio: number;
}

async function main() {
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const database = await startBenchPostgres('member');
  try {
    const setup = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrate(setup);
    await seedDemo(setup.db);
    await setup.close();
    log(
      `writing a member of ${WHALE.toLocaleString('en')} movements among ${SIZE.players.toLocaleString('en')} players`,
    );
    const seedStarted = performance.now();
    const brand = await writeBrand(database.url, SIZE, log);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    log(brand.summary);

    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 10 });
    const service = new MemberTransactionsService(handle.db);
    const owner = {
      memberId: brand.whaleId,
      merchantId: brand.merchantId,
      brand: { timeZone: brand.timeZone, currency: 'KRW', currencyExponent: 0 },
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(new Date());
    const monthAgo = new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(
      new Date(Date.now() - 29 * 86_400_000),
    );
    const filters: { name: string; query: Omit<MemberTransactionsQuery, 'pageSize'> }[] = [
      { name: 'every type', query: {} },
      { name: 'bets', query: { type: 'bet' } },
      { name: 'wins in the last 30 days', query: { type: 'win', from: monthAgo, to: today } },
    ];
    const measures: DepthMeasure[] = [];
    for (const { name, query } of filters) {
      // Page 500's cursor, reached as the member would: following each page's nextCursor.
      let cursor: string | undefined;
      for (let page = 1; page < DEEP_PAGE; page += 1) {
        const next = await service.list(owner, { ...query, pageSize: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
        if (!next.nextCursor) throw new Error(`${name}: fewer than ${DEEP_PAGE} pages`);
        cursor = next.nextCursor;
      }
      const first = () => service.list(owner, { ...query, pageSize: PAGE_SIZE });
      const deep = () => service.list(owner, { ...query, pageSize: PAGE_SIZE, cursor });
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
      member: { movements: WHALE, pageSize: PAGE_SIZE, deepPage: DEEP_PAGE },
      brand: SIZE,
      seedSeconds,
      clients: CLIENTS,
      secondsPerPage: SLICES * SLICE_SECONDS,
      through: 'service (MemberTransactionsService.list, the route handler without HTTP)',
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'initdb cluster started by the bench',
      measuredAt: new Date().toISOString(),
      // 1, 5 and 15 minute load averages of this 2-core machine: other work weighs on every figure.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    };
    writeFileSync(path.join(root, 'bench/results/member.json'), `${JSON.stringify(result, null, 2)}\n`);
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
