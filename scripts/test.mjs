// `npm test`: unit and server suites (vitest), then the journeys in Chromium (Playwright) against
// the built site; prints one closing line `N passed, N failed` (CI's .ci/run reads it), with the tests
// that passed only on a retry named on the line above it (`K flaky: …`).
// Flags: --unit (vitest only), --e2e (Playwright only). Extra environment (DATABASE_URL) passes through.
// With both, the build the journeys need runs beside the unit suites (no unit test reads a dist/ folder); its
// output is printed after theirs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { flakyLine, summarisePlaywrightReport } from './playwright-summary.mjs';

const argv = process.argv.slice(2);
const args = new Set(argv);
// --project=NAME narrows vitest to that project, once per flag (CI runs the server and house games suites
// again on PostgreSQL).
const vitestProjects = argv.filter((arg) => arg.startsWith('--project=')).map((arg) => `--project=${arg.slice(10)}`);
const runUnit = !args.has('--e2e');
const runE2e = !args.has('--unit') && existsSync('e2e/playwright.config.ts');
const outDir = path.resolve('test-results');
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = [];
let exitCode = 0;

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Starts `npm run build` with its output held; resolves with its status once it has printed that output. */
function startBuild() {
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const finished = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (status) => resolve(status ?? 1));
  });
  return async () => {
    const status = await finished;
    process.stdout.write(Buffer.concat(output));
    return status;
  };
}

// spawnSync would block this process's event loop, and with it the build's output: vitest runs as a promise too.
function runAsync(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('close', (status) => resolve(status ?? 1));
  });
}

const build = runE2e ? startBuild() : null;

if (runUnit) {
  const report = path.join(outDir, 'vitest.json');
  rmSync(report, { force: true });
  const status = await runAsync('node_modules/.bin/vitest', [
    'run',
    ...vitestProjects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    // A file that fails to load counts as a failure even when no test in it ran.
    failed += json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  }
  // A run that exits non-zero without a counted failure (a crash, an unhandled error) still fails.
  if (status !== 0 && failed === 0) failed += 1;
  if (status !== 0) exitCode = 1;
}

if (runE2e) {
  const buildStatus = await build();
  if (buildStatus !== 0) {
    failed += 1;
    exitCode = 1;
  } else {
    const report = path.join(outDir, 'playwright.json');
    rmSync(report, { force: true });
    const before = failed;
    const status = run('node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    if (existsSync(report)) {
      // A flaky test counts as passed and is named apart (scripts/playwright-summary.mjs says why).
      const summary = summarisePlaywrightReport(JSON.parse(readFileSync(report, 'utf8')));
      passed += summary.passed;
      failed += summary.failed;
      skipped += summary.skipped;
      flaky = summary.flaky;
    }
    if (status !== 0 && failed === before) failed += 1;
    if (status !== 0) exitCode = 1;
  }
}

const flakyTests = flakyLine(flaky);
if (flakyTests) console.log(flakyTests);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
