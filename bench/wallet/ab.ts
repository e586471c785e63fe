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
import { cpuBetween, cpuSnapshot, postgresPids } from './cpu';
import { writeHistory } from './history';
import { withClient } from '../support/scratch-database';
import { percentile, startBenchPostgres, warmWal } from './postgres';
import { closedLoop, pacedLoop, setUpWallet, sqlRound, type Player } from './rounds';

const CLIENTS = 16;
const SLICE_SECONDS = Number(process.env['AB_SLICE_SECONDS'] ?? 4);
const PAIRS = Number(process.env['AB_PAIRS'] ?? 6);
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

interface Arm {
  rounds: number;
  cpuSeconds: number;
  closed: number[];
  paced: number[];
}

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
    const { players, ids } = await setUpWallet(database.url, randomBytes(24).toString('hex'), { ab: CLIENTS });
    const sqlPlayers = players['ab'] ?? [];
    console.log(
      await writeHistory(
        database.url,
        { ...ids, currency: 'KRW', gameCode: 'SLOT', houseAccountId: ids.houseId },
        200_000,
        200,
      ),
    );
    console.log(await warmWal(database.url, 48));
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const round = (player: Player) => sqlRound(pool, player, ids);
    const setChange = (kept: boolean) =>
      withClient(database.url, (client) => client.query(kept ? change.restore : change.drop));
    const groups = { postgres: () => postgresPids('backends') };
    const arms: Record<'kept' | 'dropped', Arm> = {
      kept: { rounds: 0, cpuSeconds: 0, closed: [], paced: [] },
      dropped: { rounds: 0, cpuSeconds: 0, closed: [], paced: [] },
    };
    await closedLoop(sqlPlayers, 3, round);
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
        await closedLoop(sqlPlayers, 1, round); // plans settle after the schema change
        const before = cpuSnapshot(groups);
        const { latencies } = await closedLoop(sqlPlayers, SLICE_SECONDS, round);
        const cpu = cpuBetween(before, cpuSnapshot(groups), SLICE_SECONDS);
        arms[arm].rounds += latencies.length;
        arms[arm].cpuSeconds += (cpu.cores['postgres'] ?? 0) * SLICE_SECONDS;
        arms[arm].closed.push(...latencies);
        if (rate === 0) rate = (latencies.length / SLICE_SECONDS) * 0.7;
        await withClient(database.url, (client) => client.query('VACUUM ANALYZE'));
        arms[arm].paced.push(...(await pacedLoop(sqlPlayers, round, rate, 1, SLICE_SECONDS, () => {})).latencies);
        console.log(`pair ${pair} ${arm}: ${(latencies.length / SLICE_SECONDS).toFixed(0)} rounds/s`);
      }
    }
    await pool.end();
    for (const [arm, result] of Object.entries(arms)) {
      const closed = result.closed.sort((a, b) => a - b);
      const paced = result.paced.sort((a, b) => a - b);
      console.log(
        `${arm}: ${(result.rounds / (PAIRS * SLICE_SECONDS)).toFixed(0)} rounds/s, ` +
          `postgres ${((result.cpuSeconds / result.rounds) * 1000).toFixed(3)} ms CPU/round; ` +
          `closed p50 ${percentile(closed, 50).toFixed(2)} p99 ${percentile(closed, 99).toFixed(2)} ms; ` +
          `paced at ${rate.toFixed(0)}/s p50 ${percentile(paced, 50).toFixed(2)} p99 ${percentile(paced, 99).toFixed(2)} ` +
          `max ${percentile(paced, 100).toFixed(1)} ms`,
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
