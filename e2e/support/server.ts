import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JOURNEY_SERVER_ENV } from './server-env';

const root = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on the loopback interface, so a spec's own server never clashes with another. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} was not ready within ${timeoutMs} ms`);
}

/**
 * Starts the real platform over `dataDir`, exactly as `npm start` runs it, on a free port. With `untilUp`, it
 * waits past /readyz for the line that says the platform is up: the demo's history is seeded by then. With
 * `anyPort` too, the server listens on a port the system picks (PORT=0), so its first start gives the demo brand
 * no site address (decision 0026): a copy of the folder gets the port of the server that starts on it.
 */
export async function startServer(
  dataDir: string,
  options: { untilUp?: boolean; anyPort?: boolean } = {},
): Promise<RunningServer> {
  const untilUp = options.untilUp === true || options.anyPort === true;
  const port = options.anyPort ? 0 : await findFreePort();
  const housePort = await findFreePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', untilUp ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOUSE_PORT: String(housePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: untilUp ? 'info' : 'warn',
      ...JOURNEY_SERVER_ENV,
      WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
    },
  });
  let upAt: string | undefined;
  let tail = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_096);
    upAt ??= /Parlay is up on (http:\/\/[^\s"]+)/.exec(tail)?.[1];
  });
  let url = `http://127.0.0.1:${port}`;
  if (!options.anyPort) await waitForReady(url, child, 150_000);
  const deadline = Date.now() + 150_000;
  while (untilUp && !upAt) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`server on ${dataDir} did not say it was up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (options.anyPort) url = upAt!;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The environment variable that names the run's template data folder (global-setup.ts makes it): migrated and
 * seeded once, so a spec's own server starts on a copy of it instead of migrating and seeding from nothing.
 */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/**
 * A fresh data folder for one spec: a copy of the run's template when there is one (a server started on it
 * finds its migrations run and the demo seeded, as after a restart), empty when not.
 */
export function createDataDir(prefix = 'parlay-e2e-state-'): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Runs SQL on the embedded database of a data folder while no server holds it, as an operator's
 * tool would. It runs with the server's own PGlite, from the server's package.
 */
export function runSqlOnDataDir(dataDir: string, sql: string): void {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
    const db = await PGlite.create(process.env.PG_DIR, { extensions: { pg_trgm } });
    await db.exec(process.env.PG_SQL);
    await db.close();
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PG_DIR: path.join(dataDir, 'pg'), PG_SQL: sql },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`SQL on ${dataDir} failed: ${result.stderr}`);
}

/**
 * A data folder for one spec whose stored brand `sql` has changed: a copy of the template, or, without one, a
 * folder a server has migrated and seeded once.
 */
export async function prepareDataDir(sql: string): Promise<string> {
  const dataDir = createDataDir();
  if (!process.env[DATA_TEMPLATE_ENV]) {
    const first = await startServer(dataDir, { untilUp: true });
    await first.stop();
  }
  runSqlOnDataDir(dataDir, sql);
  return dataDir;
}
