// bench:startup — time from `npm start` to the first page served, on an empty data folder
// (budget 10 s). The player site is built beforehand, as `npm install` leaves it.
// Writes bench/results/startup.json as { firstPageMs, readyMs, budgetMs, runs }.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 8291);
const runs = Number(process.env.BENCH_RUNS ?? 3);

spawnSync('npm', ['run', 'build', '-w', '@parlay/web'], { cwd: root, stdio: 'inherit' });

async function once() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-bench-start-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let readyMs = null;
  let firstPageMs = null;
  const deadline = started + 60_000;
  while (performance.now() < deadline && firstPageMs === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/index`);
      const body = await response.text();
      if (response.ok && body.includes('id="root"')) firstPageMs = Math.round(performance.now() - started);
      if (readyMs === null && response.ok) readyMs = firstPageMs;
    } catch {
      // not listening yet
    }
    if (firstPageMs === null) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (firstPageMs === null) throw new Error('no page within 60 s');
  return firstPageMs;
}

const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await once());
samples.sort((a, b) => a - b);
const result = {
  firstPageMs: samples[Math.floor(samples.length / 2)],
  samplesMs: samples,
  budgetMs: 10_000,
  measuredAt: new Date().toISOString(),
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
