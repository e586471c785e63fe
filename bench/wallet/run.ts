// `npm run bench:wallet`: signed HTTP debit+credit rounds per second through the seamless wallet on a real
// PostgreSQL, against the same SQL (the two vendor_wallet_* statements) through a bare node-postgres loop in
// the same run. The database first gets the past of a running brand (200,000 settled rounds), the closed loop
// then measures the peak, and after a vacuum and 5 s at the paced rate, a 30 s window at 70% of that peak
// measures the latency. The baseline's statements then run alone at the same paced rate, for the latency the
// database itself gives at that rate in this run (logged, and in the printed details). Writes
// bench/results/wallet.json: { roundsPerSecond, baselinePerSecond, ratio, p50Ms, p99Ms, lost, duplicated,
// accrualLagMs } (the points' accrual lag at the paced rate, decision 0044).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import pg from 'pg';
import { signWalletCall } from '../../apps/server/src/modules/vendors/index';
import { Acknowledged } from './acknowledged';
import { cpuBetween, cpuSnapshot, postgresPids } from './cpu';
import { openFlushProbe } from './flush-probe';
import { sampleFeedBehind, waitForFeed } from './feed';
import { writeHistory } from './history';
import { BENCH_VENDOR, closedLoop, pacedLoop, type Player, setUpWallet, sqlRound, START_BALANCE } from './rounds';
import { withClient } from '../support/scratch-database';
import { autovacuumCounts, checkpointCount, percentile, startBenchPostgres, warmWal } from './postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 16);
const PEAK_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 30);
// The p99 of a 10 s window (about 7,000 rounds) was set by whether one or two bursts of 30-60 ms fell in it:
// 8 to 46 ms for the same build. Three times the rounds estimate the same percentile (decision 0014).
const PACED_SECONDS = 30;
// The paced rate runs this long before its window opens: the queue of the closed loop drains first.
const PACED_WARMUP_SECONDS = 5;
// Settled rounds already in the database before the bench plays its own (see writeHistory).
const HISTORY_ROUNDS = Number(process.env['BENCH_HISTORY_ROUNDS'] ?? 200_000);
const HISTORY_MEMBERS = 200;
// Connections to PostgreSQL, the server's and the baseline's alike: the server's default unless set.
const POOL_SIZE = Number(process.env['BENCH_POOL_SIZE'] ?? 10);
const WARMUP_SECONDS = 3;
// A directory on the database's disk: the disk's flush is timed there through the paced window (see
// openFlushProbe). Off unless set, since the probe adds flushes of its own to that disk.
const FLUSH_PROBE_DIR = process.env['BENCH_FLUSH_PROBE'] || null;
// More WAL than the run writes after its history (550-600 MB), in 16 MB segments: see warmWal.
const WAL_SEGMENTS = 48;
const SECRET = randomBytes(24).toString('hex');
// Production closes /metrics without a token (decision 0028): the bench's scrapes send this one.
const METRICS_TOKEN = randomBytes(24).toString('hex');
const PORT = 18_000 + Math.floor(Math.random() * 2_000);

/**
 * The guest's halt polling, on a virtual machine whose idle driver is haltpoll: 0 means an idle vCPU halts
 * at once, and each wake-up is a VM exit. A paced load pays that once per hop; a closed loop rarely idles.
 */
function guestHaltPollNs(): number | null {
  try {
    return Number(readFileSync('/sys/module/haltpoll/parameters/guest_halt_poll_ns', 'utf8').trim());
  } catch {
    return null;
  }
}

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:wallet] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(3)} s  ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server as `npm start` runs it: the production bundle, built from the current sources first. */
function startServer(url: string): ChildProcess {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  // BENCH_SERVER_NODE_ARGS: extra node flags for the measured server (say `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      // The platform alone: the embedded house games would run their crash loop (timers, rounds written
      // to the same database) beside the measured wallet. They are a vendor, not part of what is measured.
      HOUSE_ENABLED: 'false',
      NODE_ENV: 'production',
      METRICS_TOKEN,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST_DIR: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitReady(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('server did not start');
}

interface ServerMetrics {
  /** Cumulative counts of the request-duration histogram for the wallet calls, by bucket bound. */
  buckets: Map<string, number>;
  /** Cumulative garbage collections of the server by kind (major, minor, incremental, weakcb). */
  gc: Map<string, { count: number; seconds: number }>;
  /** The server's event-loop delay since the previous scrape (prom-client resets it at each), in ms. */
  eventLoopDelay: { p99Ms: number; maxMs: number };
}

async function serverMetrics(): Promise<ServerMetrics> {
  const response = await fetch(`http://127.0.0.1:${PORT}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`the server's /metrics answered ${response.status}`);
  const text = await response.text();
  const buckets = new Map<string, number>();
  const gc = new Map<string, { count: number; seconds: number }>();
  const eventLoopDelay = { p99Ms: 0, maxMs: 0 };
  for (const line of text.split('\n')) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith('nodejs_eventloop_lag_p99_seconds ')) eventLoopDelay.p99Ms = Number((value * 1000).toFixed(1));
    if (line.startsWith('nodejs_eventloop_lag_max_seconds ')) eventLoopDelay.maxMs = Number((value * 1000).toFixed(1));
    if (
      line.startsWith('http_request_duration_seconds_bucket{') &&
      /route="\/wps\/vendor\/wallet\/(debit|credit)"/.test(line)
    ) {
      const bound = /le="([^"]+)"/.exec(line)?.[1];
      if (bound) buckets.set(bound, (buckets.get(bound) ?? 0) + value);
    }
    const collection = /^nodejs_gc_duration_seconds_(count|sum)\{kind="(\w+)"\}/.exec(line);
    if (collection?.[2]) {
      const entry = gc.get(collection[2]) ?? { count: 0, seconds: 0 };
      if (collection[1] === 'count') entry.count = value;
      else entry.seconds = value;
      gc.set(collection[2], entry);
    }
  }
  return { buckets, gc, eventLoopDelay };
}

/** The server's collections between two scrapes, by kind: how many, and their pauses in ms. */
function gcBetween(before: ServerMetrics, after: ServerMetrics): Record<string, { count: number; ms: number }> {
  return Object.fromEntries(
    [...after.gc].map(([kind, { count, seconds }]) => {
      const earlier = before.gc.get(kind) ?? { count: 0, seconds: 0 };
      return [kind, { count: count - earlier.count, ms: Number(((seconds - earlier.seconds) * 1000).toFixed(1)) }];
    }),
  );
}

function describeServerPauses(
  gc: ReturnType<typeof gcBetween>,
  eventLoopDelay: ServerMetrics['eventLoopDelay'],
): string {
  const collections = Object.entries(gc).map(([kind, { count, ms }]) => `${kind} ${count} (${ms} ms)`);
  return `garbage collections ${collections.join(', ')}; event-loop delay p99 ${eventLoopDelay.p99Ms} ms, max ${eventLoopDelay.maxMs} ms`;
}

/** Share of the wallet calls between two scrapes that finished within `bound` seconds, in percent. */
function withinBound(before: Map<string, number>, after: Map<string, number>, bound: string): number {
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  return Number(((((after.get(bound) ?? 0) - (before.get(bound) ?? 0)) / total) * 100).toFixed(1));
}

function formatHistogram(before: Map<string, number>, after: Map<string, number>): string {
  return [...after.keys()].map((bound) => `<=${bound}s ${withinBound(before, after, bound)}%`).join(', ');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function call(
  operation: keyof typeof VENDOR_WALLET_PATHS,
  body: Record<string, unknown>,
): Promise<{
  status: number;
  json: { success: boolean; code: string; value?: { applied: boolean; balanceMinor: number } };
}> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: VENDOR_WALLET_PATHS[operation],
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          [VENDOR_HEADERS.vendorCode]: BENCH_VENDOR,
          [VENDOR_HEADERS.timestamp]: timestamp,
          [VENDOR_HEADERS.signature]: signWalletCall(SECRET, timestamp, raw),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    request.on('error', reject);
    request.end(raw);
  });
}

const acknowledged = new Acknowledged();
let sequence = 0;

async function httpRound(player: Player): Promise<void> {
  sequence += 1;
  const round = sequence;
  const id = `${player.memberId}-${round}`;
  const stake = 100 + (round % 50);
  // Each body written out: `{ ...base, more }` objects outlive V8's young collections on Node 20 (decision
  // 0013), and the generator's own mark-compacts would show up as server latency.
  const debit = await call('debit', {
    playerId: player.playerId,
    currency: 'KRW',
    roundId: `r${id}`,
    gameCode: 'SLOT',
    requestId: `qd${id}`,
    sessionToken: player.sessionToken,
    transactionId: `d${id}`,
    amountMinor: stake,
  });
  if (debit.status !== 200 || !debit.json.value?.applied)
    throw new Error(`debit failed: ${JSON.stringify(debit.json)}`);
  acknowledged.add('d', player.memberId, round, -stake);
  const win = round % 3 === 0 ? stake * 2 : 0;
  const credit = await call('credit', {
    playerId: player.playerId,
    currency: 'KRW',
    roundId: `r${id}`,
    gameCode: 'SLOT',
    requestId: `qc${id}`,
    transactionId: `c${id}`,
    amountMinor: win,
  });
  if (credit.status !== 200 || !credit.json.value?.applied)
    throw new Error(`credit failed: ${JSON.stringify(credit.json)}`);
  acknowledged.add('c', player.memberId, round, win);
}

async function audit(url: string, players: Player[]) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const ids = [...acknowledged.entries()].map((entry) => entry.transactionId);
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 5_000) {
    const rows = await pool.query<{ transaction_id: string }>(
      `SELECT t.transaction_id FROM vendor_transactions t JOIN game_vendors v ON v.id = t.vendor_id
       WHERE v.code = $1 AND t.transaction_id = ANY($2) AND (t.movement_id IS NOT NULL OR t.amount_minor = 0)`,
      [BENCH_VENDOR, ids.slice(start, start + 5_000)],
    );
    for (const row of rows.rows) found.add(row.transaction_id);
  }
  const missing = ids.filter((id) => !found.has(id)).length;
  const expected = new Map(players.map((player) => [player.memberId, START_BALANCE]));
  for (const { memberId, deltaMinor } of acknowledged.entries()) {
    expected.set(memberId, (expected.get(memberId) ?? 0) + deltaMinor);
  }
  const balances = await pool.query<{ member_id: string; balance_minor: string }>(
    `SELECT member_id, balance_minor FROM wallet_accounts WHERE owner_type = 'member' AND member_id = ANY($1)`,
    [players.map((player) => player.memberId)],
  );
  let balanceOff = 0;
  for (const row of balances.rows)
    if (Number(row.balance_minor) !== expected.get(Number(row.member_id))) balanceOff += 1;
  // Every member account of the database, the history's included, holds the sum of its entries.
  const offTheirEntries = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM wallet_accounts a
       LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries GROUP BY account_id) e
         ON e.account_id = a.id
      WHERE a.owner_type = 'member' AND a.balance_minor <> coalesce(e.total, 0)`,
  );
  balanceOff += Number(offTheirEntries.rows[0]?.n ?? 0);
  // Every vendor movement is linked from exactly one vendor transaction. A join, not a correlated count:
  // movement_id has no index, and a count per movement took minutes over a full run.
  const duplicated = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM wallet_movements m
       LEFT JOIN (SELECT movement_id, count(*) AS links FROM vendor_transactions WHERE movement_id IS NOT NULL
                  GROUP BY movement_id) t ON t.movement_id = m.id
       WHERE m.kind IN ('vendor_debit', 'vendor_credit') AND coalesce(t.links, 0) <> 1`,
  );
  const unbalanced = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m JOIN ledger_entries e ON e.movement_id = m.id
       GROUP BY m.id HAVING sum(e.amount_minor) <> 0) x`,
  );
  await pool.end();
  return {
    lost: missing + balanceOff,
    duplicated: Number(duplicated.rows[0]?.n ?? 0) + Number(unbalanced.rows[0]?.n ?? 0),
  };
}

async function vacuumAnalyze(url: string): Promise<string> {
  const started = performance.now();
  await withClient(url, (client) => client.query('VACUUM (ANALYZE)'));
  return `vacuumed and analyzed after the closed loop in ${(performance.now() - started).toFixed(0)} ms`;
}

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  const database = await startBenchPostgres('wallet');
  let server: ChildProcess | undefined;
  try {
    const haltPoll = guestHaltPollNs();
    if (haltPoll !== null)
      log(
        `guest halt polling: ${haltPoll} ns${haltPoll === 0 ? ' (off: every wake-up of an idle vCPU is a VM exit)' : ''}`,
      );
    if (database.settings.length > 0) log(`bench cluster settings: ${database.settings.join(' ')}`);
    log(`database ready; setting up ${CLIENTS} HTTP players and ${CLIENTS} SQL players`);
    const { players, ids } = await setUpWallet(database.url, SECRET, { benchh: CLIENTS, benchs: CLIENTS });
    const httpPlayers = players['benchh'] ?? [];
    const sqlPlayers = players['benchs'] ?? [];
    const { merchantId, vendorId, gameId, houseId } = ids;
    log(await warmWal(database.url, WAL_SEGMENTS));

    // Baseline: the same statements through node-postgres, no HTTP, no validation, no signature.
    const pool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
    log(
      await writeHistory(
        database.url,
        { merchantId, currency: 'KRW', vendorId, gameId, gameCode: 'SLOT', houseAccountId: houseId },
        HISTORY_ROUNDS,
        HISTORY_MEMBERS,
      ),
    );
    // The history's WAL used up the warmed segments' headroom: checkpoint, so no checkpoint falls in the run.
    log(await warmWal(database.url, WAL_SEGMENTS));
    const baselineRound = (player: Player) => sqlRound(pool, player, ids);

    server = startServer(database.url);
    await waitReady();
    log(await waitForFeed(database.url));
    const serverPid = server.pid ?? 0;
    // PostgreSQL counts only when it runs on this machine (the bench's own cluster, or a local DATABASE_URL).
    const cpuGroups = {
      postgres: () => postgresPids('backends'),
      'postgres workers': () => postgresPids('workers'),
      server: () => [serverPid],
      generator: () => [process.pid],
    };
    const describeCpu = (cpu: ReturnType<typeof cpuBetween>) =>
      `machine ${cpu.busyPercent}% busy (${cpu.stealPercent}% stolen by the host); cores used: ${Object.entries(
        cpu.cores,
      )
        .map(([name, cores]) => `${name} ${cores}`)
        .join(', ')}`;
    log('server ready; warming up');
    await closedLoop(sqlPlayers, WARMUP_SECONDS, baselineRound);
    await closedLoop(httpPlayers, WARMUP_SECONDS, httpRound);
    // Slices of each, alternated, so that other load on the machine weighs on both alike.
    const slices = Math.max(1, Math.round(PEAK_SECONDS / 3));
    const sliceSeconds = PEAK_SECONDS / slices;
    const baselineLatencies: number[] = [];
    const peakLatencies: number[] = [];
    let peakCpu: ReturnType<typeof cpuBetween> | undefined;
    for (let slice = 0; slice < slices; slice += 1) {
      baselineLatencies.push(...(await closedLoop(sqlPlayers, sliceSeconds, baselineRound)).latencies);
      const cpuBefore = cpuSnapshot(cpuGroups);
      peakLatencies.push(...(await closedLoop(httpPlayers, sliceSeconds, httpRound)).latencies);
      peakCpu = cpuBetween(cpuBefore, cpuSnapshot(cpuGroups), sliceSeconds);
    }
    await pool.end();
    const baseline = { perSecond: baselineLatencies.length / PEAK_SECONDS };
    const peak = { perSecond: peakLatencies.length / PEAK_SECONDS, latencies: peakLatencies.sort((a, b) => a - b) };
    log(`baseline: ${baseline.perSecond.toFixed(0)} rounds/s`);
    log(
      `HTTP peak: ${peak.perSecond.toFixed(0)} rounds/s (p50 ${percentile(peak.latencies, 50).toFixed(1)} ms, p99 ${percentile(peak.latencies, 99).toFixed(1)} ms at ${CLIENTS} clients)`,
    );
    if (peakCpu) log(`CPU at peak (last HTTP slice): ${describeCpu(peakCpu)}`);
    // The closed loop's writes (hundreds of thousands of rows a minute) pass autovacuum's thresholds: its
    // pass would land in the window below. A server at 70% writes that much in minutes, not seconds.
    log(await vacuumAnalyze(database.url));
    // The server's histogram is read before the paced run and after it, so the scrape is not inside the
    // window; it then covers the 5 s warm-up too.
    const serverBefore = await serverMetrics();
    const checkpointsBefore = await checkpointCount(database.url);
    const autovacuumsBefore = await autovacuumCounts(database.url);
    let cpuBefore: ReturnType<typeof cpuSnapshot> | undefined;
    const flushProbe = FLUSH_PROBE_DIR ? await openFlushProbe(FLUSH_PROBE_DIR) : null;
    const feedSampler = await sampleFeedBehind(database.url);
    const {
      latencies: paced,
      lags,
      slowestBySecond,
      windowSeconds,
    } = await pacedLoop(httpPlayers, httpRound, peak.perSecond * 0.7, PACED_WARMUP_SECONDS, PACED_SECONDS, () => {
      cpuBefore = cpuSnapshot(cpuGroups);
      flushProbe?.begin();
    });
    const flushSlowestBySecond = flushProbe ? await flushProbe.stop() : null;
    const { rows: feedBehind, accrualLagMs: accrualLags } = await feedSampler.stop();
    const pacedFeedBehindMax = Math.max(0, ...feedBehind);
    log(
      `settled rounds not yet in the reports, sampled each second of the paced run: at most ${pacedFeedBehindMax} (${(pacedFeedBehindMax / (peak.perSecond * 0.7)).toFixed(2)} s of rounds)`,
    );
    // The points' accrual lag (decision 0044; goal under 2 s): the oldest settled round not yet in the points.
    const accrualLagMs = Math.max(0, ...accrualLags);
    log(`the points' accrual lag, sampled each second of the paced run: at most ${accrualLagMs} ms`);
    if (!cpuBefore) throw new Error('the paced window did not start');
    const pacedCpu = cpuBetween(cpuBefore, cpuSnapshot(cpuGroups), windowSeconds);
    const serverAfter = await serverMetrics();
    const pacedServerGc = gcBetween(serverBefore, serverAfter);
    // A checkpoint makes every page's first change after it write a full-page image: the window would
    // measure that instead of the steady state (decision 0014).
    const pacedCheckpoints = (await checkpointCount(database.url)) - checkpointsBefore;
    log(`checkpoints during the paced run: ${pacedCheckpoints}`);
    // An autovacuum worker's pass is CPU and I/O the window's rounds share the machine with.
    const pacedAutovacuums = [...(await autovacuumCounts(database.url))]
      .map(([table, count]) => ({ table, passes: count - (autovacuumsBefore.get(table) ?? 0) }))
      .filter((entry) => entry.passes > 0);
    log(
      `autovacuum passes during the paced run: ${pacedAutovacuums.map((entry) => `${entry.table} ${entry.passes}`).join(', ') || 'none'}`,
    );
    // Batching is lost at a paced rate: each round wakes every process on its own, so 70% of the
    // closed-loop peak costs more than 70% of its CPU; where idle vCPUs halt at once (guestHaltPollNs 0),
    // each of those wake-ups is also a VM exit. On a shared 2-core machine that is the tail.
    log(`CPU at 70%: ${describeCpu(pacedCpu)}`);
    // Where the time of a slow round went: inside the server (its own request histogram), or before it.
    log(
      `server-side time per wallet call at 70% (warm-up and window): ${formatHistogram(serverBefore.buckets, serverAfter.buckets)}`,
    );
    // Each mark-compact stops the server's one thread; decision 0013 says what made them frequent.
    log(`server at 70% (warm-up and window): ${describeServerPauses(pacedServerGc, serverAfter.eventLoopDelay)}`);
    log(
      `dispatch lag of the generator: p50 ${percentile(lags, 50).toFixed(2)} ms, p99 ${percentile(lags, 99).toFixed(2)} ms, max ${percentile(lags, 100).toFixed(2)} ms`,
    );
    log(`slowest round of each second at 70%, in ms: ${slowestBySecond.join(', ')}`);
    if (flushSlowestBySecond)
      log(`slowest disk flush of each second at 70%, in ms: ${flushSlowestBySecond.join(', ')}`);
    // What the server kept up with: below the offered rate, a queue grew and the latencies say so.
    const pacedAchieved = paced.length / windowSeconds;
    const p50Ms = Number(percentile(paced, 50).toFixed(2));
    const p99Ms = Number(percentile(paced, 99).toFixed(2));
    log(`HTTP at 70% of peak (${(peak.perSecond * 0.7).toFixed(0)} rounds/s): p50 ${p50Ms} ms, p99 ${p99Ms} ms`);

    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    server = undefined;
    // The database alone at the same rate: the baseline's statements through node-postgres, paced as the
    // HTTP window was, after the same vacuum. Its p99 is the floor this machine's database sets under the
    // HTTP p99 in this run; the HTTP side cannot be faster than it (decision 0014, session 19).
    log(await vacuumAnalyze(database.url));
    const sqlPool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
    const sqlPaced = await pacedLoop(
      sqlPlayers,
      (player) => sqlRound(sqlPool, player, ids),
      peak.perSecond * 0.7,
      PACED_WARMUP_SECONDS,
      PACED_SECONDS,
      () => {},
    );
    await sqlPool.end();
    const sqlP50Ms = Number(percentile(sqlPaced.latencies, 50).toFixed(2));
    const sqlP99Ms = Number(percentile(sqlPaced.latencies, 99).toFixed(2));
    log(
      `slowest round of each second, the database alone at the same rate, in ms: ${sqlPaced.slowestBySecond.join(', ')}`,
    );
    log(`the database alone at the same rate (no HTTP): p50 ${sqlP50Ms} ms, p99 ${sqlP99Ms} ms`);
    log('auditing the ledger against every acknowledged transaction');
    const { lost, duplicated } = await audit(database.url, httpPlayers);
    const result = {
      roundsPerSecond: Math.round(peak.perSecond),
      baselinePerSecond: Math.round(baseline.perSecond),
      ratio: Number((peak.perSecond / baseline.perSecond).toFixed(3)),
      p50Ms,
      p99Ms,
      lost,
      duplicated,
      accrualLagMs,
    };
    const details = {
      ...result,
      clients: CLIENTS,
      poolSize: POOL_SIZE,
      seconds: PEAK_SECONDS,
      peakP50Ms: Number(percentile(peak.latencies, 50).toFixed(2)),
      peakP99Ms: Number(percentile(peak.latencies, 99).toFixed(2)),
      pacedRoundsPerSecond: Math.round(peak.perSecond * 0.7),
      pacedAchievedPerSecond: Math.round(pacedAchieved),
      pacedSlowestMsBySecond: slowestBySecond,
      sqlPacedP50Ms: sqlP50Ms,
      sqlPacedP99Ms: sqlP99Ms,
      sqlPacedSlowestMsBySecond: sqlPaced.slowestBySecond,
      p99OverSqlP99: Number((p99Ms / sqlP99Ms).toFixed(2)),
      ...(flushSlowestBySecond && { pacedFlushSlowestMsBySecond: flushSlowestBySecond }),
      pacedGeneratorLagP99Ms: Number(percentile(lags, 99).toFixed(2)),
      pacedGeneratorLagMaxMs: Number(percentile(lags, 100).toFixed(2)),
      pacedServerCallsWithin25MsPercent: withinBound(serverBefore.buckets, serverAfter.buckets, '0.025'),
      pacedServerGc,
      pacedServerEventLoopDelay: serverAfter.eventLoopDelay,
      pacedCheckpoints,
      pacedAutovacuums,
      pacedFeedBehindMax,
      pacedFeedBehindBySecond: feedBehind,
      pacedAccrualLagMsBySecond: accrualLags,
      peakCpu,
      pacedCpu,
      acknowledgedTransactions: acknowledged.size,
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'initdb cluster started by the bench',
      ...(database.settings.length > 0 && { databaseSettings: database.settings }),
      measuredAt: new Date().toISOString(),
      durationSeconds: Math.round((performance.now() - started) / 1000),
      // 1, 5 and 15 minute load averages of this 2-core machine: other work weighs on the tail.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg().map((value) => Number(value.toFixed(2))),
      historyRounds: HISTORY_ROUNDS,
      guestHaltPollNs: guestHaltPollNs(),
    };
    writeFileSync(path.join(root, 'bench/results/wallet.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(details));
  } finally {
    server?.kill('SIGKILL');
    agent.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
