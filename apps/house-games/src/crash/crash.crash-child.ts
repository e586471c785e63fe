// The crash game's SIGKILL test's vendor (crash.crash.test.ts): the crash loop alone, on the real clock, over an
// on-disk PGlite folder the test prepared, paying through the test's platform. It prints its port once it takes
// bets; the test bets both slots through it and kills it while the game flies.
import type { AddressInfo } from 'node:net';
import { buildHouseApp } from '../app';
import { defaultHouseConfig } from '../config';
import { openHouseDatabase } from '../db/database';
import { migrateHouse } from '../db/migrate';

const env = process.env;
const database = await openHouseDatabase({ kind: 'pglite', dataDir: env.CRASH_KILL_DATA_DIR! });
await migrateHouse(database);
const house = await buildHouseApp(
  defaultHouseConfig({
    database,
    walletBaseUrl: env.CRASH_KILL_WALLET_URL!,
    vendorSecret: env.CRASH_KILL_VENDOR_SECRET!,
    walletRetryDelaysMs: [20, 50],
    walletMaxAttempts: 3,
    logLevel: 'error',
    // Bets taken for 4 s (the bets of a busy machine land in the window); 1.01× after 50 ms and 2× after 3.5 s,
    // so that a game flies on after its first automatic cash-outs and is killed in flight, yet games stay short.
    crash: { bettingMs: 4_000, pauseMs: 200, tickMs: 20, chainGames: 1_000, curveRate: 0.0002 },
  }),
);
await house.app.listen({ port: 0, host: '127.0.0.1' });
await house.start();
process.stdout.write(`crash-ready ${(house.app.server.address() as AddressInfo).port}\n`);
