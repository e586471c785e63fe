import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The account journeys alone: each spec starts a platform server of its own (auth-fixtures.ts), so
 * the shared web server is not needed. `npx playwright test -c e2e/tests/auth/auth.config.ts`
 */
export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? '../../test-results/auth',
  webServer: undefined,
});
