import { axe } from '../../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { resize, signIn, useSession, WIDTHS } from './games-fixtures';
import { switchByEvents } from '../../support/shell';

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

/** The house dice game of the demo catalogue: its page in the /game frame is checked too. */
async function findHouseDice(baseURL: string): Promise<{ id: number } | undefined> {
  const list = await (await fetch(`${baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice`)).json();
  return (list.value.games as { id: number; code: string; status: string }[]).find(
    (game) => game.code === 'dice' && game.status === 'active',
  );
}

const THEMES = ['dark', 'light'] as const;

/**
 * The page as it is loaded, at each width in each theme, switched in the page: axe once per theme and width. The
 * language stays Korean, as before: it changes no structure (the catalogue tests prove the KO and EN keys match).
 * Ends at the last width and theme.
 */
async function checkEveryWay(page: Page, where: string, check?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await resize(page, width);
    for (const theme of THEMES) {
      await switchByEvents(page, theme, 'KO');
      await check?.();
      expect(await blockingViolations(page), `${where} (${theme}, ${width} px)`).toEqual([]);
    }
  }
}

test('the game lists, the slot dropdown, my collection, the wallet panel and the game frame have no serious violation in either theme at either width', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  // Korean and dark on the first load only: later loads keep what the header's controls stored.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'KO');
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
  });
  await useSession(page, await signIn(baseURL!));

  await page.goto('/rng?page=ALL');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkEveryWay(page, '/rng');

  await page.goto('/live');
  await page.waitForLoadState('networkidle');
  await checkEveryWay(page, '/live');

  // The header's slot dropdown with its vendors and game cards, as a hover opens it (wide screens only).
  await resize(page, 1280);
  for (const theme of THEMES) {
    await switchByEvents(page, theme, 'KO');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '슬롯', exact: true }).hover();
    await expect(page.locator('li:hover [data-game-dropdown]').getByRole('article').first()).toBeVisible();
    expect(await blockingViolations(page), `the slot dropdown (${theme}, 1280 px)`).toEqual([]);
    await page.mouse.move(640, 600);
  }

  await page.goto('/fav');
  await page.waitForLoadState('networkidle');
  await checkEveryWay(page, '/fav');

  // The wallet panel is a modal: the theme is switched under it, so it is opened afresh at each width.
  for (const width of WIDTHS) {
    await resize(page, width);
    await page.getByRole('banner').getByTestId('balance-amount').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const theme of THEMES) {
      await switchByEvents(page, theme, 'KO');
      expect(await blockingViolations(page), `wallet panel (${theme}, ${width} px)`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // A game keeps the theme it opened in (game-launch-page.tsx): the dice page is loaded once per theme.
  const dice = await findHouseDice(baseURL!);
  if (dice) {
    for (const theme of THEMES) {
      await page.evaluate((stored) => localStorage.setItem('theme', stored), theme);
      await page.goto(`/game?gameId=${dice.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.frameLocator('main iframe').locator('.next-nonce')).toBeVisible();
      for (const width of WIDTHS) {
        await resize(page, width);
        expect(await blockingViolations(page), `/game with the dice frame (${theme}, ${width} px)`).toEqual([]);
      }
    }
  }
});
