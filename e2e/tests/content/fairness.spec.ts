import { expect, test } from '@playwright/test';
import { axe } from '../../support/axe';
import { rememberChoices, screenshot, waitForShell } from '../../support/shell';
import { expectNoSidewaysScroll } from '../games/games-fixtures';

// The first of the fairness package's fixed vectors (packages/fairness/src/vectors.ts), computed apart in Python.
const SEED = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
const CLIENT = 'lucky-player';

test.describe('/fairness', () => {
  for (const { width, theme, language } of [
    { width: 1280, theme: 'dark', language: 'EN' },
    { width: 375, theme: 'light', language: 'KO' },
  ] as const) {
    test(`recomputes a round a link names, then one typed in (${width} px, ${theme}, ${language})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await rememberChoices(page, theme, language);
      const query = new URLSearchParams({
        game: 'mines',
        serverSeed: SEED,
        clientSeed: CLIENT,
        nonce: '0',
        mines: '3',
      });
      await page.goto(`/fairness?${query}`);
      await waitForShell(page);
      // Tiles 2, 8 and 18 from 0: the vector's mines, shown from 1.
      await expect(page.locator('dd', { hasText: '3, 9, 19' })).toBeVisible();
      await expectNoSidewaysScroll(page, `/fairness at ${width}`);
      await screenshot(page, `fairness-mines-${width}-${theme}-${language}`);

      await page.locator('main form select').first().selectOption('dice');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('dd', { hasText: '75.00' })).toBeVisible();

      const blocking = (await axe(page).analyze()).violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(blocking.map((violation) => violation.id)).toEqual([]);
      await screenshot(page, `fairness-dice-${width}-${theme}-${language}`);
    });
  }

  test('the footer leads to it', async ({ page }) => {
    await rememberChoices(page, 'dark', 'EN');
    await page.goto('/index');
    await waitForShell(page);
    // The footer loads as it nears the viewport.
    const link = page.getByRole('link', { name: /Provably fair: verify any round/ });
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(link).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await link.click();
    await expect(page).toHaveURL(/\/fairness$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Provably fair' })).toBeVisible();
  });
});
