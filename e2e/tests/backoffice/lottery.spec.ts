import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startAuthServer, type AuthServer } from '../auth/auth-fixtures';
import { screenshot, seriousViolations, settled, showView, signedInContext, watchErrors } from './backoffice-fixtures';

// The lottery's back-office pages (issue 38): a game's settings for the brand, and the draws the lottery vendor
// (on in the embedded start) schedules with their commitments. A server of its own: the journey changes the demo
// brand's lottery settings, which other journeys must not see. Its operator is the demo owner, alone on this server.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: AuthServer;
let context: BrowserContext;
let page: Page;
let errors: string[];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startAuthServer();
  ({ context, page } = await signedInContext(browser, server.baseURL, 'demo-owner'));
  errors = watchErrors(page);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("an operator changes a lottery game's odds and liability for the brand; the draw list shows the vendor's draws", async () => {
  await page.goto('/backoffice/brands/parlay/lottery/games');
  await settled(page);
  const games = page.getByRole('table', { name: 'Lottery games' });
  const fast3 = games.getByRole('row').filter({ hasText: 'FAST3' });
  await expect(fast3).toContainText("The rules'");
  await fast3.getByRole('button', { name: 'Settings of Parlay Fast 3 for this brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Parlay Fast 3: settings of Parlay' });
  await dialog.getByLabel(/^Betting closes/).fill('999');
  await dialog.getByRole('button', { name: 'Save the settings' }).click();
  await expect(dialog.getByText('Enter a whole number of seconds from 0 to 179.')).toBeVisible();
  await dialog.getByLabel(/^Betting closes/).fill('45');
  await dialog.getByLabel(/^Liability limit/).fill('5,000,000');
  await dialog.getByLabel('Odds of digit in Lott').fill('9.50');
  await dialog.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText('The settings of Parlay Fast 3 for Parlay were saved.')).toBeVisible();
  await expect(fast3).toContainText("This brand's");
  await expect(fast3).toContainText('₩5,000,000');
  await expect(fast3).toContainText('45 s before');
  await expect(fast3).toContainText('Lott');

  // Opened again, the dialog shows what was saved.
  await page.reload();
  await settled(page);
  await fast3.getByRole('button', { name: 'Settings of Parlay Fast 3 for this brand' }).click();
  await expect(dialog.getByLabel('Odds of digit in Lott')).toHaveValue('9.50');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/backoffice/brands/parlay/lottery/draws?game=FAST1');
  await settled(page);
  const draws = page.getByRole('table', { name: 'Draws of FAST1' });
  // The vendor keeps the next draws scheduled, each committed by its seed's hash before betting opens.
  await expect(draws.getByText('Committed').first()).toBeVisible({ timeout: 30_000 });
  const first = draws.getByRole('row').nth(1);
  await first.getByRole('button', { name: /^Details of draw / }).click();
  await expect(draws.getByText('Secret until the draw').first()).toBeVisible();
  expect(errors).toEqual([]);
});

const PAGES = [
  { name: 'lottery-games', path: '/backoffice/brands/parlay/lottery/games' },
  { name: 'lottery-draws', path: '/backoffice/brands/parlay/lottery/draws?game=FAST1' },
  { name: 'lottery-results', path: '/backoffice/brands/parlay/lottery/results' },
  { name: 'lottery-sea-results', path: '/backoffice/brands/parlay/lottery/sea-results' },
];
const VIEWS = [
  { width: 1280, theme: 'dark', language: 'KO', axe: true },
  { width: 1280, theme: 'light', language: 'EN', axe: true },
  { width: 375, theme: 'light', language: 'KO', axe: false },
  { width: 375, theme: 'dark', language: 'EN', axe: false },
] as const;

test('each lottery page in both themes and languages at 1280 and 375 px: drawn whole, axe finds nothing serious', async () => {
  test.setTimeout(300_000);
  for (const { name, path } of PAGES) {
    await page.goto(path);
    await settled(page);
    for (const view of VIEWS) {
      await showView(page, view);
      const where = `${name} ${view.width} ${view.theme} ${view.language}`;
      await expect(page.locator('h1').first(), where).toBeVisible();
      await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
  }
  // The settings dialog, open, in the light theme in English.
  await page.goto('/backoffice/brands/parlay/lottery/games');
  await settled(page);
  await showView(page, { width: 1280, theme: 'light', language: 'EN' });
  await page.getByRole('button', { name: 'Settings of Parlay Keno for this brand' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshot(page, 'lottery-settings-dialog-1280-light-EN');
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
