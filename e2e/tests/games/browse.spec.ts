import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import {
  expectHeartsOffTheArt,
  expectNoSidewaysScroll,
  expectTextNotCut,
  readCatalogue,
  rememberPreferences,
  SCREENSHOT_DIR,
  signIn,
  useSession,
  WIDTHS,
} from './games-fixtures';

for (const width of WIDTHS) {
  test.describe(`browsing games at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('the lobby shows its game rows and each category lists what the catalogue holds', async ({
      page,
      baseURL,
    }) => {
      const catalogue = await readCatalogue(baseURL!);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await rememberPreferences(page, 'EN', 'dark');

      const status = (await (await page.request.get('/wps/system/status')).json()) as {
        value: { brand: { name: string } };
      };
      const brand = status.value.brand.name;
      await page.goto('/index');
      await expect(page).toHaveTitle(brand);
      await expect(page.getByRole('heading', { name: 'Hot games' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My collection' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recently played' })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `lobby-${width}.png`), fullPage: true });
      await expectNoSidewaysScroll(page, 'lobby');

      await page.goto('/rng');
      await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
      if (catalogue.slotVendors.length === 0) {
        await expect(page.getByText('No games here yet')).toBeVisible();
      } else {
        // The first vendor sets the vassalage (docs/product/games-and-wallet.md#opening-a-game): its tab is
        // the current one.
        const tabs = page.getByRole('navigation', { name: 'Vendors' });
        await expect(tabs.getByRole('link', { name: catalogue.slotVendors[0]!.displayName })).toHaveAttribute(
          'aria-current',
          'page',
        );
        // The tab names the page, and the vendor once one is chosen.
        await expect(page).toHaveTitle(`Slots · ${catalogue.slotVendors[0]!.displayName} · ${brand}`);
        await tabs.getByRole('link', { name: 'All vendors' }).click();
        await expect(page).toHaveURL(/[?&]page=ALL/);
        await expect(page).toHaveTitle(`Slots · ${brand}`);
        await expect(page.getByText(/\d+ games?$/)).toBeVisible();
        const cards = page.getByRole('list', { name: 'Slots' }).getByRole('listitem');
        // The count can be in place a moment before the cards under it: wait for the cards themselves.
        await expect(cards.first()).toBeVisible();
        expect(await cards.count()).toBeLessThanOrEqual(21);
        // Three cards across a phone: the vendor line wraps instead of ending in 'Parlay Origin…'.
        const vendorLines = cards.getByText(catalogue.slotVendors[0]!.displayName, { exact: true });
        expect(await vendorLines.count()).toBeGreaterThan(0);
        await expectTextNotCut(vendorLines, 'vendor line of a game card');
        await expectHeartsOffTheArt(cards.getByRole('article'), 'the slot grid');

        // An old link past the last page moves to the last page instead of showing a count and no cards.
        await page.goto('/rng?page=ALL&p=400');
        await expect(page).toHaveURL(/[?&]page=ALL/);
        await expect(page).not.toHaveURL(/[?&]p=400/);
        await expect(cards.first()).toBeVisible();
        await expect(page.getByText(/\d+ games?$/)).toBeVisible();
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `slots-${width}.png`), fullPage: true });
      await expectNoSidewaysScroll(page, 'slots');

      await page.getByRole('navigation', { name: 'Game kind' }).getByRole('link', { name: 'Crash' }).click();
      await expect(page).toHaveURL(/gameClassify=Crash/);
      await expect(page.getByRole('heading', { level: 1, name: 'Crash' })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `crash-${width}.png`), fullPage: true });
      await expectNoSidewaysScroll(page, 'crash');

      await page.goto('/live');
      const classes = page.getByRole('navigation', { name: 'Live casino games' });
      await classes.getByRole('link', { name: 'Baccarat' }).click();
      await expect(page).toHaveURL(/liveClass=BAC/);
      await expect(classes.getByRole('link', { name: 'Baccarat' })).toHaveAttribute('aria-current', 'page');
      if (!catalogue.lanes.some((lane) => lane.title === 'LIVE' && lane.cards.length > 0)) {
        // No live vendor: the empty state speaks of the kind of table, not of a vendor nobody picked.
        await expect(page.getByText('No tables of this kind right now. Try another kind of table.')).toBeVisible();
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `live-${width}.png`), fullPage: true });
      await expectNoSidewaysScroll(page, 'live');

      await page.goto('/fav');
      await expect(page.getByText('Log in to keep your favourite games here')).toBeVisible();

      await expectNoSidewaysScroll(page, 'fav');
      expect(pageErrors).toEqual([]);
    });
  });
}

test.describe('the header game dropdown at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('hovering a category shows its vendors, and a slot vendor its first 21 game cards', async ({
    page,
    baseURL,
  }) => {
    const catalogue = await readCatalogue(baseURL!);
    await rememberPreferences(page, 'EN', 'light');
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: /main navigation/i });
    const sports = catalogue.lanes.find((lane) => lane.title === 'ELOTT' || lane.title === 'LOTT');
    if (sports) {
      await nav.getByRole('link', { name: 'E-lottery' }).hover();
      await expect(page.locator('[data-game-dropdown]').getByText(sports.cards[0]!.displayName).first()).toBeVisible();
    }
    if (catalogue.slotVendors.length > 0) {
      await nav.getByRole('link', { name: 'Slots', exact: true }).hover();
      const dropdown = page.locator('li:hover [data-game-dropdown]');
      const cards = dropdown.getByRole('list', { name: catalogue.slotVendors[0]!.displayName }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeLessThanOrEqual(21);
      await expect(cards.first().getByRole('button', { name: /Play now|Open list/ })).toBeVisible();
      await expectHeartsOffTheArt(cards.getByRole('article'), 'the header dropdown');
      await expectTextNotCut(
        cards.getByText(catalogue.slotVendors[0]!.displayName, { exact: true }),
        'vendor line of a dropdown card',
      );
      // The vendor column beside the cards: 'Parlay Originals' with its HOT tag, not 'Parlay Origi…'.
      await expectTextNotCut(
        dropdown
          .getByRole('link', { name: new RegExp(catalogue.slotVendors[0]!.displayName) })
          .getByText(catalogue.slotVendors[0]!.displayName, { exact: true }),
        'vendor tile of the dropdown',
      );
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dropdown-1280.png') });
  });
});

test.describe('opening sports and lottery vendors directly at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a guest who picks DS88 or the lottery is asked to sign in; the lottery dropdown lists TCG_SEA once', async ({
    page,
  }) => {
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: /main navigation/i });
    const login = page.locator('[data-modal="loginPopupModal"]');

    // TCG_SEA is in both the ELOTT and the LOTT lane of the demo catalogue.
    await nav.getByRole('link', { name: 'E-lottery' }).hover();
    const dropdown = page.locator('li:hover [data-game-dropdown]');
    await expect(dropdown.getByRole('link', { name: /TCG SEA Lottery/ })).toHaveCount(1);
    await dropdown.getByRole('link', { name: /TCG SEA Lottery/ }).click();
    await expect(login).toBeVisible();
    await expect(login.getByText('Sorry, you are not logged in yet, please log in.')).toBeVisible();
    await page.keyboard.press('Escape');

    await nav.getByRole('link', { name: 'DS88', exact: true }).click();
    await expect(login).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'vendor-direct-guest-1280.png') });
  });

  test("a member's click on DS88 or E-lottery starts that vendor's game, and Back returns to the lobby", async ({
    page,
    baseURL,
  }) => {
    await useSession(page, await signIn(baseURL!));
    await rememberPreferences(page, 'EN', 'light');
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: /main navigation/i });

    // The demo's DS88 and TCG_SEA games are down: starting them ends on 'Game maintenance', not a list.
    await nav.getByRole('link', { name: 'DS88', exact: true }).click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=DS88$/);
    await expect(page.getByText('Game maintenance', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/index$/);

    await nav.getByRole('link', { name: 'E-lottery' }).click();
    await expect(page).toHaveURL(/\/seaLottery\?gameCode=SEA_LOTTO$/);
    await expect(page.getByText('Game maintenance', { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'vendor-direct-lottery-1280.png') });

    await page.goto('/sports');
    await page
      .getByRole('main')
      .getByRole('link', { name: /DS88 Sports/ })
      .click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=DS88$/);
  });
});

test.describe('the header dropdown near the right edge', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('stays inside the window on its first hover', async ({ page }) => {
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: /main navigation/i });
    await nav.getByRole('link', { name: 'Slots', exact: true }).hover();
    const dropdown = page.locator('li:hover [data-game-dropdown]');
    await expect(dropdown.getByRole('list').getByRole('listitem').first()).toBeVisible();
    // The panel is wider than the room right of 'Slots'; it slides left once its cards are in.
    await expect
      .poll(() => dropdown.evaluate((element) => element.getBoundingClientRect().right), {
        message: 'the dropdown ends inside the window',
      })
      .toBeLessThanOrEqual(1000);
    await expectNoSidewaysScroll(page, 'the first hover of the slots dropdown');
  });
});

/** A game list where only every other game has a free trial (the demo's slots all have one). */
async function serveMixedTrialGames(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith('/GCSGAME_gameList'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { value: { games: { supportPlay: number }[] } };
      body.value.games.forEach((game, index) => (game.supportPlay = index % 2));
      await route.fulfill({ response, json: body });
    },
  );
}

for (const width of WIDTHS) {
  test(`'play now' sits at one height across a row of cards with and without 'free trial' at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await serveMixedTrialGames(page);
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/rng?page=ALL');
    const cards = page.getByRole('list', { name: 'Slots' }).getByRole('article');
    await expect(cards.first().getByRole('button', { name: 'Free trial' })).toBeVisible();
    const tops = await cards.evaluateAll((found) =>
      found.map((card) => ({
        row: Math.round(card.getBoundingClientRect().top),
        play: Math.round(
          Array.from(card.querySelectorAll('button'))
            .find((button) => button.textContent === 'Play now')!
            .getBoundingClientRect().top,
        ),
      })),
    );
    const firstRow = tops.filter((card) => card.row === tops[0]!.row);
    expect(firstRow.length, 'the first row holds several cards').toBeGreaterThan(1);
    expect(new Set(firstRow.map((card) => card.play)).size, "the row's 'play now' tops").toBe(1);
  });
}
