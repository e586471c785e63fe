// Solve times of each proof-of-work level (decision 0030), at its hardest counter and at the middle of
// its range (the expected counter): in Node on one core, as an attacker's script solves it, and in
// Chromium as the site solves it, also with the CPU slowed four times (Lighthouse's phone setting).
// `npm run bench:altcha`; writes bench/results/altcha.json. CHROMIUM_PATH picks the browser.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { checkShape, MAX_CHECK_LEVEL } from '../../apps/server/src/modules/verification/index';

const root = path.resolve(import.meta.dirname, '../..');
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

async function challengeAt(level: number, counter: number): Promise<Challenge> {
  const shape = checkShape(level);
  return createChallenge({
    algorithm: shape.algorithm,
    cost: shape.cost,
    counter,
    deriveKey: shape.algorithm === 'SHA-256' ? deriveSha : derivePbkdf2,
  });
}

async function solveInNode(challenge: Challenge): Promise<number> {
  const deriveKey = challenge.parameters.algorithm === 'SHA-256' ? deriveSha : derivePbkdf2;
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
  if (!solution) throw new Error('not solved');
  return Math.round(performance.now() - started);
}

// The site's solver: altcha-lib with the browser's WebCrypto key derivation, as behaviour-check.ts uses it.
const pageSolver = await build({
  stdin: {
    contents: `
      import { solveChallenge } from 'altcha-lib';
      import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
      import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
      window.solve = async (challenge) => {
        const deriveKey = challenge.parameters.algorithm === 'PBKDF2/SHA-256' ? derivePbkdf2 : deriveSha;
        const started = performance.now();
        const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
        if (!solution) throw new Error('not solved');
        return Math.round(performance.now() - started);
      };`,
    resolveDir: root,
  },
  bundle: true,
  format: 'iife',
  write: false,
});
const script = pageSolver.outputFiles[0]?.text ?? '';
// WebCrypto needs a secure context: a page from localhost.
const server = http
  .createServer((request, response) => {
    if (request.url === '/solver.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(script);
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><script src="/solver.js"></script>');
  })
  .listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
async function openSolver(cpuSlowdown: number) {
  const page = await browser.newPage();
  if (cpuSlowdown > 1) {
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(`http://127.0.0.1:${port}/`);
  return (challenge: Challenge) =>
    page.evaluate(
      // Runs in the page, where the bundle above set `solve` on the window (bench has no DOM types).
      (given) => (globalThis as unknown as { solve: (c: unknown) => Promise<number> }).solve(given),
      challenge as unknown,
    );
}
const desktop = await openSolver(1);
const phone = await openSolver(4);

const rows = [];
for (let level = 0; level <= MAX_CHECK_LEVEL; level += 1) {
  const shape = checkShape(level);
  // The least disturbed of three runs: the machine is shared, and a solve is only ever slowed by others.
  const fastest = async (solve: (challenge: Challenge) => Promise<number>, counter: number) => {
    const times = [];
    for (let run = 0; run < 3; run += 1) times.push(await solve(await challengeAt(level, counter)));
    return Math.min(...times);
  };
  const measure = async (counter: number) => ({
    node: await fastest(solveInNode, counter),
    chromium: await fastest(desktop, counter),
    phone: await fastest(phone, counter),
  });
  const hardest = await measure(shape.maxCounter);
  const expected = await measure(Math.round((shape.minCounter + shape.maxCounter) / 2));
  rows.push({
    level,
    ...shape,
    iterationsAtMost: shape.maxCounter * shape.cost,
    hardestMs: hardest,
    expectedMs: expected,
  });
}
await browser.close();
server.close();

console.table(
  rows.map((row) => ({
    level: row.level,
    algorithm: row.algorithm,
    'counters ≤': row.maxCounter,
    'node ms (exp/max)': `${row.expectedMs.node} / ${row.hardestMs.node}`,
    'chromium ms': `${row.expectedMs.chromium} / ${row.hardestMs.chromium}`,
    'chromium ×4 ms': `${row.expectedMs.phone} / ${row.hardestMs.phone}`,
  })),
);
writeFileSync(
  path.join(root, 'bench/results/altcha.json'),
  `${JSON.stringify({ levels: rows, measuredAt: new Date().toISOString() }, null, 2)}\n`,
);
