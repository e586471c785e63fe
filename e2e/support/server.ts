import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/** Starts the real platform over `dataDir`, exactly as `npm start` runs it, on a free port. */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await findFreePort();
  const housePort = await findFreePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOUSE_PORT: String(housePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, 150_000);
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

/** A fresh, empty data folder for one spec. */
export function createDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'parlay-e2e-state-'));
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

/** Starts a server once to migrate and seed the folder, stops it, then applies `sql` to the stored brand. */
export async function prepareDataDir(sql: string): Promise<string> {
  const dataDir = createDataDir();
  const first = await startServer(dataDir);
  await first.stop();
  runSqlOnDataDir(dataDir, sql);
  return dataDir;
}
