import { expect, test, type Browser } from '@playwright/test';
import {
  PAIRS,
  rememberChoices,
  screenshot,
  storeChoices,
  switchInPage,
  trackNetwork,
  VIEWPORTS,
  waitForShell,
  watchForErrors,
} from '../../support/shell';
import { signIn, useSession, type Session } from '../games/games-fixtures';

/**
 * Every route (docs/product/site-shell-and-routes.md#routes), with how much chrome it shows. `loadEach`: the route
 * is loaded again for each pair instead of switched in the page, as its page is not the same after a switch: a
 * dialog covers the header (register, login), or the desktop layout opens what a phone then shows instead of the
 * list (the notices). A content page names what it shows once drawn: its content must fit the screen, and it calls
 * no API the server lacks.
 */
const ROUTES: { path: string; chrome: 'full' | 'header-only' | 'none'; loadEach?: true; content?: string }[] = [
  { path: '/index', chrome: 'full' },
  { path: '/register', chrome: 'full', loadEach: true },
  { path: '/register.html', chrome: 'full', loadEach: true },
  {
    path: '/noticePage',
    chrome: 'full',
    loadEach: true,
    content: '[aria-label^="Notices, page"], [aria-label^="공지사항, "]',
  },
  { path: '/vip', chrome: 'full' },
  { path: '/pointMall', chrome: 'full' },
  { path: '/lottery', chrome: 'none' },
  { path: '/vnlottery', chrome: 'header-only' },
  { path: '/seaLottery', chrome: 'header-only' },
  { path: '/elott', chrome: 'full' },
  { path: '/rng', chrome: 'full' },
  { path: '/live', chrome: 'full' },
  { path: '/pvp', chrome: 'full' },
  { path: '/fish', chrome: 'full' },
  { path: '/hot', chrome: 'full' },
  { path: '/fav', chrome: 'full' },
  { path: '/sports', chrome: 'full' },
  { path: '/esports', chrome: 'full' },
  { path: '/promotions', chrome: 'full' },
  { path: '/promoDetail', chrome: 'full' },
  { path: '/seamless', chrome: 'header-only' },
  { path: '/help', chrome: 'full', content: 'section#terms' },
  { path: '/helpmc', chrome: 'none', content: 'section#terms' },
  { path: '/down', chrome: 'full', content: 'img[data-qr-value]' },
  { path: '/join', chrome: 'full', content: 'h1' },
  { path: '/game', chrome: 'header-only' },
  { path: '/login', chrome: 'full', loadEach: true },
];

test.describe.configure({ mode: 'parallel' });

const [PHONE, DESKTOP] = [VIEWPORTS[0], VIEWPORTS[1]];
/**
 * The pairs of PAIRS at their widths, in an order that changes the width and one choice at a time: the route is
 * loaded once, in the first, and switched to the others with the header's own controls.
 */
const STEPS = [
  { viewport: PHONE, pair: PAIRS.phone[0]! },
  { viewport: DESKTOP, pair: PAIRS.desktop[1]! },
  { viewport: PHONE, pair: PAIRS.phone[1]! },
  { viewport: DESKTOP, pair: PAIRS.desktop[0]! },
];

for (const route of ROUTES) {
  test(`${route.path} renders without a console error on a phone and a desktop, dark and light, KO and EN`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    // One visitor loads the route once with a stored theme and language, then switches theme, language and width
    // in the page as a player does. A route without the header, or marked loadEach, is loaded again instead, with
    // the next pair stored: its bundles come from the cache, as for a returning player.
    const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
    const page = await context.newPage();
    const watch = watchForErrors(page);
    const networkQuiet = trackNetwork(page);
    await page.goto('/readyz');
    for (const [index, { viewport, pair }] of STEPS.entries()) {
      const [theme, language] = pair;
      if (index === 0 || route.chrome === 'none' || route.loadEach) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await storeChoices(page, theme, language);
        await page.goto(route.path);
        await waitForShell(page);
        await page.waitForLoadState('networkidle');
      } else {
        // The theme toggle is in the header at desktop widths (on a phone it is in the side menu).
        await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
        await switchInPage(page, theme, language);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await waitForShell(page);
        await networkQuiet();
      }
      const where = `${viewport.name}, ${theme}, ${language}`;
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language.toLowerCase());
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.locator('[data-page="not-found"]')).toHaveCount(0);
      await expect(page.locator('[data-site-header] nav')).toHaveCount(route.chrome === 'full' ? 1 : 0);
      await expect(page.locator('[data-site-header]')).toHaveCount(route.chrome === 'none' ? 0 : 1);
      // Polled: just after a switch of width, the header takes its phone layout in the next render.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `the page is wider than the screen (${where})`,
        })
        .toBeLessThanOrEqual(0);
      if (route.content) {
        await expect(page.locator(route.content).first(), where).toBeVisible();
        // Nothing in the page's content scrolls sideways on a phone.
        const mainOverflow = await page.evaluate(() => {
          const main = document.querySelector('main');
          return main ? main.scrollWidth - main.clientWidth : Number.POSITIVE_INFINITY;
        });
        expect(mainOverflow, `the content is wider than the page (${where})`).toBeLessThanOrEqual(0);
      }
      await screenshot(page, `route${route.path.replace(/[/.]/g, '_')}-${viewport.name}-${theme}-${language}`);
      expect(watch.errors, where).toEqual([]);
    }
    if (route.content) expect([...watch.missingApis], 'calls the server lacks').toEqual([]);
    if (watch.missingApis.size > 0) {
      test.info().annotations.push({ type: 'api not yet served', description: [...watch.missingApis].join(', ') });
    }
    await context.close();
  });
}

test('/ redirects to /index', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
});

test('an unknown address shows a real 404 page inside the shell, answered with status 404', async ({ page }) => {
  expect((await page.goto('/index'))?.status()).toBe(200);
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /lobby|로비/i })).toBeVisible();
});

test('the header is hidden on /lottery and shown on /vnlottery', async ({ page }) => {
  await page.goto('/lottery?gameCode=SEA1&playType=L1');
  await waitForShell(page);
  await expect(page.locator('[data-site-header]')).toHaveCount(0);
  await expect(page.getByText('SEA1 · L1')).toBeVisible();
  await page.goto('/vnlottery');
  await waitForShell(page);
  await expect(page.locator('[data-site-header]')).toBeVisible();
});

test('the theme choice is remembered across visits', async ({ page }) => {
  await page.goto('/index');
  await waitForShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('[data-theme-toggle]').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the language select switches to English and stores lang and hisLang', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/index');
  await waitForShell(page);
  await page.locator('[data-site-header] [data-language-select]').selectOption('EN');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
    'EN',
    'KO',
  ]);
});

/** A 375 px page at `path`, once the vendor categories have joined its navigation row. */
async function openPhoneNavigation(
  browser: Browser,
  theme: 'dark' | 'light',
  language: 'KO' | 'EN',
  path: string,
  label: string,
  session?: Session,
) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  if (session) await useSession(page, session);
  await rememberChoices(page, theme, language);
  await page.goto(path);
  await waitForShell(page);
  // The vendor categories join the row when the catalogue answers.
  await page.waitForLoadState('networkidle');
  return { context, page, nav: page.getByRole('navigation', { name: label }) };
}

test("on a phone the navigation row is never cut under a member's rank pill, and scrolls to its end", async ({
  browser,
  baseURL,
}) => {
  // Only a member has a rank to show: a visitor's row has no pill (no empty '- -' chip).
  const session = await signIn(baseURL!);
  for (const [language, label, rank] of [
    ['KO', '주 메뉴', '등급'],
    ['EN', 'Main navigation', 'Rank'],
  ] as const) {
    const { context, page, nav } = await openPhoneNavigation(browser, 'dark', language, '/index', label, session);
    const items = nav.getByRole('listitem');
    await expect(items.last()).toBeVisible();
    const pill = nav.getByTitle(rank);
    const pillLeft = (await pill.boundingBox())!.x;
    // An entry that reaches under the pill is drawn cut mid-label there ('e-로', 'E-l').
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      expect(box.x + box.width, `${await item.textContent()} ends before the rank pill`).toBeLessThanOrEqual(pillLeft);
    }
    await pill.scrollIntoViewIfNeeded();
    await expect(pill).toBeInViewport({ ratio: 1 });
    await expect(items.last()).toBeInViewport({ ratio: 1 });
    await screenshot(page, `navigation-end-phone-dark-${language}`);
    await context.close();
  }
});

// On a phone the current navigation entry is scrolled into view: tests/games/browse.spec.ts, over a brand whose row is
// longer than a phone (the demo brand's alone fits one now that it lists only the categories it has games of).
