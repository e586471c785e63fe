// bench:web — what the lobby costs a phone. Builds the player site, serves it over a fresh embedded
// database, then measures:
//  - initialJsGzipKb: gzip size of every script /index loads before it is idle (budget 150 KB);
//  - Lighthouse mobile on /index (`npx lighthouse@12` with Debian's chromium): performance,
//    accessibility and LCP.
// Writes bench/results/web.json as { initialJsGzipKb, lighthousePerformance, lighthouseAccessibility, lcpMs }.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 8290);
/** `--js-only`: print the start-up scripts and their sizes, skip Lighthouse, write nothing. */
const jsOnly = process.argv.includes('--js-only');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

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

async function measureInitialJs(baseUrl) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
    let bytes = 0;
    const files = [];
    for (const pathname of scripts) {
      const file = path.join(root, 'apps/web/dist', pathname);
      const size = gzipSync(readFileSync(file), { level: 9 }).length;
      bytes += size;
      files.push({ path: pathname, gzipKb: Math.round((size / 1024) * 10) / 10 });
    }
    return { kb: Math.round((bytes / 1024) * 10) / 10, files };
  } finally {
    await browser.close();
  }
}

function runLighthouse(url) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-lh-'));
  const report = path.join(outDir, 'report.json');
  const lighthouse = () =>
    run(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility',
        '--form-factor=mobile',
        '--screenEmulation.mobile',
        `--chrome-flags=${chromeFlags.join(' ')}`,
      ],
      { cwd: outDir, env: { ...process.env, CHROME_PATH: chromiumPath } },
    );
  try {
    lighthouse();
  } catch {
    // Lighthouse now and then fails to record the trace on a busy machine (NO_NAVSTART): once more.
    lighthouse();
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(outDir, { recursive: true, force: true });
  return {
    performance: Math.round(json.categories.performance.score * 100),
    accessibility: Math.round(json.categories.accessibility.score * 100),
    lcpMs: Math.round(json.audits['largest-contentful-paint'].numericValue),
    // What makes up the score, to see where the next gain is.
    metrics: {
      fcpMs: Math.round(json.audits['first-contentful-paint'].numericValue),
      speedIndexMs: Math.round(json.audits['speed-index'].numericValue),
      tbtMs: Math.round(json.audits['total-blocking-time'].numericValue),
      cls: Math.round(json.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
      lcpElement:
        json.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      requests: json.audits['network-requests']?.details?.items?.length ?? null,
    },
    accessibilityFailures: json.categories.accessibility.auditRefs
      .map((ref) => json.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => audit.id),
  };
}

run('npm', ['run', 'build', '-w', '@parlay/web']);
run(process.execPath, ['scripts/build-server.mjs']);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-bench-web-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  },
});
try {
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseUrl}/readyz`, 60_000);
  const js = await measureInitialJs(baseUrl);
  if (jsOnly) {
    // A quick look while working: sizes only, nothing written.
    for (const file of js.files) console.log(`${String(file.gzipKb).padStart(6)} KB  ${file.path}`);
    console.log(`initial JS ${js.kb} KB gzip in ${js.files.length} scripts (budget 150 KB)`);
    process.exitCode = 0;
  } else {
    const lighthouse = runLighthouse(`${baseUrl}/index`);
    const result = {
      initialJsGzipKb: js.kb,
      lighthousePerformance: lighthouse.performance,
      lighthouseAccessibility: lighthouse.accessibility,
      lcpMs: lighthouse.lcpMs,
      lighthouseMetrics: lighthouse.metrics,
      accessibilityFailures: lighthouse.accessibilityFailures,
      budgetKb: 150,
      initialScripts: js.files,
      measuredAt: new Date().toISOString(),
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/web.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
