import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import {
  expectHeartsOffTheArt,
  expectNoSidewaysScroll,
  expectTextNotCut,
  readCatalogue,
  rememberPreferences,
  resize,
  SCREENSHOT_DIR,
  signIn,
  useSession,
  WIDTHS,
} from './games-fixtures';
import { shoot, switchByEvents } from '../../support/shell';

test('the lobby shows its game rows and each category lists what the catalogue holds, at 375 and 1280 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const catalogue = await readCatalogue(baseURL!);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await rememberPreferences(page, 'EN', 'dark');

  const status = (await (await page.request.get('/wps/system/status')).json()) as {
    value: { brand: { name: string } };
  };
  const brand = status.value.brand.name;
  await page.goto('/index');
  await expect(page).toHaveTitle(brand);
  for (const width of WIDTHS) {
    await resize(page, width);
    await expect(page.getByRole('heading', { name: 'Hot games' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My collection' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recently played' })).toBeVisible();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `lobby-${width}.png`), fullPage: true });
    await expectNoSidewaysScroll(page, `lobby at ${width} px`);
  }

  await resize(page, WIDTHS[0]);
  await page.goto('/rng');
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Slots' }).getByRole('listitem');
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
    // The count can be in place a moment before the cards under it: wait for the cards themselves.
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(21);

    // An old link past the last page moves to the last page instead of showing a count and no cards.
    await page.goto('/rng?page=ALL&p=400');
    await expect(page).toHaveURL(/[?&]page=ALL/);
    await expect(page).not.toHaveURL(/[?&]p=400/);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(/\d+ games?$/)).toBeVisible();
  }
  for (const width of WIDTHS) {
    await resize(page, width);
    if (catalogue.slotVendors.length > 0) {
      // Three cards across a phone: the vendor line wraps instead of ending in 'Parlay Origin…'.
      const vendorLines = cards.getByText(catalogue.slotVendors[0]!.displayName, { exact: true });
      expect(await vendorLines.count()).toBeGreaterThan(0);
      await expectTextNotCut(vendorLines, `vendor line of a game card at ${width} px`);
      await expectHeartsOffTheArt(cards.getByRole('article'), `the slot grid at ${width} px`);
    }
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `slots-${width}.png`), fullPage: true });
    await expectNoSidewaysScroll(page, `slots at ${width} px`);
  }

  // The kind links are clicked at each width (the row is laid out differently): Back returns to the slots.
  for (const width of [...WIDTHS].reverse()) {
    await resize(page, width);
    await page.getByRole('navigation', { name: 'Game kind' }).getByRole('link', { name: 'Crash' }).click();
    await expect(page).toHaveURL(/gameClassify=Crash/);
    await expect(page.getByRole('heading', { level: 1, name: 'Crash' })).toBeVisible();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `crash-${width}.png`), fullPage: true });
    await expectNoSidewaysScroll(page, `crash at ${width} px`);
    await page.goBack();
    await expect(page).not.toHaveURL(/gameClassify=Crash/);
  }

  await resize(page, WIDTHS[0]);
  await page.goto('/live');
  const classes = page.getByRole('navigation', { name: 'Live casino games' });
  for (const width of WIDTHS) {
    await resize(page, width);
    // Back from Baccarat left /live (the lobby showed), so at the next width /live is loaded again.
    if (width !== WIDTHS[0]) await page.goto('/live');
    await classes.getByRole('link', { name: 'Baccarat' }).click();
    await expect(page).toHaveURL(/liveClass=BAC/);
    await expect(classes.getByRole('link', { name: 'Baccarat' })).toHaveAttribute('aria-current', 'page');
    if (!catalogue.lanes.some((lane) => lane.title === 'LIVE' && lane.cards.length > 0)) {
      // No live vendor: the empty state speaks of the kind of table, not of a vendor nobody picked.
      await expect(page.getByText('No tables of this kind right now. Try another kind of table.')).toBeVisible();
    }
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `live-${width}.png`), fullPage: true });
    await expectNoSidewaysScroll(page, `live at ${width} px`);
  }

  await page.goto('/fav');
  for (const width of [...WIDTHS].reverse()) {
    await resize(page, width);
    await expect(page.getByText('Log in to keep your favourite games here')).toBeVisible();
    await expectNoSidewaysScroll(page, `fav at ${width} px`);
  }
  expect(pageErrors).toEqual([]);
});

test('the header dropdowns: inside the window on the first hover at 1000 px; at 1280 px the vendors, 21 slot cards, and a guest asked to sign in by DS88 or the lottery', async ({
  page,
  baseURL,
}) => {
  const catalogue = await readCatalogue(baseURL!);
  await page.setViewportSize({ width: 1000, height: 800 });
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index');
  const nav = page.getByRole('navigation', { name: /main navigation/i });
  const hovered = page.locator('li:hover [data-game-dropdown]');

  // The panel is wider than the room right of 'Slots'; it slides left once its cards are in, from its very first
  // hover (so this comes first on the page).
  await nav.getByRole('link', { name: 'Slots', exact: true }).hover();
  await expect(hovered.getByRole('list').getByRole('listitem').first()).toBeVisible();
  await expect
    .poll(() => hovered.evaluate((element) => element.getBoundingClientRect().right), {
      message: 'the dropdown ends inside the window',
    })
    .toBeLessThanOrEqual(1000);
  await expectNoSidewaysScroll(page, 'the first hover of the slots dropdown');
  await page.mouse.move(500, 700);
  await expect(hovered).toHaveCount(0);

  await resize(page, 1280);
  await switchByEvents(page, 'light', 'EN');
  const sports = catalogue.lanes.find((lane) => lane.title === 'ELOTT' || lane.title === 'LOTT');
  if (sports) {
    await nav.getByRole('link', { name: 'E-lottery' }).hover();
    await expect(page.locator('[data-game-dropdown]').getByText(sports.cards[0]!.displayName).first()).toBeVisible();
  }
  if (catalogue.slotVendors.length > 0) {
    await nav.getByRole('link', { name: 'Slots', exact: true }).hover();
    const cards = hovered.getByRole('list', { name: catalogue.slotVendors[0]!.displayName }).getByRole('listitem');
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
      hovered
        .getByRole('link', { name: new RegExp(catalogue.slotVendors[0]!.displayName) })
        .getByText(catalogue.slotVendors[0]!.displayName, { exact: true }),
      'vendor tile of the dropdown',
    );
  }
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'dropdown-1280.png') });
  await page.mouse.move(640, 700);

  // A guest who picks DS88 or the lottery is asked to sign in; TCG_SEA, in both the ELOTT and the LOTT lane of
  // the demo catalogue, is listed once.
  await switchByEvents(page, 'dark', 'EN');
  const login = page.locator('[data-modal="loginPopupModal"]');
  await nav.getByRole('link', { name: 'E-lottery' }).hover();
  await expect(hovered.getByRole('link', { name: /TCG SEA Lottery/ })).toHaveCount(1);
  await hovered.getByRole('link', { name: /TCG SEA Lottery/ }).click();
  await expect(login).toBeVisible();
  await expect(login.getByText('Sorry, you are not logged in yet, please log in.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);

  await nav.getByRole('link', { name: 'DS88', exact: true }).click();
  await expect(login).toBeVisible();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'vendor-direct-guest-1280.png') });
});

test.describe('opening sports and lottery vendors directly at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

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
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'vendor-direct-lottery-1280.png') });

    await page.goto('/sports');
    await page
      .getByRole('main')
      .getByRole('link', { name: /DS88 Sports/ })
      .click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=DS88$/);
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

test("'play now' sits at one height across a row of cards with and without 'free trial' at 375 and 1280 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await serveMixedTrialGames(page);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/rng?page=ALL');
  const cards = page.getByRole('list', { name: 'Slots' }).getByRole('article');
  await expect(cards.first().getByRole('button', { name: 'Free trial' })).toBeVisible();
  for (const width of WIDTHS) {
    await resize(page, width);
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
    expect(firstRow.length, `the first row holds several cards at ${width} px`).toBeGreaterThan(1);
    expect(new Set(firstRow.map((card) => card.play)).size, `the row's 'play now' tops at ${width} px`).toBe(1);
  }
});
