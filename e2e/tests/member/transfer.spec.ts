import { expect, test } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, drawnTitles, expectNoSeriousAxe } from './member-fixtures';

/** The second demo brand, with vendor wallets (apps/server/src/db/seed-multi-wallet.ts, decision 0036). */
const MULTI_HOST = 'multi.localhost';

/**
 * A call to the shared server as the multi-wallet brand: sent to its address with that brand's host. Node resolves no
 * `*.localhost` name (the browser does), so the host goes in the header.
 */
function callAs(
  baseURL: string,
  host: string,
  pathname: string,
  init: { method?: string; type?: string; body?: string } = {},
) {
  const target = new URL(pathname, baseURL);
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const request = http.request(
      {
        hostname: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: {
          host: `${host}:${target.port}`,
          ...(init.type ? { 'content-type': init.type } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

async function valueOf<T>(answer: Promise<{ json: unknown }>): Promise<T> {
  const { json } = await answer;
  const body = json as { success: boolean; value: T; code?: string };
  if (!body.success) throw new Error(`refused: ${body.code}`);
  return body.value;
}

/** Signs the multi-wallet brand's demo member in through POST /wps/session/login, as the site does. */
async function signInMulti(baseURL: string): Promise<Session> {
  const call = (pathname: string, init?: Parameters<typeof callAs>[3]) => callAs(baseURL, MULTI_HOST, pathname, init);
  const challenge = await valueOf<Challenge>(call('/wps/verification/altcha'));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the behaviour check');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const { key } = await valueOf<{ key: JWK & { kid: string } }>(call('/wps/system/publicKey'));
  const body = await new CompactEncrypt(
    new TextEncoder().encode(JSON.stringify({ username: 'demo', password: 'Demo1234!', type: 'username', altcha })),
  )
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  const result = await valueOf<{ token: string; account: string; type: number }>(
    call('/wps/session/login', { method: 'POST', type: 'application/jose', body }),
  );
  return { token: result.token, account: result.account, isAgent: result.type };
}

test('a member of a multi-wallet brand moves money to a game wallet and back, at 1280 and 375 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const origin = new URL(baseURL!);
  const multiURL = `${origin.protocol}//${MULTI_HOST}:${origin.port}`;
  const session = await signInMulti(baseURL!);
  const context = await browser.newContext({ baseURL: multiURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index?mc=transferFund');

  const panel = page.getByRole('dialog');
  // The panel titles its area with the menu's name; the page's own heading is inside that region.
  const titleOf = (name: string) => panel.getByRole('region', { name }).getByRole('heading', { name, exact: true });
  await expect(titleOf('내 지갑')).toBeVisible({ timeout: 30_000 });
  const wallets = panel.locator('section[aria-labelledby="transfer-fund-wallets"] ul');
  const card = (name: string) => wallets.getByRole('listitem').filter({ hasText: name });
  await expect(card('메인 지갑')).toContainText('₩1,000,000');
  await expect(card('Parlay Originals')).toContainText('₩0');
  // The spec's sports vendor keeps a wallet too, but is under maintenance: nothing goes in.
  await expect(card('DS88 Sports')).toContainText('점검 중');

  // Into the house games' wallet: the total stays, the main wallet gives what the game wallet gets.
  await panel.getByLabel('게임사 지갑', { exact: true }).selectOption('HOUSE');
  await panel.getByLabel('금액 (KRW)').fill('300000');
  await panel.getByRole('button', { name: '이체하기' }).click();
  await expect(panel.getByRole('status')).toContainText('₩300,000', { timeout: 15_000 });
  await expect(card('메인 지갑')).toContainText('₩700,000');
  await expect(card('Parlay Originals')).toContainText('₩300,000');
  await expect(panel.getByLabel('총 잔액')).toContainText('₩1,000,000');

  // Too much is refused before anything is sent.
  await panel.getByLabel('금액 (KRW)').fill('700001');
  await panel.getByRole('button', { name: '이체하기' }).click();
  await expect(panel.getByText('이 지갑의 잔액 ₩700,000보다 많습니다.')).toBeVisible();
  await panel.getByLabel('금액 (KRW)').fill('50000');
  await expect(panel.getByText('이 지갑의 잔액 ₩700,000보다 많습니다.')).toBeHidden();

  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'KO'],
      ['light', 'KO'],
      ['light', 'EN'],
      ['dark', 'EN'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(titleOf(language === 'KO' ? '내 지갑' : 'My wallet')).toBeVisible();
      // One title drawn for the page: on a phone the panel's bar names it, the page's heading is for a screen reader.
      expect(await drawnTitles(panel)).toEqual(
        width === 375
          ? [language === 'KO' ? '내 지갑' : 'My wallet']
          : [language === 'KO' ? '회원 센터' : 'Member centre', language === 'KO' ? '내 지갑' : 'My wallet'],
      );
      // What the page said stays said, in the language now chosen.
      await expect(panel.getByRole('status')).toContainText(
        language === 'KO' ? 'Parlay Originals(으)로 ₩300,000' : '₩300,000 moved from Main wallet to Parlay Originals.',
      );
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `transfer-${width}-${theme}-${language}.png`) });
      if (language === 'EN') {
        await expectNoSeriousAxe(page, `${width} ${theme}`);
      }
    }
  }

  // Everything back to main, in English now.
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('button', { name: 'Move all to main wallet' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Everything is back' })).toHaveText(
    'Everything is back in your main wallet.',
  );
  await expect(card('Main wallet')).toContainText('₩1,000,000');
  await expect(card('Parlay Originals')).toContainText('₩0');
  await expect(panel.getByRole('button', { name: 'Move all to main wallet' })).toBeDisabled();
  expect(errors).toEqual([]);
  await context.close();

  // The demo brand plays from one wallet: its page shows that balance and says so, with no form.
  const single = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const singlePage = await single.newPage();
  await useSession(singlePage, await signIn(baseURL!));
  await rememberPreferences(singlePage, 'EN', 'light');
  await singlePage.goto('/index?mc=transferFund');
  const singlePanel = singlePage.getByRole('dialog');
  await expect(
    singlePanel.getByText('This site plays every game from one wallet, so there is nothing to transfer.'),
  ).toBeVisible({ timeout: 30_000 });
  // No transfer form (the menu's 'Transfer to upline' entry is another page).
  await expect(singlePanel.getByRole('button', { name: 'Transfer', exact: true })).toHaveCount(0);
  await shoot(singlePage, { path: path.join(SCREENSHOT_DIR, 'transfer-single-1280-light-EN.png') });
  await single.close();
});
