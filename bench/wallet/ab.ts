// `npx tsx bench/wallet/ab.ts <change>`: what one schema change costs the wallet's hot path, measured as
// decision 0012 measured the keys to shared rows. The same statements as bench:wallet's baseline (no HTTP),
// on the bench's own cluster with the bench's history, in slices alternated between the schema as migrated
// ("kept") and the schema with the change undone ("dropped"), the arm that goes first alternating too, so
// other load on the machine weighs on both alike. Per arm: closed-loop rounds per second and PostgreSQL CPU
// per round, then latency at a paced rate (70% of the first closed-loop slice). Prints; writes nothing.
// Changes:
//   ledger-key          the ledger's key to wallet_accounts: every call takes FOR KEY SHARE on the house row
//   open-rounds-index   migration 0042's partial index on open rounds: one more index entry per debit
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEV_DATA_ENCRYPTION_KEY } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { BettingService } from '../../apps/server/src/modules/betting/betting.service';
import { GamesService } from '../../apps/server/src/modules/games/games.service';
import { SecretBox } from '../../apps/server/src/modules/vendor/secret-box';
import { hashToken, VendorService } from '../../apps/server/src/modules/vendor/vendor.service';
import { WalletService } from '../../apps/server/src/modules/wallet/wallet.service';
import { cpuBetween, cpuSnapshot, postgresPids } from './cpu';
import { writeHistory } from './history';
import { percentile, startBenchPostgres, warmWal, withClient } from './postgres';

const CLIENTS = 16;
const SLICE_SECONDS = Number(process.env['AB_SLICE_SECONDS'] ?? 4);
const PAIRS = Number(process.env['AB_PAIRS'] ?? 6);
const VENDOR = 'BENCH';
const SECRET = randomBytes(24).toString('hex');
const CHANGES: Record<string, { drop: string; restore: string }> = {
  'ledger-key': {
    drop: 'ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey',
    restore: `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_id_fkey FOREIGN KEY (account_id)
              REFERENCES wallet_accounts (id) ON DELETE RESTRICT NOT VALID`,
  },
  'open-rounds-index': {
    drop: 'DROP INDEX game_rounds_open_idx',
    restore: `CREATE INDEX game_rounds_open_idx ON game_rounds (started_at) WHERE status = 'open'`,
  },
};
const CHANGE_NAME = process.argv[2] ?? '';

interface Player {
  sessionHash: string;
  memberId: number;
}
let sequence = 0;

async function main() {
  const change = CHANGES[CHANGE_NAME];
  if (!change) {
    console.error(`usage: npx tsx bench/wallet/ab.ts <${Object.keys(CHANGES).join(' | ')}>`);
    process.exitCode = 1;
    return;
  }
  console.log(`${CHANGE_NAME}: ${PAIRS} pairs of ${SLICE_SECONDS} s slices, kept and dropped`);
  const database = await startBenchPostgres('ab');
  try {
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    await migrate(handle);
    await seedDemo(handle.db);
    const wallet = new WalletService(handle.db);
    const vendors = new VendorService(
      handle.db,
      wallet,
      new BettingService(handle.db),
      new SecretBox(DEV_DATA_ENCRYPTION_KEY),
    );
    await new GamesService(handle.db, vendors).writeFeed(
      {
        vendor: {
          code: VENDOR,
          name: 'Bench',
          gameTypes: ['RNG'],
          smallIcon: '',
          launchUrl: 'https://b.test/l',
          status: 'active',
          isHot: false,
        },
        games: [
          {
            code: 'SLOT',
            gameName: 'Slot',
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
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    pool.on('error', () => {});
    const one = async (text: string, values: unknown[] = []) =>
      (await pool.query<{ id: string }>(text, values)).rows[0]?.id;
    const merchantId = Number(await one(`SELECT id FROM merchants WHERE code = 'parlay'`));
    const vendorId = Number(await one(`SELECT id FROM game_vendors WHERE code = $1`, [VENDOR]));
    const gameId = Number(await one(`SELECT id FROM games WHERE vendor_id = $1`, [vendorId]));
    const players: Player[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const account = `ab${index}`;
      const memberId = Number(
        await one(`INSERT INTO members (merchant_id, account) VALUES ($1, $2) RETURNING id`, [merchantId, account]),
      );
      await wallet.adjust(
        { merchantCode: 'parlay', account, amountMinor: 1_000_000_000, reason: 'ab', idempotencyKey: `ab-${account}` },
        { findByCode: async () => ({ id: merchantId, brand: { currency: 'KRW' } }) },
      );
      const session = await vendors.createLaunchSession({
        merchantId,
        memberId,
        currency: 'KRW',
        currencyExponent: 0,
        vendorId,
        vendorLaunchUrl: 'https://b.test/l',
        gameId,
        gameCode: 'SLOT',
        mode: 'real',
        language: 'KO',
        launchHosts: [],
      });
      players.push({ memberId, sessionHash: hashToken(new URL(session.url).searchParams.get('sessionToken') ?? '') });
    }
    await handle.close();
    const houseId = Number(
      await one(`SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1`, [merchantId]),
    );
    console.log(
      await writeHistory(
        database.url,
        { merchantId, currency: 'KRW', vendorId, gameId, gameCode: 'SLOT', houseAccountId: houseId },
        200_000,
        200,
      ),
    );
    console.log(await warmWal(database.url, 48));

    const round = async (player: Player) => {
      sequence += 1;
      const id = `${player.memberId}-${sequence}`;
      const stake = 100 + (sequence % 50);
      const debit = await pool.query<{ outcome: string }>({
        name: 'd',
        text: `SELECT outcome FROM vendor_wallet_debit($1::bigint, $2::text, $3::text, $4::text, $5::text, $6::bigint,
               $7::bigint, $8::text, $9::text, $10::bigint, $11::text, $12::bigint, $13::bigint, $14::text)`,
        values: [
          vendorId,
          `d${id}`,
          `qd${id}`,
          'x',
          player.sessionHash,
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
      if (debit.rows[0]?.outcome !== 'applied') throw new Error(`debit ${debit.rows[0]?.outcome}`);
      const credit = await pool.query<{ outcome: string }>({
        name: 'c',
        text: `SELECT outcome FROM vendor_wallet_credit($1::bigint, $2::text, $3::text, $4::text, $5::bigint, $6::bigint,
               $7::text, $8::text, $9::bigint, $10::text, $11::bigint, $12::boolean, $13::jsonb, $14::bigint, $15::text)`,
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
          sequence % 3 === 0 ? stake * 2 : 0,
          true,
          null,
          houseId,
          `vendor:${vendorId}:c${id}`,
        ],
      });
      if (credit.rows[0]?.outcome !== 'applied') throw new Error(`credit ${credit.rows[0]?.outcome}`);
    };
    const closed = async (seconds: number) => {
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
      return latencies;
    };
    const paced = async (perSecond: number, seconds: number) => {
      const interval = 1000 / perSecond;
      const total = Math.floor(perSecond * seconds);
      const start = performance.now();
      const latencies: number[] = [];
      const pending: Promise<void>[] = [];
      const busy = new Set<Player>();
      for (let index = 0; index < total; index += 1) {
        const scheduled = start + index * interval;
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const player = players.find((p) => !busy.has(p)) ?? players[index % players.length]!;
        busy.add(player);
        pending.push(
          round(player).then(() => {
            busy.delete(player);
            latencies.push(performance.now() - scheduled);
          }),
        );
      }
      await Promise.all(pending);
      return latencies;
    };
    const setChange = (kept: boolean) =>
      withClient(database.url, (client) => client.query(kept ? change.restore : change.drop));
    const groups = { postgres: () => postgresPids('backends') };
    const arms = {
      kept: { rounds: 0, cpu: 0, closed: [] as number[], paced: [] as number[] },
      dropped: { rounds: 0, cpu: 0, closed: [] as number[], paced: [] as number[] },
    };
    await closed(3);
    let rate = 0;
    let kept = true;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      // Which arm goes first alternates, so a trend over the run weighs on both alike.
      const order: ('kept' | 'dropped')[] = pair % 2 === 0 ? ['kept', 'dropped'] : ['dropped', 'kept'];
      for (const arm of order) {
        if ((arm === 'kept') !== kept) {
          kept = arm === 'kept';
          await setChange(kept);
        }
        await closed(1); // plans settle after the schema change
        const before = cpuSnapshot(groups);
        const latencies = await closed(SLICE_SECONDS);
        const cpu = cpuBetween(before, cpuSnapshot(groups), SLICE_SECONDS);
        arms[arm].rounds += latencies.length;
        arms[arm].cpu += (cpu.cores['postgres'] ?? 0) * SLICE_SECONDS;
        arms[arm].closed.push(...latencies);
        if (rate === 0) rate = (latencies.length / SLICE_SECONDS) * 0.7;
        await withClient(database.url, (client) => client.query('VACUUM ANALYZE'));
        arms[arm].paced.push(...(await paced(rate, SLICE_SECONDS)));
        console.log(`pair ${pair} ${arm}: ${(latencies.length / SLICE_SECONDS).toFixed(0)} rounds/s`);
      }
    }
    await pool.end();
    for (const [arm, result] of Object.entries(arms)) {
      const closedSorted = result.closed.sort((a, b) => a - b);
      const pacedSorted = result.paced.sort((a, b) => a - b);
      console.log(
        `${arm}: ${(result.rounds / (PAIRS * SLICE_SECONDS)).toFixed(0)} rounds/s, postgres ${((result.cpu / result.rounds) * 1000).toFixed(3)} ms CPU/round; ` +
          `closed p50 ${percentile(closedSorted, 50).toFixed(2)} p99 ${percentile(closedSorted, 99).toFixed(2)}; ` +
          `paced at ${rate.toFixed(0)}/s p50 ${percentile(pacedSorted, 50).toFixed(2)} p99 ${percentile(pacedSorted, 99).toFixed(2)} max ${pacedSorted.at(-1)?.toFixed(1)}`,
      );
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
