import { setTimeout as sleep } from 'node:timers/promises';
import { crashPoint, sha256Hex } from '@parlay/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startHouse,
  startPlatform,
  type FundedMember,
  type Platform,
} from '../test/platform';
import { CrashService } from './crash.service';
import type { CrashClock } from './crash-shared';

type Timer = { at: number; work: () => void; everyMs: number | null };

/**
 * The round loop's clock in these tests (HouseConfig crash.clock). It stands still while a test looks at a game
 * or bets into it, and runs only while the test waits for the game (nextMessage): then it jumps from one timer
 * to the next as soon as the work in hand (database, wallet calls) has had its turn, so a round plays in
 * moments instead of seconds, and a bet is never late for a window that closed while the machine was busy.
 */
class TestClock implements CrashClock {
  private time = Date.now();
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();
  private running = false;
  private stepping = false;

  now(): number {
    return this.time;
  }

  setTimeout(work: () => void, ms: number): unknown {
    return this.add(work, ms, null);
  }

  setInterval(work: () => void, ms: number): unknown {
    return this.add(work, ms, Math.max(1, ms));
  }

  clearTimeout(timer: unknown): void {
    this.timers.delete(timer as number);
  }

  clearInterval(timer: unknown): void {
    this.timers.delete(timer as number);
  }

  /** Lets the rounds play on. */
  run(): void {
    this.running = true;
    this.step();
  }

  /** Holds the rounds where they stand. */
  stop(): void {
    this.running = false;
  }

  /** Moves the clock on by `ms` at once, doing what falls due on the way (the ticks of a flying game). */
  advance(ms: number): void {
    const until = this.time + ms;
    for (let next = this.earliest(); next && next[1].at <= until; next = this.earliest()) this.fire(next);
    this.time = until;
  }

  private add(work: () => void, ms: number, everyMs: number | null): number {
    const id = this.nextId;
    this.nextId += 1;
    this.timers.set(id, { at: this.time + Math.max(0, ms), work, everyMs });
    this.step();
    return id;
  }

  private earliest(): [number, Timer] | undefined {
    let best: [number, Timer] | undefined;
    for (const entry of this.timers) if (!best || entry[1].at < best[1].at) best = entry;
    return best;
  }

  private fire([id, timer]: [number, Timer]): void {
    this.time = Math.max(this.time, timer.at);
    if (timer.everyMs === null) this.timers.delete(id);
    else timer.at += timer.everyMs;
    timer.work();
  }

  /** While running: the next timer, once the event loop has done what waits (I/O included). */
  private step(): void {
    if (this.stepping || !this.running) return;
    this.stepping = true;
    setImmediate(() => {
      this.stepping = false;
      if (!this.running) return;
      const next = this.earliest();
      if (!next) return;
      this.fire(next);
      this.step();
    });
  }
}

const clock = new TestClock();

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});

afterAll(async () => {
  await platform?.close();
});

type Message = Record<string, unknown> & { type: string; gameId?: number };

/** The next message that matches: the test clock runs until it comes, and stops there. */
function nextMessage(house: HouseApp, match: (message: Message) => boolean, timeoutMs = 60_000): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('no such crash message in time'));
    }, timeoutMs);
    clock.run();
    const unsubscribe = house.crash.subscribe((text) => {
      const message = JSON.parse(text) as Message;
      if (match(message)) {
        clock.stop();
        clearTimeout(timer);
        unsubscribe();
        resolve(message);
      }
    });
  });
}

async function crashPointOf(gameId: number): Promise<number> {
  const [row] = await query<{ crash_point_x100: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT crash_point_x100 FROM house.crash_games WHERE id = ${gameId}`,
  );
  return Number(row!.crash_point_x100);
}

async function platformRound(roundId: string): Promise<{ stake: number; win: number; status: string } | undefined> {
  const [row] = await query<{ stake_minor: unknown; win_minor: unknown; status: string }>(
    platform.test.database.handle.db,
    sql`SELECT stake_minor, win_minor, status FROM game_rounds WHERE round_id = ${roundId}`,
  );
  return row ? { stake: Number(row.stake_minor), win: Number(row.win_minor), status: row.status } : undefined;
}

async function bet(house: HouseApp, auth: string, payload: object) {
  const response = await house.app.inject({
    method: 'POST',
    url: '/house/api/crash/bet',
    headers: { authorization: auth },
    payload,
  });
  return response.json<{
    success: boolean;
    code?: string;
    value: { roundId: string; betId: number; slot: number; queued: boolean };
  }>();
}

async function player(house: HouseApp, amountMinor: number): Promise<{ member: FundedMember; auth: string }> {
  const member = await createFundedMember(platform, amountMinor);
  return { member, auth: await openHouseSession(house, await launchGame(platform, member, 'crash')) };
}

/** Two instances on one database, started; the lease decides which leads. */
async function startLeaderAndFollower(config: Parameters<typeof startHouse>[2]) {
  const first = await startHouse(platform.url, platform, config);
  const second = await startHouse(platform.url, platform, config);
  const close = async () => {
    await first.app.close();
    await second.app.close();
  };
  try {
    await first.start();
    await second.start();
  } catch (error) {
    await close();
    throw error;
  }
  const leader = first.crash.isLeader ? first : second;
  return { leader, follower: leader === first ? second : first, close };
}

/** How many crash bets of this stake the house holds: each test's stakes are its own. */
async function betsOf(stakeMinor: number): Promise<number> {
  const [row] = await query<{ n: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT count(*) AS n FROM house.crash_bets WHERE stake_minor = ${stakeMinor}`,
  );
  return Number(row!.n);
}

/** The leader's own steps for a forwarded request, to be replaced by slower ones, and the originals. */
function stallable(leader: HouseApp) {
  const { forwarding, round } = leader.crash as unknown as {
    forwarding: { onForwarded(payload: string): Promise<void> };
    round: { placeBet(...args: unknown[]): Promise<unknown> };
  };
  const stalled = {
    set onForwarded(step: (payload: string) => Promise<void>) {
      forwarding.onForwarded = step;
    },
    set placeBetHere(step: (...args: unknown[]) => Promise<unknown>) {
      round.placeBet = step;
    },
  };
  return {
    stalled,
    onForwarded: forwarding.onForwarded.bind(forwarding),
    placeBetHere: round.placeBet.bind(round),
  };
}

async function latestPublishedHash(): Promise<string> {
  const [row] = await query<{ published_hash: string }>(
    platform.test.database.handle.db,
    sql`SELECT published_hash FROM house.crash_chains ORDER BY id DESC LIMIT 1`,
  );
  return row!.published_hash;
}

/** Whether every message of `part` is in `whole`, in the same order. */
function isInOrderWithin(part: Message[], whole: Message[]): boolean {
  let next = 0;
  for (const message of part) {
    const text = JSON.stringify(message);
    while (next < whole.length && JSON.stringify(whole[next]) !== text) next += 1;
    if (next === whole.length) return false;
    next += 1;
  }
  return true;
}

describe(CrashService.name, () => {
  it('gives a socket that connects while the vendor starts a first snapshot with the published hash', async () => {
    const house = await startHouse(platform.url, platform);
    await house.app.listen({ port: 0, host: '127.0.0.1' });
    const address = house.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/house/api/crash/ws`);
    const first = new Promise<Message>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Message)),
    );
    try {
      // The socket is in before the loop has loaded its chain: its snapshot must wait for it.
      await new Promise((resolve) => socket.once('open', resolve));
      await house.start();
      const snapshot = await first;
      expect(snapshot.type).toBe('snapshot');
      expect(snapshot.publishedHash).toBe(await latestPublishedHash());
    } finally {
      socket.close();
      await house.app.close();
    }
  });

  it('gives a socket that connects mid-round the phase at once, and the crash point only once the game crashed', async () => {
    // A long pause keeps the crashed game on the board while the snapshot after the crash is read.
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 300, pauseMs: 2_000, tickMs: 20, chainGames: 1_000, curveRate: 0.0005, clock },
    });
    try {
      await house.start();
      // A game that flies at least 2.2 s (3× at this rate), so the snapshot is read in flight.
      let running: Message;
      do {
        running = await nextMessage(house, (message) => message.type === 'running');
      } while ((await crashPointOf(running.gameId!)) < 300);
      const flying = await house.crash.snapshot();
      expect(flying.game).toMatchObject({
        gameId: running.gameId,
        phase: 'running',
        startedAt: running.startedAt,
        crashPoint: null,
        gameHash: null,
      });
      const crashed = await nextMessage(
        house,
        (message) => message.type === 'crashed' && message.gameId === running.gameId,
      );
      const after = await house.crash.snapshot();
      expect(after.game).toMatchObject({
        gameId: running.gameId,
        phase: 'crashed',
        crashPoint: crashed.crashPoint,
        gameHash: crashed.gameHash,
      });
    } finally {
      await house.app.close();
    }
  });

  it('runs one crash loop with two vendor instances on one database; the other takes bets and takes over', async () => {
    // The real clock: on PostgreSQL the follower forwards its bet to the leader over HTTP and the leader settles it
    // with the platform, work the test clock (which stands still between messages) would hold up.
    const config = {
      crash: { bettingMs: 400, pauseMs: 100, tickMs: 20, chainGames: 1_000, curveRate: 0.003, leaseMs: 2_000 },
    };
    const [first, second] = await Promise.all([
      startHouse(platform.url, platform, config),
      startHouse(platform.url, platform, config),
    ]);
    const [last] = await query<{ max_id: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT COALESCE(MAX(id), 0) AS max_id FROM house.crash_games`,
    );
    const before = Number(last!.max_id);
    const heard = new Map<HouseApp, Message[]>([
      [first, []],
      [second, []],
    ]);
    for (const [house, messages] of heard) house.crash.subscribe((text) => messages.push(JSON.parse(text) as Message));
    try {
      await Promise.all([first.start(), second.start()]);
      expect([first.crash.isLeader, second.crash.isLeader].filter(Boolean)).toHaveLength(1);
      const leader = first.crash.isLeader ? first : second;
      const follower = leader === first ? second : first;
      for (let game = 0; game < 3; game += 1) await nextMessage(leader, (message) => message.type === 'settled');
      if (process.env['DATABASE_URL']) {
        // The follower ran no game of its own: what its sockets got is the leader's feed, in the leader's order.
        const relayed = heard.get(follower)!;
        expect(relayed.filter((message) => message.type === 'settled').length).toBeGreaterThanOrEqual(1);
        expect(isInOrderWithin(relayed, heard.get(leader)!)).toBe(true);
      } else {
        // One process per PGlite database: there is no other instance to relay to, and the follower is silent.
        expect(heard.get(follower)).toEqual([]);
      }

      // A bet placed with the follower is played and settled in the leader's game.
      const { member, auth } = await player(follower, 5_000);
      const placing = nextMessage(leader, (message) => message.type === 'bet' && message.stakeMinor === 1_000);
      const queued = await bet(follower, auth, { amountMinor: 1_000 });
      expect(queued.success, JSON.stringify(queued)).toBe(true);
      // On PGlite the follower cannot reach the leader, so the bet waits for its next game in the database;
      // on PostgreSQL the follower sends it on, and it joins the game taking bets, if one is.
      if (!process.env['DATABASE_URL']) expect(queued.value.queued).toBe(true);
      const placed = await placing;
      await nextMessage(leader, (message) => message.type === 'settled' && message.gameId === placed.gameId);
      expect(await platformRound(queued.value.roundId)).toEqual({ stake: 1_000, win: 0, status: 'settled' });
      expect(await getPlatformBalance(platform, member.id)).toBe(4_000);

      // The leader stops: the follower takes the lease and runs the next games.
      await leader.app.close();
      await nextMessage(follower, (message) => message.type === 'settled', 10_000);
      expect(follower.crash.isLeader).toBe(true);
      const games = await query<{ game_index: unknown; state: string; chain_id: unknown }>(
        platform.test.database.handle.db,
        sql`SELECT chain_id, game_index, state FROM house.crash_games WHERE id > ${before} ORDER BY id`,
      );
      // One sequence of games from the chain, none played twice; only the one in play when the leader
      // stopped was cancelled.
      const indexes = games.map((game) => `${String(game.chain_id)}:${String(game.game_index)}`);
      expect(new Set(indexes).size).toBe(indexes.length);
      expect(games.filter((game) => game.state === 'cancelled').length).toBeLessThanOrEqual(1);
      expect(games.filter((game) => game.state === 'ended').length).toBeGreaterThanOrEqual(5);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  it.runIf(process.env['DATABASE_URL'])(
    "shows a follower's sockets the leader's game and sends the bets and cash-outs made there to the leader",
    async () => {
      // Games of at least 2.00x fly 1.4 s at this rate: time to read the follower's snapshot and cash out.
      // Bets are taken for 1.5 s: a bet sent on through the leader on a busy machine still joins the game.
      const config = {
        crash: { bettingMs: 1_500, pauseMs: 100, tickMs: 50, chainGames: 1_000, curveRate: 0.0005, leaseMs: 2_000 },
      };
      const { follower, close } = await startLeaderAndFollower(config);
      try {
        expect(follower.crash.isLeader).toBe(false);
        const { member, auth } = await player(follower, 100_000);
        let balance = 100_000;
        let cashedOut = false;
        for (let attempt = 0; attempt < 12 && !cashedOut; attempt += 1) {
          // A bet placed with the follower while the leader's game takes bets joins that game.
          const betting = await nextMessage(follower, (message) => message.type === 'betting');
          const joining = nextMessage(follower, (message) => message.type === 'bet' && message.stakeMinor === 1_000);
          const placed = await bet(follower, auth, { amountMinor: 1_000 });
          expect(placed.success, JSON.stringify(placed)).toBe(true);
          expect(placed.value.queued).toBe(false);
          const joined = await joining;
          const gameId = joined.gameId!;
          expect(gameId).toBe(betting.gameId);
          const running = await nextMessage(
            follower,
            (message) => message.type === 'running' && message.gameId === gameId,
          );
          const settled = nextMessage(follower, (message) => message.type === 'settled' && message.gameId === gameId);
          balance -= 1_000;
          if ((await crashPointOf(gameId)) >= 200) {
            // The follower runs no game; its snapshot is the leader's game, with the bet placed through it.
            expect((await follower.crash.snapshot()).game).toMatchObject({
              gameId,
              phase: 'running',
              startedAt: running.startedAt,
              crashPoint: null,
              bets: [{ player: joined.player, stakeMinor: 1_000, cashout: null }],
            });
            const response = await follower.app.inject({
              method: 'POST',
              url: '/house/api/crash/cashout',
              headers: { authorization: auth },
            });
            const body = response.json<{
              success: boolean;
              value: { roundId: string; multiplier: number; winMinor: number };
            }>();
            expect(body.success, response.body).toBe(true);
            expect(body.value.roundId).toBe(placed.value.roundId);
            expect(body.value.multiplier).toBeGreaterThanOrEqual(1);
            expect(body.value.multiplier * 100).toBeLessThanOrEqual(await crashPointOf(gameId));
            expect(body.value.winMinor).toBe(Math.floor(1_000 * body.value.multiplier));
            balance += body.value.winMinor;
            await settled;
            expect(await platformRound(placed.value.roundId)).toEqual({
              stake: 1_000,
              win: body.value.winMinor,
              status: 'settled',
            });
            cashedOut = true;
          } else {
            await settled;
          }
        }
        expect(cashedOut).toBe(true);
        expect(await getPlatformBalance(platform, member.id)).toBe(balance);

        // No game in play for this member: the leader's refusal comes back through the follower, translated.
        const refused = await follower.app.inject({
          method: 'POST',
          url: '/house/api/crash/cashout',
          headers: { authorization: auth, language: 'en' },
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({
          success: false,
          code: 'HOUSE_CRASH_NO_BET',
          message: 'There is no bet to cash out.',
        });
      } finally {
        await close();
      }
    },
  );

  it.runIf(process.env['DATABASE_URL'])(
    'never makes a bet the follower gave up waiting for, and waits on for one the leader took',
    async () => {
      const config = {
        crash: {
          bettingMs: 800,
          pauseMs: 100,
          tickMs: 50,
          chainGames: 1_000,
          curveRate: 0.0005,
          leaseMs: 2_000,
          forwardTimeoutMs: 200,
        },
      };
      const { leader, follower, close } = await startLeaderAndFollower(config);
      try {
        const { member, auth } = await player(follower, 100_000);
        // The leader's own steps, slowed here to stand for a leader that stalls.
        const { stalled, onForwarded, placeBetHere } = stallable(leader);

        // The request reaches the leader after the follower's wait ran out: the follower gives it up, and
        // the leader, coming to it late, does not make it.
        let late: Promise<void> | undefined;
        stalled.onForwarded = (payload) => (late = sleep(600).then(() => onForwarded(payload)));
        const givenUp = await bet(follower, auth, { amountMinor: 1_234 });
        expect(givenUp).toMatchObject({ success: false, code: 'HOUSE_CRASH_UNAVAILABLE' });
        await late;
        expect(await betsOf(1_234)).toBe(0);
        expect(await getPlatformBalance(platform, member.id)).toBe(100_000);

        // The leader takes the request at once and decides it after the follower's wait: the follower
        // waits on, and the answer comes.
        stalled.onForwarded = onForwarded;
        stalled.placeBetHere = async (...args) => {
          await sleep(600);
          return placeBetHere(...args);
        };
        const taken = await bet(follower, auth, { amountMinor: 1_357 });
        expect(taken.success, JSON.stringify(taken)).toBe(true);
        expect(await betsOf(1_357)).toBe(1);
      } finally {
        await close();
      }
    },
  );

  it.runIf(process.env['DATABASE_URL'])(
    'gives up at its stop what still waits on the leader, and answers first what the leader took',
    async () => {
      const config = {
        crash: { bettingMs: 800, pauseMs: 100, tickMs: 50, chainGames: 1_000, curveRate: 0.0005, leaseMs: 2_000 },
      };
      const { leader, follower, close } = await startLeaderAndFollower(config);
      const another = await startHouse(platform.url, platform, config);
      try {
        await another.start();
        expect(another.crash.isLeader).toBe(false);
        const { member, auth } = await player(follower, 100_000);
        const waitingOn = (house: HouseApp) =>
          (house.crash as unknown as { forwarding: { forwarded: Map<string, unknown> } }).forwarding.forwarded;
        const { stalled, onForwarded, placeBetHere } = stallable(leader);

        // The leader took the request and is deciding it when the follower stops: the stop waits for the
        // answer, and the player gets the bet.
        stalled.placeBetHere = async (...args) => {
          await sleep(600);
          return placeBetHere(...args);
        };
        const taken = bet(follower, auth, { amountMinor: 2_468 });
        // Waits for a state, not a time: up to 10 s on a loaded machine (the default second failed CI once).
        await expect.poll(() => waitingOn(follower).size, { timeout: 10_000 }).toBe(1);
        const [requestId] = [...waitingOn(follower).keys()];
        await expect
          .poll(
            async () => {
              const [row] = await query<{ outcome: string }>(
                platform.test.database.handle.db,
                sql`SELECT outcome FROM house.crash_forwarded WHERE request_id = ${requestId}`,
              );
              return row?.outcome;
            },
            { timeout: 10_000 },
          )
          .toBe('taken');
        await follower.crash.stop();
        expect(await taken).toMatchObject({ success: true });
        expect(await betsOf(2_468)).toBe(1);

        // The leader has the request but has not taken it when the follower stops: the stop gives it up, the
        // player is told, and the leader, coming to it late, does not make it.
        stalled.placeBetHere = placeBetHere;
        let late: Promise<void> | undefined;
        stalled.onForwarded = (payload) => (late = sleep(600).then(() => onForwarded(payload)));
        const second = await player(another, 100_000);
        const givenUp = bet(another, second.auth, { amountMinor: 1_579 });
        // (late itself is a promise, which the poll would await: ask whether it is there.)
        await expect.poll(() => late !== undefined, { timeout: 10_000 }).toBe(true);
        await another.crash.stop();
        expect(await givenUp).toMatchObject({ success: false, code: 'HOUSE_CRASH_UNAVAILABLE' });
        await late;
        expect(await betsOf(1_579)).toBe(0);
        // The bet taken is staked when the leader plays it: at once if it came in while a game took bets, at
        // the next game's start if it came in while one flew (the stalled leader took it 600 ms late).
        await expect.poll(() => getPlatformBalance(platform, member.id), { timeout: 15_000 }).toBe(100_000 - 2_468);
        expect(await getPlatformBalance(platform, second.member.id)).toBe(100_000);
      } finally {
        await another.app.close();
        await close();
      }
    },
  );

  it.runIf(process.env['DATABASE_URL'])(
    'shows a follower that starts in the middle of a game that game, read from the database',
    async () => {
      const config = {
        crash: { bettingMs: 600, pauseMs: 100, tickMs: 50, chainGames: 1_000, curveRate: 0.0005, leaseMs: 2_000 },
      };
      const leader = await startHouse(platform.url, platform, config);
      let follower: HouseApp | undefined;
      try {
        await leader.start();
        const { auth } = await player(leader, 10_000);
        // A game that flies at least 2.2 s (3x at this rate), with this member's bet in it.
        let betting: Message;
        do betting = await nextMessage(leader, (message) => message.type === 'betting');
        while ((await crashPointOf(betting.gameId!)) < 300);
        const placed = await bet(leader, auth, { amountMinor: 1_000 });
        expect(placed.value.queued).toBe(false);
        await nextMessage(leader, (message) => message.type === 'running' && message.gameId === betting.gameId);
        const flying = (await leader.crash.snapshot()).game as { startedAt: number; bets: unknown[] };

        follower = await startHouse(platform.url, platform, config);
        await follower.start();
        expect(follower.crash.isLeader).toBe(false);
        const followed = follower;
        await expect
          .poll(async () => (await followed.crash.snapshot()).game, { timeout: 2_000 })
          .toMatchObject({ gameId: betting.gameId, phase: 'running', crashPoint: null, bets: flying.bets });
        const { startedAt } = (await followed.crash.snapshot()).game as { startedAt: number };
        // The database's start, stamped as the leader announced its own: the same moment within a few ms.
        expect(Math.abs(startedAt - flying.startedAt)).toBeLessThan(250);
      } finally {
        await follower?.app.close();
        await leader.app.close();
      }
    },
  );

  it('runs a shared round over WebSocket: one member cashes out, one busts, balances and records exact', async () => {
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 5_000, pauseMs: 200, tickMs: 20, chainGames: 1_000, curveRate: 0.003, clock },
    });
    await house.app.listen({ port: 0, host: '127.0.0.1' });
    const address = house.app.server.address() as { port: number };
    await house.start();
    const feed: Message[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/house/api/crash/ws`);
    socket.on('message', (data: Buffer) => feed.push(JSON.parse(data.toString()) as Message));
    await new Promise((resolve) => socket.once('open', resolve));
    try {
      const cashing = await player(house, 10_000);
      const busting = await player(house, 10_000);
      let cashingBalance = 10_000;
      let bustingBalance = 10_000;
      let sawCashOut = false;
      for (let attempt = 0; attempt < 6 && !sawCashOut; attempt += 1) {
        const betting = await nextMessage(house, (message) => message.type === 'betting');
        const gameId = betting.gameId!;
        const settled = new Promise((resolve) =>
          house.crash.onSettled((settlement) => {
            if (settlement.gameId !== gameId) return;
            clock.stop();
            resolve(settlement);
          }),
        );
        const [a, b] = await Promise.all([
          bet(house, cashing.auth, { amountMinor: 1_000, autoCashout: 1.5 }),
          bet(house, busting.auth, { amountMinor: 1_000 }),
        ]);
        expect(a.success, JSON.stringify(a)).toBe(true);
        expect(b.success, JSON.stringify(b)).toBe(true);
        expect(a.value.queued).toBe(false);
        expect(b.value.queued).toBe(false);
        clock.run();
        await settled;
        const point = await crashPointOf(gameId);
        // The auto cash-out at 1.50× wins exactly when the game reaches 1.50×; the other never cashes out.
        const won = point >= 150;
        cashingBalance += -1_000 + (won ? 1_500 : 0);
        bustingBalance -= 1_000;
        expect(await platformRound(a.value.roundId)).toEqual({ stake: 1_000, win: won ? 1_500 : 0, status: 'settled' });
        expect(await platformRound(b.value.roundId)).toEqual({ stake: 1_000, win: 0, status: 'settled' });
        const crashed = feed.find((message) => message.type === 'crashed' && message.gameId === gameId)!;
        expect(crashed.crashPoint).toBe(point / 100);
        // The shown hash gives the crash point with the public salt, and belongs to the published chain.
        expect(crashPoint(crashed.gameHash as string, crashed.salt as string)).toBe(point / 100);
        const snapshot = feed.find((message) => message.type === 'snapshot')!;
        let hash = crashed.gameHash as string;
        for (let step = 0; step < 1_000 && hash !== snapshot.publishedHash; step += 1) hash = sha256Hex(hash);
        expect(hash).toBe(snapshot.publishedHash);
        if (won) {
          sawCashOut = true;
          expect(
            feed.some(
              (message) => message.type === 'cashout' && message.gameId === gameId && message.multiplier === 1.5,
            ),
          ).toBe(true);
        }
      }
      expect(sawCashOut).toBe(true);
      expect(await getPlatformBalance(platform, cashing.member.id)).toBe(cashingBalance);
      expect(await getPlatformBalance(platform, busting.member.id)).toBe(bustingBalance);
      expect(feed.some((message) => message.type === 'tick')).toBe(true);
    } finally {
      socket.close();
      await house.app.close();
    }
  });

  it('pays an automatic cash-out at exactly the crash point, decided at the crash itself', async () => {
    // No tick comes before the crash: the cash-out is decided at the crash, the moment it used to lose to
    // the crash's sweep of the bets still in play (found by the two-member journey).
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 1_000, pauseMs: 100, tickMs: 600_000, chainGames: 1_000, curveRate: 0.003, clock },
    });
    try {
      await house.start();
      const { member, auth } = await player(house, 10_000);
      let betting: Message;
      let point: number;
      do {
        betting = await nextMessage(house, (message) => message.type === 'betting');
        point = await crashPointOf(betting.gameId!);
      } while (point < 101 || point > 1_000);
      const placed = await bet(house, auth, { amountMinor: 1_000, autoCashout: point / 100 });
      expect(placed.value.queued).toBe(false);
      // The verifier cannot read a game's hash before it has crashed: the hash gives the crash point.
      const endedGame = () => house.app.inject({ method: 'GET', url: `/house/api/crash/games/${betting.gameId}` });
      expect((await endedGame()).json<{ code: string }>().code).toBe('HOUSE_GAME_NOT_ENDED');
      await nextMessage(house, (message) => message.type === 'settled' && message.gameId === betting.gameId);
      const win = Math.floor((1_000 * point) / 100);
      expect(await platformRound(placed.value.roundId)).toEqual({ stake: 1_000, win, status: 'settled' });
      expect(await getPlatformBalance(platform, member.id)).toBe(10_000 - 1_000 + win);
      // The betting record names the game in the crash history and the cash-out, not the game's hash.
      const [record] = await query<{ detail: unknown }>(
        platform.test.database.handle.db,
        sql`SELECT detail FROM game_rounds WHERE round_id = ${placed.value.roundId}`,
      );
      expect(record?.detail).toEqual({
        game: 'crash',
        gameId: betting.gameId,
        cashout: point / 100,
        autoCashout: point / 100,
        verifyUrl: `http://localhost/house/verify?game=crash&gameId=${betting.gameId}`,
      });
      // Once it has crashed, anyone's verifier reads the game's hash and salt, which give its crash point.
      const ended = (await endedGame()).json<{ value: { gameHash: string; salt: string; crashPoint: number } }>().value;
      expect(ended.crashPoint).toBe(point / 100);
      expect(crashPoint(ended.gameHash, ended.salt)).toBe(point / 100);
    } finally {
      await house.app.close();
    }
  });

  it('takes two bets a round from one player, one a slot, each debited and paid once with its own round', async () => {
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 1_000, pauseMs: 100, tickMs: 20, chainGames: 1_000, curveRate: 0.003, clock },
    });
    const feed: Message[] = [];
    house.crash.subscribe((text) => feed.push(JSON.parse(text) as Message));
    try {
      await house.start();
      const { member, auth } = await player(house, 100_000);
      // A game that reaches 1.50×, so that slot 1's automatic cash-out wins and slot 0 can be cashed out by hand.
      let betting: Message;
      let point: number;
      do {
        betting = await nextMessage(house, (message) => message.type === 'betting');
        point = await crashPointOf(betting.gameId!);
      } while (point < 200);
      const gameId = betting.gameId!;
      // 50 requests at once, 25 a slot: one bet a slot is taken, the others are refused.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          bet(house, auth, {
            amountMinor: index % 2 === 0 ? 1_000 : 2_000,
            autoCashout: index % 2 === 0 ? null : 1.5,
            slot: index % 2,
          }),
        ),
      );
      const taken = answers.filter((answer) => answer.success);
      expect(taken).toHaveLength(2);
      expect(answers.filter((answer) => !answer.success).map((answer) => answer.code)).toEqual(
        Array.from({ length: 48 }, () => 'HOUSE_CRASH_ALREADY_BET'),
      );
      const bySlot = new Map(taken.map((answer) => [answer.value.slot, answer.value]));
      expect([...bySlot.keys()].sort()).toEqual([0, 1]);
      const [slot0, slot1] = [bySlot.get(0)!, bySlot.get(1)!];
      expect(slot0.roundId).not.toBe(slot1.roundId);
      expect(await getPlatformBalance(platform, member.id)).toBe(100_000 - 3_000);

      await nextMessage(house, (message) => message.type === 'running' && message.gameId === gameId);
      // Slot 0 by hand, 50 times at once: paid once. Slot 1 is left to its automatic cash-out at 1.50×.
      clock.advance(100);
      const cashOuts = await Promise.all(
        Array.from({ length: 50 }, () =>
          house.app.inject({
            method: 'POST',
            url: '/house/api/crash/cashout',
            headers: { authorization: auth },
            payload: { slot: 0 },
          }),
        ),
      );
      const paid = cashOuts.filter((response) => response.statusCode === 200);
      expect(paid).toHaveLength(1);
      const cashed = paid[0]!.json<{ value: { roundId: string; slot: number; betId: number; winMinor: number } }>()
        .value;
      expect(cashed).toMatchObject({ roundId: slot0.roundId, slot: 0, betId: slot0.betId });
      expect(
        cashOuts.filter((response) => response.statusCode !== 200).map((r) => r.json<{ code: string }>().code),
      ).toEqual(Array.from({ length: 49 }, () => 'HOUSE_CRASH_NO_BET'));
      await nextMessage(house, (message) => message.type === 'settled' && message.gameId === gameId);

      expect(await platformRound(slot0.roundId)).toEqual({ stake: 1_000, win: cashed.winMinor, status: 'settled' });
      expect(await platformRound(slot1.roundId)).toEqual({ stake: 2_000, win: 3_000, status: 'settled' });
      expect(await getPlatformBalance(platform, member.id)).toBe(100_000 - 3_000 + cashed.winMinor + 3_000);
      // The feed names each bet by its number and slot, masked, never by the player's id.
      const bets = feed.filter((message) => message.gameId === gameId && message.type === 'bet');
      // In slot order (a plain sort() would compare the pairs as text, bet numbers first).
      expect(bets.map((message) => [message.betId, message.slot]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        [slot0.betId, 0],
        [slot1.betId, 1],
      ]);
      const cashouts = feed.filter((message) => message.gameId === gameId && message.type === 'cashout');
      expect(cashouts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ betId: slot0.betId, slot: 0, winMinor: cashed.winMinor }),
          expect.objectContaining({ betId: slot1.betId, slot: 1, multiplier: 1.5, winMinor: 3_000 }),
        ]),
      );
      const [row] = await query<{ player_id: string }>(
        platform.test.database.handle.db,
        sql`SELECT player_id FROM house.crash_bets WHERE round_id = ${slot0.roundId}`,
      );
      expect(JSON.stringify(feed)).not.toContain(`"${row!.player_id}"`);
      // The history lists both bets with their slots.
      const history = await house.app.inject({
        method: 'GET',
        url: '/house/api/crash/history',
        headers: { authorization: auth },
      });
      expect(history.json<{ value: { roundId: string; slot: number }[] }>().value.slice(0, 2)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ roundId: slot0.roundId, slot: 0 }),
          expect.objectContaining({ roundId: slot1.roundId, slot: 1 }),
        ]),
      );
      // The next snapshot lists the game among the recent busts with the salt that proves it.
      const snapshot = await house.crash.snapshot();
      const recent = snapshot.recent as { gameId: number; gameHash: string; salt: string; crashPoint: number }[];
      const ended = recent.find((game) => game.gameId === gameId)!;
      expect(crashPoint(ended.gameHash, ended.salt)).toBe(point / 100);
    } finally {
      await house.app.close();
    }
  });

  it('refuses a slot other than 0 and 1', async () => {
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 1_000, pauseMs: 100, tickMs: 20, chainGames: 1_000, curveRate: 0.003, clock },
    });
    try {
      await house.start();
      const { auth } = await player(house, 10_000);
      expect(await bet(house, auth, { amountMinor: 1_000, slot: 2 })).toMatchObject({
        success: false,
        code: 'HOUSE_BAD_REQUEST',
      });
    } finally {
      await house.app.close();
    }
  });

  it('queues a bet placed while a round flies and plays it in the next round', async () => {
    const house = await startHouse(platform.url, platform, {
      crash: { bettingMs: 1_000, pauseMs: 200, tickMs: 20, chainGames: 1_000, curveRate: 0.0005, clock },
    });
    try {
      await house.start();
      const { member, auth } = await player(house, 5_000);
      let running: Message;
      do {
        running = await nextMessage(house, (message) => message.type === 'running');
      } while ((await crashPointOf(running.gameId!)) < 150);
      const queued = await bet(house, auth, { amountMinor: 1_000 });
      expect(queued.value.queued).toBe(true);
      expect(await getPlatformBalance(platform, member.id)).toBe(5_000);
      const next = await nextMessage(house, (message) => message.type === 'bet' && message.gameId !== running.gameId);
      expect(next.stakeMinor).toBe(1_000);
      await nextMessage(house, (message) => message.type === 'settled' && message.gameId === next.gameId);
      expect(await platformRound(queued.value.roundId)).toEqual({ stake: 1_000, win: 0, status: 'settled' });
      expect(await getPlatformBalance(platform, member.id)).toBe(4_000);
    } finally {
      await house.app.close();
    }
  });

  it('ends every bet settled or cancelled when the vendor restarts in the middle of a round, balances exact', async () => {
    const config = {
      crash: { bettingMs: 1_500, pauseMs: 100, tickMs: 20, chainGames: 1_000, curveRate: 0.0003, clock },
    };
    const first = await startHouse(platform.url, platform, config);
    const cashing = await player(first, 10_000);
    const staying = await player(first, 10_000);
    let cashedRound = '';
    let stayingRound = '';
    let cashedWin = 0;
    try {
      await first.start();
      // A game that flies long enough (≥ 3×) to cash out one bet and stop the vendor mid-flight.
      let betting: Message;
      do {
        betting = await nextMessage(first, (message) => message.type === 'betting', 120_000);
      } while ((await crashPointOf(betting.gameId!)) < 300);
      const placed = await Promise.all([
        bet(first, cashing.auth, { amountMinor: 2_000 }),
        bet(first, staying.auth, { amountMinor: 3_000 }),
      ]);
      expect(placed.map((answer) => answer.value.queued)).toEqual([false, false]);
      [cashedRound, stayingRound] = placed.map((answer) => answer.value.roundId) as [string, string];
      await nextMessage(first, (message) => message.type === 'running' && message.gameId === betting.gameId);
      // The game flies 400 ms on the clock before the cash-out.
      clock.advance(400);
      const cashed = await first.app.inject({
        method: 'POST',
        url: '/house/api/crash/cashout',
        headers: { authorization: cashing.auth },
      });
      cashedWin = cashed.json<{ value: { winMinor: number } }>().value.winMinor;
      expect(cashedWin).toBeGreaterThan(2_000);
    } finally {
      await first.app.close();
    }
    // The vendor is gone mid-round: the staying stake is taken, the round open.
    expect(await getPlatformBalance(platform, staying.member.id)).toBe(7_000);
    expect(await platformRound(stayingRound)).toMatchObject({ status: 'open' });

    const second = await startHouse(platform.url, platform, config);
    try {
      await second.crash.recover();
      expect(await platformRound(stayingRound)).toMatchObject({ status: 'cancelled' });
      expect(await platformRound(cashedRound)).toEqual({ stake: 2_000, win: cashedWin, status: 'settled' });
      expect(await getPlatformBalance(platform, staying.member.id)).toBe(10_000);
      expect(await getPlatformBalance(platform, cashing.member.id)).toBe(10_000 - 2_000 + cashedWin);
      const open = await query(
        platform.test.database.handle.db,
        sql`SELECT 1 FROM house.crash_bets WHERE state NOT IN ('settled', 'cancelled', 'refused')`,
      );
      expect(open).toHaveLength(0);
    } finally {
      await second.app.close();
    }
  });
});
