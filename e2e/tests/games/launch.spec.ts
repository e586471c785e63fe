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
  test.describe(`launching games at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('a guest who opens a game gets the login popup, not the game', async ({ page, baseURL }) => {
      const catalogue = await readCatalogue(baseURL!);
      const game = seeded(catalogue.slotGame, 'an active slot game');
      const trialGame = seeded(catalogue.trialGame, 'an active slot game with a free trial');
      await rememberPreferences(page, 'EN', 'dark');

      // From a card: 'play now' asks for a sign-in and stays on the list.
      await page.goto('/rng?page=ALL');
      await page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: game.gameName, exact: true }) })
        .first()
        .getByRole('button', { name: 'Play now', exact: true })
        .click();
      const loginPopup = page.getByRole('dialog', { name: 'Log in' });
      await expect(loginPopup.getByText('Sorry, you are not logged in yet, please log in.')).toBeVisible();
      // The message is the popup's description: a screen reader reads it with the title as the popup opens.
      await expect(loginPopup).toHaveAccessibleDescription('Sorry, you are not logged in yet, please log in.');
      await expect(page).toHaveURL(/\/rng/);
      await page.keyboard.press('Escape');

      // Straight to /game: no launch happens and the login popup opens.
      let launched = false;
      page.on('request', (request) => {
        if (request.url().includes('/wps/game/launchGame')) launched = true;
      });
      await page.goto(`/game?gameId=${game.id}`);
      await expect(
        page.getByRole('dialog').getByText('Sorry, you are not logged in yet, please log in.'),
      ).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `launch-guest-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByText('Log in to play')).toBeVisible();

      // A trial address says what the card's 'Free trial' button says: a trial needs a sign-in too.
      await page.goto(`/game?gameId=${trialGame.id}&playMode=trial`);
      const trialPopup = page.getByRole('dialog', { name: 'Log in' });
      await expect(trialPopup).toHaveAccessibleDescription(/^Log in(, or play free as a guest,)? to try this game/);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `launch-guest-trial-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByText(/^Log in(, or play free as a guest,)? to try this game/)).toBeVisible();
      expect(launched).toBe(false);
    });

    test('a member opens a game in the full-height iframe page, and a game that is down says so', async ({
      page,
      baseURL,
    }) => {
      const catalogue = await readCatalogue(baseURL!);
      const downGame = seeded(catalogue.downGame, 'a game under maintenance');
      const slotGame = seeded(catalogue.slotGame, 'an active slot game to launch');
      const trialGame = seeded(catalogue.trialGame, 'an active slot game with a free trial');
      await rememberPreferences(page, 'KO', width < 768 ? 'light' : 'dark');
      await useSession(page, await signIn(baseURL!));

      await page.goto(`/game?gameId=${downGame.id}`);
      await expect(page.getByText('게임 점검 중', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: '로비로 돌아가기' })).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `launch-maintenance-${width}.png`), fullPage: true });

      await page.goto('/rng?page=ALL');
      await page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: slotGame.gameName, exact: true }) })
        .first()
        .getByRole('button', { name: '지금 플레이', exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/game\\?gameId=${slotGame.id}`));
      // The bar, the frame and the tab are named after the game.
      const frame = page.locator('main iframe');
      await expect(frame).toHaveAttribute('src', /.+/);
      await expect(frame).toHaveAttribute('title', slotGame.gameName);
      await expect(page.getByRole('heading', { level: 1, name: slotGame.gameName })).toBeVisible();
      await expect(page).toHaveTitle(`${slotGame.gameName} · Parlay`);
      const box = await frame.boundingBox();
      expect(box!.height).toBeGreaterThan((width < 768 ? 780 : 900) * 0.6);
      // The game itself has loaded inside the frame (its own balance line), not only the frame's address.
      await expect(page.frameLocator('main iframe').locator('.balance')).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `launch-member-${width}.png`) });

      await page.getByRole('button', { name: '뒤로' }).click();
      await expect(page).toHaveURL(/\/rng/);

      await page.goto('/index');
      await expect(
        page.getByRole('list', { name: '최근 플레이' }).getByRole('heading', { name: slotGame.gameName }),
      ).toBeVisible();

      await page.goto(`/game?gameId=${trialGame.id}&playMode=trial`);
      // A phone shows the short label, which leaves room for the game's name.
      await expect(page.getByText(width < 560 ? '무료 체험' : '무료 체험 · 연습 머니', { exact: true })).toBeVisible();
      // Opened from its address, with no list behind it: the name comes from the recently played games.
      await expect(page.getByRole('heading', { level: 1, name: trialGame.gameName })).toBeVisible();
      await expect(page).toHaveTitle(`${trialGame.gameName} · Parlay`);
      await expect(page.frameLocator('main iframe').locator('.balance')).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `launch-trial-${width}.png`) });
    });
  });
}
