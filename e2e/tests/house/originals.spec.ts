import type { FrameLocator, Page } from '@playwright/test';
import { axe } from '../../support/axe';
import {
  expect,
  expectNoSidewaysScroll,
  rememberPreferences,
  shot,
  signInMember,
  test,
  useSession,
  WIDTHS,
} from './house-fixtures';

/** A round as the vendor answered the game's bet. */
interface Round {
  winMinor: number | null;
  outcome: { roll?: number; multiplier?: number };
}

const LABELS = {
  en: {
    playNow: 'Play now',
    bet: 'Bet',
    roll: 'Dice target',
    rollOver: 'Roll over',
    rollUnder: 'Roll under',
    multiplier: 'Multiplier',
    chance: 'Win chance',
    profit: 'Profit on win',
    target: 'Target multiplier',
    stake: 'Stake',
    half: 'Halve the bet',
    double: 'Double the bet',
    min: 'Minimum bet',
    max: 'Maximum bet',
    limits: /^Min .+ · Max .+$/,
    keyboard: 'Keyboard shortcuts',
    sound: 'Sound',
  },
  ko: {
    playNow: '지금 플레이',
    bet: '베팅',
    roll: '주사위 목표',
    rollOver: '롤 오버',
    rollUnder: '롤 언더',
    multiplier: '배당',
    chance: '당첨 확률',
    profit: '당첨 시 수익',
    target: '목표 배당',
    stake: '베팅 금액',
    half: '베팅 금액 절반',
    double: '베팅 금액 두 배',
    min: '최소 베팅 금액',
    max: '최대 베팅 금액',
    limits: /^최소 .+ · 최대 .+$/,
    keyboard: '단축키',
    sound: '효과음',
  },
} as const;
type Labels = (typeof LABELS)['en' | 'ko'];

/** Opens a house game from the site's lobby, as a member would: its card's play button. */
async function openFromLobby(page: Page, baseURL: string, name: string, labels: Labels): Promise<FrameLocator> {
  await page.goto(`${baseURL}/rng?page=ALL`);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first()
    .getByRole('button', { name: labels.playNow, exact: true })
    .click();
  await expect(page).toHaveURL(/\/game\?/);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('button', { name: labels.bet, exact: true })).toBeVisible({ timeout: 30_000 });
  return frame;
}

/** Runs a key press or click that bets, and answers the round the vendor sent back. */
async function betBy(page: Page, call: string, act: () => Promise<void>): Promise<Round> {
  const answer = page.waitForResponse((response) => response.url().includes(`/house/api/${call}`));
  await act();
  const body = (await (await answer).json()) as { success: boolean; value: { round: Round }; message?: string };
  expect(body.success, body.message).toBe(true);
  return body.value.round;
}

const LOOKS = [
  { language: 'ko', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'en', theme: 'light' },
  { language: 'ko', theme: 'dark' },
] as const;

for (const width of WIDTHS) {
  for (const { language, theme } of LOOKS) {
    const labels = LABELS[language];
    test.describe(`house originals at ${width}px, ${language} ${theme}`, () => {
      test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

      test('dice and limbo: the linked fields follow the slider and each other, and the amount controls keep to the limits', async ({
        page,
        house,
      }) => {
        await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
        await useSession(page, await signInMember(house));

        // Dice: the slider's target sets the multiplier and the win chance (0.99 × 10001 / winning rolls).
        let game = await openFromLobby(page, house.baseURL, 'Parlay Dice', labels);
        const slider = game.getByRole('slider', { name: labels.roll });
        const multiplier = game.getByLabel(labels.multiplier, { exact: true });
        const chance = game.getByLabel(labels.chance, { exact: true });
        await expect(slider).toHaveAttribute('aria-valuenow', '50.50');
        await expect(multiplier).toHaveValue('2.0002');
        await expect(chance).toHaveValue('49.4951');
        await slider.focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect(slider).toHaveAttribute('aria-valuenow', '52.50');
        await expect(multiplier).toHaveValue('2.0844');
        await expect(chance).toHaveValue('47.4953');
        // Under keeps the chance: the target mirrors.
        await game.getByRole('button', { name: labels.rollUnder, exact: true }).click();
        await expect(slider).toHaveAttribute('aria-valuenow', '47.50');
        await expect(multiplier).toHaveValue('2.0844');
        // A typed chance moves the slider and the multiplier; a typed multiplier moves the chance.
        await chance.fill('25');
        await expect(slider).toHaveAttribute('aria-valuenow', '25.00');
        await expect(multiplier).toHaveValue('3.9603');
        await multiplier.fill('3');
        await multiplier.press('Tab');
        await expect(multiplier).toHaveValue('3.0003');
        await expect(chance).toHaveValue('32.9967');
        await expect(slider).toHaveAttribute('aria-valuenow', '33.00');

        // The amount: min, max, half and double within the limits the game shows.
        const stake = game.getByRole('spinbutton', { name: labels.stake, exact: true });
        await expect(game.locator('.stake-field .limits')).toHaveText(labels.limits);
        const min = Number(await stake.getAttribute('min'));
        const max = Number(await stake.getAttribute('max'));
        await game.getByRole('button', { name: labels.max, exact: true }).click();
        await expect(stake).toHaveValue(String(max));
        await game.getByRole('button', { name: labels.double, exact: true }).click();
        await expect(stake).toHaveValue(String(max));
        await game.getByRole('button', { name: labels.min, exact: true }).click();
        await expect(stake).toHaveValue(String(min));
        await game.getByRole('button', { name: labels.half, exact: true }).click();
        await expect(stake).toHaveValue(String(min));
        // The keyboard's D doubles and S halves; the profit on win follows the stake.
        await page.keyboard.press('d');
        await expect(stake).toHaveValue(String(min * 2));
        await page.keyboard.press('s');
        await expect(stake).toHaveValue(String(min));
        await expect(game.getByLabel(labels.profit, { exact: true })).toHaveValue(
          new Intl.NumberFormat(language).format(Math.floor((min * 30_003) / 10_000) - min),
        );

        // Space bets from the slider; the marker lands on the roll, coloured by the outcome.
        await slider.focus();
        const dice = await betBy(page, 'dice/bet', () => page.keyboard.press('Space'));
        const marker = game.locator('.dice-marker');
        await expect(marker).toHaveText(Number(dice.outcome.roll).toFixed(2));
        await expect(marker).toHaveClass((dice.winMinor ?? 0) > 0 ? /good/ : /bad/);
        await expect(game.getByRole('button', { name: labels.bet, exact: true })).toBeEnabled();
        await game.getByRole('button', { name: labels.keyboard }).click();
        await expect(game.getByRole('dialog', { name: labels.keyboard })).toContainText('Space');
        await shot(page, `originals-dice-${language}-${theme}`, width);
        await page.keyboard.press('Escape');
        await expect(game.getByRole('dialog', { name: labels.keyboard })).toBeHidden();
        await expectNoSidewaysScroll(page, 'dice');
        // The slider, the linked fields and the quick controls read right to a screen reader, in both themes.
        const results = await axe(page).include('iframe').analyze();
        expect(
          results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
        ).toEqual([]);
        // Sound off is remembered by the next game.
        await game.getByRole('button', { name: labels.sound }).click();
        await expect(game.getByRole('button', { name: labels.sound })).toHaveAttribute('aria-pressed', 'false');

        // Limbo: the target multiplier and the win chance follow each other; the result counts up to its value.
        game = await openFromLobby(page, house.baseURL, 'Parlay Limbo', labels);
        await expect(game.getByRole('button', { name: labels.sound })).toHaveAttribute('aria-pressed', 'false');
        const target = game.getByLabel(labels.target, { exact: true });
        const limboChance = game.getByLabel(labels.chance, { exact: true });
        await expect(target).toHaveValue('2.00');
        await expect(limboChance).toHaveValue('49.50');
        await target.fill('4');
        await expect(limboChance).toHaveValue('24.75');
        await limboChance.fill('10');
        await limboChance.press('Tab');
        await expect(target).toHaveValue('9.90');
        await expect(limboChance).toHaveValue('10.00');
        // Q lowers the target by a tenth (the keys answer once no field has the focus).
        await game.locator('.stage').click();
        await page.keyboard.press('q');
        await expect(target).toHaveValue('8.91');
        const limbo = await betBy(page, 'limbo/bet', () => page.keyboard.press('Space'));
        const result = game.locator('.stage .big');
        await expect(result).toHaveText(`${Number(limbo.outcome.multiplier).toFixed(2)}×`);
        await expect(result).toHaveClass((limbo.winMinor ?? 0) > 0 ? /good/ : /bad/);
        await expect(game.getByRole('button', { name: labels.bet, exact: true })).toBeEnabled();
        await shot(page, `originals-limbo-${language}-${theme}`, width);
        await expectNoSidewaysScroll(page, 'limbo');
      });
    });
  }
}
