import { expect, test } from '@playwright/test';
import { prepareDataDir, startServer, type RunningServer } from '../../support/server';
import { rememberChoices, screenshot, watchForErrors } from '../../support/shell';

/*
 * The full-page states are chosen from system status at start
 * (docs/product/site-shell-and-routes.md#full-page-states). Each case runs its own server over a data folder
 * whose brand an operator has put into that state while no server ran.
 */
test.describe.configure({ mode: 'parallel' });

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('the maintenance page appears, with its end time, when the brand is under maintenance', async ({ page }) => {
  test.setTimeout(360_000);
  const dataDir = await prepareDataDir(
    "UPDATE merchants SET maintenance = true, maintenance_end_at = '2030-01-02T03:04:00Z', restricted_ips = '{127.0.0.1/32}'",
  );
  server = await startServer(dataDir);
  const watch = watchForErrors(page);
  await rememberChoices(page, 'dark', 'EN');
  await page.goto(`${server.url}/index`);
  const card = page.locator('[data-page="maintenance"]');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
  await expect(card.getByText('RESTRICTION OF VISIT')).toBeVisible();
  await expect(card.locator('time')).toHaveAttribute('datetime', '2030-01-02T03:04:00.000Z');
  await expect(card.getByRole('button', { name: 'Contact Us' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Refresh' })).toBeVisible();
  // Maintenance wins over the region restriction set on the same brand.
  await expect(page.locator('[data-page="ip-restriction"]')).toHaveCount(0);
  await expect(page.locator('[data-site-header]')).toHaveCount(0);
  await screenshot(page, 'status-maintenance-EN');
  expect(watch.errors).toEqual([]);
});

test("the restriction page shows the visitor's IP when the brand refuses it", async ({ page }) => {
  test.setTimeout(360_000);
  const dataDir = await prepareDataDir("UPDATE merchants SET restricted_ips = '{127.0.0.1/32}'");
  server = await startServer(dataDir);
  const watch = watchForErrors(page);
  await rememberChoices(page, 'light', 'KO');
  await page.goto(`${server.url}/index`);
  const card = page.locator('[data-page="ip-restriction"]');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('visitor-ip')).toHaveText('127.0.0.1');
  await expect(card.getByRole('button', { name: '문의하기' })).toBeVisible();
  await expect(page.locator('[data-site-header]')).toHaveCount(0);
  await screenshot(page, 'status-ip-restriction-KO');
  expect(watch.errors).toEqual([]);
});
