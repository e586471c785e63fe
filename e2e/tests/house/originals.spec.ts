import type { FrameLocator, Page } from '@playwright/test';
import { axe } from '../../support/axe';
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

/** A round as the vendor answered the game's bet. */
interface Round {
  stakeMinor: number;
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
    limits: /^Min .+ · Max .+ · Max win .+$/,
    keyboard: 'Keyboard shortcuts',
    sound: 'Sound',
    manual: 'Manual',
    auto: 'Auto',
    numberOfBets: 'Number of bets',
    stopOnProfit: 'Stop on profit',
    startAutobet: 'Start autobet',
    stopAutobet: 'Stop autobet',
    autobetBets: 'Bets',
    reasons: { count: 'Done: every bet placed.', profit: 'Stopped: profit target reached.', stopped: 'Stopped.' },
    start: 'Start',
    mines: 'Mines',
    pickTilesFirst: 'Pick at least one tile to open first.',
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
    limits: /^최소 .+ · 최대 .+ · 최대 당첨금 .+$/,
    keyboard: '단축키',
    sound: '효과음',
    manual: '수동',
    auto: '자동',
    numberOfBets: '베팅 횟수',
    stopOnProfit: '수익 도달 시 중지',
    startAutobet: '자동 베팅 시작',
    stopAutobet: '자동 베팅 중지',
    autobetBets: '베팅',
    reasons: {
      count: '완료: 모든 베팅을 마쳤습니다.',
      profit: '중지: 목표 수익에 도달했습니다.',
      stopped: '중지되었습니다.',
    },
    start: '시작',
    mines: '지뢰 수',
    pickTilesFirst: '먼저 열 타일을 하나 이상 고르세요.',
  },
} as const;
type Labels = (typeof LABELS)['en' | 'ko'];

/** Opens a house game from the site's lobby, as a member would: its card's play button. */
async function openFromLobby(
  page: Page,
  baseURL: string,
  name: string,
  labels: Labels,
  ready: string = labels.bet,
): Promise<FrameLocator> {
  await page.goto(`${baseURL}/rng?page=ALL`);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first()
    .getByRole('button', { name: labels.playNow, exact: true })
    .click();
  await expect(page).toHaveURL(/\/game\?/);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('button', { name: ready, exact: true })).toBeVisible({ timeout: 30_000 });
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

/** Every dice round the page bets, as the vendor answered them, in order. */
function recordDiceRounds(page: Page): { rounds: () => Promise<Round[]> } {
  const answers: Promise<Round>[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/house/api/dice/bet')) return;
    answers.push(
      response.json().then((body: { success: boolean; value: { round: Round }; message?: string }) => {
        expect(body.success, body.message).toBe(true);
        return body.value.round;
      }),
    );
  });
  return { rounds: () => Promise.all(answers) };
}

/** The run's net as the game's status shows it: wins less stakes, signed, with the brand's symbol before it. */
function netShown(rounds: Round[], language: 'en' | 'ko'): RegExp {
  const net = rounds.reduce((sum, round) => sum + (round.winMinor ?? 0) - round.stakeMinor, 0);
  const amount = new Intl.NumberFormat(language).format(Math.abs(net));
  const sign = net > 0 ? '\\+' : net < 0 ? '\u2212' : '';
  return new RegExp(`${sign}\\D{0,3}${amount}(?!\\d)`);
}

/** Every mines answer the page gets (start, reveal, cash-out), in order. */
function recordMinesRounds(page: Page): {
  answers: () => Promise<{ path: string; round: Round & { roundId: string; state: string } }[]>;
} {
  const answers: Promise<{ path: string; round: Round & { roundId: string; state: string } }>[] = [];
  page.on('response', (response) => {
    const path = /\/house\/api\/(mines\/\w+)/.exec(response.url())?.[1];
    if (!path) return;
    answers.push(
      response
        .json()
        .then(
          (body: {
            success: boolean;
            value: { round: Round & { roundId: string; state: string } };
            message?: string;
          }) => {
            expect(body.success, body.message).toBe(true);
            return { path, round: body.value.round };
          },
        ),
    );
  });
  return { answers: () => Promise.all(answers) };
}

/** Autobet at both widths, across the four looks (two at each width), for its screenshots. */
const AUTOBET_LOOKS: Record<(typeof WIDTHS)[number], readonly { language: string; theme: string }[]> = {
  1280: [
    { language: 'ko', theme: 'light' },
    { language: 'en', theme: 'dark' },
  ],
  375: [
    { language: 'en', theme: 'light' },
    { language: 'ko', theme: 'dark' },
  ],
};

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

      if (AUTOBET_LOOKS[width].some((look) => look.language === language && look.theme === theme))
        test('dice autobet: its number of bets, its stop on profit and its stop button end the run', async ({
          page,
          house,
        }) => {
          await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
          const session = await signInMember(house);
          await useSession(page, session);
          const balanceBefore = await readBalance(house, session);
          const bets = recordDiceRounds(page);
          const game = await openFromLobby(page, house.baseURL, 'Parlay Dice', labels);
          // The best chance there is (98 %) at the smallest stake: a win is almost sure and pays a little.
          const chance = game.getByLabel(labels.chance, { exact: true });
          await chance.fill('98');
          await chance.press('Tab');
          await game.getByRole('button', { name: labels.min, exact: true }).click();

          // Auto takes the manual bet's place.
          await game.getByRole('button', { name: labels.auto, exact: true }).click();
          await expect(game.getByRole('button', { name: labels.auto, exact: true })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
          await expect(game.getByRole('button', { name: labels.bet, exact: true })).toBeHidden();
          const panel = game.locator('.autobet');
          const status = game.locator('.autobet-status');
          const start = game.getByRole('button', { name: labels.startAutobet, exact: true });
          const count = game.getByLabel(labels.numberOfBets, { exact: true });
          const profit = game.getByLabel(labels.stopOnProfit, { exact: true });

          // Three bets and no stop: exactly three rounds.
          await count.fill('3');
          await start.click();
          await expect(panel).toHaveAttribute('data-reason', 'count', { timeout: 30_000 });
          await expect(panel).toHaveAttribute('data-state', 'idle');
          let rounds = await bets.rounds();
          expect(rounds).toHaveLength(3);
          await expect(status).toContainText(`${labels.autobetBets} 3 / 3`);
          await expect(status).toContainText(netShown(rounds, language));
          await expect(status).toContainText(labels.reasons.count);

          // Five bets that stop once the run is 1 up: at the first bet that puts the run's net there.
          await count.fill('5');
          await profit.fill('1');
          await start.click();
          await expect(panel).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
          await expect(panel).toHaveAttribute('data-reason', /^(profit|count)$/);
          const second = (await bets.rounds()).slice(3);
          let net = 0;
          const reached = second.findIndex((round) => (net += (round.winMinor ?? 0) - round.stakeMinor) >= 1);
          const stopsOnProfit = reached >= 0;
          expect(second).toHaveLength(stopsOnProfit ? reached + 1 : 5);
          await expect(panel).toHaveAttribute('data-reason', stopsOnProfit ? 'profit' : 'count');
          await expect(status).toContainText(`${labels.autobetBets} ${second.length} / 5`);
          await expect(status).toContainText(netShown(second, language));
          await expect(status).toContainText(stopsOnProfit ? labels.reasons.profit : labels.reasons.count);
          await start.scrollIntoViewIfNeeded();
          await shot(page, `originals-autobet-${language}-${theme}`, width);
          // Auto's settings, its status and its button read right to a screen reader, in both themes.
          const results = await axe(page).include('iframe').analyze();
          expect(
            results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
          ).toEqual([]);

          // Until stopped (0 bets): the button turns to Stop, and Stop ends the run after the bet in flight.
          await count.fill('0');
          await profit.fill('0');
          await start.click();
          const stop = game.getByRole('button', { name: labels.stopAutobet, exact: true });
          await expect(stop).toBeVisible();
          await expect(game.getByRole('spinbutton', { name: labels.stake, exact: true })).toBeDisabled();
          await expect(status).toContainText(`${labels.autobetBets} 1`, { timeout: 30_000 });
          await shot(page, `originals-autobet-running-${language}-${theme}`, width);
          await stop.click();
          await expect(panel).toHaveAttribute('data-reason', 'stopped', { timeout: 30_000 });
          await expect(panel).toHaveAttribute('data-state', 'idle');
          await expect(start).toBeEnabled();
          await expect(game.getByRole('spinbutton', { name: labels.stake, exact: true })).toBeEnabled();
          const third = (await bets.rounds()).slice(3 + second.length);
          expect(third.length).toBeGreaterThanOrEqual(1);
          await expect(status).toContainText(`${labels.autobetBets} ${third.length} · `);
          await expect(status).toContainText(labels.reasons.stopped);

          // The books: the platform's balance moved by every round's win less its stake, and nothing else.
          rounds = await bets.rounds();
          const moved = rounds.reduce((sum, round) => sum + (round.winMinor ?? 0) - round.stakeMinor, 0);
          expect(await readBalance(house, session)).toBe(balanceBefore + moved);
          await expectNoSidewaysScroll(page, 'dice autobet');
        });

      if (AUTOBET_LOOKS[width][0]!.language === language && AUTOBET_LOOKS[width][0]!.theme === theme)
        test('mines autobet: the picked tiles open in each round, which cashes out when all were safe', async ({
          page,
          house,
        }) => {
          await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
          const session = await signInMember(house);
          await useSession(page, session);
          const balanceBefore = await readBalance(house, session);
          const moves = recordMinesRounds(page);
          const game = await openFromLobby(page, house.baseURL, 'Parlay Mines', labels, labels.start);
          await game.getByRole('button', { name: labels.min, exact: true }).click();
          await game.getByLabel(labels.mines, { exact: true }).fill('1');
          await game.getByRole('button', { name: labels.auto, exact: true }).click();
          await expect(game.getByRole('button', { name: labels.start, exact: true })).toBeHidden();
          // No tile picked: nothing starts.
          const start = game.getByRole('button', { name: labels.startAutobet, exact: true });
          await start.click();
          await expect(game.getByRole('alert')).toHaveText(labels.pickTilesFirst);
          // Two tiles picked (a tile picked twice is unpicked), two rounds.
          const tile = (n: number) => game.getByRole('button', { name: `tile ${n}`, exact: true });
          await tile(7).click();
          await tile(13).click();
          await tile(19).click();
          await tile(19).click();
          await expect(tile(7)).toHaveAttribute('aria-pressed', 'true');
          await expect(tile(19)).toHaveAttribute('aria-pressed', 'false');
          await game.getByLabel(labels.numberOfBets, { exact: true }).fill('2');
          await start.click();
          const panel = game.locator('.autobet');
          await expect(panel).toHaveAttribute('data-reason', 'count', { timeout: 30_000 });
          await expect(panel).toHaveAttribute('data-state', 'idle');
          // The run cleared the refusal it started after.
          await expect(game.getByText(labels.pickTilesFirst)).toBeHidden();

          // Each round: a start, then tiles 7 and 13 in that order until a mine, then a cash-out if none was.
          const answers = await moves.answers();
          const rounds = new Map<string, typeof answers>();
          for (const answer of answers)
            rounds.set(answer.round.roundId, [...(rounds.get(answer.round.roundId) ?? []), answer]);
          expect(rounds.size).toBe(2);
          let net = 0;
          for (const steps of rounds.values()) {
            const paths = steps.map((step) => step.path);
            const last = steps.at(-1)!.round;
            expect(last.state).not.toBe('open');
            const hitMine = (last.winMinor ?? 0) === 0;
            expect(paths).toEqual(
              hitMine && paths.length === 2
                ? ['mines/start', 'mines/reveal']
                : hitMine
                  ? ['mines/start', 'mines/reveal', 'mines/reveal']
                  : ['mines/start', 'mines/reveal', 'mines/reveal', 'mines/cashout'],
            );
            net += (last.winMinor ?? 0) - last.stakeMinor;
          }
          await expect(game.locator('.autobet-status')).toContainText(`${labels.autobetBets} 2 / 2`);
          // Between runs the picks stay, and can change.
          await expect(tile(13)).toHaveAttribute('aria-pressed', 'true');
          await expect(tile(13)).toBeEnabled();
          await game.locator('.autobet-start').scrollIntoViewIfNeeded();
          await shot(page, `originals-mines-autobet-${language}-${theme}`, width);
          expect(await readBalance(house, session)).toBe(balanceBefore + net);
          await expectNoSidewaysScroll(page, 'mines autobet');
        });
    });
  }
}
