import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// The dashboard and the daily report over the demo brand's 30 days of rounds (db/seed-history.ts): the home of an
// operator whose roles read it, its periods and charts, the report and its CSV download; each page at 1280 px in
// both themes and languages and at 768 px, axe finding nothing serious. One operator for this file: the demo
// read-only operator (dashboard.read and reports.read, nothing to change).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let context: BrowserContext;
let page: Page;
let errors: string[];

test.beforeAll(async ({ browser, baseURL }) => {
  ({ context, page } = await signedInContext(browser, baseURL!, 'demo-readonly'));
  errors = watchErrors(page);
});

test.afterAll(async () => {
  await context.close();
});

/** A figure's amount as a number (₩4,200,000 → 4200000). */
async function figure(label: string): Promise<number> {
  const card = page.getByRole('region', { name: 'Figures of the period' }).locator('div', {
    has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }),
  });
  const text = (await card.locator('dd').first().textContent()) ?? '';
  return Number(text.replace(/[^\d-]/g, ''));
}

test("the dashboard is the operator's home and shows the demo brand's 30 days, by day, category and vendor", async () => {
  await expect(page).toHaveURL(/\/backoffice\/brands\/parlay\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\?period=30d$/);
  await expect(page.getByText(/^Parlay · \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} · days of /)).toBeVisible();
  // The seed's 400 rounds of 24 players over 30 days (rounds other journeys play today only add to them).
  await expect.poll(() => figure('Turnover')).toBeGreaterThanOrEqual(4_200_000);
  expect(await figure('Active players')).toBeGreaterThanOrEqual(24);
  expect(await figure('New sign-ups')).toBeGreaterThanOrEqual(24);
  // The cashier's figures with their counts (the seed's demo deposits stay out of the feed; journeys add theirs).
  await expect(page.getByText(/^\d[\d,]* deposits?$/)).toBeVisible();
  await expect(page.getByText(/^\d[\d,]* withdrawals?$/)).toBeVisible();

  // Drawn: the series as bars and a line, the players by day, each category and vendor as bars with its table.
  const money = page.getByRole('region', { name: 'Turnover, payouts and GGR by day' });
  await expect(money.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(money.locator('.recharts-line-curve')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Active players and new sign-ups by day' })).toBeVisible();
  const categories = page.getByRole('table', { name: 'By game category' });
  // The header and the demo's categories (the house games, live casino, …).
  expect(await categories.getByRole('row').count()).toBeGreaterThanOrEqual(3);
  const vendors = page.getByRole('table', { name: 'By vendor' });
  expect(await vendors.getByRole('row').count()).toBeGreaterThanOrEqual(3);
  await screenshot(page, 'dashboard-30d');
});

test('the dashboard switches to today by the hour and to a custom period', async () => {
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/\?period=today$/);
  await expect(page.getByRole('heading', { name: 'Turnover, payouts and GGR by hour' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active players and new sign-ups by day' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Custom' }).click();
  const range = page.getByRole('form', { name: 'Custom period' });
  await range.getByLabel('From').fill('2026-11-30');
  await range.getByLabel('To').fill('2026-11-01');
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(range.getByRole('alert')).toContainText('the last not before the first');
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  await range.getByLabel('From').fill(from);
  await range.getByLabel('To').fill(to);
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?period=custom&from=${from}&to=${to}$`));
  await expect(page.getByText(`Parlay · ${from} to ${to} · days of Asia/Seoul`)).toBeVisible();
  // Every day of the period, folded under the chart.
  const days = page.getByRole('table', { name: 'Figures of each day', includeHidden: true });
  await expect(days.locator('tbody tr')).toHaveCount(14);
});

test('the daily report lists the days by game and downloads them as CSV, streamed by the server', async () => {
  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page.getByText(/^Parlay · .* to .* · days of /)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Daily report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily report' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Daily report by game' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(10);
  await screenshot(page, 'reports-by-game');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^parlay-game-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    'day,vendor,vendor_name,game,game_name,category,currency,turnover,valid_bets,payouts,ggr,rounds,players,signups,deposits,withdrawals',
  );
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},[A-Z0-9_]+,[^,]*,[^,]+,.*,KRW,\d+,\d+,\d+,-?\d+,\d+,\d+,,,$/);
  expect(lines.filter((line) => line !== '').length).toBeGreaterThan(10);

  // One row per day at the brand's level, with its sign-ups.
  await page.getByLabel('One row per day and').selectOption('brand');
  await page.getByRole('search', { name: 'Report filters' }).getByRole('button', { name: 'Show' }).click();
  const byBrand = page.getByRole('table', { name: 'Daily report by brand' });
  await expect(byBrand.getByRole('columnheader', { name: 'Sign-ups' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /level=brand/);
  expect(errors).toEqual([]);
});

const PAGES = [
  { name: 'dashboard', path: '/backoffice/brands/parlay/dashboard?period=30d', ready: '.recharts-bar-rectangle' },
  { name: 'reports', path: '/backoffice/brands/parlay/reports', ready: 'tbody tr' },
] as const;

for (const target of PAGES) {
  test(`the ${target.name} page in both themes and languages at 1280 px, and at 768 px; axe finds nothing serious`, async () => {
    test.setTimeout(300_000);
    // Loaded once; each theme, language and width by the top bar's toggles and a resize.
    await page.goto(target.path);
    await settled(page);
    for (const view of VIEWS.filter(
      (each) => each.width === 1280 || (each.theme === 'light' && each.language === 'EN'),
    )) {
      await showView(page, view);
      const where = `${target.name} ${view.width} ${view.theme} ${view.language}`;
      await expect(page.locator(target.ready).first(), where).toBeVisible();
      if (view.width === 768) {
        // Nothing wider than the screen but the tables, which scroll in their own box.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, where).toBeLessThanOrEqual(0);
      }
      await screenshot(
        page,
        view.width === 768 ? `${target.name}-768` : `${target.name}-${view.theme}-${view.language.toLowerCase()}`,
      );
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}
