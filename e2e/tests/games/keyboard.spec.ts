import { axe } from '../../support/axe';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { rememberPreferences, resize, SCREENSHOT_DIR, signIn, useSession, WIDTHS } from './games-fixtures';
import { shoot, switchByEvents } from '../../support/shell';

test.describe.configure({ mode: 'parallel' });

/** Serious and critical violations only, each with its first nodes, so a failure says where to look. */
async function blockingViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

const HALL_ID = 990_001;

/**
 * The demo catalogue has no VASSALAGE game: the slot list answers one more, a hall whose sub-list
 * (parentId) is the catalogue's slots, so its popup has real cards to walk through.
 */
async function addVassalageHall(page: Page) {
  await page.route(/\/GCSGAME_gameList\?/, async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('parentId') === String(HALL_ID)) {
      const slots = new URL(url);
      slots.searchParams.delete('parentId');
      slots.searchParams.set('gameType', 'RNG');
      return route.fulfill({ response: await route.fetch({ url: slots.toString() }) });
    }
    const response = await route.fetch();
    const body = await response.json();
    const games = body.value?.games as { gameName: string; isGame: string; id: number }[] | undefined;
    if (url.searchParams.get('gameType') === 'RNG' && !url.searchParams.get('gameName') && games?.length) {
      games.unshift({ ...games[0]!, id: HALL_ID, gameName: 'Parlay Hall', isGame: 'VASSALAGE' });
      body.value.total += 1;
    }
    await route.fulfill({ response, json: body });
  });
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? element.getAttribute('aria-label') || element.textContent?.trim() || element.tagName : null;
  });

const WORDS = {
  KO: {
    nav: '주 메뉴',
    slots: '슬롯',
    toggle: '슬롯: 게임 제공사와 게임',
    trial: '무료 체험',
    play: '지금 플레이',
    openList: '목록 열기',
    login: '로그인',
    search: '게임 이름으로 검색',
    heart: 'Parlay Dice: 내 컬렉션',
  },
  EN: {
    nav: 'Main navigation',
    slots: 'Slots',
    toggle: 'Slots: vendors and games',
    trial: 'Free trial',
    play: 'Play now',
    openList: 'Open list',
    login: 'Log in',
    search: 'Search games by name',
    heart: 'Parlay Dice: my collection',
  },
} as const;

/**
 * The theme and language pairs shown at each width, switched in the page: both themes (axe runs once per theme
 * and width) and both languages (the accessible names are read in each) at each width.
 */
const PAIRS = [
  ['dark', 'KO'],
  ['light', 'EN'],
] as const;

test('the header category dropdown opens with its toggle, walks free trial before play now, and closes on Escape back to the toggle (KO, then EN)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index');
  for (const [theme, language] of [
    ['dark', 'KO'],
    ['light', 'EN'],
  ] as const) {
    await switchByEvents(page, theme, language);
    const words = WORDS[language];
    const nav = page.getByRole('navigation', { name: words.nav });
    const slots = nav.getByRole('link', { name: words.slots, exact: true });
    const toggle = nav.getByRole('button', { name: words.toggle });
    const dropdown = toggle.locator('xpath=..').locator('[data-game-dropdown]');

    // Tab along the row meets the link, then its toggle: the dropdown stays shut, its cards out of the way.
    await slots.focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const card = dropdown.getByRole('article').first();
    await expect(card).toBeVisible();
    await expect(toggle).toBeFocused();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `keyboard-dropdown-open-${language}.png`) });

    // Into the dropdown: the vendor, then the first card's heart, free trial (shown above) and play now.
    await page.keyboard.press('Tab');
    await expect(dropdown.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: /: (내 컬렉션|my collection)$/ })).toBeFocused();
    const trial = card.getByRole('button', { name: words.trial, exact: true });
    const play = card.getByRole('button', { name: words.play, exact: true });
    if (await trial.count()) {
      await page.keyboard.press('Tab');
      await expect(trial).toBeFocused();
      const [trialBox, playBox] = [await trial.boundingBox(), await play.boundingBox()];
      expect(trialBox!.y + trialBox!.height, 'free trial shows above play now').toBeLessThanOrEqual(playBox!.y);
    }
    await page.keyboard.press('Tab');
    await expect(play).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toBeHidden();

    // Past the dropdown, Tab goes on along the row.
    await page.keyboard.press('Tab');
    await expect(toggle).not.toBeFocused();
    expect(await dropdown.locator(':focus').count(), 'Tab after Escape skips the shut dropdown').toBe(0);
  }
});

test('the VASSALAGE list and the login popup take focus, keep it, and hand it back on Escape, at each width in each theme and language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await rememberPreferences(page, 'KO', 'dark');
  await addVassalageHall(page);
  await page.goto('/rng?page=ALL');
  const main = page.getByRole('main');
  const hall = main.getByRole('article').filter({ hasText: 'Parlay Hall' });
  await expect(hall).toBeVisible();

  for (const width of WIDTHS) {
    await resize(page, width);
    for (const [pair, [theme, language]] of PAIRS.entries()) {
      await switchByEvents(page, theme, language);
      const words = WORDS[language];
      const where = `(${theme}, ${language}, ${width} px)`;
      const opener = hall.getByRole('button', { name: words.openList, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');

      const popup = page.locator('[data-modal="vassalageModal"]');
      await expect(popup.getByRole('heading', { name: 'Parlay Hall' })).toBeFocused();
      await expect(popup.getByRole('article').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `keyboard-vassalage-${theme}-${width}.png`) });
      // Its cards are wide enough for their buttons on a phone too, in either language: none sticks out past its
      // card's edge.
      const cut = await popup.getByRole('article').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const edge = card.getBoundingClientRect();
          return Array.from(card.querySelectorAll('button'))
            .filter((button) => button.getBoundingClientRect().right > edge.right + 0.5)
            .map((button) => button.textContent);
        }),
      );
      expect(cut, `buttons cut by their card in the VASSALAGE popup ${where}`).toEqual([]);
      expect(await blockingViolations(page), `the VASSALAGE popup ${where}`).toEqual([]);
      // Tab goes round inside the popup, never back to the page under it: walked once at each width (the focus
      // order follows the layout, not the theme or the language).
      if (pair === 0) {
        const stops = await popup.locator('button:visible, a:visible').count();
        for (let index = 0; index < stops + 2; index += 1) {
          await page.keyboard.press('Tab');
          expect(await popup.locator(':focus').count(), `Tab ${index + 1} stays in the popup ${where}`).toBe(1);
        }
      }
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);
      await expect(opener).toBeFocused();

      // Signed out, play now asks for a sign-in: focus goes into the login popup and comes back after.
      const play = main.getByRole('article').nth(1).getByRole('button', { name: words.play, exact: true });
      await play.focus();
      await page.keyboard.press('Enter');
      const login = page.locator('[data-modal="loginPopupModal"]');
      await expect(login.getByRole('heading', { name: words.login })).toBeFocused();
      await page.waitForLoadState('networkidle');
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `keyboard-login-from-launch-${theme}-${width}.png`) });
      expect(await blockingViolations(page), `the login popup opened from a launch ${where}`).toEqual([]);
      // Shift+Tab from the title goes round to the popup's last control, as from its first one.
      await page.keyboard.press('Shift+Tab');
      const isLastControl = await login.evaluate((dialog) => {
        const controls = Array.from(
          dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
        ).filter((element) => element.tabIndex >= 0 && !element.hasAttribute('disabled') && element.checkVisibility());
        return controls.length > 0 && controls.at(-1) === document.activeElement;
      });
      expect(isLastControl, `Shift+Tab from the title reaches the last control ${where}`).toBe(true);
      await page.keyboard.press('Escape');
      await expect(login).toHaveCount(0);
      await expect(play).toBeFocused();
    }
  }
});

test('a member searches, keeps a game with the keyboard, refreshes the balance, and the lobby rows read well, at each width in each theme and language', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await rememberPreferences(page, 'KO', 'dark');
  await useSession(page, await signIn(baseURL!));
  await page.goto('/rng?page=ALL');
  const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Parlay Dice' });

  for (const width of WIDTHS) {
    await resize(page, width);
    for (const [pair, [theme, language]] of PAIRS.entries()) {
      await switchByEvents(page, theme, language);
      const words = WORDS[language];
      const where = `(${theme}, ${language}, ${width} px)`;
      const search = page.getByRole('searchbox', { name: words.search });
      if (pair === 0) {
        // Typed at each width: the search keeps focus while the list follows it.
        await search.focus();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('Dice');
        await expect(page).toHaveURL(/gameName=Dice/);
        await expect(card).toHaveCount(1);
        await expect(search).toBeFocused();
      }
      await expect(search).toHaveValue('Dice');
      await expect(card).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(await blockingViolations(page), `search results ${where}`).toEqual([]);

      // The heart keeps focus while its call runs, and its name (read in each language): aria-pressed alone says
      // whether the game is kept.
      const heart = card.getByRole('button', { name: words.heart, exact: true });
      const before = await heart.getAttribute('aria-pressed');
      await heart.focus();
      await page.keyboard.press('Space');
      await expect(heart).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
      await expect(heart).toBeFocused();
      await page.keyboard.press('Space');
      await expect(heart).toHaveAttribute('aria-pressed', before ?? 'false');
      await expect(heart).toBeFocused();

      // The header balance: its refresh keeps focus while the balance updates.
      if (width >= 768) {
        const refresh = page.getByRole('banner').getByRole('button', { name: /잔액 새로고침|Refresh balance/ });
        await refresh.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('banner').getByTestId('balance-amount')).toHaveAttribute('data-state', 'ready');
        await expect(refresh).toBeFocused();
        expect(await focused(page)).toMatch(/잔액 새로고침|Refresh balance/);
      }
    }
  }

  // The lobby rows, signed in: loaded once (narrow, as a phone loads it), then each width, theme and language.
  await resize(page, WIDTHS[0]);
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  for (const width of WIDTHS) {
    await resize(page, width);
    for (const [theme, language] of PAIRS) {
      await switchByEvents(page, theme, language);
      await page.getByRole('main').locator('section').last().scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(await blockingViolations(page), `the lobby rows, signed in (${theme}, ${language}, ${width} px)`).toEqual(
        [],
      );
    }
  }
});
