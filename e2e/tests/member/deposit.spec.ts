import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { shoot, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, shootEveryWay } from './member-fixtures';

async function call<T>(baseURL: string, session: Session, pathname: string): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    headers: { authorization: `Bearer ${session.token}`, language: 'EN' },
  });
  const answer = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

test('the demo member deposits through the sandbox provider and sees the balance and the mailbox message', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const balance = async () =>
    (await call<{ sumBalance: number }>(baseURL!, session, '/wps/v2/wallets/balance')).sumBalance;

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index');
  // The header's deposit shortcut opens the page.
  await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
  const panel = page.getByRole('dialog');
  const submit = panel.locator('form button[type="submit"]');
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Deposit' })).toBeVisible({ timeout: 30_000 });
  // The demo's past deposits (apps/server/src/db/seed-cashier.ts) are listed with their states.
  await expect(panel.getByTestId('deposit-row').first()).toBeVisible();
  await expect(panel.getByText('Expired', { exact: true }).first()).toBeVisible();

  // Below the method's minimum: refused before anything is sent.
  await panel.getByLabel('Amount (KRW)').fill('5000');
  await submit.click();
  await expect(panel.getByRole('alert')).toContainText('Enter an amount between');
  await panel.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '₩50,000' }).click();
  await expect(panel.getByTestId('deposit-receive')).toContainText('₩50,000');
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'deposit-1280-dark-EN-form.png') });
  await submit.click();
  const payLink = panel.getByTestId('deposit-pay-link');
  await expect(payLink).toBeVisible({ timeout: 15_000 });
  const orderNo = (await panel.getByTestId('deposit-order').textContent())?.match(/D\d{6}[0-9A-F]{10}/)?.[0];
  expect(orderNo).toBeTruthy();
  const before = await balance();

  // The provider's hosted page, on its own port: pay.
  await payLink.click();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible({ timeout: 15_000 });
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'deposit-sandbox-page.png') });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the site, on the deposit page: the order credited once the signed callback came.
  await expect(page).toHaveURL(/mc=depositv2/, { timeout: 15_000 });
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Deposit' })).toBeVisible({ timeout: 30_000 });
  const row = panel.getByTestId('deposit-row').filter({ hasText: orderNo! });
  await expect(row).toContainText('Credited', { timeout: 20_000 });
  expect(await balance()).toBeGreaterThanOrEqual(before + 50_000);
  // The header shows the balance the wallet answers (other journeys may play as the demo member meanwhile).
  const header = page.locator('header [aria-live="polite"]').first();
  await expect
    .poll(async () => (await header.textContent())?.replace(/\D/g, '') === String(await balance()), { timeout: 15_000 })
    .toBe(true);

  // The mailbox has the message, in the member's language, with the amount and the brand's currency.
  type Messages = { items: { title: string; body: string; kind: string }[] };
  const messages = await call<Messages>(baseURL!, session, '/wps/member/messages?limit=5');
  const credited = messages.items.find((item) => ['Deposit credited', '입금 완료'].includes(item.title));
  expect(credited?.body).toContain('50,000 KRW');

  await shootEveryWay(page, panel, 'deposit', { KO: '입금', EN: 'Deposit' });

  // A bank transfer at 375: the brand's account and the order's reference.
  await page.setViewportSize({ width: 375, height: 812 });
  await panel
    .getByLabel(/Bank transfer|계좌 이체/)
    .first()
    .check();
  await panel.getByLabel(/Amount \(KRW\)|금액 \(KRW\)/).fill('20000');
  await submit.click();
  await expect(panel.getByTestId('deposit-order')).toContainText('110-234-567890');
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'deposit-375-bank.png') });

  // The one refusal the journey asked for (below the minimum) was the page's own check: no call failed.
  expect(errors).toEqual([]);
  await context.close();
});
