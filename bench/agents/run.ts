// `npm run bench:agents`: the agent centre's pages over a brand of 100,000 members under 5 levels of agents with 2
// million settled rounds a day (issue 37), written set-based into a PostgreSQL cluster of the bench's own: the overview
// of the top agent and of a mid-level one, the team's profit and loss of a month, the team list's and the team bets'
// first pages, each through HTTP as the agent site calls it, with the sessions of those agents, and each against the
// statements the same request sent replayed through a bare node-postgres loop in the same run; then the 5-minute
// real-time settlement and the daily settlement of the whole brand by AgentSettlementService, each against a bare
// node-postgres loop doing the same work in plain SQL (bench/agents/settlement.ts). Goals: overview p95 under 200 ms,
// the 5-minute settlement under 10 s, the daily one under 60 s, every ratio at least 0.5. Writes
// bench/results/agents.json.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_CALLS } from '@parlay/contract';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { addDays, localDay, monthStart } from '../../apps/server/src/lib/calendar';
import { AgentSettlementService } from '../../apps/server/src/modules/agents/index';
import { percentile, startBenchPostgres } from '../wallet/postgres';
import { writeAgentBrand, type AgentBrandSize } from './brand';
import {
  agentBalances,
  checkSettlement,
  measureSettlement,
  timePool,
  writeSettlementFixtures,
  type SettlementMeasure,
} from './settlement';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZE: AgentBrandSize = {
  members: Number(process.env['BENCH_MEMBERS'] ?? 100_000),
  levels: 5,
  fanOut: 5,
  roundsPerDay: Number(process.env['BENCH_ROUNDS_PER_DAY'] ?? 2_000_000),
  days: 35,
  activeShare: 0.3,
};
/** Requests in flight at once, for the real code and the bare loop alike. */
const CLIENTS = 4;
/** Each measure alternates the real code and the bare loop in slices, so other load weighs on both alike. */
const SLICES = 3;
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 4);
/** The server's pool size (DATABASE_POOL_SIZE's default), and so the bare loop's. */
const POOL_SIZE = 10;
const GOALS = { overviewP95Ms: 200, settlement5mMs: 10_000, settlementDailyMs: 60_000, ratio: 0.5 };

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:agents] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(4)} s  ${message}`);

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * What one request sent, in waves: a statement sent while another of its wave was still running joins it (the code
 * sent them at once, `Promise.all`); the next one after they all answered starts a new wave. The bare loop sends the
 * waves one after the other, each wave's statements at once: the same SQL in the same order (bench:backoffice's way).
 */
type Recorded = Statement[][];

/** Writes down what `pool` is sent while recording is on (drizzle sends through `pool.query`). */
function recordPool(pool: pg.Pool): { start(): void; take(): Recorded } {
  let recording = false;
  let waves: Recorded = [];
  let running = 0;
  const send = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    if (!recording) return send(...args);
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
    const statement = { text: config.text, values: config.values ?? (second as unknown[] | undefined) ?? [] };
    if (running === 0 || waves.length === 0) waves.push([]);
    waves.at(-1)!.push(statement);
    running += 1;
    return send(...args).finally(() => (running -= 1));
  };
  return {
    start() {
      recording = true;
      waves = [];
    },
    take() {
      recording = false;
      return waves;
    },
  };
}

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

interface Measure {
  through: 'http';
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  baselinePerSecond: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
  ratio: number;
}

async function measure(name: string, real: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<Measure> {
  // Warm both: plans cached, pages in memory.
  await closedLoop(1, real);
  await closedLoop(1, bare);
  const realLatencies: number[] = [];
  const bareLatencies: number[] = [];
  for (let slice = 0; slice < SLICES; slice += 1) {
    bareLatencies.push(...(await closedLoop(SLICE_SECONDS, bare)));
    realLatencies.push(...(await closedLoop(SLICE_SECONDS, real)));
  }
  realLatencies.sort((a, b) => a - b);
  bareLatencies.sort((a, b) => a - b);
  const seconds = SLICES * SLICE_SECONDS;
  const round = (value: number) => Number(value.toFixed(2));
  const result: Measure = {
    through: 'http',
    perSecond: Math.round(realLatencies.length / seconds),
    p50Ms: round(percentile(realLatencies, 50)),
    p95Ms: round(percentile(realLatencies, 95)),
    p99Ms: round(percentile(realLatencies, 99)),
    baselinePerSecond: Math.round(bareLatencies.length / seconds),
    baselineP50Ms: round(percentile(bareLatencies, 50)),
    baselineP95Ms: round(percentile(bareLatencies, 95)),
    ratio: Number((realLatencies.length / bareLatencies.length).toFixed(3)),
  };
  log(
    `${name}: ${result.perSecond}/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms; bare loop ${result.baselinePerSecond}/s, p50 ${result.baselineP50Ms} ms, p95 ${result.baselineP95Ms} ms; ratio ${result.ratio}`,
  );
  return result;
}

async function main() {
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const database = await startBenchPostgres('agents');
  let closeApp: (() => Promise<void>) | undefined;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrate(handle);
    await seedDemo(handle.db);
    await handle.close();
    const seedStarted = performance.now();
    const brand = await writeAgentBrand(database.url, SIZE, log);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    log(brand.summary);

    // The server as it runs: the agent site's calls over HTTP on a port of its own, on the demo brand's domain.
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST_DIR: '',
      HOUSE_ENABLED: 'false',
    });
    const serverHandle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: POOL_SIZE });
    // What a request sends, its checks (session, brand, the token rule) and all, for the bare loop.
    const serverPool = (serverHandle.db as unknown as { $client: pg.Pool }).$client;
    const serverRecorder = recordPool(serverPool);
    // The settlement's statements, in its transactions too, timed: where its time goes, and which read to explain.
    const settlementTimer = timePool(serverPool);
    const app = await buildApp({ config, database: serverHandle });
    await app.listen({ port: 0, host: 'localhost' });
    closeApp = async () => {
      await app.close();
      await serverHandle.close();
    };
    const address = app.server.address();
    const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
    // Sessions opened as the sign-in opens them (the tests' way): the password's hashing is not what is measured.
    const client = { ip: '127.0.0.1', userAgent: 'bench:agents' };
    const session = async (memberId: number) =>
      `Bearer ${(await app.sessions.createSession({ id: memberId, merchantId: brand.merchantId, isFreePlay: false }, client)).token}`;
    const topAuth = await session(brand.topAgentId);
    const midAuth = await session(brand.midAgentId);

    const today = localDay(new Date(), brand.timeZone);
    const lastMonth = { from: monthStart(addDays(monthStart(today), -1)), to: addDays(monthStart(today), -1) };
    const get = async (url: string, authorization: string) => {
      const response = await fetch(`${base}${url}`, { headers: { authorization, language: 'EN' } });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ value: Record<string, unknown> }>;
    };

    const bare = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
    bare.on('error', () => undefined);
    const replay = async (recorded: Recorded) => {
      for (const wave of recorded) {
        await Promise.all(wave.map((statement) => bare.query(statement.text, statement.values)));
      }
    };
    /** The statements of one request, once a first one warmed what the server keeps; the slowest timed alone. */
    const statementTimes: Record<string, { ms: number; sql: string }[]> = {};
    const plans: Record<string, string[]> = {};
    const recordRequest = async (name: string, url: string, authorization: string) => {
      const first = await get(url, authorization);
      serverRecorder.start();
      await get(url, authorization);
      const recorded = serverRecorder.take();
      const times: { ms: number; sql: string }[] = [];
      for (const statement of recorded.flat()) {
        const runs: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          const started = performance.now();
          await bare.query(statement.text, statement.values);
          runs.push(performance.now() - started);
        }
        runs.sort((a, b) => a - b);
        times.push({ ms: Number(runs[2]!.toFixed(2)), sql: statement.text.replace(/\s+/g, ' ').slice(0, 200) });
      }
      times.sort((a, b) => b.ms - a.ms);
      statementTimes[name] = times.slice(0, 4);
      // The slowest statement's plan as it ran: where a page over its goal spends its time.
      const slowest = recorded
        .flat()
        .find((statement) => statement.text.replace(/\s+/g, ' ').startsWith(times[0]?.sql ?? ''));
      if (slowest) {
        const explained = await bare.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${slowest.text}`,
          slowest.values,
        );
        plans[name] = explained.rows.map((row) => row['QUERY PLAN']);
      }
      log(
        `  ${name}: ${recorded.flat().length} statements in ${recorded.length} waves; slowest alone ${times
          .slice(0, 3)
          .map((time) => `${time.ms} ms`)
          .join(', ')}`,
      );
      return { recorded, value: first.value };
    };

    const overviewUrl = AGENT_CALLS.teamOverview.path;
    const profitLossUrl = `${AGENT_CALLS.teamProfitLoss.path}?${new URLSearchParams(lastMonth).toString()}`;
    const membersUrl = AGENT_CALLS.teamMembers.path;
    const betsUrl = `${AGENT_CALLS.teamBets.path}?${new URLSearchParams({ from: today, to: today }).toString()}`;
    const topOverview = await recordRequest('overview, top agent', overviewUrl, topAuth);
    const midOverview = await recordRequest('overview, mid-level agent', overviewUrl, midAuth);
    const profitLoss = await recordRequest('profit and loss of last month, top agent', profitLossUrl, topAuth);
    const members = await recordRequest('team members, first page, top agent', membersUrl, topAuth);
    const bets = await recordRequest('team bets of today, first page, top agent', betsUrl, topAuth);
    const periods = topOverview.value['periods'] as { period: string; validBetMinor: number; activeMembers: number }[];
    log(
      `  the top agent's team: ${String(topOverview.value['teamSize'])} members; ${periods
        .map((period) => `${period.period} ${period.activeMembers} active`)
        .join(', ')}; the mid-level agent's: ${String(midOverview.value['teamSize'])}`,
    );
    const betTotals = bets.value['totals'] as { rounds: number } | null;
    log(`  today's rounds of the team so far: ${betTotals?.rounds ?? 0}`);

    const measures = {
      overviewTopAgent: await measure(
        'overview, top agent',
        () => get(overviewUrl, topAuth),
        () => replay(topOverview.recorded),
      ),
      overviewMidAgent: await measure(
        'overview, mid-level agent',
        () => get(overviewUrl, midAuth),
        () => replay(midOverview.recorded),
      ),
      profitLossMonth: await measure(
        'profit and loss of last month, top agent',
        () => get(profitLossUrl, topAuth),
        () => replay(profitLoss.recorded),
      ),
      teamMembersFirstPage: await measure(
        'team members, first page, top agent',
        () => get(membersUrl, topAuth),
        () => replay(members.recorded),
      ),
      teamBetsFirstPage: await measure(
        'team bets of today, first page, top agent',
        () => get(betsUrl, topAuth),
        () => replay(bets.recorded),
      ),
    };

    // Settlement: the server's own job stopped first, so that only the bench settles the periods it measures (the
    // job would walk every period since the contracts' activation). The service's clock is set past the measured
    // periods' grace, as the job would run it; settlePeriod and payOpen are what the job calls for each period.
    await app.housekeeping.agentSettlement?.stop();
    log('settlement: contracts, funds and slots');
    const fixtures = await writeSettlementFixtures(database.url, brand.merchantId, SIZE, log);
    // A minute past the last slot's end: SETTLEMENT_GRACE_MS.
    const settledAt = new Date(fixtures.slots[0]!.end.getTime() + 60_000);
    const settlements = new AgentSettlementService(
      serverHandle.db,
      app.gaming.wallet,
      app.settlementFeed,
      app.audit,
      () => settledAt,
    );
    const balancesBefore = await agentBalances(bare, brand.merchantId);
    const settlementOf = (name: string, kind: 'realtime_salary' | 'daily_salary') =>
      measureSettlement({ name, kind, service: settlements, timer: settlementTimer, bare, fixtures, log });
    const realTime = await settlementOf('settlement of 5 minutes (realtime_salary)', 'realtime_salary');
    const daily = await settlementOf('settlement of a day (daily_salary)', 'daily_salary');
    const checks = await checkSettlement(bare, fixtures, balancesBefore);
    log(`  checks: ${JSON.stringify(checks)}`);
    await bare.end();
    const settlementMeasure = (name: string, measured: SettlementMeasure) => {
      const { slowestStatements, slowestPlan, ...rest } = measured;
      statementTimes[name] = slowestStatements;
      plans[name] = slowestPlan;
      return rest;
    };
    const settlement = {
      settlement5mMs: realTime.ms,
      settlement5mRatio: realTime.ratio,
      settlementDailyMs: daily.ms,
      settlementDailyRatio: daily.ratio,
      linesPaid: { realTime: realTime.linesPaid, daily: daily.linesPaid },
      // Every line of every run of the bench (the service's and the bare loop's) paid once.
      checks,
      realTime: settlementMeasure('settlement of 5 minutes (realtime_salary)', realTime),
      daily: settlementMeasure('settlement of a day (daily_salary)', daily),
    };

    const loadAtEnd = loadavg().map((value) => Number(value.toFixed(2)));
    const met =
      measures.overviewTopAgent.p95Ms < GOALS.overviewP95Ms &&
      measures.overviewMidAgent.p95Ms < GOALS.overviewP95Ms &&
      Object.values(measures).every((entry) => entry.ratio >= GOALS.ratio) &&
      settlement.settlement5mMs < GOALS.settlement5mMs &&
      settlement.settlementDailyMs < GOALS.settlementDailyMs &&
      settlement.settlement5mRatio >= GOALS.ratio &&
      settlement.settlementDailyRatio >= GOALS.ratio &&
      checks['lost'] === 0 &&
      checks['doubled'] === 0;
    const result = {
      measures,
      // The 5-minute real-time and the daily settlement of the whole brand: the service's median time against the
      // bare loop's (`ratio`: the bare loop's time over the service's), lines paid and their checks.
      settlement,
      // The slowest statements of each request, each timed alone: where the time goes.
      slowestStatements: statementTimes,
      // EXPLAIN (ANALYZE, BUFFERS) of each request's slowest statement, run once after the others were timed.
      slowestPlans: plans,
      goals: GOALS,
      met,
      brand: { ...SIZE, ...brand.counts },
      periods: { profitLoss: lastMonth, teamBets: { from: today, to: today } },
      written: [...brand.written, ...fixtures.written],
      seedSeconds,
      clients: CLIENTS,
      secondsPerMeasure: SLICES * SLICE_SECONDS,
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'initdb cluster started by the bench',
      ...(database.settings.length > 0 && { databaseSettings: database.settings }),
      measuredAt: new Date().toISOString(),
      // 1, 5 and 15 minute load averages of this 2-core machine: other work weighs on every figure.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    };
    writeFileSync(path.join(root, 'bench/results/agents.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(`load average at end: ${loadAtEnd.join(', ')}; goals ${met ? 'met' : 'NOT met'}`);
  } catch (error) {
    // Said before the database goes: dropping it ends every connection still open.
    console.error(error);
    process.exitCode = 1;
  } finally {
    await closeApp?.();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
