import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, shootEveryWay } from './member-fixtures';

// The member centre's records journeys (issue 33): the account record here; the betting records and profit and
// loss pages add theirs to this file.

interface TransactionsAnswer {
  value: { list: { type: string; transactionNo: string }[]; nextCursor: string | null };
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
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'account-record-refunds-1280-dark-EN.png') });

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
  // Every line names its type: the rounds', the adjustments', the cashier's, the transfers' and the rewards' movements.
  const line =
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d+,(Bet|Win|Refund|Adjustment|Transfer|Upline transfer|Deposit|Withdrawal|Points mall|Points converted|VIP bonus|Bonus|Cashback|Mission reward|Leaderboard prize|Referral reward|Raffle prize),/;
  expect(csv.slice(1).every((row) => line.test(row))).toBe(true);

  await panel.getByRole('button', { name: 'Previous 30 days' }).click();
  await expect(rows).toHaveCount(20);
  await shootEveryWay(page, panel, 'account-record', { KO: '거래 내역', EN: 'Account record' });

  expect(errors).toEqual([]);
  await context.close();
});
