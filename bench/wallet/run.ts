// `npm run bench:wallet`: signed HTTP debit+credit rounds per second through the seamless wallet on a real
// PostgreSQL, against the same SQL through a bare node-postgres loop in the same run. Writes
// bench/results/wallet.json: { roundsPerSecond, baselinePerSecond, ratio, p50Ms, p99Ms, lost, duplicated }.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import pg from 'pg';
import { DEV_DATA_ENCRYPTION_KEY } from '../../apps/server/src/config';
import { SecretBox } from '../../apps/server/src/modules/vendor/secret-box';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { BettingService } from '../../apps/server/src/modules/betting/betting.service';
import { GamesService } from '../../apps/server/src/modules/games/games.service';
import { signBody, VendorService } from '../../apps/server/src/modules/vendor/vendor.service';
import { WalletService } from '../../apps/server/src/modules/wallet/wallet.service';
import { percentile, startBenchPostgres } from './postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 16);
const PEAK_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 30);
const PACED_SECONDS = 10;
const WARMUP_SECONDS = 3;
const START_BALANCE = 1_000_000_000;
const SECRET = randomBytes(24).toString('hex');
const VENDOR = 'BENCH';
const PORT = 18_000 + Math.floor(Math.random() * 2_000);

interface Player {
  playerId: string;
  sessionToken: string;
  memberId: number;
}

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:wallet] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(3)} s  ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function setUp(url: string) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await migrate(handle);
  await seedDemo(handle.db);
  const wallet = new WalletService(handle.db);
  const betting = new BettingService(handle.db);
  const vendors = new VendorService(
    handle.db,
    wallet,
    betting,
    new SecretBox(process.env['DATA_ENCRYPTION_KEY'] || DEV_DATA_ENCRYPTION_KEY),
  );
  const games = new GamesService(handle.db, vendors);
  await games.writeFeed(
    {
      vendor: {
        code: VENDOR,
        name: 'Bench vendor',
        gameTypes: ['RNG'],
        smallIcon: '',
        launchUrl: 'https://bench.vendor.test/launch',
        status: 'active',
        isHot: false,
      },
      games: [
        {
          code: 'SLOT',
          gameName: 'Bench Slot',
          gameType: 'RNG',
          showIcon: '',
          supportPlay: 1,
          defaultPlayType: '',
          isGame: '',
          isHot: false,
          status: 'active',
          sortOrder: 1,
        },
      ],
    },
    { walletSecret: SECRET },
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const merchant = (
    await pool.query<{ id: string; currency: string }>(`SELECT id, currency FROM merchants WHERE code = 'parlay'`)
  ).rows[0];
  const game = (
    await pool.query<{ id: string }>(
      `SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = $1`,
      [VENDOR],
    )
  ).rows[0];
  if (!merchant || !game) throw new Error('seed missing');
  const makePlayers = async (prefix: string, count: number): Promise<Player[]> => {
    const players: Player[] = [];
    for (let index = 0; index < count; index += 1) {
      const account = `${prefix}${index}`;
      const member = (
        await pool.query<{ id: string }>(`INSERT INTO members (merchant_id, account) VALUES ($1, $2) RETURNING id`, [
          merchant.id,
          account,
        ])
      ).rows[0];
      await wallet.adjust(
        {
          merchantCode: 'parlay',
          account,
          amountMinor: START_BALANCE,
          reason: 'bench funding',
          idempotencyKey: `bench-fund-${account}`,
        },
        { findByCode: async () => ({ id: Number(merchant.id), brand: { currency: merchant.currency } }) },
      );
      const session = await vendors.createLaunchSession({
        merchantId: Number(merchant.id),
        memberId: Number(member?.id),
        currency: merchant.currency,
        currencyExponent: 0,
        vendorId: Number(
          (await pool.query<{ id: string }>(`SELECT id FROM game_vendors WHERE code = $1`, [VENDOR])).rows[0]?.id,
        ),
        vendorLaunchUrl: 'https://bench.vendor.test/launch',
        gameId: Number(game.id),
        gameCode: 'SLOT',
        mode: 'real',
        language: 'KO',
        launchHosts: [],
      });
      const launch = new URL(session.url);
      players.push({
        playerId: launch.searchParams.get('playerId') ?? '',
        sessionToken: launch.searchParams.get('sessionToken') ?? '',
        memberId: Number(member?.id),
      });
    }
    return players;
  };
  const httpPlayers = await makePlayers('benchh', CLIENTS);
  const sqlPlayers = await makePlayers('benchs', CLIENTS);
  await pool.end();
  await handle.close();
  return { httpPlayers, sqlPlayers, merchantId: Number(merchant.id), currency: merchant.currency };
}

function startServer(url: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      DATABASE_POOL_SIZE: '20',
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

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function call(
  operation: keyof typeof VENDOR_WALLET_PATHS,
  body: Record<string, unknown>,
): Promise<{
  status: number;
  json: { success: boolean; code: string; value?: { applied: boolean; balanceMinor: number } };
}> {
  const raw = JSON.stringify(body);
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
          [VENDOR_HEADERS.vendorCode]: VENDOR,
          [VENDOR_HEADERS.signature]: signBody(SECRET, raw),
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

/** What the load generator was told was applied, to compare with the ledger afterwards. */
const acknowledged = new Map<string, number>();
let sequence = 0;

async function httpRound(player: Player): Promise<void> {
  sequence += 1;
  const id = `${player.memberId}-${sequence}`;
  const stake = 100 + (sequence % 50);
  const base = { playerId: player.playerId, currency: 'KRW', roundId: `r${id}`, gameCode: 'SLOT' };
  const debit = await call('debit', {
    ...base,
    requestId: `qd${id}`,
    sessionToken: player.sessionToken,
    transactionId: `d${id}`,
    amountMinor: stake,
  });
  if (debit.status !== 200 || !debit.json.value?.applied)
    throw new Error(`debit failed: ${JSON.stringify(debit.json)}`);
  acknowledged.set(`d${id}`, -stake);
  const win = sequence % 3 === 0 ? stake * 2 : 0;
  const credit = await call('credit', { ...base, requestId: `qc${id}`, transactionId: `c${id}`, amountMinor: win });
  if (credit.status !== 200 || !credit.json.value?.applied)
    throw new Error(`credit failed: ${JSON.stringify(credit.json)}`);
  acknowledged.set(`c${id}`, win);
}

/** Closed loop: every client plays rounds back to back for the duration. */
async function closedLoop(players: Player[], seconds: number, round: (player: Player) => Promise<void>) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < end) {
        const started = performance.now();
        await round(player);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return {
    rounds: latencies.length,
    perSecond: latencies.length / seconds,
    latencies: latencies.sort((a, b) => a - b),
  };
}

/** Open loop at a fixed rate; latency counts from the scheduled start, so queueing is not hidden. */
async function pacedLoop(players: Player[], perSecond: number, seconds: number) {
  const latencies: number[] = [];
  const total = Math.floor(perSecond * seconds);
  const interval = 1000 / perSecond;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  const busy = new Set<Player>();
  for (let index = 0; index < total; index += 1) {
    const scheduled = start + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    const player = players.find((candidate) => !busy.has(candidate)) ?? players[index % players.length];
    if (!player) break;
    busy.add(player);
    inFlight.push(
      httpRound(player).then(() => {
        busy.delete(player);
        latencies.push(performance.now() - scheduled);
      }),
    );
  }
  await Promise.all(inFlight);
  return latencies.sort((a, b) => a - b);
}

/** The same SQL the wallet runs for a debit and a credit, sent straight through node-postgres. */
async function sqlRound(
  pool: pg.Pool,
  player: Player,
  vendorId: number,
  houseId: number,
  merchantId: number,
  gameId: number,
  tokenHash: string,
) {
  sequence += 1;
  const id = `s${player.memberId}-${sequence}`;
  const stake = 100 + (sequence % 50);
  const win = sequence % 3 === 0 ? stake * 2 : 0;
  await pool.query(
    `SELECT id, member_id, merchant_id, vendor_id, game_id, mode, currency, play_balance_minor,
    (expires_at > now() AND ended_at IS NULL) AS live FROM game_sessions WHERE token_hash = $1`,
    [tokenHash],
  );
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const vt = await client.query<{ id: string }>(
      `INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, session_id, round_id, game_code, currency, amount_minor)
       VALUES ($1, $2, 'debit', 'debited', 'real', $3, NULL, $4, 'SLOT', 'KRW', $5) ON CONFLICT (vendor_id, transaction_id) DO NOTHING RETURNING id`,
      [vendorId, `d${id}`, player.memberId, `r${id}`, stake],
    );
    await client.query(
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor)
       VALUES ($1, $2, $3, $4, $5, 'SLOT', 'KRW', $6)
       ON CONFLICT (vendor_id, round_id) DO UPDATE SET stake_minor = game_rounds.stake_minor + EXCLUDED.stake_minor
       WHERE game_rounds.status = 'open' AND game_rounds.member_id = EXCLUDED.member_id RETURNING id`,
      [vendorId, `r${id}`, merchantId, player.memberId, gameId, stake],
    );
    const moved = await client.query<{ movement_id: string; balance_minor: string }>(
      `WITH acc AS (UPDATE wallet_accounts SET balance_minor = balance_minor - $1, updated_at = now()
         WHERE owner_type = 'member' AND member_id = $2 AND currency = 'KRW' AND balance_minor >= $1 RETURNING id, balance_minor),
       mov AS (INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
         SELECT $3::bigint, 'vendor_debit', $4::text, $2::bigint, 'KRW', (-$1)::bigint, NULL, NULL FROM acc RETURNING id),
       ent AS (INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
         SELECT mov.id, acc.id, (-$1)::bigint, acc.balance_minor FROM mov, acc UNION ALL SELECT mov.id, $5::bigint, $1::bigint, NULL FROM mov)
       SELECT mov.id AS movement_id, acc.balance_minor FROM mov, acc`,
      [stake, player.memberId, merchantId, `vendor:${vendorId}:d${id}`, houseId],
    );
    await client.query(`UPDATE vendor_transactions SET movement_id = $1, balance_after_minor = $2 WHERE id = $3`, [
      moved.rows[0]?.movement_id,
      moved.rows[0]?.balance_minor,
      vt.rows[0]?.id,
    ]);
    await client.query(
      `INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response)
       VALUES ($1, $2, 'debit', 'x', 200, $3::jsonb) ON CONFLICT (vendor_id, request_id) DO NOTHING RETURNING 1`,
      [vendorId, `qd${id}`, JSON.stringify({ value: { balanceMinor: Number(moved.rows[0]?.balance_minor) } })],
    );
    await client.query('COMMIT');

    await client.query('BEGIN');
    const ct = await client.query<{ id: string }>(
      `INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, session_id, round_id, game_code, currency, amount_minor)
       VALUES ($1, $2, 'credit', 'credited', 'real', $3, NULL, $4, 'SLOT', 'KRW', $5) ON CONFLICT (vendor_id, transaction_id) DO NOTHING RETURNING id`,
      [vendorId, `c${id}`, player.memberId, `r${id}`, win],
    );
    await client.query(
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, win_minor, status, settled_at, detail)
       VALUES ($1, $2, $3, $4, $5, 'SLOT', 'KRW', $6, 'settled', now(), NULL)
       ON CONFLICT (vendor_id, round_id) DO UPDATE SET win_minor = game_rounds.win_minor + EXCLUDED.win_minor,
         status = EXCLUDED.status, settled_at = EXCLUDED.settled_at,
         valid_bet_minor = CASE WHEN EXCLUDED.status = 'settled' THEN game_rounds.stake_minor ELSE 0 END,
         detail = coalesce(EXCLUDED.detail, game_rounds.detail)
       WHERE game_rounds.status = 'open' AND game_rounds.member_id = EXCLUDED.member_id RETURNING id`,
      [vendorId, `r${id}`, merchantId, player.memberId, gameId, win],
    );
    let balance: string | undefined;
    let movementId: string | null = null;
    if (win > 0) {
      const credited = await client.query<{ movement_id: string; balance_minor: string }>(
        `WITH acc AS (INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
           VALUES ($3, 'member', $2, 'KRW', $1) ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
           DO UPDATE SET balance_minor = wallet_accounts.balance_minor + EXCLUDED.balance_minor, updated_at = now() RETURNING id, balance_minor),
         mov AS (INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
           SELECT $3::bigint, 'vendor_credit', $4::text, $2::bigint, 'KRW', $1::bigint, NULL, NULL FROM acc RETURNING id),
         ent AS (INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
           SELECT mov.id, acc.id, $1::bigint, acc.balance_minor FROM mov, acc UNION ALL SELECT mov.id, $5::bigint, (-$1)::bigint, NULL FROM mov)
         SELECT mov.id AS movement_id, acc.balance_minor FROM mov, acc`,
        [win, player.memberId, merchantId, `vendor:${vendorId}:c${id}`, houseId],
      );
      balance = credited.rows[0]?.balance_minor;
      movementId = credited.rows[0]?.movement_id ?? null;
    } else {
      balance = (
        await client.query<{ balance_minor: string }>(
          `SELECT balance_minor FROM wallet_accounts WHERE owner_type = 'member' AND member_id = $1 AND currency = 'KRW'`,
          [player.memberId],
        )
      ).rows[0]?.balance_minor;
    }
    await client.query(`UPDATE vendor_transactions SET movement_id = $1, balance_after_minor = $2 WHERE id = $3`, [
      movementId,
      balance,
      ct.rows[0]?.id,
    ]);
    await client.query(
      `INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response)
       VALUES ($1, $2, 'credit', 'x', 200, $3::jsonb) ON CONFLICT (vendor_id, request_id) DO NOTHING RETURNING 1`,
      [vendorId, `qc${id}`, JSON.stringify({ value: { balanceMinor: Number(balance) } })],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function audit(url: string, players: Player[]) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const ids = [...acknowledged.keys()];
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 5_000) {
    const rows = await pool.query<{ transaction_id: string }>(
      `SELECT t.transaction_id FROM vendor_transactions t JOIN game_vendors v ON v.id = t.vendor_id
       WHERE v.code = $1 AND t.transaction_id = ANY($2) AND (t.movement_id IS NOT NULL OR t.amount_minor = 0)`,
      [VENDOR, ids.slice(start, start + 5_000)],
    );
    for (const row of rows.rows) found.add(row.transaction_id);
  }
  const missing = ids.filter((id) => !found.has(id)).length;
  const expected = new Map(players.map((player) => [player.memberId, START_BALANCE]));
  for (const [id, delta] of acknowledged) {
    const memberId = Number(id.slice(1).split('-')[0]);
    expected.set(memberId, (expected.get(memberId) ?? 0) + delta);
  }
  const balances = await pool.query<{ member_id: string; balance_minor: string }>(
    `SELECT member_id, balance_minor FROM wallet_accounts WHERE owner_type = 'member' AND member_id = ANY($1)`,
    [players.map((player) => player.memberId)],
  );
  let balanceOff = 0;
  for (const row of balances.rows)
    if (Number(row.balance_minor) !== expected.get(Number(row.member_id))) balanceOff += 1;
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

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  const database = await startBenchPostgres('wallet');
  let server: ChildProcess | undefined;
  try {
    log(`database ready; setting up ${CLIENTS} HTTP players and ${CLIENTS} SQL players`);
    const { httpPlayers, sqlPlayers, merchantId } = await setUp(database.url);

    // Baseline: the same statements through node-postgres, no HTTP, no validation, no signature.
    const pool = new pg.Pool({ connectionString: database.url, max: 20 });
    const vendorId = Number(
      (await pool.query<{ id: string }>(`SELECT id FROM game_vendors WHERE code = $1`, [VENDOR])).rows[0]?.id,
    );
    const gameId = Number(
      (await pool.query<{ id: string }>(`SELECT id FROM games WHERE vendor_id = $1`, [vendorId])).rows[0]?.id,
    );
    const houseId = Number(
      (
        await pool.query<{ id: string }>(
          `SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1`,
          [merchantId],
        )
      ).rows[0]?.id,
    );
    const tokenHash =
      (await pool.query<{ token_hash: string }>(`SELECT token_hash FROM game_sessions LIMIT 1`)).rows[0]?.token_hash ??
      '';
    const baselineRound = (player: Player) => sqlRound(pool, player, vendorId, houseId, merchantId, gameId, tokenHash);

    server = startServer(database.url);
    await waitReady();
    log('server ready; warming up');
    await closedLoop(sqlPlayers, WARMUP_SECONDS, baselineRound);
    await closedLoop(httpPlayers, WARMUP_SECONDS, httpRound);
    // Slices of each, alternated, so that other load on the machine weighs on both alike.
    const slices = Math.max(1, Math.round(PEAK_SECONDS / 3));
    const sliceSeconds = PEAK_SECONDS / slices;
    const baselineLatencies: number[] = [];
    const peakLatencies: number[] = [];
    for (let slice = 0; slice < slices; slice += 1) {
      baselineLatencies.push(...(await closedLoop(sqlPlayers, sliceSeconds, baselineRound)).latencies);
      peakLatencies.push(...(await closedLoop(httpPlayers, sliceSeconds, httpRound)).latencies);
    }
    await pool.end();
    const baseline = { perSecond: baselineLatencies.length / PEAK_SECONDS };
    const peak = { perSecond: peakLatencies.length / PEAK_SECONDS, latencies: peakLatencies.sort((a, b) => a - b) };
    log(`baseline: ${baseline.perSecond.toFixed(0)} rounds/s`);
    log(
      `HTTP peak: ${peak.perSecond.toFixed(0)} rounds/s (p50 ${percentile(peak.latencies, 50).toFixed(1)} ms, p99 ${percentile(peak.latencies, 99).toFixed(1)} ms at ${CLIENTS} clients)`,
    );
    const paced = await pacedLoop(httpPlayers, peak.perSecond * 0.7, PACED_SECONDS);
    const p50Ms = Number(percentile(paced, 50).toFixed(2));
    const p99Ms = Number(percentile(paced, 99).toFixed(2));
    log(`HTTP at 70% of peak (${(peak.perSecond * 0.7).toFixed(0)} rounds/s): p50 ${p50Ms} ms, p99 ${p99Ms} ms`);

    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    server = undefined;
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
    };
    const details = {
      ...result,
      clients: CLIENTS,
      seconds: PEAK_SECONDS,
      peakP50Ms: Number(percentile(peak.latencies, 50).toFixed(2)),
      peakP99Ms: Number(percentile(peak.latencies, 99).toFixed(2)),
      pacedRoundsPerSecond: Math.round(peak.perSecond * 0.7),
      acknowledgedTransactions: acknowledged.size,
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'initdb cluster started by the bench',
      measuredAt: new Date().toISOString(),
      durationSeconds: Math.round((performance.now() - started) / 1000),
      // 1, 5 and 15 minute load averages of this 2-core machine: other work weighs on the tail.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg().map((value) => Number(value.toFixed(2))),
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
