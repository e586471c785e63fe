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
import { axe } from '../../support/axe';
import { prepareDataDir, startServer, type RunningServer } from '../../support/server';
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

  // The demo brand has no live vendor: no menu leads to /live, and an old link to it says the category is empty,
  // with no kinds of table to pick over a list that cannot fill (docs/product/games-and-wallet.md#vendors-and-lanes).
  expect(catalogue.lanes.map((lane) => lane.title)).not.toContain('LIVE');
  await resize(page, WIDTHS[1]);
  await page.goto('/index');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Slots', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Live', exact: true })).toHaveCount(0);
  const gameCentre = page.getByRole('navigation', { name: 'Game centre' });
  await expect(gameCentre.getByRole('link', { name: 'Slots' })).toBeVisible();
  for (const empty of ['Live', 'Fishing', 'PVP']) {
    await expect(gameCentre.getByRole('link', { name: empty, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /^Live/ })).toHaveCount(0);
  await page.goto('/live');
  for (const width of WIDTHS) {
    await resize(page, width);
    await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    await expect(page.getByText('No games here yet')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Live casino games' })).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
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

test('the header dropdowns: inside the window on the first hover at 1000 px; at 1280 px the vendors and 21 slot cards; no entry for a vendor with nothing to play', async ({
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

  // The demo's DS88 and TCG_SEA have only games in maintenance: by default the brand does not show them at all. The
  // lottery category stays, for our own lottery vendor's games (decision 0070), without TCG_SEA.
  await expect(nav.getByRole('link', { name: /DS88/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'E-lottery' })).toBeVisible();
  await nav.getByRole('link', { name: 'E-lottery' }).hover();
  await expect(hovered.getByRole('link', { name: /Parlay Lottery/ }).first()).toBeVisible();
  await expect(hovered.getByRole('link', { name: /TCG SEA Lottery/ })).toHaveCount(0);
  await page.mouse.move(640, 700);
});

test.describe('a brand that shows its vendors with nothing to play as coming soon', () => {
  // Its own server: the brand's COMING_SOON_CATEGORIES flag switched on, as an operator does in the brand's settings.
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 900 } });
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(360_000);
    const dataDir = await prepareDataDir(
      `UPDATE merchants SET whitelabel = whitelabel || '[{"modId":"COMING_SOON_CATEGORIES","enabled":"1","childrenNodes":[]}]'::jsonb WHERE code = 'parlay'`,
    );
    server = await startServer(dataDir);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a guest sees DS88 by its name and the lottery as coming soon, and is asked to sign in by either', async ({
    page,
  }) => {
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto(`${server!.url}/index`);
    const nav = page.getByRole('navigation', { name: /main navigation/i });
    const hovered = page.locator('li:hover [data-game-dropdown]');
    const ds88 = nav.getByRole('link', { name: /^DS88 Sports/ });
    await expect(ds88).toContainText('Coming soon');
    await expect(nav.getByRole('link', { name: 'DS88', exact: true })).toHaveCount(0);
    // Our own lottery plays, so the category is open; TCG_SEA within it is the one coming soon.
    await expect(nav.getByRole('link', { name: /^E-lottery/ })).not.toContainText('Coming soon');
    await expect(nav.getByRole('link', { name: /^Live/ })).toHaveCount(0);
    const gameCentre = page.getByRole('navigation', { name: 'Game centre' });
    await expect(gameCentre.getByRole('link', { name: /^Sports/ })).toContainText('Coming soon');
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /^Sports/ })).toContainText(
      'Coming soon',
    );
    expect(
      await seriousViolations(page, ['[data-site-header]', '#side-menu', '[aria-labelledby="lobby-categories"]']),
      'coming soon marks (dark, 1280 px)',
    ).toEqual([]);

    // TCG_SEA, in both the ELOTT and the LOTT lane of the demo catalogue, is listed once.
    const login = page.locator('[data-modal="loginPopupModal"]');
    await nav.getByRole('link', { name: /^E-lottery/ }).hover();
    await expect(hovered.getByRole('link', { name: /TCG SEA Lottery/ })).toHaveCount(1);
    await hovered.getByRole('link', { name: /TCG SEA Lottery/ }).click();
    await expect(login).toBeVisible();
    await expect(login.getByText('Sorry, you are not logged in yet, please log in.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toHaveCount(0);

    await page.mouse.move(640, 700);
    await ds88.click();
    await expect(login).toBeVisible();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'vendor-direct-guest-1280.png') });
  });

  test('on a phone the current navigation entry is scrolled into view', async ({ page }) => {
    // This brand's row (DS88 and the lottery marked coming soon) is longer than a phone is wide.
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [language, label, promotions, home] of [
      ['KO', '주 메뉴', '프로모션', '홈'],
      ['EN', 'Main navigation', 'Promotions', 'Home'],
    ] as const) {
      await rememberPreferences(page, language, 'light');
      await page.goto(`${server!.url}/promotions`);
      const nav = page.getByRole('navigation', { name: label });
      await expect(nav.getByRole('link', { name: /^DS88 Sports/ })).toBeVisible();
      const current = nav.getByRole('link', { name: promotions, exact: true });
      await expect(current).toHaveAttribute('aria-current', 'page');
      // Far along the row: without scrolling it sits past the screen's right edge.
      await expect(current).toBeInViewport({ ratio: 1 });
      await expect(nav.getByRole('link', { name: home, exact: true })).not.toBeInViewport();
      expect(
        await seriousViolations(page, ['[data-site-header]']),
        `coming soon marks (light, 375 px, ${language})`,
      ).toEqual([]);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `navigation-current-phone-light-${language}.png`) });
    }
  });

  test("a member's click on DS88 or E-lottery starts that vendor's game, and Back returns to the lobby", async ({
    page,
  }) => {
    await useSession(page, await signIn(server!.url));
    await rememberPreferences(page, 'EN', 'light');
    await page.goto(`${server!.url}/index`);
    const nav = page.getByRole('navigation', { name: /main navigation/i });

    // The demo's DS88 and TCG_SEA games are down: starting them ends on 'Game maintenance', not a list.
    await nav.getByRole('link', { name: /^DS88 Sports/ }).click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=DS88$/);
    await expect(page.getByText('Game maintenance', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/index$/);

    await nav.getByRole('link', { name: /^E-lottery/ }).click();
    await expect(page).toHaveURL(/\/seaLottery\?gameCode=SEA_LOTTO$/);
    await expect(page.getByText('Game maintenance', { exact: true })).toBeVisible();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'vendor-direct-lottery-1280.png') });

    await page.goto(`${server!.url}/sports`);
    const card = page.getByRole('main').getByRole('link', { name: /DS88 Sports/ });
    await expect(card).toContainText('Coming soon');
    await card.click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=DS88$/);
  });
});

/** What axe finds serious or critical in the parts of the page `selectors` name, as they are drawn now. */
async function seriousViolations(page: Page, selectors: string[]) {
  let builder = axe(page);
  for (const selector of selectors) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

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
