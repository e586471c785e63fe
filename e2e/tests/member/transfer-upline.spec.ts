import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { shoot, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, shootEveryWay } from './member-fixtures';

/** The payment password this journey gives the demo member when it has none (the shared server's demo has none). */
const DEMO_PAYMENT_PASSWORD = '135790';

async function call<T>(baseURL: string, session: Session, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

test('the demo member sends money to the upline agent, who sees it in the account record, at 1280 and 375 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const status = await call<{ isSet: boolean }>(baseURL!, session, '/wps/member/security/payment-password');
  if (!status.isSet) {
    await call(baseURL!, session, '/wps/member/security/payment-password', {
      loginPassword: 'Demo1234!',
      newPassword: DEMO_PAYMENT_PASSWORD,
    });
  }
  const before = await call<{ balanceMinor: number; sentTodayMinor: number }>(
    baseURL!,
    session,
    '/wps/member/transfers/upline',
  );

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index?mc=transferUpline');

  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: '상위 에이전트 이체', level: 2 }).last()).toBeVisible({
    timeout: 30_000,
  });
  // The seed puts the demo member under the demo agent (apps/server/src/db/seed-accounts.ts).
  await expect(panel.getByRole('region', { name: '나의 상위 에이전트' })).toContainText('agent');

  // Below the brand's least: refused before anything is sent.
  await panel.getByLabel('금액 (KRW)').fill('500');
  await panel.getByLabel('결제 비밀번호').fill(DEMO_PAYMENT_PASSWORD);
  await panel.getByRole('button', { name: '송금하기' }).click();
  await expect(panel.getByText(/최소 송금 금액은/)).toBeVisible();

  // A wrong payment password: the server refuses, nothing moves.
  await panel.getByLabel('금액 (KRW)').fill('10000');
  await panel.getByLabel('결제 비밀번호').fill('000000');
  await panel.getByRole('button', { name: '송금하기' }).click();
  await expect(panel.getByRole('alert')).toContainText('결제 비밀번호');

  await panel.getByLabel('결제 비밀번호').fill(DEMO_PAYMENT_PASSWORD);
  await panel.getByRole('button', { name: '송금하기' }).click();
  const result = panel.getByRole('status');
  await expect(result).toContainText('송금 완료', { timeout: 15_000 });
  await expect(result).toContainText('agent');
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'transfer-upline-1280-dark-KO-done.png') });

  const after = await call<{ balanceMinor: number; sentTodayMinor: number }>(
    baseURL!,
    session,
    '/wps/member/transfers/upline',
  );
  expect(after.balanceMinor).toBe(before.balanceMinor - 10_000);
  expect(after.sentTodayMinor).toBe(before.sentTodayMinor + 10_000);

  // Both records: −10,000 in the member's, +10,000 in the agent's, one transaction number.
  type Records = { list: { transactionNo: string; amountMinor: number; type: string }[] };
  const mine = await call<Records>(baseURL!, session, '/wps/relay/ODSFE2_MemTransDet?type=uplineTransfer&pageSize=1');
  const agent = await signIn(baseURL!, { username: 'agent', password: 'Agent1234!' });
  const theirs = await call<Records>(baseURL!, agent, '/wps/relay/ODSFE2_MemTransDet?type=uplineTransfer&pageSize=1');
  expect(mine.list[0]).toMatchObject({ type: 'uplineTransfer', amountMinor: -10_000 });
  expect(theirs.list[0]).toMatchObject({ type: 'uplineTransfer', amountMinor: 10_000 });
  expect(theirs.list[0]?.transactionNo).toBe(mine.list[0]?.transactionNo);

  await shootEveryWay(page, panel, 'transfer-upline', { KO: '상위 에이전트 이체', EN: 'Transfer to upline' });
  // The one refusal the journey asked for (the wrong payment password) is the browser's only failed call.
  const refusal = /status of 400 .* @ .*\/wps\/member\/transfers\/upline$/;
  expect(errors.filter((error) => !refusal.test(error))).toEqual([]);
  expect(errors.filter((error) => refusal.test(error))).toHaveLength(1);
  await context.close();
});
