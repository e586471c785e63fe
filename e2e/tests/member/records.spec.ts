import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { settleAnimations, SCREENSHOT_DIR as ROOT, watchForErrors } from '../../support/shell';

// The member centre's records journeys (issue 33): the account record here; the betting records and profit and
// loss pages add theirs to this file.
const SCREENSHOT_DIR = path.join(ROOT, 'member');

interface TransactionsAnswer {
  value: { list: { type: string; transactionNo: string }[]; nextCursor: string | null };
}

/** Switches theme and language with the header's own controls under the modal panel. */
async function switchUnderPanel(page: Page, theme: 'dark' | 'light', language: 'KO' | 'EN') {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) {
    await page.locator('[data-site-header] [data-theme-toggle]').first().dispatchEvent('click');
  }
  await page
    .locator('[data-site-header] [data-language-select]')
    .first()
    .evaluate((select, value) => {
      const element = select as HTMLSelectElement;
      if (element.value === value) return;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(element, value);
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }, language);
  await expect(html).toHaveAttribute('data-theme', theme);
  await expect(html).toHaveAttribute('lang', language.toLowerCase());
  await settleAnimations(page);
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
      await switchUnderPanel(page, theme, language);
      // The page's own heading (on a phone the panel's bar names the page too).
      await expect(panel.locator('h2:not([data-panel-title])', { hasText: heading[language] })).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${name} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`) });
      if (language === 'EN') {
        const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect.soft(serious, `${name} ${width} ${theme}`).toEqual([]);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the demo member reads its account record of the seed's 30 days: filters, pages and its CSV", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  const firstAnswer = page.waitForResponse((response) => response.url().includes('ODSFE2_MemTransDet'));
  await page.goto('/index?mc=transactionHistory');

  // The previous 30 days: the demo member's bets, wins, refunds and adjustments, a page of 20 and more.
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Account record', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(panel.locator('[data-page="transactionHistory"]')).toHaveAttribute('aria-current', /page|true/);
  const first = (await (await firstAnswer).json()) as TransactionsAnswer;
  expect(first.value.list).toHaveLength(20);
  expect(first.value.nextCursor).not.toBeNull();
  const rows = panel.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(20);

  // The next page by the cursor the server answered, and back.
  let answered = page.waitForResponse((response) => response.url().includes('cursor='));
  await panel.getByRole('button', { name: 'Older' }).click();
  const second = (await (await answered).json()) as TransactionsAnswer;
  await expect(panel.getByText('Page 2')).toBeVisible();
  expect(
    second.value.list.some((row) => first.value.list.some((seen) => seen.transactionNo === row.transactionNo)),
  ).toBe(false);
  await panel.getByRole('button', { name: 'Newer' }).click();
  await expect(panel.getByText('Page 1')).toBeVisible();

  // Refunds only: the rounds their vendor rolled back, each named by its round.
  answered = page.waitForResponse((response) => response.url().includes('type=refund'));
  await panel.getByLabel('Type').selectOption('refund');
  const refunds = (await (await answered).json()) as TransactionsAnswer;
  expect(refunds.value.list.length).toBeGreaterThan(0);
  expect(new Set(refunds.value.list.map((row) => row.type))).toEqual(new Set(['refund']));
  await expect(rows.first()).toContainText('Stake returned, round demo-m-');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'account-record-refunds-1280-dark-EN.png') });

  // Every type over the previous 7 days, and its CSV: the same filters, a header and a line a movement.
  await panel.getByLabel('Type').selectOption('');
  answered = page.waitForResponse((response) => /ODSFE2_MemTransDet.*from=/.test(response.url()));
  await panel.getByRole('button', { name: 'Previous 7 days' }).click();
  await answered;
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe('time,transaction_no,type,amount,balance_after,currency,game,vendor,round,note');
  expect(csv.length).toBeGreaterThan(1);
  expect(
    csv.slice(1).every((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d+,(Bet|Win|Refund|Adjustment),/.test(line)),
  ).toBe(true);

  await panel.getByRole('button', { name: 'Previous 30 days' }).click();
  await expect(rows).toHaveCount(20);
  await shootEveryWay(page, panel, 'account-record', { KO: '거래 내역', EN: 'Account record' });

  expect(errors).toEqual([]);
  await context.close();
});
