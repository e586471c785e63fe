import type { Page } from '@playwright/test';
import { PLINKO_VECTORS } from '../../../packages/fairness/src/vectors';
import {
  expect,
  expectNoSidewaysScroll,
  readBalance,
  rememberPreferences,
  shot,
  signInMember,
  test,
  useSession,
  WIDTHS,
} from './house-fixtures';

/** A plinko round as the vendor answered the bet. */
interface Round {
  stakeMinor: number;
  winMinor: number | null;
  params: { rows: number; risk: string };
  outcome: { path: number[]; bucket: number; multiplier: number };
}

const LABELS = {
  en: {
    playNow: 'Play now',
    bet: 'Bet',
    rows: 'Rows',
    high: 'High',
    medium: 'Medium',
    stake: 'Stake',
    min: 'Minimum bet',
    max: 'Maximum bet',
    double: 'Double the bet',
    recent: 'Recent results',
  },
  ko: {
    playNow: '지금 플레이',
    bet: '베팅',
    rows: '줄 수',
    high: '높음',
    medium: '중간',
    stake: '베팅 금액',
    min: '최소 베팅 금액',
    max: '최대 베팅 금액',
    double: '베팅 금액 두 배',
    recent: '최근 결과',
  },
} as const;

/** Each width shows two of the four looks; together every language and theme is seen at both widths. */
const LOOKS: Record<(typeof WIDTHS)[number], readonly { language: 'en' | 'ko'; theme: 'dark' | 'light' }[]> = {
  1280: [
    { language: 'ko', theme: 'light' },
    { language: 'en', theme: 'dark' },
  ],
  375: [
    { language: 'en', theme: 'light' },
    { language: 'ko', theme: 'dark' },
  ],
};

/** Bets with the board's button and answers the round the vendor sent back. */
async function bet(page: Page, click: () => Promise<void>): Promise<Round> {
  const answer = page.waitForResponse((response) => response.url().includes('/house/api/plinko/bet'));
  await click();
  const body = (await (await answer).json()) as { success: boolean; value: { round: Round }; message?: string };
  expect(body.success, body.message).toBe(true);
  return body.value.round;
}

for (const width of WIDTHS) {
  for (const { language, theme } of LOOKS[width]) {
    const labels = LABELS[language];
    test.describe(`plinko at ${width}px, ${language} ${theme}`, () => {
      test.use({ viewport: { width, height: width < 768 ? 780 : 800 } });

      test('opens from the lobby, draws the board of the rows and risk, and drops a ball that pays its bucket', async ({
        page,
        house,
      }) => {
        await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
        const session = await signInMember(house);
        await useSession(page, session);
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: 'Parlay Plinko', exact: true }) })
          .first();
        const playNow = card.getByRole('button', { name: labels.playNow, exact: true });
        // The newest game: a worker's first journey may load the lobby before the list shows it; it reads it again.
        await expect(async () => {
          await page.goto(`${house.baseURL}/rng?page=ALL`);
          await expect(playNow).toBeVisible({ timeout: 10_000 });
        }).toPass({ timeout: 60_000 });
        await expect(card.locator('img')).toHaveAttribute('src', /\/house\/icons\/plinko\.svg$/);
        await playNow.click();
        const game = page.frameLocator('iframe');
        const betButton = game.getByRole('button', { name: labels.bet, exact: true });
        await expect(betButton).toBeVisible({ timeout: 30_000 });

        // 16 rows at medium risk first: 17 buckets, 110× at the edges and 0.3× in the middle.
        const buckets = game.locator('.plinko-bucket');
        await expect(buckets).toHaveCount(17);
        await expect(buckets.first()).toHaveText('110');
        await expect(buckets.nth(8)).toHaveText('0.3');
        await expect(game.getByRole('button', { name: labels.medium, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        // 8 rows at high risk: 9 buckets, 29× at the edges, and 3 + 4 + … + 10 pegs.
        await game.getByLabel(labels.rows, { exact: true }).selectOption('8');
        await game.getByRole('button', { name: labels.high, exact: true }).click();
        await expect(buckets).toHaveCount(9);
        await expect(buckets.first()).toHaveText('29');
        await expect(buckets.last()).toHaveText('29');
        await expect(game.locator('.plinko-pegs circle')).toHaveCount(52);

        // The amount keeps to the limits; at 1280 × 800 the board and the Bet button fit the screen together.
        const stake = game.getByRole('spinbutton', { name: labels.stake, exact: true });
        const min = Number(await stake.getAttribute('min'));
        await game.getByRole('button', { name: labels.max, exact: true }).click();
        await expect(stake).toHaveValue(String(await stake.getAttribute('max')));
        await game.getByRole('button', { name: labels.min, exact: true }).click();
        await game.getByRole('button', { name: labels.double, exact: true }).click();
        await expect(stake).toHaveValue(String(min * 2));
        if (width === 1280) {
          await expect(betButton).toBeInViewport();
          await expect(game.locator('.plinko-board')).toBeInViewport();
        }

        const before = await readBalance(house, session);
        const round = await bet(page, () => betButton.click());
        expect(round.params).toEqual({ rows: 8, risk: 'high' });
        expect(round.outcome.path).toHaveLength(8);
        expect(round.outcome.bucket).toBe(round.outcome.path.reduce((sum, step) => sum + step, 0));
        expect(round.winMinor).toBe(Math.floor(min * 2 * round.outcome.multiplier));
        // Journeys run with reduced motion: the ball is in its bucket at once, and the bucket lights up.
        await expect(game.locator(`.plinko-bucket[data-bucket="${round.outcome.bucket}"]`)).toHaveClass(/hit/);
        const shown = `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(round.outcome.multiplier)}×`;
        await expect(game.locator('.plinko-result')).toHaveText(shown);
        await expect(game.getByRole('list', { name: labels.recent }).getByRole('listitem').first()).toHaveText(shown);
        await expect.poll(() => readBalance(house, session)).toBe(before - min * 2 + (round.winMinor ?? 0));

        // A second ball over the full board (16 rows, 1,000× at the edges), then the look of the page.
        await game.getByLabel(labels.rows, { exact: true }).selectOption('16');
        await expect(buckets).toHaveCount(17);
        await expect(buckets.first()).toHaveText('1K');
        const second = await bet(page, () => betButton.click());
        expect(second.outcome.path).toHaveLength(16);
        await expectNoSidewaysScroll(page, 'plinko');
        await game.locator('.stage.plinko').scrollIntoViewIfNeeded();
        await shot(page, `plinko-${language}-${theme}`, width);
      });
    });
  }
}

test.describe('the verifier reproduces a plinko round', () => {
  for (const vector of PLINKO_VECTORS) {
    test(`${vector.rows} rows ${vector.risk}, nonce ${vector.seeds.nonce}`, async ({ page, house }) => {
      const query = new URLSearchParams({
        language: 'en',
        game: 'plinko',
        serverSeed: vector.seeds.serverSeed,
        clientSeed: vector.seeds.clientSeed,
        nonce: String(vector.seeds.nonce),
        rows: String(vector.rows),
        risk: vector.risk,
      });
      await page.goto(`${house.houseURL}/house/verify?${query.toString()}`);
      const output = page.locator('pre');
      await expect(output).toHaveText(/^\{/);
      expect(JSON.parse((await output.textContent()) ?? '')).toMatchObject({
        game: 'plinko',
        rows: vector.rows,
        risk: vector.risk,
        path: vector.path,
        bucket: vector.bucket,
        multiplier: vector.multiplier,
      });
      await expect(page.getByLabel('Rows', { exact: true })).toHaveValue(String(vector.rows));
    });
  }
});
