import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, drawnTitles, expectNoSeriousAxe } from './member-fixtures';

test('the demo member invites friends: code, link, QR and who joined, at 1280 and 375 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index?mc=referral');

  const panel = page.getByRole('dialog');
  // The panel's own title names the page too (for a screen reader): the page's heading is the last.
  await expect(panel.getByRole('heading', { name: '친구 초대', level: 2 }).last()).toBeVisible({ timeout: 30_000 });
  const link = `${baseURL}/register?referralCode=DEMO0001`;
  await expect(panel.getByRole('textbox', { name: '내 초대 코드' })).toHaveValue('DEMO0001');
  await expect(panel.getByRole('textbox', { name: '내 초대 링크' })).toHaveValue(link);
  await expect(panel.getByRole('img', { name: '내 초대 링크의 QR 코드' })).toBeVisible();
  // The seed's three demo players, masked, newest first.
  const table = panel.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText(['de*********4', 'de*********7', 'de*********3']);
  await expect(panel.locator('dl dd').first()).toHaveText('3');

  // Copying says so, and puts the link on the clipboard.
  await panel.getByRole('button', { name: '링크 복사' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '복사되었습니다' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'KO'],
      ['light', 'KO'],
      ['light', 'EN'],
      ['dark', 'EN'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(
        panel.getByRole('heading', { name: language === 'KO' ? '친구 초대' : 'Invite friends' }).last(),
      ).toBeVisible();
      await expect(panel.getByRole('img', { name: /QR/ })).toBeVisible();
      // One title drawn for the page: on a phone the panel's bar names it, the page's heading is for a screen reader.
      const invite = language === 'KO' ? '친구 초대' : 'Invite friends';
      expect(await drawnTitles(panel)).toEqual(
        width === 375 ? [invite] : [language === 'KO' ? '회원 센터' : 'Member centre', invite],
      );
      // A table at 1280, a card a member at 375: the header row is there for a screen reader only.
      if (width === 375) await expect(panel.locator('thead')).toHaveCSS('position', 'absolute');
      else await expect(panel.getByRole('columnheader').first()).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `referral-${width}-${theme}-${language}.png`) });
      if (width === 375) {
        // The panel scrolls inside itself: the list of friends is below the fold of a phone.
        await panel.getByRole('table').scrollIntoViewIfNeeded();
        await shoot(page, { path: path.join(SCREENSHOT_DIR, `referral-${width}-${theme}-${language}-list.png`) });
        await panel.getByRole('textbox').first().scrollIntoViewIfNeeded();
      }
      if (language === 'EN') {
        await expectNoSeriousAxe(page, `${width} ${theme}`);
      }
    }
  }

  // The link shown opens the registration with the code filled in; who registers there joins the list.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const registration = await visitor.newPage();
  await registration.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await registration.goto(link);
  const register = registration.locator('[data-modal="registerModal"]');
  await expect(register.getByRole('textbox', { name: 'Referral code' })).toHaveValue('DEMO0001');
  const username = `friend${Date.now().toString(36).slice(-6)}`;
  await register.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill('Parlay1234!');
  await register.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Parlay1234!');
  await register.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(register).toBeHidden({ timeout: 30_000 });
  await visitor.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const masked = `${username.slice(0, 2)}${'*'.repeat(username.length - 3)}${username.slice(-1)}`;
  await expect(panel.getByRole('table').getByRole('rowheader').first()).toHaveText(masked, { timeout: 30_000 });
  await expect(panel.locator('dl dd').first()).toHaveText('4');
  expect(errors).toEqual([]);
  await context.close();
});
