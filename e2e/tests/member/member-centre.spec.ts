import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAuthServer } from '../auth/auth-fixtures';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, drawnTitles, expectNoSeriousAxe } from './member-fixtures';

const TRIAL_MEMBER = { username: 'trial', password: 'Trial1234!' };

const mcOf = (page: Page) => new URL(page.url()).searchParams.get('mc');

/** The member's rank label (member info's clubLabel): the brand names its VIP levels. */
async function rankLabelOf(baseURL: string, token: string): Promise<string> {
  const info = (await (
    await fetch(`${baseURL}/wps/member/info`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { value: { clubLabel: { labelName: string } } };
  return info.value.clubLabel.labelName;
}

/** The page shown in the panel's area has loaded: its chunk and its data (no loader left). */
async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * The open page's own level-2 title is there, and the level-2 titles drawn on screen are `drawn`: at 1280 the bar's
 * (Member centre) and the page's, on a phone the bar's alone, naming the page (the page's is for a screen reader).
 */
async function expectTitles(panel: Locator, title: string, drawn: string[]) {
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: title })).toBeAttached({ timeout: 30_000 });
  expect(await drawnTitles(panel)).toEqual(drawn);
}

test('the demo member walks the member centre: menu, address, phone back button, themes and languages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index');

  // The avatar menu: rank, account, ID, the member centre.
  await page.getByRole('button', { name: '계정 메뉴' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('demo');
  const rank = await rankLabelOf(baseURL!, session.token);
  await expect(menu).toContainText(rank);
  await menu.getByRole('menuitem', { name: '회원 센터' }).click();

  const panel = page.locator('[data-modal="memberCentre"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('heading', { name: '회원 센터', level: 2 })).toBeVisible();
  const entries = panel.getByRole('navigation', { name: '회원 센터 메뉴' }).getByRole('button');
  // It opens on the default page, whose entry is the current one and whose key is in the address.
  await expect(panel.locator('[aria-current="page"]')).toHaveCount(1);
  const first = await panel.locator('[aria-current="page"]').getAttribute('data-page');
  expect(mcOf(page)).toBe(first);
  await expectPageShown(panel);

  // Every built page: its entry becomes the current one, its key the address's, its chunk and data load.
  const keys = await entries.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-page')));
  expect(keys).toContain('playerRank');
  expect(keys).toContain('profile');
  for (const key of keys) {
    await panel.locator(`[data-page="${key}"]`).click();
    await expect(panel.locator(`[data-page="${key}"]`)).toHaveAttribute('aria-current', 'page');
    await expect(panel.locator('[aria-current="page"]')).toHaveCount(1);
    expect(mcOf(page)).toBe(key);
    await expectPageShown(panel);
  }

  // The rank page: the member's label and level.
  await panel.locator('[data-page="playerRank"]').click();
  await expectTitles(panel, '내 등급', ['회원 센터', '내 등급']);
  await expect(panel.getByText(rank, { exact: true })).toBeVisible();
  await expect(panel.getByText(/^레벨 \d+$/)).toBeVisible();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'member-centre-1280-rank.png') });

  // A reload keeps the page; an unknown key in a link opens the default page.
  await page.reload();
  await expect(panel.locator('[data-page="playerRank"]')).toHaveAttribute('aria-current', 'page', {
    timeout: 30_000,
  });
  await page.goto('/index?mc=noSuchPage');
  await expect(panel.locator(`[data-page="${first}"]`)).toHaveAttribute('aria-current', 'page', {
    timeout: 30_000,
  });

  // Each width, theme and language, switched in the page: the profile at 1280; the menu list and a page at 375.
  await panel.locator('[data-page="profile"]').click();
  await expectPageShown(panel);
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'KO'],
      ['light', 'KO'],
      ['light', 'EN'],
      ['dark', 'EN'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(panel).toBeVisible();
      const [centre, profile] = language === 'KO' ? ['회원 센터', '프로필'] : ['Member centre', 'Profile'];
      await expectTitles(panel, profile, width === 375 ? [profile] : [centre, profile]);
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `member-centre-${width}-${theme}-${language}.png`) });
      if (language === 'EN') await expectNoSeriousAxe(page, `${width} ${theme}`);
    }
  }
  // At 375 the panel is the whole screen.
  const box = await panel.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 375 });
  await panel.getByRole('button', { name: 'Close the member centre' }).click();
  await expect(panel).toBeHidden();
  expect(mcOf(page)).toBeNull();

  // A phone: the menu as a list; a page with a back control; the browser's back button: page, menu, closed.
  // (The side menu, open beside the page at 1280, covers a phone's screen: it is closed first.)
  const closeSideMenu = page.getByRole('button', { name: 'Close the menu', exact: true });
  if (await closeSideMenu.isVisible()) await closeSideMenu.click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Member centre' }).click();
  await expect(panel).toBeVisible({ timeout: 30_000 });
  expect(mcOf(page)).toBe('menu');
  await expect(panel.getByRole('navigation', { name: 'Member centre menu' })).toBeVisible();
  await expect(panel.locator('[aria-current="page"]')).toHaveCount(0);
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'member-centre-375-menu.png') });
  await panel.locator('[data-page="playerRank"]').click();
  await expectTitles(panel, 'My rank', ['My rank']);
  await expect(panel.getByRole('navigation', { name: 'Member centre menu' })).toBeHidden();
  expect(mcOf(page)).toBe('playerRank');
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'member-centre-375-page.png') });
  // The panel's own back control goes to the menu as well.
  await panel.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(panel.getByRole('navigation', { name: 'Member centre menu' })).toBeVisible();
  expect(mcOf(page)).toBe('menu');
  await panel.locator('[data-page="profile"]').click();
  await expectTitles(panel, 'Profile', ['Profile']);
  await page.goBack();
  await expect(panel.getByRole('navigation', { name: 'Member centre menu' })).toBeVisible();
  expect(mcOf(page)).toBe('menu');
  await page.goBack();
  await expect(panel).toBeHidden();
  expect(mcOf(page)).toBeNull();
  await expect(page).toHaveURL(/\/index$/);

  // A link straight to a page on a phone: back goes to the menu, then closes the panel, staying on the site.
  // (A new page load: the remembered preferences, Korean, come back.)
  await page.goto('/index?mc=playerRank');
  await expectTitles(panel, '내 등급', ['내 등급']);
  await page.goBack();
  await expect(panel.getByRole('navigation', { name: '회원 센터 메뉴' })).toBeVisible();
  await page.goBack();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/index$/);

  expect(errors).toEqual([]);
  await context.close();
});

test('a trial account gets the real-account warning, a visitor the sign-in dialog, even through a link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!, TRIAL_MEMBER);
  expect(session.isAgent).toBe(4);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=profile');
  const warning = page.locator('[data-modal="needTrueAccount"]');
  await expect(warning).toBeVisible({ timeout: 30_000 });
  await expect(warning).toContainText('This is a trial account. Please use a real account for this action.');
  await expect(page.locator('[data-modal="memberCentre"]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/index$/);
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'member-centre-trial-1280-dark-EN.png') });
  await warning.getByRole('button', { name: 'Confirm' }).click();
  await expect(warning).toBeHidden();
  // Its avatar menu has no member centre.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Member centre' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();

  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchForErrors(visitor).errors;
  await rememberPreferences(visitor, 'KO', 'light');
  await visitor.goto('/index?mc=transactionHistory');
  const login = visitor.locator('[data-modal="loginPopupModal"]');
  await expect(login).toBeVisible({ timeout: 30_000 });
  await expect(login).toContainText('아직 로그인하지 않으셨습니다');
  await expect(visitor.locator('[data-modal="memberCentre"]')).toHaveCount(0);
  await expect(visitor).toHaveURL(/\/index$/);
  await shoot(visitor, { path: path.join(SCREENSHOT_DIR, 'member-centre-visitor-375-light-KO.png') });
  expect(visitorErrors).toEqual([]);
  await visitorContext.close();
});

// A server of its own: the codes are read from its log, as the outbox provider's operator reads them, and the demo
// member whose contacts change is its own copy's (other journeys sign in as demo on the shared server).
test("the demo member changes the e-mail and the mobile number on the profile, each by the old one's code and the new one's", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const server = await startAuthServer();
  try {
    const session = await signIn(server.baseURL);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { errors } = watchForErrors(page);
    await useSession(page, session);
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/index?mc=profile');
    const panel = page.locator('[data-modal="memberCentre"]');
    await expectPageShown(panel);
    const section = panel.locator('[data-contact-section]');
    await expect(section.locator('[data-contact="email"]')).toContainText('de**@parlay.example');
    await expect(section.locator('[data-contact="mobile"]')).toContainText('+82 10****5678');

    // The e-mail: a code to the old address, then the new address and its code.
    await section.getByRole('button', { name: 'Change the e-mail' }).click();
    const dialog = page.locator('[data-modal="contactChange"]');
    await expect(dialog).toContainText('Step 1 of 3');
    let since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog).toContainText('A code was sent to de**@parlay.example');
    await dialog.getByLabel('Verification code').fill(await server.waitForMailCode('demo@parlay.example', since));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Step 2 of 3');
    await dialog.getByLabel('New e-mail').fill('demo.moved@parlay.example');
    since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog).toContainText('A code was sent to de********@parlay.example');
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'profile-contact-dialog-1280-dark-EN.png') });
    await dialog.getByLabel('Verification code').fill(await server.waitForMailCode('demo.moved@parlay.example', since));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Your e-mail is now de********@parlay.example.');
    await expectNoSeriousAxe(page, 'contact dialog', '[data-modal="contactChange"]');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(section.locator('[data-contact="email"]')).toContainText('de********@parlay.example');

    // The mobile, on a phone's width: a code to the old number, then the new number (Korea's code) and its code.
    await page.setViewportSize({ width: 375, height: 812 });
    await section.getByRole('button', { name: 'Change the mobile number' }).click();
    since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Verification code').fill(await server.waitForSmsCode('+821012345678', since));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('New mobile number').fill('1055501234');
    since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog).toContainText('A code was sent to +82 10****1234');
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'profile-contact-dialog-375-dark-EN.png') });
    await dialog.getByLabel('Verification code').fill(await server.waitForSmsCode('+821055501234', since));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Your mobile number is now +82 10****1234.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(section.locator('[data-contact="mobile"]')).toContainText('+82 10****1234');

    // Both announced in the mailbox (in the member's language, Korean).
    const mailbox = (await (
      await fetch(`${server.baseURL}/wps/member/messages`, { headers: { authorization: `Bearer ${session.token}` } })
    ).json()) as { value: { items: { title: string }[] } };
    expect(mailbox.value.items.map((item) => item.title)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/휴대폰 번호|Mobile number/),
        expect.stringMatching(/이메일|E-mail/),
      ]),
    );
    // The section at each width, theme and language, switched in the page (the section's heading is waited on: the
    // page's own title is drawn at 1280 only).
    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const [theme, language] of [
        ['dark', 'KO'],
        ['light', 'KO'],
        ['light', 'EN'],
        ['dark', 'EN'],
      ] as const) {
        await switchByEvents(page, theme, language);
        const title = language === 'KO' ? '휴대폰 번호와 이메일' : 'Mobile number and e-mail';
        await expect(section.getByRole('heading', { name: title })).toBeVisible();
        await section.scrollIntoViewIfNeeded();
        const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, `profile ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
        await shoot(page, { path: path.join(SCREENSHOT_DIR, `profile-contact-${width}-${theme}-${language}.png`) });
        if (language === 'EN') await expectNoSeriousAxe(page, `profile ${width} ${theme}`);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
  }
});
