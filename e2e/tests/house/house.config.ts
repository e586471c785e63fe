import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The house games journeys alone: each worker starts a platform with the embedded house vendor of its
 * own (house-fixtures.ts), so the shared web server is not needed.
 * `npx playwright test -c e2e/tests/house/house.config.ts`
 */
export default defineConfig({
  ...base,
  testDir: '.',
  // The base's setup path is relative to e2e/, where its config lives; from this folder it is two levels up.
  globalSetup: '../../support/global-setup.ts',
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? '../../test-results/house',
  webServer: undefined,
});
