import type { Page } from '@playwright/test';
import { CRASH_SALT, CRASH_VECTORS, ROUND_VECTORS } from '../../../packages/fairness/src/vectors';
import { expect, expectNoSidewaysScroll, shot, test, WIDTHS, type HouseServer } from './house-fixtures';

/** Opens the verifier page with a round's public inputs in the query string and answers what it shows. */
async function verify(page: Page, house: HouseServer, query: Record<string, string>): Promise<Record<string, unknown>> {
  await page.goto(`${house.houseURL}/house/verify?${new URLSearchParams({ language: 'en', ...query }).toString()}`);
  const output = page.locator('pre');
  await expect(output).toHaveText(/^\{/);
  return JSON.parse((await output.textContent()) ?? '') as Record<string, unknown>;
}

test.describe('the verifier page agrees with the fixed vectors', () => {
  for (const [index, vector] of ROUND_VECTORS.entries()) {
    test(`dice, limbo, mines and the slot of vector ${index + 1}`, async ({ page, house }) => {
      const seeds = {
        serverSeed: vector.seeds.serverSeed,
        clientSeed: vector.seeds.clientSeed,
        nonce: String(vector.seeds.nonce),
      };
      expect(await verify(page, house, { game: 'dice', ...seeds })).toMatchObject({
        game: 'dice',
        nonce: vector.seeds.nonce,
        roll: vector.dice,
      });
      expect(await verify(page, house, { game: 'limbo', ...seeds })).toMatchObject({ multiplier: vector.limbo });
      for (const [count, tiles] of Object.entries(vector.mines)) {
        expect(await verify(page, house, { game: 'mines', mines: count, ...seeds })).toMatchObject({
          mines: Number(count),
          mineTiles: tiles,
        });
      }
      const slot = (await verify(page, house, { game: 'slot', ...seeds })) as {
        round: { spins: { stops: number[] }[] };
      };
      expect(slot.round.spins[0]!.stops).toEqual(vector.stops);
    });
  }

  test('crash points of the fixed chain', async ({ page, house }) => {
    for (const [gameHash, point] of CRASH_VECTORS) {
      expect(await verify(page, house, { game: 'crash', gameHash, salt: CRASH_SALT })).toMatchObject({
        crashPoint: point,
      });
    }
  });

  for (const width of WIDTHS) {
    test(`a round typed into the form at ${width}px`, async ({ page, house }) => {
      await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
      const theme = width < 768 ? 'light' : 'dark';
      const language = width < 768 ? 'ko' : 'en';
      await page.goto(`${house.houseURL}/house/verify?language=${language}&theme=${theme}`);
      const vector = ROUND_VECTORS[2]!;
      const labels =
        language === 'en'
          ? {
              game: 'Game',
              serverSeed: 'Server seed',
              clientSeed: 'Client seed',
              nonce: 'Nonce',
              gameHash: 'Game hash',
              verify: 'Verify',
            }
          : {
              game: '게임',
              serverSeed: '서버 시드',
              clientSeed: '클라이언트 시드',
              nonce: '논스',
              gameHash: '게임 해시',
              verify: '검증',
            };
      // The form asks only for what the chosen game takes: crash a game hash and salt, the others seeds.
      await page.getByRole('combobox', { name: labels.game }).selectOption('crash');
      await expect(page.getByRole('textbox', { name: labels.serverSeed })).toBeHidden();
      await expect(page.getByRole('textbox', { name: labels.gameHash })).toBeVisible();
      await page.getByRole('combobox', { name: labels.game }).selectOption('dice');
      await expect(page.getByRole('textbox', { name: labels.gameHash })).toBeHidden();
      await page.getByRole('textbox', { name: labels.serverSeed }).fill(vector.seeds.serverSeed);
      await page.getByRole('textbox', { name: labels.clientSeed }).fill(vector.seeds.clientSeed);
      await page.getByRole('textbox', { name: labels.nonce }).fill(String(vector.seeds.nonce));
      await page.getByRole('button', { name: labels.verify }).click();
      await expect(page.locator('pre')).toContainText(`"roll": ${vector.dice}`);
      await shot(page, `verifier-${theme}`, width);
      await expectNoSidewaysScroll(page, 'verifier');
    });
  }
});
