import { expect, test } from '@playwright/test';
import path from 'node:path';
import {
  readCatalogue,
  rememberPreferences,
  SCREENSHOT_DIR,
  seeded,
  signIn,
  useSession,
  WIDTHS,
} from './games-fixtures';
import { shoot } from '../../support/shell';

for (const width of WIDTHS) {
  test.describe(`searching and collecting games at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('a member finds a slot by name, keeps it in my collection and takes it out again', async ({
      page,
      baseURL,
    }) => {
      const game = seeded((await readCatalogue(baseURL!)).slotGame, 'an active slot game to search for');
      await rememberPreferences(page, 'EN', width < 768 ? 'light' : 'dark');
      await useSession(page, await signIn(baseURL!));

      await page.goto('/rng?page=ALL');
      await page.getByRole('searchbox', { name: 'Search games by name' }).fill(game.gameName);
      await expect(page).toHaveURL(
        new RegExp(`gameName=${encodeURIComponent(game.gameName).replace(/%20/g, '(\\+|%20)')}`),
      );
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: game.gameName, exact: true }) });
      await expect(card.first()).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `search-${width}.png`), fullPage: true });

      // The heart keeps one name; aria-pressed alone says whether the game is kept.
      const heart = card.first().getByRole('button', { name: `${game.gameName}: my collection`, exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/fav');
      const kept = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: game.gameName, exact: true }) });
      await expect(kept).toHaveCount(1);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `favourites-${width}.png`), fullPage: true });
      // After a reload the heart is drawn from the tab's copy (favGames) while the ids call is still out.
      let releaseIds = () => {};
      const held = new Promise<void>((resolve) => (releaseIds = resolve));
      await page.route(/\/MCSFE_getFavoriteGames(\?|$)/, async (route) => {
        await held;
        // A call the reload cancelled is already answered by the browser.
        await route.continue().catch(() => undefined);
      });
      await page.reload();
      const keptHeart = kept.getByRole('button', { name: `${game.gameName}: my collection`, exact: true });
      await expect(keptHeart).toHaveAttribute('aria-pressed', 'true');
      const idsAnswered = page.waitForResponse((response) => /\/MCSFE_getFavoriteGames(\?|$)/.test(response.url()));
      releaseIds();
      await idsAnswered;
      await page.unroute(/\/MCSFE_getFavoriteGames(\?|$)/);
      // A page past the end of the collection moves to its last page, and the address says so.
      await page.goto('/fav?p=5');
      await expect(page).not.toHaveURL(/[?&]p=5/);
      await expect(kept).toHaveCount(1);

      await page.goto('/index');
      await expect(
        page.getByRole('list', { name: 'My collection' }).getByRole('heading', { name: game.gameName, exact: true }),
      ).toBeVisible();

      await page.goto('/fav');
      await expect(keptHeart).toHaveAttribute('aria-pressed', 'true');
      await keptHeart.click();
      await page.reload();
      await expect(page.getByText('My collection is empty')).toBeVisible();
    });

    test('a search with no match says so and offers what to try', async ({ page }) => {
      await rememberPreferences(page, 'EN', 'dark');
      await page.goto('/rng?page=ALL');
      // One status region says the count and, in the same element, that nothing matched, so both are read out.
      const status = page.getByRole('main').getByRole('status');
      await expect(status).toHaveText(/^\d[\d,]* games?$/);
      await status.evaluate((element) => element.setAttribute('data-first-region', ''));
      await page.getByRole('searchbox', { name: 'Search games by name' }).fill('zz-no-such-game-zz');
      await expect(page.getByText('No games match “zz-no-such-game-zz”')).toBeVisible();
      await expect(status).toContainText('No games match “zz-no-such-game-zz”');
      await expect(status).toHaveAttribute('data-first-region', '');
    });
  });
}
