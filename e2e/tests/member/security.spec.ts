import { expect, test } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { settleAnimations, shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { startAuthServer } from '../auth/auth-fixtures';
import { SCREENSHOT_DIR, expectNoSeriousAxe } from './member-fixtures';

// The security centre (issue 33). The changes are made on a member this journey registers: the demo member's
// password, sessions and authenticator are never touched, as other journeys sign in as demo at the same time.

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1';

/** The code an authenticator app shows now for a base32 secret (RFC 6238: SHA-1, 30 s, 6 digits). */
function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.replace(/\s/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function envelope<T>(response: Response): Promise<{ success: boolean; code: string; value: T }> {
  return (await response.json()) as { success: boolean; code: string; value: T };
}

/** A body encrypted with the server's public key and a solved behaviour check, as the player site sends them. */
async function encrypted(baseURL: string, body: Record<string, unknown>): Promise<string> {
  const challenge = (await envelope<Challenge>(await fetch(`${baseURL}/wps/verification/altcha`))).value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the behaviour check');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const { key } = (await envelope<{ key: JWK & { kid: string } }>(await fetch(`${baseURL}/wps/system/publicKey`)))
    .value;
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ ...body, altcha })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
}

/** Registers a member through PUT /wps/member/register, which signs it in. */
async function register(baseURL: string, username: string, password: string): Promise<Session> {
  const body = await encrypted(baseURL, { username, password, confirmPassword: password, login: true });
  const result = await envelope<{ token: string; account: string; type: number }>(
    await fetch(`${baseURL}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/jose' },
      body,
    }),
  );
  if (!result.success) throw new Error(`register: ${result.code}`);
  return { token: result.value.token, account: result.value.account, isAgent: result.value.type };
}

/**
 * Signs in from another loopback address (127.0.0.2: every 127/8 address is this machine), with a phone's user
 * agent: a second session from a second IP, as a member's phone elsewhere would be.
 */
async function signInFromElsewhere(baseURL: string, username: string, password: string): Promise<string> {
  const body = await encrypted(baseURL, { username, password, type: 'username' });
  const { port, host } = new URL(baseURL);
  const text = await new Promise<string>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/wps/session/login',
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { host, 'content-type': 'application/jose', 'user-agent': PHONE },
      },
      (response) => {
        let data = '';
        response.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        response.on('end', () => resolve(data));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  const result = JSON.parse(text) as { success: boolean; code: string; value: { token: string } };
  if (!result.success) throw new Error(`sign-in from 127.0.0.2: ${result.code}`);
  return result.value.token;
}

test('a member secures the account: authenticator by QR code, a registered IP removed, signed out elsewhere', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const username = `sec${Date.now().toString(36).slice(-7)}`;
  const password = 'Parlay1234!';
  const session = await register(baseURL!, username, password);
  const phoneToken = await signInFromElsewhere(baseURL!, username, password);

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  // The panel opens on the security centre.
  await page.goto('/index?mc=securityCenter');
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: '보안 센터', level: 2 })).toBeVisible({ timeout: 30_000 });
  const sessions = panel.getByRole('region', { name: '로그인된 기기' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('Safari · iPhone')).toBeVisible();
  const ips = panel.getByRole('region', { name: '등록된 IP' });
  await expect(ips.getByText('127.0.0.2')).toBeVisible();

  // The password change is the shell's dialog, over the panel.
  await panel.getByRole('button', { name: '비밀번호 변경' }).click();
  const passwordDialog = page.locator('[data-modal="changePassModal"]');
  await expect(passwordDialog).toBeVisible();
  // Open once it has taken the focus: Preact runs the dialog's effects, its Escape listener among them, after the
  // next frame, and a key pressed before that reached no listener (a CI run on a busy machine).
  await expect.poll(() => passwordDialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(passwordDialog).toBeHidden();
  await expect(panel.getByRole('heading', { name: '보안 센터', level: 2 })).toBeVisible();

  // Enrolment starts: its QR code and key.
  await panel.getByRole('button', { name: '설정', exact: true }).click();
  await expect(panel.getByRole('img', { name: '인증 앱 비밀 키의 QR 코드' })).toBeVisible();

  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'KO'],
      ['light', 'KO'],
      ['light', 'EN'],
      ['dark', 'EN'],
    ] as const) {
      await switchByEvents(page, theme, language);
      // At 375 px the panel's header names the page too: the page's own heading is the last.
      await expect(
        panel.getByRole('heading', { name: language === 'KO' ? '보안 센터' : 'Security centre', level: 2 }).last(),
      ).toBeVisible();
      await expect(panel.getByRole('img', { name: /QR/ })).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `security-${width}-${theme}-${language}.png`) });
      if (language === 'EN') await expectNoSeriousAxe(page, `${width} ${theme}`);
    }
  }

  // The code the app would show confirms it; the recovery codes show once.
  await page.setViewportSize({ width: 1280, height: 900 });
  const secret = (await panel.locator('code').first().textContent()) ?? '';
  await panel.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const recovery = panel.getByRole('region', { name: 'Your recovery codes' });
  await expect(recovery.getByRole('listitem')).toHaveCount(10);
  await recovery.scrollIntoViewIfNeeded();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'security-1280-dark-EN-recovery.png') });
  await recovery.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText('10 recovery codes left.')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Extra verification on a new IP' })).toHaveText(/Authenticator/);

  // The phone's IP is forgotten, and the phone signed out.
  const sessionsEn = panel.getByRole('region', { name: 'Active sessions' });
  const ipsEn = panel.getByRole('region', { name: 'Registered IPs' });
  await ipsEn.getByRole('button', { name: 'Remove 127.0.0.2' }).click();
  await expect(ipsEn.getByRole('status')).toHaveText('127.0.0.2 was removed.');
  await expect(ipsEn.getByRole('listitem')).toHaveText([/127\.0\.0\.1/]);
  await sessionsEn.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessionsEn.getByRole('status')).toHaveText('1 session signed out.');
  await expect(sessionsEn.getByRole('listitem')).toHaveCount(1);
  const phone = await envelope(
    await fetch(`${baseURL}/wps/member/security`, { headers: { authorization: `Bearer ${phoneToken}` } }),
  );
  expect(phone.code).toBe('NOT_LOGGED_IN');
  await page.setViewportSize({ width: 375, height: 812 });
  await sessionsEn.scrollIntoViewIfNeeded();
  await settleAnimations(page);
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'security-375-dark-EN-after.png') });
  expect(errors).toEqual([]);
  await context.close();
});

test('the demo member reads three weeks of sign-ins, a card each on a phone', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'light');
  await page.goto('/index?mc=securityCenter');
  const panel = page.getByRole('dialog');
  const history = panel.getByRole('region', { name: 'Sign-in history' });
  await expect(history.getByRole('row').first()).toBeAttached({ timeout: 30_000 });
  // Other journeys' sign-ins as demo come first: the seeded ones are a page or two further.
  const japan = history.getByRole('cell', { name: 'Japan' });
  const more = history.getByRole('button', { name: 'Show more' });
  const rows = history.getByRole('row');
  // The first page is in once either shows: the button can come a moment after the rows (a CI run stopped there).
  await expect(more.or(japan).first()).toBeVisible();
  for (let round = 0; round < 50 && !(await japan.isVisible()); round += 1) {
    // The next page has arrived once there are more rows: a click while one is on its way asks for nothing.
    const before = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
    await expect(more.or(japan).first()).toBeVisible();
  }
  await expect(japan).toBeVisible();
  await expect(history.getByText('Chrome · Windows').first()).toBeVisible();
  // A card a sign-in: the header row is there for a screen reader only.
  await expect(history.locator('thead')).toHaveCSS('position', 'absolute');
  await history.scrollIntoViewIfNeeded();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'security-375-light-EN-history.png') });
  await expectNoSeriousAxe(page, 'demo history 375 light');
  expect(errors).toEqual([]);
  await context.close();
});

test('the payment password: set, changed after a wrong try, then reset with an SMS code', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A server of its own: the reset code goes by SMS, which its outbox provider writes to the log this test reads; and
  // the demo member (with a bound mobile) keeps no payment password on the shared server.
  const server = await startAuthServer();
  try {
    const session = await signIn(server.baseURL);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { errors } = watchForErrors(page);
    await useSession(page, session);
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/index?mc=securityCenter');
    const panel = page.getByRole('dialog');
    // Its name follows the language the loop below switches.
    const card = panel.getByRole('region', { name: /Payment password|결제 비밀번호/ });
    await expect(card.getByText('Not set')).toBeVisible({ timeout: 30_000 });
    const pin = (name: string) => card.getByLabel(name, { exact: true });

    await card.getByRole('button', { name: 'Set payment password' }).click();
    await pin('Login password').fill('Demo1234!');
    await pin('New payment password').fill('246810');
    await pin('New payment password again').fill('246810');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('status')).toHaveText('Your payment password is set.');

    await card.getByRole('button', { name: 'Change' }).click();
    await pin('Current payment password').fill('111111');
    await pin('New payment password').fill('135791');
    await pin('New payment password again').fill('135791');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText('The payment password is incorrect. 4 tries left.');
    await expect(card.getByText('4 wrong tries left before it locks for 15 minutes.')).toBeVisible();
    await pin('Current payment password').fill('246810');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('status')).toHaveText('Your payment password was changed.');

    await card.getByRole('button', { name: 'Forgot it?' }).click();
    await expect(card.getByRole('radio', { name: 'SMS to +82 10****5678' })).toBeChecked();
    const since = Date.now();
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(card.getByText('A code was sent to +82 10****5678; it is valid for 5 minutes.')).toBeVisible();
    const code = await server.waitForSmsCode('+821012345678', since);
    await pin('Code').fill(code);
    await pin('New payment password').fill('975310');
    await pin('New payment password again').fill('975310');

    // The reset form, filled, every way: switched in the page.
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
          card.getByRole('heading', { name: language === 'KO' ? /결제 비밀번호/ : /Payment password/ }),
        ).toBeVisible();
        const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
        await card.scrollIntoViewIfNeeded();
        await shoot(page, {
          path: path.join(SCREENSHOT_DIR, `security-payment-${width}-${theme}-${language}.png`),
        });
        if (language === 'EN') await expectNoSeriousAxe(page, `payment password ${width} ${theme}`);
      }
    }
    await switchByEvents(page, 'dark', 'EN');
    await card.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(card.getByRole('status')).toHaveText('Your payment password was reset.');
    await expect(card.getByText('Set', { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'security-payment-375-dark-EN-reset.png') });
    // The wrong try's refusal is the browser's only error line.
    expect(errors.filter((error) => !error.includes('/payment-password/change'))).toEqual([]);
    expect(errors).toHaveLength(1);
    await context.close();
  } finally {
    await server.stop();
  }
});
