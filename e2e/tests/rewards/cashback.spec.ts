import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR as ROOT, shoot, switchByEvents, watchForErrors } from '../../support/shell';
import {
  screenshot as boScreenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from '../backoffice/backoffice-fixtures';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { expectNoSeriousAxe } from '../member/member-fixtures';

// Cashback (manualRebate, issue 36, decision 0051): the seed's weekly settings and the demo member's 28 days of
// rounds, accrued by the feed's `rebates` consumer at its VIP level's rates, leave finished weeks to claim and the
// current one accruing. The member claims them in the member centre: the balance and the account record move.

const SCREENSHOT_DIR = path.join(ROOT, 'rewards');
// The member's claim first, then the operator's page that lists it.
test.describe.configure({ mode: 'serial' });

interface Envelope<T> {
  success: boolean;
  value: T;
  code?: string;
}
interface Rebates {
  claimableMinor: number;
  claimable: { periodStart: string; rebateMinor: number }[];
  current: { periodStart: string; rebateMinor: number };
  paid: { amountMinor: number; way: string }[];
}

async function call<T>(baseURL: string, session: Session, pathname: string): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    headers: { authorization: `Bearer ${session.token}`, language: 'EN' },
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
const won = (minor: number) => `₩${new Intl.NumberFormat('en').format(minor)}`;

test('the demo member claims its cashback: the balance and the account record move, at 1280 and 375 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const rebates = () => call<Rebates>(baseURL!, session, '/wps/member/rebates');
  const walletBalance = async () =>
    (await call<{ sumBalance: number }>(baseURL!, session, '/wps/v2/wallets/balance')).sumBalance;
  // The consumer takes in the seed's rounds within seconds of the start.
  await expect.poll(async () => (await rebates()).claimableMinor, { timeout: 60_000 }).toBeGreaterThan(0);
  const before = await rebates();
  const balanceBefore = await walletBalance();

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=manualRebate');

  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Cashback', level: 2 }).last()).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('rebate-claimable')).toHaveText(won(before.claimableMinor));
  await expect(panel.getByRole('table', { name: 'Finished periods to claim' }).getByRole('row')).toHaveCount(
    before.claimable.length + 1,
  );
  await expect(panel.getByTestId('rebate-accrued')).toHaveText(won(before.current.rebateMinor));

  // Every width, theme and language, switched in the page, before the claim.
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(
        panel.locator('h2:not([data-panel-title])', { hasText: language === 'KO' ? '캐시백' : 'Cashback' }),
      ).toBeVisible();
      if (width === 375) await expect(panel.locator('thead').first()).toHaveCSS('position', 'absolute');
      else await expect(panel.getByRole('columnheader').first()).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `cashback-${width}-${theme}-${language}.png`) });
      if (width === 375) {
        await panel
          .getByRole('heading', { name: language === 'KO' ? '현재 기간' : 'This period so far' })
          .scrollIntoViewIfNeeded();
        await shoot(page, { path: path.join(SCREENSHOT_DIR, `cashback-${width}-${theme}-${language}-current.png`) });
        await panel.getByTestId('rebate-claimable').scrollIntoViewIfNeeded();
      }
      if (language === 'EN') await expectNoSeriousAxe(page, `cashback ${width} ${theme}`);
    }
  }

  // The claim, in English at 1280: every finished week paid at once, each once.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
  await panel.getByRole('button', { name: `Claim ${won(before.claimableMinor)}` }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'cashback was added to your balance' })).toHaveText(
    `${won(before.claimableMinor)} cashback was added to your balance.`,
  );
  await expect(panel.getByRole('button', { name: 'Claim', exact: true })).toBeDisabled();
  await expect(panel.getByRole('table', { name: 'Cashback paid, newest first' }).getByRole('row')).toHaveCount(
    before.claimable.length + 1,
  );
  expect(await walletBalance()).toBe(balanceBefore + before.claimableMinor);
  // The header's balance follows over the socket, without a reload.
  const header = page.locator('[data-site-header] [data-testid="balance-amount"]').first();
  await expect
    .poll(async () => digits(await header.textContent()), { timeout: 15_000 })
    .toBe(String(balanceBefore + before.claimableMinor));
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'cashback-claimed-1280-dark-EN.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await switchByEvents(page, 'light', 'KO');
  await panel.getByRole('heading', { name: '지급된 캐시백' }).scrollIntoViewIfNeeded();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'cashback-claimed-375-light-KO.png') });

  // The account record: each week a Cashback line, the newest on top.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
  await panel.locator('[data-page="transactionHistory"]').click();
  await expect(panel.getByRole('heading', { name: 'Account record', level: 2 }).last()).toBeVisible();
  const newest = before.claimable.at(-1)!;
  const firstRow = panel.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toContainText('Cashback');
  await expect(firstRow).toContainText(`+${won(newest.rebateMinor)}`);
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'cashback-record-1280-dark-EN.png') });
  const record = await call<{ list: { type: string; amountMinor: number }[] }>(
    baseURL!,
    session,
    '/wps/relay/ODSFE2_MemTransDet?type=rebate&pageSize=20',
  );
  expect(record.list.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(before.claimableMinor);
  expect((await rebates()).claimableMinor).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("finance sees the brand's cashback settings, the levels' rates and the demo member's paid rebates", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInContext(browser, baseURL!, 'demo-finance');
  const errors = watchErrors(page);
  await page.goto('/backoffice/brands/parlay/rebates');
  await settled(page);
  const form = page.getByRole('form', { name: 'Period and payment' });
  await expect(form.getByLabel('Cashback period')).toHaveValue('weekly');
  await expect(form.getByLabel(/Pay finished periods automatically/)).not.toBeChecked();
  await expect(
    page.getByRole('table', { name: 'Rates by VIP level' }).getByRole('row', { name: /Gold/ }),
  ).toContainText('0.3%');
  const paid = page.getByRole('table', { name: 'Rebates paid' });
  await expect(paid.getByRole('row', { name: /demo/ }).first()).toContainText('Claimed');
  // Saved as opened: a new version, audited (rebates.bo-routes.test.ts holds the audit row).
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cashback settings saved.')).toBeVisible();
  for (const view of VIEWS) {
    await showView(page, view);
    await expect(
      page.getByRole('heading', { name: view.language === 'KO' ? '캐시백' : 'Cashback', level: 1 }),
    ).toBeVisible();
    await boScreenshot(page, `rebates-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `${view.width} ${view.theme}`).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();
});
