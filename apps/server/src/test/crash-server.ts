// The SIGKILL tests' server: the platform as production runs it, in a process of its own that a test can kill
// mid-work, over a data folder (or DATABASE_URL) it shares with the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * The server from its sources on `port`, with `env` (the data folder or DATABASE_URL, and any setting of the
 * test), no demo seed, no site, and neither the house games nor the payment sandbox beside it: their ports may be
 * taken by another test, and the process would exit.
 */
export function startServer(env: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
