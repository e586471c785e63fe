import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildHouseApp, type HouseApp } from '../app';
import { defaultHouseConfig } from '../config';
import { openHouseDatabase, query, sql, type HouseDatabase } from '../db/database';
import { migrateHouse } from '../db/migrate';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startPlatform,
  VENDOR_SECRET,
  type FundedMember,
} from '../test/platform';
import { CrashService } from './crash.service';

const houseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEMBERS = 8;
const FUNDS = 100_000;
/** Slot 0 is left in play; slot 1 cashes out by itself at 1.01×, a moment after take-off. */
const STAKES = [1_000, 2_000] as const;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

type Message = Record<string, unknown> & { type: string };

/** The pause between two looks at the platform's credits. */
const poll = () => new Promise((resolve) => setTimeout(resolve, 5));

async function houseOver(database: HouseDatabase, walletBaseUrl: string): Promise<HouseApp> {
  const house = await buildHouseApp(
    defaultHouseConfig({
      database,
      walletBaseUrl,
      vendorSecret: VENDOR_SECRET,
      walletRetryDelaysMs: [20, 50],
      walletMaxAttempts: 3,
      logLevel: 'silent',
    }),
  );
  await house.app.ready();
  return house;
}

/** The crash vendor in a process of its own (crash.crash-child.ts), and the port it answers on once it takes bets. */
async function startVendor(dataDir: string, walletUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/crash/crash.crash-child.ts'], {
    cwd: houseDir,
    env: {
      ...process.env,
      CRASH_KILL_DATA_DIR: dataDir,
      CRASH_KILL_WALLET_URL: walletUrl,
      CRASH_KILL_VENDOR_SECRET: VENDOR_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^crash-ready (\d+)$/.exec(line);
    if (match) return { child, port: Number(match[1]) };
  }
  throw new Error('the crash vendor stopped before it was ready');
}

describe(CrashService.name, () => {
  it('pays each bet of both slots once when the vendor is killed with SIGKILL while the game flies', async () => {
    const platform = await startPlatform();
    cleanups.push(() => platform.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-crash-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // The members' sessions, opened before the vendor process starts (PGlite takes one process at a time).
    let database = await openHouseDatabase({ kind: 'pglite', dataDir });
    await migrateHouse(database);
    let house = await houseOver(database, platform.url);
    const members: FundedMember[] = await Promise.all(
      Array.from({ length: MEMBERS }, () => createFundedMember(platform, FUNDS)),
    );
    const auths = await Promise.all(
      members.map(async (member) => openHouseSession(house, await launchGame(platform, member, 'crash'))),
    );
    await house.app.close();
    await database.close();

    const { child, port } = await startVendor(dataDir, platform.url);
    // The feed as heard; a wait looks at what came already from a point on, then at what comes.
    const feed: Message[] = [];
    const waiters = new Set<() => void>();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/house/api/crash/ws`);
    cleanups.push(() => socket.terminate());
    socket.on('message', (data: Buffer) => {
      feed.push(JSON.parse(data.toString()) as Message);
      for (const waiter of waiters) waiter();
    });
    const waitFor = (from: number, match: (message: Message) => boolean) =>
      new Promise<{ message: Message; at: number }>((resolve) => {
        const look = () => {
          const at = feed.findIndex((message, index) => index >= from && match(message));
          if (at < 0) return;
          waiters.delete(look);
          resolve({ message: feed[at]!, at });
        };
        waiters.add(look);
        look();
      });
    const bet = (auth: string, slot: 0 | 1) =>
      fetch(`http://127.0.0.1:${port}/house/api/crash/bet`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amountMinor: STAKES[slot], autoCashout: slot === 1 ? 1.01 : null, slot }),
      }).then(
        async (response) =>
          (await response.json()) as { success: boolean; value: { roundId: string; queued: boolean } },
      );
    /** How many of these rounds the platform has credited. */
    const creditsOf = async (roundIds: string[]) => {
      const [row] = await query<{ count: unknown }>(
        platform.test.database.handle.db,
        sql`SELECT count(*) AS count FROM vendor_transactions WHERE kind = 'credit'
             AND round_id IN (${sql.join(
               roundIds.map((roundId) => sql`${roundId}`),
               sql`, `,
             )})`,
      );
      return Number(row!.count);
    };

    // Both slots of every member in one game; a game that crashes before 1.01× is played out, and the next tried.
    let killed = false;
    let killedGame = 0;
    for (let attempt = 0; attempt < 5 && !killed; attempt += 1) {
      const betting = await waitFor(feed.length, (message) => message.type === 'betting');
      const gameId = betting.message.gameId;
      const answers = await Promise.all(auths.flatMap((auth) => [bet(auth, 0), bet(auth, 1)]));
      // A bet that came after the window closed (a busy machine) is queued and plays in the next game.
      for (const answer of answers) expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
      const roundIds = answers.map((answer) => answer.value.roundId);
      // The first automatic cash-out, or the crash.
      const moment = await waitFor(
        betting.at,
        (message) => message.gameId === gameId && (message.type === 'cashout' || message.type === 'crashed'),
      );
      // Killed once the platform has a first cash-out's credit, while the game still flies: the other credits
      // on their way (or not yet written), slot 0's bets in play.
      const isCrashed = () => feed.some((message) => message.gameId === gameId && message.type === 'crashed');
      while (moment.message.type === 'cashout' && !isCrashed() && (await creditsOf(roundIds)) === 0) await poll();
      if (moment.message.type === 'cashout' && !isCrashed()) {
        child.kill('SIGKILL');
        killed = true;
        killedGame = Number(gameId);
      } else await waitFor(betting.at, (message) => message.type === 'settled' && message.gameId === gameId);
    }
    expect(killed, 'a game flew past 1.01× in five').toBe(true);
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    socket.terminate();

    // The next start over the same database cancels the game left in play: decided wins are credited, the stakes
    // still in play given back.
    database = await openHouseDatabase({ kind: 'pglite', dataDir });
    house = await houseOver(database, platform.url);
    await house.crash.recover();
    await house.app.close();

    const bets = await query<{
      round_id: string;
      game_id: unknown;
      slot: unknown;
      state: string;
      stake_minor: unknown;
      win_minor: unknown;
    }>(
      database.db,
      sql`SELECT round_id, game_id, slot, state, stake_minor, win_minor FROM house.crash_bets ORDER BY id`,
    );
    await database.close();
    const rounds = await query<{ round_id: string; status: string; stake_minor: unknown; win_minor: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT round_id, status, stake_minor, win_minor FROM game_rounds WHERE game_code = 'crash'`,
    );
    const moves = await query<{ round_id: string; kind: string; count: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT round_id, kind, count(*) AS count FROM vendor_transactions WHERE game_code = 'crash'
          GROUP BY round_id, kind`,
    );
    const byRound = new Map(rounds.map((round) => [round.round_id, round]));
    // Each bet ended for good on both sides: settled with its win, or cancelled with its stake given back.
    for (const bet of bets) {
      expect(['settled', 'cancelled']).toContain(bet.state);
      const round = byRound.get(bet.round_id)!;
      expect(round.status).toBe(bet.state);
      if (bet.state === 'settled') expect(Number(round.win_minor)).toBe(Number(bet.win_minor ?? 0));
    }
    // One debit and at most one credit a bet: nothing paid twice.
    for (const move of moves) expect(Number(move.count), `${move.round_id} ${move.kind}`).toBe(1);
    expect(moves.filter((move) => move.kind === 'debit')).toHaveLength(bets.length);
    // The killed game: every slot 1 bet decided at 1.01× paid exactly that, and slot 0's stakes back.
    const killedBets = bets.filter((bet) => Number(bet.game_id) === killedGame);
    expect(killedBets.length).toBeGreaterThan(0);
    for (const bet of killedBets) {
      if (Number(bet.slot) === 0) expect(bet.state).toBe('cancelled');
      else if (bet.state === 'settled') expect(Number(bet.win_minor)).toBe(Math.floor((STAKES[1] * 101) / 100));
    }
    expect(killedBets.some((bet) => Number(bet.slot) === 1 && bet.state === 'settled')).toBe(true);
    // The books balance: each member has their funds less the stakes of the settled bets plus their wins.
    const settled = bets.filter((bet) => bet.state === 'settled');
    const balances = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(
      MEMBERS * FUNDS + settled.reduce((sum, bet) => sum + Number(bet.win_minor ?? 0) - Number(bet.stake_minor), 0),
    );
  });
});
