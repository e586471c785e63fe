import { axe } from '../../support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { SCREENSHOT_DIR as ROOT, shoot, switchByEvents, watchForErrors } from '../../support/shell';

const SCREENSHOT_DIR = path.join(ROOT, 'member');

interface RecordsAnswer {
  value: { list: { gameType: string; vassalage: string }[]; totals: { rounds: number } | null };
}

/** Every width, theme and language of one page, switched in the page: screenshots, no sideways scroll, axe. */
async function shootEveryWay(page: Page, panel: Locator, name: string, heading: { KO: string; EN: string }) {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      // On a phone the panel's title names the page too: the page's own heading is the last.
      await expect(panel.getByRole('heading', { name: heading[language], level: 2 }).last()).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${name} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`) });
      if (language === 'EN') {
        const results = await axe(page).include('[role="dialog"]').analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect.soft(serious, `${name} ${width} ${theme}`).toEqual([]);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the demo member reads the betting records and the profit and loss of the seed's 30 days", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=personalHistoryCopy');

  // The records: the last 7 days of the demo member's rounds, with their totals.
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Betting records', level: 2 })).toBeVisible({ timeout: 30_000 });
  const totals = panel.getByRole('region', { name: 'Totals of the period' });
  await expect(totals).toBeVisible();
  await expect(panel.getByRole('table').getByRole('rowheader').first()).toBeVisible();

  // Filtered by a category over the last 30 days: every round answered is of that category, and their totals.
  let answered = page.waitForResponse(
    (response) => response.url().includes('from=') && response.url().includes('betting/records'),
  );
  await panel.getByRole('button', { name: 'Previous 30 days' }).click();
  await answered;
  const category = panel.getByLabel('Category');
  const categories = await category
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(categories.length).toBeGreaterThan(0);
  answered = page.waitForResponse((response) => response.url().includes(`gameType=${categories[0]}`));
  await category.selectOption(categories[0]!);
  const filtered = (await (await answered).json()) as RecordsAnswer;
  expect(filtered.value.list.length).toBeGreaterThan(0);
  expect(new Set(filtered.value.list.map((record) => record.gameType))).toEqual(new Set([categories[0]]));
  await expect(totals.getByText('Rounds').locator('xpath=..').locator('dd')).toHaveText(
    String(filtered.value.totals?.rounds),
  );

  // A round's detail: its money moves.
  const first = panel.getByRole('button', { name: /^Details: / }).first();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('heading', { name: 'Money moves' })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Stake', exact: true }).first()).toBeVisible();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'records-detail-1280-dark-EN.png') });
  await shootEveryWay(page, panel, 'records', { KO: '베팅 기록', EN: 'Betting records' });

  // The profit and loss: the last 30 days, a bar a day that won or lost, the totals and the categories.
  await switchByEvents(page, 'dark', 'EN');
  await panel.locator('[data-page="personalProfit"]').click();
  await expect(page).toHaveURL(/mc=personalProfit/);
  const chart = panel.getByRole('img', { name: /^30 days from / });
  await expect(chart).toBeVisible();
  expect(await chart.locator('rect').count()).toBeGreaterThan(0);
  await expect(panel.getByRole('region', { name: 'Totals of the period' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'By category' }).getByRole('rowheader').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Previous 7 days' }).click();
  await expect(panel.getByRole('img', { name: /^7 days from / })).toBeVisible();
  await panel.getByRole('button', { name: 'Previous 30 days' }).click();
  await expect(chart).toBeVisible();
  await shootEveryWay(page, panel, 'profit', { KO: '개인 손익', EN: 'Profit and loss' });

  expect(errors).toEqual([]);
  await context.close();
});
