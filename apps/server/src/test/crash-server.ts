// The SIGKILL tests' server: the platform as production runs it, in a process of its own that a test can kill
// mid-work, over a data folder (or DATABASE_URL) it shares with the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import './database';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The server on `port`, from the run's bundle of it (test/global-setup.ts) or else from its sources, with `env` (the data folder or DATABASE_URL, and any setting of the
 * test), no demo seed, no site, and neither the house games nor the payment sandbox beside it: their ports may be
 * taken by another test, and the process would exit.
 */
export function startServer(env: Record<string, string>, port: number): ChildProcess {
  const bundle = process.env['VITEST'] ? inject('crashServerBundle') : undefined;
  return spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '',
      HOUSE_ENABLED: 'false',
      SANDBOX_PAY_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * A settlement-feed consumer's rows behind its checkpoint, as the server's /metrics gives them (decision 0034);
 * undefined while the server does not answer. The feed consumers' SIGKILL tests kill the server while it is above 0.
 */
export async function feedBehind(port: number, consumer: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text
      .split('\n')
      .find((entry) => entry.startsWith(`parlay_settlement_feed_behind{consumer="${consumer}"}`));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  } catch {
    return undefined;
  }
}

/** The pause between two polls of a server in a SIGKILL test. */
export const pollPause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits until the server answers /healthz (a cold start from the sources takes seconds on a busy machine). */
export async function waitReady(port: number): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** A SIGKILL test's own database, which the test prepares and then hands to the server it starts and kills. */
export interface CrashDatabase {
  /** Open, migrated and seeded; the test closes it before a server opens the database. */
  handle: DatabaseHandle;
  /** How the test opens it again, to check it after the kill. */
  options: DatabaseOptions;
  /** The server's setting for it: DATA_DIR (an on-disk PGlite folder) or DATABASE_URL. */
  env: Record<string, string>;
  /** Drops the database or removes the folder. */
  remove: () => Promise<void>;
}

/**
 * A fresh database for a SIGKILL test: a new one on the PostgreSQL server of DATABASE_URL, else an on-disk PGlite
 * folder. Both start as a copy of the run's migrated and seeded template when vitest's global setup made one
 * (test/database.ts), else they are migrated and seeded here: a server started on a folder migrates nothing more.
 */
export async function createCrashDatabase(name: string): Promise<CrashDatabase> {
  const template = process.env['VITEST'] ? inject('databaseTemplate') : undefined;
  const serverUrl = process.env['DATABASE_URL'];
  let options: DatabaseOptions;
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  if (serverUrl) {
    const database = `parlay_crash_${name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    options = { kind: 'postgres', url: url.toString(), poolSize: 4 };
    env = { DATABASE_URL: url.toString() };
    remove = async () => {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleaner.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), `parlay-${name}-crash-`));
    options = { kind: 'pglite', dataDir: dir };
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  const initialData = template && !serverUrl ? new Blob([readFileSync(template)]) : undefined;
  const handle = await openDatabase(initialData && options.kind === 'pglite' ? { ...options, initialData } : options);
  if (!template) {
    await migrate(handle);
    await seedDemo(handle.db);
  }
  return { handle, options, env, remove };
}
