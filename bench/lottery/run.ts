// `npm run bench:lottery` (issue 38, "Speed (bench)"): 50,000 slips on one FAST1 draw, settled after the draw by the
// lottery vendor (apps/house-games/src/lottery/lottery-draws.ts: payouts written in batches, then the slips credited
// through the signed wallet client to the platform's seamless wallet over HTTP, many slips a call: the batched
// credit of docs/decisions/0071-batched-vendor-credits.md, each slip keyed as its own credit), against the same
// ledger work through a bare node-postgres loop in the same run: for each slip, the platform's one-statement credit
// (vendor_wallet_credit: round, movement, ledger entries and balance, keyed by the slip), 16 in flight (the vendor's
// concurrency when it sent a call per slip), on a pool the size of the server's. A real platform (apps/server's buildApp) and the lottery vendor (buildHouseApp, on a clock
// the bench moves) share a PostgreSQL cluster of the bench's own (bench/wallet/postgres.ts).
//
// Placing the slips is set-up, not measured: the first API_SLIPS through the vendor's API (POST /slips: the slip,
// its exposure and the signed debit), the others written as that placement leaves them: the same bets, debited by
// the platform's own debit statement (vendor_wallet_debit, the one its debit call runs), the slip `placed` and its
// exposure added to the draw's. The baseline's rounds are debited the same way, apart from the slips.
//
// Goal: ratio = baselineMs / settleMs at least 0.5, every slip settled once. Writes bench/results/lottery.json:
// { ratio, settleMs, baselineMs, lost, doubled, ... } with the load average at the start and the end.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { drawFast, type LotteryBet } from '@parlay/fairness';
import pg from 'pg';
import { buildHouseApp, type HouseApp } from '../../apps/house-games/src/app';
import { defaultHouseConfig } from '../../apps/house-games/src/config';
import type { CrashClock } from '../../apps/house-games/src/crash/crash-shared';
import { openHouseDatabase } from '../../apps/house-games/src/db/database';
import { migrateHouse } from '../../apps/house-games/src/db/migrate';
import { LOTTERY_VENDOR_CODE, lotteryCatalogueFeed } from '../../apps/house-games/src/lottery/lottery-catalogue';
import { slipExposure, slipPayout } from '../../apps/house-games/src/lottery/lottery-draws';
import type { DrawResult } from '../../apps/house-games/src/lottery/lottery-games';
import type { SlipBet } from '../../apps/house-games/src/lottery/lottery.repository';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { hashToken } from '../../apps/server/src/modules/vendors/index';
import { startBenchPostgres, warmWal } from '../wallet/postgres';

const SLIPS = Number(process.env['BENCH_SLIPS'] ?? 50_000);
const PLAYERS = Number(process.env['BENCH_PLAYERS'] ?? 1_000);
/** Slips placed through the vendor's API (the rest written as it leaves them): its placement rate, and the bets. */
const API_SLIPS = Math.min(SLIPS, Number(process.env['BENCH_API_SLIPS'] ?? 1_000));
/**
 * The bare loop's credits in flight: the vendor's before its credits were batched (its `creditConcurrency` now counts
 * batched calls in flight, lottery-draws.ts).
 */
const CONCURRENCY = 16;
/** The server's pool size (DATABASE_POOL_SIZE's default), and so the bare loop's and the vendor's. */
const POOL_SIZE = 10;
/**
 * The vendor's settlement settings for a probe (BENCH_CREDIT_CONCURRENCY, BENCH_SETTLE_BATCH): unset, its own
 * defaults (lottery-draws.ts); the bare loop keeps CONCURRENCY either way.
 */
const VENDOR_SETTINGS = {
  ...(process.env['BENCH_CREDIT_CONCURRENCY']
    ? { creditConcurrency: Number(process.env['BENCH_CREDIT_CONCURRENCY']) }
    : {}),
  ...(process.env['BENCH_SETTLE_BATCH'] ? { settleBatchSize: Number(process.env['BENCH_SETTLE_BATCH']) } : {}),
};
const GAME = 'FAST1';
const START_BALANCE = 1_000_000_000;
const LOTTERY_SECRET = randomBytes(24).toString('hex');
const GOAL_RATIO = 0.5;

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:lottery] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(4)} s  ${message}`);

/** The draw loop's clock: it moves only when the bench says; the bench runs the loop's passes itself. */
class BenchClock implements CrashClock {
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
  setTimeout(): unknown {
    return null;
  }
  clearTimeout(): void {}
  setInterval(): unknown {
    return null;
  }
  clearInterval(): void {}
}

/** Runs `work` over the items with at most `limit` in flight (the vendor's own pool, lottery-draws.ts). */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface TimedStatement {
  /** The statement's first words, its values left out: what kind of statement it was. */
  kind: string;
  startedAt: number;
  ms: number;
}

/**
 * Times what `pool` is sent while on, in its transactions too (bench/agents/settlement.ts's timePool, with the
 * time each statement started): where the settlement's time goes, the vendor's statements and the platform's.
 */
function recordStatements(pool: pg.Pool): { start(): void; take(): TimedStatement[] } {
  let on = false;
  let statements: TimedStatement[] = [];
  const patched = new WeakSet<object>();
  const wrap = (target: { query: (...args: unknown[]) => unknown }) => {
    const send = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      const result = send(...args);
      if (!on || !(result instanceof Promise)) return result;
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
      const startedAt = performance.now();
      return result.then((value: unknown) => {
        statements.push({
          kind: text.replace(/\s+/g, ' ').trim().slice(0, 70),
          startedAt,
          ms: performance.now() - startedAt,
        });
        return value;
      });
    };
  };
  wrap(pool);
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const result = connect(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((client: pg.PoolClient) => {
      if (!patched.has(client)) {
        patched.add(client);
        wrap(client);
      }
      return client;
    });
  };
  return {
    start() {
      on = true;
      statements = [];
    },
    take() {
      on = false;
      return statements;
    },
  };
}

/** Statements by kind: how many, their total and mean time, the most time first. */
function byKind(statements: readonly TimedStatement[]) {
  const kinds = new Map<string, { count: number; totalMs: number }>();
  for (const { kind, ms } of statements) {
    const entry = kinds.get(kind) ?? { count: 0, totalMs: 0 };
    entry.count += 1;
    entry.totalMs += ms;
    kinds.set(kind, entry);
  }
  return [...kinds]
    .map(([kind, { count, totalMs }]) => ({
      kind,
      count,
      totalMs: Math.round(totalMs),
      meanMs: Number((totalMs / count).toFixed(2)),
    }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 8);
}

interface BenchPlayer {
  memberId: number;
  /** The lottery frame's session (POST /house/lottery/api/sessions). */
  authorization: string;
  /** What the slips keep of the session: the house's player row, the platform's player id and launch token. */
  playerRef: number;
  playerId: string;
  platformToken: string;
  brand: string;
  currency: string;
}

/** Each slip's bets: one to three of the fast game's types, repeating every 60 slips. */
function betsFor(index: number): LotteryBet[] {
  const stake = 100 * (1 + (index % 10));
  const position = 1 + (index % 5);
  const bets: LotteryBet[] = [{ betType: 'digit', selection: [`${position}:${index % 10}`], stakeMinor: stake }];
  if (index % 2 === 0)
    bets.push({ betType: 'big_small', selection: [index % 4 === 0 ? 'sum:big' : 'sum:small'], stakeMinor: 200 });
  if (index % 3 === 0) bets.push({ betType: 'odd_even', selection: [`${position}:odd`], stakeMinor: 100 });
  return bets;
}

/** The commit measured, and the vendor's files edited beside it (uncommitted work measured with it). */
function measuredSource(): { commit: string | null; lotteryFilesEdited: string[] } {
  const git = (args: string[]) => {
    const result = spawnSync('git', args, { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' });
    // Not trimmed at the start: a porcelain line begins with its status, a space when the index is unchanged.
    return result.status === 0 ? result.stdout.trimEnd() : null;
  };
  const edited = git(['status', '--porcelain', '--', 'apps/house-games/src/lottery']);
  return {
    commit: git(['rev-parse', 'HEAD']),
    lotteryFilesEdited: edited ? edited.split('\n').map((line) => line.slice(3)) : [],
  };
}

async function main() {
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const database = await startBenchPostgres('lottery');
  const closers: (() => Promise<void>)[] = [];
  try {
    const setupHandle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrate(setupHandle);
    await seedDemo(setupHandle.db);
    await setupHandle.close();

    // The platform as it runs, on a port of its own: the vendor reaches it over HTTP like any vendor.
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST_DIR: '',
      HOUSE_ENABLED: 'false',
    });
    const serverHandle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: POOL_SIZE });
    const serverStatements = recordStatements((serverHandle.db as unknown as { $client: pg.Pool }).$client);
    const app = await buildApp({ config, database: serverHandle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(async () => {
      await app.close();
      await serverHandle.close();
    });
    const address = app.server.address();
    const platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await app.gaming.catalogueSync.writeFeed(
      lotteryCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' }),
      {
        walletSecret: LOTTERY_SECRET,
      },
    );

    // The lottery vendor on its own connections to the same database, its draw loop on the bench's clock.
    const houseHandle = await openHouseDatabase({ kind: 'postgres', url: database.url, poolSize: POOL_SIZE });
    await migrateHouse(houseHandle);
    const houseStatements = recordStatements((houseHandle.db as unknown as { $client: pg.Pool }).$client);
    const slot = 60_000;
    const clock = new BenchClock(Math.floor(Date.now() / slot) * slot + 1_000);
    const house: HouseApp = await buildHouseApp(
      defaultHouseConfig({
        database: houseHandle,
        walletBaseUrl: platformUrl,
        vendorSecret: randomBytes(24).toString('hex'),
        walletTimeoutMs: 30_000,
        logLevel: 'silent',
        lottery: {
          vendorCode: LOTTERY_VENDOR_CODE,
          vendorSecret: LOTTERY_SECRET,
          clock,
          drawsAhead: 2,
          ...VENDOR_SETTINGS,
        },
      }),
    );
    await house.app.ready();
    closers.unshift(async () => {
      await house.app.close();
      await houseHandle.close();
    });
    const draws = house.lottery!.draws;

    const bare = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
    closers.unshift(() => bare.end());
    const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => {
      const row = (await bare.query<T>(text, values)).rows[0];
      if (!row) throw new Error(`no row: ${text}`);
      return row;
    };
    // 50,000 slips on one number would pass the default liability limit: the bench's brand allows them.
    await bare.query(
      `INSERT INTO house.lottery_settings (brand, game_code, close_seconds, max_liability_minor)
       VALUES ('*', $1, 10, 1000000000000000)`,
      [GAME],
    );
    const merchant = await one<{ id: string; currency: string }>(
      `SELECT id, currency FROM merchants WHERE code = 'parlay'`,
    );
    const ids = {
      merchantId: Number(merchant.id),
      vendorId: Number(
        (await one<{ id: string }>(`SELECT id FROM game_vendors WHERE code = $1`, [LOTTERY_VENDOR_CODE])).id,
      ),
      gameId: Number(
        (
          await one<{ id: string }>(
            `SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = $1 AND g.code = $2`,
            [LOTTERY_VENDOR_CODE, GAME],
          )
        ).id,
      ),
      houseId: Number(
        (
          await one<{ id: string }>(`SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1`, [
            merchant.id,
          ])
        ).id,
      ),
    };

    // The draws scheduled and FAST1's current one open.
    await draws.tick();
    const draw = await one<{ id: string; draw_no: string; closes_at: Date; draws_at: Date; seed: string }>(
      `SELECT id, draw_no, closes_at, draws_at, seed FROM house.lottery_draws WHERE game_code = $1 AND status = 'open'`,
      [GAME],
    );
    const drawId = Number(draw.id);
    log(`database ready; draw ${GAME} ${draw.draw_no} open; setting up ${PLAYERS} players`);

    // Players as a member makes one: a member funded through the ledger, signed in, launching the lottery, the
    // frame's session opened with the launch.
    const players: BenchPlayer[] = [];
    const setupStarted = performance.now();
    await inPool(
      Array.from({ length: PLAYERS }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        const account = `lotto${index}`;
        const memberId = Number(
          (
            await one<{ id: string }>(`INSERT INTO members (merchant_id, account) VALUES ($1, $2) RETURNING id`, [
              ids.merchantId,
              account,
            ])
          ).id,
        );
        await app.gaming.wallet.adjust(
          {
            merchantCode: 'parlay',
            account,
            amountMinor: START_BALANCE,
            reason: 'bench funding',
            idempotencyKey: `bench-fund-${account}`,
          },
          app.merchants,
        );
        const { token } = await app.sessions.createSession(
          { id: memberId, merchantId: ids.merchantId, isFreePlay: false },
          { ip: '127.0.0.1', userAgent: 'bench:lottery' },
        );
        const launched = await app.inject({
          method: 'GET',
          url: `/wps/game/launchGame?vassalage=${LOTTERY_VENDOR_CODE}&gameCode=${GAME}&playMode=real`,
          headers: { authorization: `Bearer ${token}` },
        });
        const body = launched.json<{ success: boolean; value: { game_url: string } }>();
        if (!body.success) throw new Error(`launch failed: ${launched.body}`);
        const launch = Object.fromEntries(new URL(body.value.game_url, 'http://localhost').searchParams);
        const opened = await house.app.inject({ method: 'POST', url: '/house/lottery/api/sessions', payload: launch });
        const session = opened.json<{ success: boolean; value: { token: string } }>();
        if (!session.success) throw new Error(`session failed: ${opened.body}`);
        const kept = await one<{ player_ref: string; player_id: string; currency: string; brand: string }>(
          `SELECT s.player_ref, p.player_id, p.currency, s.brand FROM house.lottery_sessions s
             JOIN house.players p ON p.id = s.player_ref WHERE s.platform_token = $1`,
          [launch['sessionToken']],
        );
        players[index] = {
          memberId,
          authorization: `Bearer ${session.value.token}`,
          playerRef: Number(kept.player_ref),
          playerId: kept.player_id,
          platformToken: launch['sessionToken'] ?? '',
          brand: kept.brand,
          currency: kept.currency,
        };
      },
    );
    log(`${PLAYERS} players launched in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    // The first slips through the vendor's API, as the frame places them.
    const placeStarted = performance.now();
    await inPool(
      Array.from({ length: API_SLIPS }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        const player = players[index % PLAYERS]!;
        const response = await house.app.inject({
          method: 'POST',
          url: '/house/lottery/api/slips',
          headers: { authorization: player.authorization },
          payload: { gameCode: GAME, drawNo: draw.draw_no, bets: betsFor(index) },
        });
        if (response.statusCode !== 200) throw new Error(`slip ${index}: ${response.body}`);
      },
    );
    const apiPlaceMs = performance.now() - placeStarted;
    log(`${API_SLIPS} slips placed through the API in ${(apiPlaceMs / 1000).toFixed(1)} s`);

    // The bets as the API kept them, each with its odds. betsFor repeats every 60 slips, all of them among the API's:
    // a written slip keeps the bets the API kept for the same ones, as the vendor's own placement would have.
    const keptBets = new Map<string, SlipBet[]>();
    for (const row of (
      await bare.query<{ bets: SlipBet[] }>(`SELECT bets FROM house.lottery_slips WHERE draw_id = $1`, [drawId])
    ).rows) {
      keptBets.set(
        JSON.stringify(row.bets.map(({ betType, selection, stakeMinor }) => ({ betType, selection, stakeMinor }))),
        row.bets,
      );
    }
    const betsWithOdds = (index: number): SlipBet[] => {
      const bets = keptBets.get(JSON.stringify(betsFor(index)));
      if (!bets) throw new Error(`no slip placed through the API with the bets of slip ${index}`);
      return bets;
    };

    const debit = async (player: BenchPlayer, roundId: string, stakeMinor: number) => {
      const result = await bare.query<{ outcome: string }>({
        name: 'vendor_wallet_debit',
        text: `SELECT outcome FROM vendor_wallet_debit($1::bigint, $2::text, $3::text, $4::text, $5::text, $6::bigint,
           $7::bigint, $8::text, $9::text, $10::bigint, $11::text, $12::bigint, $13::bigint, $14::text)`,
        values: [
          ids.vendorId,
          roundId,
          `bench-${roundId}`,
          'bench',
          hashToken(player.platformToken),
          player.memberId,
          ids.merchantId,
          player.currency,
          roundId,
          ids.gameId,
          GAME,
          stakeMinor,
          ids.houseId,
          `vendor:${ids.vendorId}:${roundId}`,
        ],
      });
      if (result.rows[0]?.outcome !== 'applied') throw new Error(`debit ${roundId}: ${result.rows[0]?.outcome}`);
    };

    // The other slips, written as the placement leaves them: debited, `placed`, their exposure added.
    interface WrittenSlip {
      slipId: string;
      player: BenchPlayer;
      bets: SlipBet[];
      stakeMinor: number;
    }
    const written: WrittenSlip[] = Array.from({ length: SLIPS - API_SLIPS }, (_, offset) => {
      const index = API_SLIPS + offset;
      const bets = betsWithOdds(index);
      return {
        slipId: `ls-bench-${index}`,
        player: players[index % PLAYERS]!,
        bets,
        stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0),
      };
    });
    const writeStarted = performance.now();
    await inPool(written, CONCURRENCY, (slip) => debit(slip.player, slip.slipId, slip.stakeMinor));
    for (let start = 0; start < written.length; start += 5_000) {
      const chunk = written.slice(start, start + 5_000).map((slip) => ({
        slipId: slip.slipId,
        playerRef: slip.player.playerRef,
        playerId: slip.player.playerId,
        platformToken: slip.player.platformToken,
        brand: slip.player.brand,
        currency: slip.player.currency,
        bets: slip.bets,
        stakeMinor: slip.stakeMinor,
      }));
      await bare.query(
        `INSERT INTO house.lottery_slips (slip_id, draw_id, game_code, player_ref, player_id, platform_token, brand,
           currency, prize_mode, bets, stake_minor, status)
         SELECT s."slipId", $2, $3, s."playerRef", s."playerId", s."platformToken", s.brand, s.currency, 'Lott', s.bets,
                s."stakeMinor", 'placed'
           FROM jsonb_to_recordset($1::jsonb) AS s("slipId" text, "playerRef" bigint, "playerId" text,
                "platformToken" text, brand text, currency text, bets jsonb, "stakeMinor" bigint)`,
        [JSON.stringify(chunk), drawId, GAME],
      );
    }
    const exposure = new Map<string, number>();
    const brandCurrency = new Set<string>();
    for (const slip of written) {
      brandCurrency.add(`${slip.player.brand}\u0000${slip.player.currency}`);
      for (const [key, amount] of slipExposure({ gameCode: GAME, bets: slip.bets })) {
        const scoped = `${slip.player.brand}\u0000${slip.player.currency}\u0000${key}`;
        exposure.set(scoped, (exposure.get(scoped) ?? 0) + amount);
      }
    }
    for (const [scoped, amount] of exposure) {
      const [brand, currency, key] = scoped.split('\u0000');
      await bare.query(
        `INSERT INTO house.lottery_exposure AS e (draw_id, brand, currency, exposure_key, payout_minor)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (draw_id, brand, currency, exposure_key)
         DO UPDATE SET payout_minor = e.payout_minor + EXCLUDED.payout_minor`,
        [drawId, brand, currency, key, amount],
      );
    }
    log(`${written.length} slips written and debited in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`);

    // The baseline's rounds: the same stakes on the same players, debited the same way, apart from the slips.
    // The result the draw will have: the fast family's numbers from its seed and identity (packages/fairness).
    const result: DrawResult = drawFast({ seed: draw.seed, gameCode: GAME, drawNo: draw.draw_no });
    const baselineRounds = Array.from({ length: SLIPS }, (_, index) => {
      const bets = betsWithOdds(index);
      return {
        roundId: `lb-bench-${index}`,
        player: players[index % PLAYERS]!,
        stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0),
        payoutMinor: slipPayout({ gameCode: GAME, bets }, result),
      };
    });
    const baselineDebitStarted = performance.now();
    await inPool(baselineRounds, CONCURRENCY, (round) => debit(round.player, round.roundId, round.stakeMinor));
    log(`${SLIPS} baseline rounds debited in ${((performance.now() - baselineDebitStarted) / 1000).toFixed(1)} s`);

    // The set-up's writes out of the way: statistics fresh, a checkpoint, WAL segments ready for reuse.
    await bare.query('VACUUM (ANALYZE)');
    log(await warmWal(database.url, 24));
    const placed = await one<{ n: string }>(
      `SELECT count(*) AS n FROM house.lottery_slips WHERE draw_id = $1 AND status = 'placed'`,
      [drawId],
    );
    if (Number(placed.n) !== SLIPS) throw new Error(`${placed.n} slips placed, not ${SLIPS}`);

    // The baseline: each round's credit in the platform's one statement, 16 in flight on a pool of 10.
    const baselineLoop = performance.eventLoopUtilization();
    const baselineStarted = performance.now();
    await inPool(baselineRounds, CONCURRENCY, async (round) => {
      const credited = await bare.query<{ outcome: string }>({
        name: 'vendor_wallet_credit',
        text: `SELECT outcome FROM vendor_wallet_credit($1::bigint, $2::text, $3::text, $4::text, $5::bigint,
           $6::bigint, $7::text, $8::text, $9::bigint, $10::text, $11::bigint, $12::boolean, $13::jsonb, $14::bigint,
           $15::text)`,
        values: [
          ids.vendorId,
          `lottery-slip:${round.roundId}`,
          `bench-c-${round.roundId}`,
          'bench',
          round.player.memberId,
          ids.merchantId,
          round.player.currency,
          round.roundId,
          ids.gameId,
          GAME,
          round.payoutMinor,
          true,
          null,
          ids.houseId,
          `vendor:${ids.vendorId}:lottery-slip:${round.roundId}`,
        ],
      });
      if (credited.rows[0]?.outcome !== 'applied') throw new Error(`baseline credit: ${credited.rows[0]?.outcome}`);
    });
    const baselineMs = performance.now() - baselineStarted;
    const baselineEventLoop = performance.eventLoopUtilization(baselineLoop).utilization;
    log(`baseline: ${SLIPS} credits in ${(baselineMs / 1000).toFixed(1)} s`);

    // The draw: closed on its time (set-up), then drawn and settled by the loop's pass (measured), passes again
    // until every slip is settled (a credit not acknowledged waits for the next pass).
    clock.time = new Date(draw.closes_at).getTime();
    await draws.tick();
    clock.time = new Date(draw.draws_at).getTime();
    // BENCH_CPU_PROFILE=<file>: the process's CPU profile of the settlement alone (the platform, the vendor and
    // the bench share this process, as the embedded house games share the platform's).
    const profilePath = process.env['BENCH_CPU_PROFILE'];
    const profiler = profilePath ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    houseStatements.start();
    serverStatements.start();
    const settleLoop = performance.eventLoopUtilization();
    const settleStarted = performance.now();
    let passes = 0;
    const unsettled = async () =>
      Number(
        (
          await one<{ n: string }>(
            `SELECT count(*) AS n FROM house.lottery_slips WHERE draw_id = $1 AND status <> 'settled'`,
            [drawId],
          )
        ).n,
      );
    do {
      await draws.tick();
      passes += 1;
    } while ((await unsettled()) > 0 && passes < 10);
    const settleMs = performance.now() - settleStarted;
    const settleEventLoop = performance.eventLoopUtilization(settleLoop).utilization;
    const vendorSent = houseStatements.take();
    const platformSent = serverStatements.take();
    if (profiler && profilePath) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profilePath, JSON.stringify(profile));
      profiler.disconnect();
      log(`CPU profile of the settlement written to ${profilePath}`);
    }
    // The payouts' phase ends with the last batch written; the credits' phase is the rest.
    const payoutsWritten = vendorSent.filter((statement) => statement.kind.includes("SET status = 'payout_due'"));
    const payoutPhaseMs = Math.max(
      0,
      ...payoutsWritten.map((statement) => statement.startedAt + statement.ms - settleStarted),
    );
    log(`settlement: ${SLIPS} slips in ${(settleMs / 1000).toFixed(1)} s over ${passes} pass(es)`);

    const checks = await check(bare, { drawId, vendorId: ids.vendorId, result, players });
    const ratio = Number((baselineMs / settleMs).toFixed(3));
    const loadAtEnd = loadavg().map((value) => Number(value.toFixed(2)));
    const report = {
      ratio,
      settleMs: Math.round(settleMs),
      baselineMs: Math.round(baselineMs),
      lost: checks.lost,
      doubled: checks.doubled,
      goal: { ratio: GOAL_RATIO, met: ratio >= GOAL_RATIO && checks.lost === 0 && checks.doubled === 0 },
      slips: SLIPS,
      players: PLAYERS,
      concurrency: CONCURRENCY,
      vendorSettings: VENDOR_SETTINGS,
      poolSize: POOL_SIZE,
      settlePasses: passes,
      slipsPerSecond: Math.round(SLIPS / (settleMs / 1000)),
      baselinePerSecond: Math.round(SLIPS / (baselineMs / 1000)),
      checks: checks.details,
      whereTheTimeGoes: {
        payoutPhaseMs: Math.round(payoutPhaseMs),
        creditPhaseMs: Math.round(settleMs - payoutPhaseMs),
        eventLoopUtilization: {
          settlement: Number(settleEventLoop.toFixed(2)),
          baseline: Number(baselineEventLoop.toFixed(2)),
        },
        vendorStatements: { count: vendorSent.length, byKind: byKind(vendorSent) },
        platformStatements: { count: platformSent.length, byKind: byKind(platformSent) },
      },
      placement: {
        throughApi: API_SLIPS,
        apiSlipsPerSecond: Math.round(API_SLIPS / (apiPlaceMs / 1000)),
        writtenAsPlaced: SLIPS - API_SLIPS,
      },
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      source: measuredSource(),
      measuredAt: new Date().toISOString(),
    };
    writeFileSync(
      fileURLToPath(new URL('../results/lottery.json', import.meta.url)),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    console.log(JSON.stringify(report, null, 2));
    if (!report.goal.met) process.exitCode = 1;
  } finally {
    for (const close of closers) await close().catch((error: unknown) => console.error(error));
    await database.close();
  }
}

/**
 * After the settlement: every slip settled with the payout its bets give on the result (`settledWrong`), credited
 * once (`lost`: no applied credit, or the platform's round not paid that amount), no credit twice or without a slip
 * (`doubled`), every movement balanced, every member's balance the sum of its entries and of what the run moved.
 */
async function check(
  bare: pg.Pool,
  run: { drawId: number; vendorId: number; result: DrawResult; players: BenchPlayer[] },
) {
  const count = async (text: string, values: unknown[] = []) =>
    Number((await bare.query<{ n: string }>(text, values)).rows[0]?.n ?? 0);
  const slips = await bare.query<{ slip_id: string; bets: SlipBet[]; payout_minor: string | null; status: string }>(
    `SELECT slip_id, bets, payout_minor, status FROM house.lottery_slips WHERE draw_id = $1`,
    [run.drawId],
  );
  let settledWrong = 0;
  for (const slip of slips.rows) {
    const due = slipPayout({ gameCode: GAME, bets: slip.bets }, run.result);
    if (slip.status !== 'settled' || Number(slip.payout_minor) !== due) settledWrong += 1;
  }
  // A slip's credit applied (a movement, or 0 for a loss) and its round paid what the slip says.
  const lost = await count(
    `SELECT count(*) AS n FROM house.lottery_slips s
       LEFT JOIN vendor_transactions t ON t.vendor_id = $2 AND t.transaction_id = 'lottery-slip:' || s.slip_id
            AND t.kind = 'credit' AND (t.movement_id IS NOT NULL OR t.amount_minor = 0)
       LEFT JOIN game_rounds r ON r.round_id = s.slip_id
      WHERE s.draw_id = $1 AND (t.id IS NULL OR t.amount_minor <> s.payout_minor OR r.win_minor IS DISTINCT FROM s.payout_minor)`,
    [run.drawId, run.vendorId],
  );
  // Credits of the lottery vendor per slip (more than one: doubled), and credits with no slip (the baseline's aside).
  const creditedTwice = await count(
    `SELECT count(*) AS n FROM (SELECT round_id FROM vendor_transactions WHERE vendor_id = $1 AND kind = 'credit'
        AND round_id LIKE 'ls-%' GROUP BY round_id HAVING count(*) > 1) x`,
    [run.vendorId],
  );
  const creditsWithoutSlip = await count(
    `SELECT count(*) AS n FROM vendor_transactions t WHERE t.vendor_id = $1 AND t.kind = 'credit'
        AND t.round_id NOT LIKE 'lb-bench-%'
        AND NOT EXISTS (SELECT 1 FROM house.lottery_slips s WHERE s.slip_id = t.round_id)`,
    [run.vendorId],
  );
  const movementsLinkedOtherThanOnce = await count(
    `SELECT count(*) AS n FROM wallet_movements m
       LEFT JOIN (SELECT movement_id, count(*) AS links FROM vendor_transactions WHERE movement_id IS NOT NULL
                  GROUP BY movement_id) t ON t.movement_id = m.id
      WHERE m.kind IN ('vendor_debit', 'vendor_credit') AND coalesce(t.links, 0) <> 1`,
  );
  const unbalancedMovements = await count(
    `SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m JOIN ledger_entries e ON e.movement_id = m.id
       GROUP BY m.id HAVING sum(e.amount_minor) <> 0) x`,
  );
  const accountsOffTheirEntries = await count(
    `SELECT count(*) AS n FROM wallet_accounts a
       LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries GROUP BY account_id) e
         ON e.account_id = a.id
      WHERE a.balance_minor <> coalesce(e.total, 0)`,
  );
  // Each player's balance: the funding, less every stake (slips and baseline rounds), plus every payout.
  const membersOff = await count(
    `SELECT count(*) AS n FROM wallet_accounts a
       JOIN (SELECT member_id,
                    sum(CASE WHEN kind = 'debit' THEN -amount_minor ELSE amount_minor END) AS moved
               FROM vendor_transactions WHERE vendor_id = $1 GROUP BY member_id) t ON t.member_id = a.member_id
      WHERE a.owner_type = 'member' AND a.member_id = ANY($2) AND a.balance_minor <> $3 + t.moved`,
    [run.vendorId, run.players.map((player) => player.memberId), START_BALANCE],
  );
  const details = {
    slipsSettled: slips.rows.filter((slip) => slip.status === 'settled').length,
    settledWrong,
    creditedTwice,
    creditsWithoutSlip,
    movementsLinkedOtherThanOnce,
    unbalancedMovements,
    accountsOffTheirEntries,
    membersOff,
    ledgerBalanced: unbalancedMovements === 0 && accountsOffTheirEntries === 0 && membersOff === 0,
  };
  return {
    lost: lost + settledWrong,
    doubled: creditedTwice + creditsWithoutSlip + movementsLinkedOtherThanOnce,
    details,
  };
}

await main();
