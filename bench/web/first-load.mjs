// What the lobby's first load costs, shared by bench:web (run.mjs) and the CI budget (budget.mjs): the built
// site served by the real server over a fresh embedded database, and the scripts a phone-sized Chromium asks
// for on /index until the lobby is drawn and the network is idle, each counted as its gzip size in the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export const root = path.resolve(import.meta.dirname, '../..');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse starts Chromium itself with these; Playwright takes them without the first. */
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function waitForServer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the built server (apps/server/dist/main.js) on `port` over an empty data folder, serving the player
 * site from `distDir`. Returns its address and a stop function that also removes the data folder.
 */
export async function startSite({ distDir, port }) {
  // A server left on the port (an earlier run's) would answer in this one's place, with another build's files.
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use by another server: stop it, or set BUDGET_PORT`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOUSE_PORT: String(port + 100),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForServer(`${baseUrl}/readyz`, 120_000),
      exited.then((code) => Promise.reject(new Error(`the server exited with ${code} before it was ready`))),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** `/assets/lobby-games-cV99r9pZ.js` → `lobby-games`: a chunk's name without its content hash. */
export function chunkName(pathname) {
  const file = path.posix.basename(pathname);
  return /^(.+)-[\w-]{8}\.js$/.exec(file)?.[1] ?? file.replace(/\.js$/, '');
}

/**
 * The scripts /index loads before it is idle at a phone's size (the size Lighthouse's mobile run takes, and
 * the budget's), each with its gzip size as the build's `.gz` files have it (level 9).
 */
export async function measureFirstLoad({ baseUrl, distDir, viewport = { width: 375, height: 812 } }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage({ viewport });
    const requested = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.add(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
    const scripts = [...requested].map((pathname) => ({
      path: pathname,
      chunk: chunkName(pathname),
      gzipBytes: gzipSync(readFileSync(path.join(distDir, pathname)), { level: 9 }).length,
    }));
    return { gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), scripts };
  } finally {
    await browser.close();
  }
}
