// `npm run bench:crash`: 1,000 simulated players in one crash round over WebSocket, against a real platform
// (in-memory PGlite) and the house vendor over HTTP. Measures the time from the crash to every settlement
// written, and the messages per second fanned out to the sockets. Writes bench/results/crash.json.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { crashPointHundredths } from '@parlay/fairness';
import WebSocket from 'ws';
import { query, sql } from '../../apps/house-games/src/db/database';
import {
  startHouse,
  startPlatform,
  createFundedMember,
  launchGame,
  openHouseSession,
} from '../../apps/house-games/src/test/platform';

const PLAYERS = Number(process.argv[2] ?? 1_000);
const CHAIN_GAMES = 1_000;
/** The measured game flies to between 2× and 5×: every run fans out a comparable flight, not a 1.00× bust. */
const POINT_RANGE = [200, 500] as const;

/** A fresh chain whose measured game (the second) crashes in POINT_RANGE, as the loop would make it (seed, hashes, salt). */
function chainForTheBench(): { secretSeed: string; publishedHash: string; salt: string; pointX100: number } {
  for (;;) {
    const secretSeed = randomBytes(32).toString('hex');
    const salt = randomBytes(32).toString('hex');
    const hashes = [secretSeed];
    for (let index = 1; index <= CHAIN_GAMES; index += 1) {
      hashes.push(
        createHash('sha256')
          .update(hashes[index - 1]!)
          .digest('hex'),
      );
    }
    // The bets join game 1 (placed while game 0 flies); game i takes hashes[games - 1 - i].
    const pointX100 = crashPointHundredths(hashes[CHAIN_GAMES - 2]!, salt);
    if (pointX100 >= POINT_RANGE[0] && pointX100 <= POINT_RANGE[1]) {
      return { secretSeed, publishedHash: hashes[CHAIN_GAMES]!, salt, pointX100 };
    }
  }
}

async function inBatches<T>(count: number, size: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, offset) => work(start + offset)),
      )),
    );
  }
  return results;
}

async function main(): Promise<void> {
  const platform = await startPlatform();
  const house = await startHouse(platform.url, platform, {
    crash: { bettingMs: 60_000, pauseMs: 1_000, tickMs: 100, chainGames: CHAIN_GAMES, curveRate: 0.0003 },
    walletTimeoutMs: 30_000,
  });
  await house.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = house.app.server.address() as AddressInfo;
  console.log(`preparing ${PLAYERS} players`);
  const players = await inBatches(PLAYERS, 25, async () => {
    const member = await createFundedMember(platform, 100_000);
    return openHouseSession(house, await launchGame(platform, member, 'crash'));
  });
  let received = 0;
  const sockets = await inBatches(PLAYERS, 100, async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/house/api/crash/ws`);
    socket.on('message', () => (received += 1));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  });
  const chain = chainForTheBench();
  await query(
    platform.test.database.handle.db,
    sql`INSERT INTO house.crash_chains (secret_seed, games, published_hash, salt)
        VALUES (${chain.secretSeed}, ${CHAIN_GAMES}, ${chain.publishedHash}, ${chain.salt})`,
  );
  console.log(`players ready, starting the round (it will crash at ${chain.pointX100 / 100}×)`);
  await house.start();
  // Bets placed while a round flies are queued for the next one: the 1,000 players all join the same round.
  await new Promise<void>((resolve) => {
    const unsubscribe = house.crash.subscribe((text) => {
      if ((JSON.parse(text) as { type: string }).type === 'running') {
        unsubscribe();
        resolve();
      }
    });
  });
  const settled = new Promise<{ crashedAt: number; settledAt: number; bets: number; crashPoint: number }>((resolve) =>
    house.crash.onSettled((settlement) => settlement.bets > 0 && resolve(settlement)),
  );
  let flightStarted = 0;
  let receivedAtStart = 0;
  house.crash.subscribe((text) => {
    const message = JSON.parse(text) as { type: string };
    if (message.type === 'running' && flightStarted === 0 && received > 0) {
      flightStarted = Date.now();
      receivedAtStart = received;
    }
  });
  const betsStarted = Date.now();
  // Half cash out automatically at 1.5×, the others ride to the crash.
  await inBatches(PLAYERS, 50, async (index) => {
    const response = await house.app.inject({
      method: 'POST',
      url: '/house/api/crash/bet',
      headers: { authorization: players[index]! },
      payload: { amountMinor: 1_000, autoCashout: index % 2 === 0 ? 1.5 : null },
    });
    if (response.statusCode !== 200) throw new Error(`bet ${index} failed: ${response.body}`);
  });
  console.log(`bets placed in ${Date.now() - betsStarted} ms`);
  const settlement = await settled;
  const receivedInRound = received - receivedAtStart;
  const seconds = (settlement.settledAt - flightStarted) / 1000;
  const result = {
    players: PLAYERS,
    settleMs: settlement.settledAt - settlement.crashedAt,
    messagesPerSecond: Math.round(receivedInRound / seconds),
    crashPoint: settlement.crashPoint,
    betsSettled: settlement.bets,
    messagesDelivered: receivedInRound,
    flightAndSettleSeconds: Math.round(seconds * 10) / 10,
    measuredAt: new Date().toISOString(),
  };
  const out = fileURLToPath(new URL('../results/crash.json', import.meta.url));
  mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  for (const socket of sockets) socket.terminate();
  await house.app.close();
  await platform.close();
}

await main();
