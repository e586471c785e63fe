import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, type TestDatabase } from './database';
import { TEST_PASSWORD_HASH_COST } from './password-cost';

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app over a fresh seeded database, for `app.inject` tests. Silent unless `env` sets LOG_LEVEL; a test that
 * reads the log passes a `logStream`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'onRoute' | 'logStream'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    ...env,
  });
  const app = await buildApp({ config, database: database.handle, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
