// The lottery SIGKILL test's vendor (lottery.crash.test.ts): the lottery's draw loop alone, on the real clock, over
// an on-disk PGlite folder the test prepared, paying through the test's platform. The test kills it mid-settlement.
import { buildHouseApp } from '../app';
import { defaultHouseConfig } from '../config';
import { openHouseDatabase } from '../db/database';
import { migrateHouse } from '../db/migrate';

const env = process.env;
const database = await openHouseDatabase({ kind: 'pglite', dataDir: env.LOTTERY_CRASH_DATA_DIR! });
await migrateHouse(database);
const house = await buildHouseApp(
  defaultHouseConfig({
    database,
    walletBaseUrl: env.LOTTERY_CRASH_WALLET_URL!,
    vendorSecret: 'house-secret-unused-by-this-test',
    walletRetryDelaysMs: [20, 50],
    walletMaxAttempts: 3,
    logLevel: 'error',
    lottery: {
      vendorCode: env.LOTTERY_CRASH_VENDOR_CODE!,
      vendorSecret: env.LOTTERY_CRASH_VENDOR_SECRET!,
      // Small steps, so that a kill lands between them; a short lease, so that the next start takes over soon.
      tickMs: 50,
      leaseMs: 1_000,
      settleBatchSize: 20,
      creditConcurrency: 2,
    },
  }),
);
await house.lottery!.start();
process.stdout.write('lottery-ready\n');
