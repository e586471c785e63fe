// The vendor deployed on its own: `HOUSE_WALLET_URL=... HOUSE_VENDOR_SECRET=... tsx src/main.ts`.
// The operator imports its feed (GET /house/api/feed) into the platform's catalogue once
// (`npm run admin -- games import`); the platform then reads it again from there (catalogue sync).
import { buildHouseApp } from './app';
import { defaultHouseConfig } from './config';
import { openHouseDatabase } from './db/database';
import { migrateHouse } from './db/migrate';
import { WEB_DIST_DIR, crashTimingOf, loadHouseEnv } from './env';
import { logDestination } from './logging';

async function main(): Promise<void> {
  const env = loadHouseEnv();
  if (!env.HOUSE_WALLET_URL || !env.HOUSE_VENDOR_SECRET || !env.HOUSE_FRAME_ANCESTORS) {
    throw new Error(
      "house games configuration: HOUSE_WALLET_URL, HOUSE_VENDOR_SECRET and HOUSE_FRAME_ANCESTORS (the brands' sites) are required",
    );
  }
  const port = env.HOUSE_PORT ?? 8090;
  // Until the app (and its logger) exists, the pool's own report goes to stderr.
  const idleClientErrors: { report?: (error: Error) => void } = {};
  const database = await openHouseDatabase(
    env.HOUSE_DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.HOUSE_DATABASE_URL,
          onIdleClientError: (error) =>
            idleClientErrors.report
              ? idleClientErrors.report(error)
              : console.error(`house-games: PostgreSQL closed an idle pooled connection (${error.message})`),
        }
      : { kind: 'pglite', dataDir: env.HOUSE_DATA_DIR },
  );
  await migrateHouse(database);
  const config = defaultHouseConfig({
    database,
    publicUrl: (env.HOUSE_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    frameAncestors: env.HOUSE_FRAME_ANCESTORS,
    walletBaseUrl: env.HOUSE_WALLET_URL,
    vendorCode: env.HOUSE_VENDOR_CODE,
    vendorSecret: env.HOUSE_VENDOR_SECRET,
    webDistDir: WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
  });
  config.crash = crashTimingOf(env, config.crash);
  const house = await buildHouseApp(config, { logStream: await logDestination(process.stdout) });
  // The code and message only: pg hangs the whole connection object on the error.
  idleClientErrors.report = (error) =>
    house.app.log.warn(
      { code: (error as { code?: unknown }).code, error: error.message },
      'PostgreSQL closed an idle pooled connection; the next query opens a new one',
    );
  const shutdown = async () => {
    await house.app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await house.app.listen({ port, host: env.HOUSE_HOST ?? '0.0.0.0' });
  await house.start();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
