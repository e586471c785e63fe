import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { setPasswordHashCost } from '../lib/crypto/password';
import { adminCommands } from './commands/index';
import { explainLockedDataDir, formatHelp, runAdmin } from './run';

/** `npm run admin -- <command>`: operator commands on the database of the environment. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0] ?? '')) {
    console.log(formatHelp(adminCommands));
    return argv.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    // The same start-up as the server's, so a command on a fresh folder finds the demo brand.
    await migrate(database);
    if (config.SEED_DEMO) await seedDemo(database.db, { port: config.PORT });
    const { exitCode, output } = await runAdmin(
      adminCommands,
      {
        db: database.db,
        defaultMerchantCode: config.DEFAULT_MERCHANT_CODE,
        dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
        backofficeUrl: config.BACKOFFICE_URL,
      },
      argv,
    );
    (exitCode === 0 ? console.log : console.error)(output);
    return exitCode;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) console.error(explainLockedDataDir(error));
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(2);
  },
);
