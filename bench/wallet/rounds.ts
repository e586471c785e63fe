// The wallet's rounds as the benches play them: the database set up with the bench vendor and funded players,
// the baseline's round (the wallet's two statements through node-postgres), and the closed and paced loops.
import pg from 'pg';
import { DEV_DATA_ENCRYPTION_KEY } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { CatalogueCache, CatalogueSyncService } from '../../apps/server/src/modules/games/index';
import { AuditService } from '../../apps/server/src/modules/audit/index';
import { hashToken, LaunchSessionService, SecretBox, VendorService } from '../../apps/server/src/modules/vendors/index';
import { WalletService } from '../../apps/server/src/modules/wallet/index';

export const BENCH_VENDOR = 'BENCH';
/** Each bench player's funding: more than any run stakes. */
export const START_BALANCE = 1_000_000_000;

export interface Player {
  playerId: string;
  sessionToken: string;
  memberId: number;
}

/** The rows every round writes against: the bench vendor, its game, the demo brand and its house account. */
export interface WalletIds {
  vendorId: number;
  gameId: number;
  merchantId: number;
  houseId: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let sequence = 0;

/**
 * A database ready for the wallet's rounds: migrated, the demo brand, the bench vendor with one game and its
 * wallet secret, and `count` funded members with a live real-money game session for each prefix of `groups`.
 */
export async function setUpWallet(url: string, secret: string, groups: Record<string, number>) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await migrate(handle);
  await seedDemo(handle.db);
  const audit = new AuditService(handle.db);
  const wallet = new WalletService(handle.db, audit);
  const vendors = new VendorService(
    handle.db,
    new SecretBox(process.env['DATA_ENCRYPTION_KEY'] || DEV_DATA_ENCRYPTION_KEY),
  );
  const launchSessions = new LaunchSessionService(handle.db, vendors);
  const feeds = new CatalogueSyncService(handle.db, new CatalogueCache(handle.db), vendors, audit);
  await feeds.writeFeed(
    {
      vendor: {
        code: BENCH_VENDOR,
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
    { walletSecret: secret },
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const merchant = (
    await pool.query<{ id: string; currency: string }>(`SELECT id, currency FROM merchants WHERE code = 'parlay'`)
  ).rows[0];
  const game = (
    await pool.query<{ id: string }>(
      `SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = $1`,
      [BENCH_VENDOR],
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
      const session = await launchSessions.createLaunchSession({
        merchantId: Number(merchant.id),
        memberId: Number(member?.id),
        currency: merchant.currency,
        currencyExponent: 0,
        vendorId: Number(
          (await pool.query<{ id: string }>(`SELECT id FROM game_vendors WHERE code = $1`, [BENCH_VENDOR])).rows[0]?.id,
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
  const players: Record<string, Player[]> = {};
  for (const [prefix, count] of Object.entries(groups)) players[prefix] = await makePlayers(prefix, count);
  const one = async (text: string, values: unknown[]) =>
    Number((await pool.query<{ id: string }>(text, values)).rows[0]?.id);
  const ids: WalletIds = {
    merchantId: Number(merchant.id),
    vendorId: await one(`SELECT id FROM game_vendors WHERE code = $1`, [BENCH_VENDOR]),
    gameId: Number(game.id),
    houseId: await one(`SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1`, [merchant.id]),
  };
  await pool.end();
  await handle.close();
  return { players, ids, currency: merchant.currency };
}

/** Closed loop: every client plays rounds back to back for the duration. */
export async function closedLoop(players: Player[], seconds: number, round: (player: Player) => Promise<void>) {
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

/**
 * Open loop at a fixed rate; latency counts from the scheduled start, so queueing is not hidden. The rate
 * runs `warmupSeconds` first, unmeasured, and goes on without a pause into the measured `seconds`:
 * `onWindow` runs as the first measured round is sent.
 */
export async function pacedLoop(
  players: Player[],
  round: (player: Player) => Promise<void>,
  perSecond: number,
  warmupSeconds: number,
  seconds: number,
  onWindow: () => void,
) {
  // Kept in typed arrays sized up front, with a count of rounds in flight instead of their promises: what
  // the generator holds through the window stays off its heap, so its own collections stay small.
  const interval = 1000 / perSecond;
  const first = Math.floor(perSecond * warmupSeconds);
  const total = first + Math.floor(perSecond * seconds);
  const latencies = new Float64Array(total - first);
  const lags = new Float64Array(total - first);
  let recorded = 0;
  // The slowest round of each second of the window, by scheduled start: where in the window the tail sits.
  const slowestBySecond = Array.from({ length: Math.ceil(seconds) }, () => 0);
  const start = performance.now();
  const windowStart = start + first * interval;
  const busy = new Set<Player>();
  let inFlight = 0;
  let sending = true;
  let failure: Error | undefined;
  let drained = () => {};
  const allSettled = new Promise<void>((resolve) => {
    drained = resolve;
  });
  const settleIfDone = () => {
    if (!sending && inFlight === 0) drained();
  };
  for (let index = 0; index < total; index += 1) {
    const scheduled = start + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    if (index === first) onWindow();
    const player = players.find((candidate) => !busy.has(candidate)) ?? players[index % players.length];
    if (!player) break;
    busy.add(player);
    const measured = index >= first;
    if (measured) lags[index - first] = performance.now() - scheduled;
    inFlight += 1;
    round(player).then(
      () => {
        busy.delete(player);
        inFlight -= 1;
        if (measured) {
          const latency = performance.now() - scheduled;
          latencies[recorded] = latency;
          recorded += 1;
          const second = Math.floor((scheduled - windowStart) / 1000);
          slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, latency);
        }
        settleIfDone();
      },
      (error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
        inFlight -= 1;
        settleIfDone();
      },
    );
  }
  sending = false;
  settleIfDone();
  await allSettled;
  if (failure !== undefined) throw failure;
  return {
    latencies: Array.from(latencies.subarray(0, recorded)).sort((a, b) => a - b),
    lags: Array.from(lags).sort((a, b) => a - b),
    slowestBySecond: slowestBySecond.map((ms) => Number(ms.toFixed(1))),
    windowSeconds: (performance.now() - windowStart) / 1000,
  };
}

/**
 * The same SQL the wallet runs for a new debit and a new credit (the vendor_wallet_* functions of
 * migration 0033, one statement each), sent straight through node-postgres as named statements, as the
 * server sends them: no HTTP, no validation, no signature. The server also answers from these two
 * statements, so the ratio is the cost of the HTTP side.
 */
export async function sqlRound(pool: pg.Pool, player: Player, { vendorId, houseId, merchantId, gameId }: WalletIds) {
  sequence += 1;
  const id = `s${player.memberId}-${sequence}`;
  const stake = 100 + (sequence % 50);
  const win = sequence % 3 === 0 ? stake * 2 : 0;
  const debit = await pool.query<{ outcome: string }>({
    name: 'vendor_wallet_debit',
    text: `SELECT outcome, balance_minor, movement_id FROM vendor_wallet_debit($1::bigint, $2::text, $3::text, $4::text,
       $5::text, $6::bigint, $7::bigint, $8::text, $9::text, $10::bigint, $11::text, $12::bigint, $13::bigint, $14::text)`,
    values: [
      vendorId,
      `d${id}`,
      `qd${id}`,
      'x',
      hashToken(player.sessionToken),
      player.memberId,
      merchantId,
      'KRW',
      `r${id}`,
      gameId,
      'SLOT',
      stake,
      houseId,
      `vendor:${vendorId}:d${id}`,
    ],
  });
  if (debit.rows[0]?.outcome !== 'applied') throw new Error(`baseline debit: ${debit.rows[0]?.outcome}`);
  const credit = await pool.query<{ outcome: string }>({
    name: 'vendor_wallet_credit',
    text: `SELECT outcome, balance_minor, movement_id FROM vendor_wallet_credit($1::bigint, $2::text, $3::text, $4::text,
       $5::bigint, $6::bigint, $7::text, $8::text, $9::bigint, $10::text, $11::bigint, $12::boolean, $13::jsonb,
       $14::bigint, $15::text)`,
    values: [
      vendorId,
      `c${id}`,
      `qc${id}`,
      'x',
      player.memberId,
      merchantId,
      'KRW',
      `r${id}`,
      gameId,
      'SLOT',
      win,
      true,
      null,
      houseId,
      `vendor:${vendorId}:c${id}`,
    ],
  });
  if (credit.rows[0]?.outcome !== 'applied') throw new Error(`baseline credit: ${credit.rows[0]?.outcome}`);
}
