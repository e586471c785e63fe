import { axe } from '../../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { rememberPreferences, signIn, useSession, WIDTHS } from './games-fixtures';

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

/** The house dice game of the demo catalogue: its page in the /game frame is checked too. */
async function findHouseDice(baseURL: string): Promise<{ id: number } | undefined> {
  const list = await (await fetch(`${baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice`)).json();
  return (list.value.games as { id: number; code: string; status: string }[]).find(
    (game) => game.code === 'dice' && game.status === 'active',
  );
}

for (const theme of ['dark', 'light'] as const) {
  for (const width of WIDTHS) {
    test.describe(`axe on the game pages (${theme}, ${width} px)`, () => {
      test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

      test('the game lists, the slot dropdown, my collection, the wallet panel and the game frame have no serious violation', async ({
        page,
        baseURL,
      }) => {
        await rememberPreferences(page, 'KO', theme);
        await useSession(page, await signIn(baseURL!));

        await page.goto('/rng?page=ALL');
        await expect(page.getByRole('article').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), '/rng').toEqual([]);

        await page.goto('/live');
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), '/live').toEqual([]);

        if (width >= 1100) {
          // The header's slot dropdown with its vendors and game cards, as a hover opens it.
          await page
            .getByRole('navigation', { name: '주 메뉴' })
            .getByRole('link', { name: '슬롯', exact: true })
            .hover();
          await expect(page.locator('li:hover [data-game-dropdown]').getByRole('article').first()).toBeVisible();
          expect(await blockingViolations(page), 'the slot dropdown').toEqual([]);
          await page.mouse.move(640, 600);
        }

        await page.goto('/fav');
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), '/fav').toEqual([]);

        await page.getByRole('banner').getByTestId('balance-amount').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), 'wallet panel').toEqual([]);
        await page.keyboard.press('Escape');

        const dice = await findHouseDice(baseURL!);
        if (dice) {
          await page.goto(`/game?gameId=${dice.id}`);
          await expect(page.frameLocator('main iframe').locator('.next-nonce')).toBeVisible();
          expect(await blockingViolations(page), '/game with the dice frame').toEqual([]);
        }
      });
    });
  }
}
