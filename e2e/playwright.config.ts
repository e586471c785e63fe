import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { JOURNEY_SERVER_ENV } from './support/server-env';

const port = Number(process.env['E2E_PORT'] ?? 8181);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-e2e-'));
const root = path.resolve(import.meta.dirname, '..');
// Debian's Chromium in its headless form (package chromium-headless-shell) when installed: the same
// engine, about a fifth faster over the journeys than the whole browser (decision 0022).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // One migrated and seeded data folder that the specs' own servers start on copies of (support/server.ts).
  globalSetup: './support/global-setup.ts',
  // E2E_OUTPUT_DIR keeps a run's traces apart from another run in the same checkout.
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two by default on the two-core machine README measures; E2E_WORKERS tries another count there (the journeys
  // wait on the network and on servers starting, so a third may fill idle time, as it did for vitest).
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  retries: process.env['CI'] ? 1 : 0,
  // The JSON report goes to a file (`npm test` names it and counts from it), never to the terminal.
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ?? path.join(root, 'test-results/playwright.json') },
    ],
  ],
  use: {
    // The site as a visitor who asks for reduced motion sees it: no marquee running and no endless spinner, so the
    // browser draws a frame only when something changes. Drawing the moving marquee took a third of a core per
    // browser (decision 0049). A journey about motion asks for it with `test.use({ reducedMotion: 'no-preference' })`;
    // E2E_MOTION=no-preference runs them all with motion.
    reducedMotion: (process.env['E2E_MOTION'] as 'reduce' | 'no-preference' | undefined) ?? 'reduce',
    baseURL: `http://localhost:${port}`,
    launchOptions: {
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
    },
    // A trace records every action's snapshot and a screencast, which keeps the browser drawing: only the retry
    // of a failed journey (CI retries once) records one. E2E_TRACE=retain-on-failure records every run's.
    trace:
      (process.env['E2E_TRACE'] as 'on-first-retry' | 'retain-on-failure' | 'on' | 'off' | undefined) ??
      'on-first-retry',
  },
  webServer: {
    // The production bundle (`npm run build` makes it; `npm test` builds first), as `npm start` runs it.
    command: `node apps/server/dist/main.js`,
    cwd: root,
    url: `http://localhost:${port}/readyz`,
    // A cold start on a busy two-core machine can take a minute; the server itself starts in seconds.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      // The embedded house-games server listens on its own port; keep it clear of other local servers.
      HOUSE_PORT: String(port + 100),
      // The embedded sandbox payment provider too (decision 0040): its hosted page is where journeys pay.
      SANDBOX_PAY_PORT: String(port + 200),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...JOURNEY_SERVER_ENV,
      // E2E_WEB_DIST_DIR lets a run use its own build while another build replaces apps/web/dist.
      WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
    },
  },
});
