import { axe } from '../../support/axe';
import type { FrameLocator, Page } from '@playwright/test';
import {
  expect,
  expectNoSidewaysScroll,
  findHouseGame,
  headerAmount,
  readBalance,
  readRecords,
  recordAmount,
  rememberPreferences,
  shot,
  signInMember,
  test,
  useSession,
  WIDTHS,
} from './house-fixtures';

interface Round {
  roundId: string;
  stakeMinor: number;
  winMinor: number | null;
  state: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const LABELS = {
  en: {
    bet: 'Bet',
    spin: 'Spin',
    start: 'Start',
    cashOut: 'Cash out',
    settled: 'Settled',
    details: 'Details',
    fair: 'Provably fair',
    verify: 'Verify this round',
    rotate: 'Rotate (reveal)',
    notRevealed: 'This server seed is not revealed yet.',
    matches: 'The server seed matches the recorded hash.',
  },
  ko: {
    bet: '베팅',
    spin: '스핀',
    start: '시작',
    cashOut: '캐시아웃',
    settled: '정산 완료',
    details: '상세',
    fair: '공정성 검증',
    verify: '이 라운드 검증하기',
    rotate: '시드 교체 (공개)',
    notRevealed: '아직 공개되지 않은 서버 시드입니다.',
    matches: '서버 시드가 기록된 해시와 일치합니다.',
  },
} as const;

/** Clicks and answers the round of the vendor's call it caused, as the game client received it. */
async function playCall(page: Page, call: string, click: () => Promise<void>): Promise<Round> {
  const answer = page.waitForResponse((response) => response.url().includes(`/house/api/${call}`));
  await click();
  const body = (await (await answer).json()) as { success: boolean; value: { round: Round }; message?: string };
  expect(body.success, body.message).toBe(true);
  return body.value.round;
}

type Play = (game: FrameLocator, page: Page, labels: (typeof LABELS)['en' | 'ko']) => Promise<Round>;

const PLAYS: Record<string, Play> = {
  dice: (game, page, labels) =>
    playCall(page, 'dice/bet', () => game.getByRole('button', { name: labels.bet, exact: true }).click()),
  limbo: (game, page, labels) =>
    playCall(page, 'limbo/bet', () => game.getByRole('button', { name: labels.bet, exact: true }).click()),
  'lucky-parlay': (game, page, labels) =>
    playCall(page, 'slot/spin', () => game.getByRole('button', { name: labels.spin, exact: true }).click()),
  mines: async (game, page, labels) => {
    const started = await playCall(page, 'mines/start', () =>
      game.getByRole('button', { name: labels.start, exact: true }).click(),
    );
    expect(started.state).toBe('open');
    const revealed = await playCall(page, 'mines/reveal', () =>
      game.getByRole('button', { name: 'tile 13', exact: true }).click(),
    );
    // A mine ends the round lost; a safe tile leaves it open to cash out.
    if (revealed.state !== 'open') return revealed;
    return playCall(page, 'mines/cashout', () =>
      game.getByRole('button', { name: labels.cashOut, exact: true }).click(),
    );
  },
};

for (const width of WIDTHS) {
  const language = width < 768 ? 'ko' : 'en';
  const theme = width < 768 ? 'light' : 'dark';
  const labels = LABELS[language];

  test.describe(`house games at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    for (const [code, play] of Object.entries(PLAYS)) {
      test(`a member plays ${code} for real money: balance and betting record move by exactly the stake and the win`, async ({
        page,
        house,
      }) => {
        const session = await signInMember(house);
        const game = await findHouseGame(house, code);
        const before = await readBalance(house, session);
        await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
        await useSession(page, session);
        await page.goto(`${house.baseURL}/game?gameId=${game.id}`);
        const amount = page.getByRole('banner').getByTestId('balance-amount');
        await expect(amount).toHaveText(headerAmount(before, language));
        const frame = page.frameLocator('iframe');
        // The game client shows the platform's balance before anything is played.
        await expect(frame.locator('.balance')).toContainText(headerAmount(before, language));

        const round = await play(frame, page, labels);
        expect(round.state).toBe('settled');
        expect(round.stakeMinor).toBeGreaterThan(0);
        const win = round.winMinor ?? 0;
        const expected = before - round.stakeMinor + win;

        expect(await readBalance(house, session)).toBe(expected);
        await expect(amount).toHaveText(headerAmount(expected, language));
        await expect(frame.locator('.balance')).toContainText(headerAmount(expected, language));
        const [record] = await readRecords(house, session, 1);
        expect(record).toMatchObject({
          roundId: round.roundId,
          vassalage: 'HOUSE',
          gameCode: code,
          stakeMinor: round.stakeMinor,
          winMinor: win,
          profitMinor: win - round.stakeMinor,
          status: 'settled',
        });
        await shot(page, `${code}-played-${theme}`, width);
        await expectNoSidewaysScroll(page, `${code} in /game`);

        // The wallet panel lists the round first, with the same stake and win.
        await amount.click();
        const first = page.getByRole('dialog').getByRole('listitem').filter({ hasText: game.gameName }).first();
        await expect(first).toContainText(recordAmount(round.stakeMinor, language));
        await expect(first).toContainText(recordAmount(win, language));
        await expect(first).toContainText(labels.settled);
        await shot(page, `${code}-record-${theme}`, width);

        // Opened, the record shows the round's id and the seeds it was played with, as the game had them.
        await first.getByRole('button', { name: new RegExp(`^${labels.details}`) }).click();
        await expect(first).toContainText(round.roundId);
        const fair = first.getByRole('region', { name: labels.fair });
        await expect(fair).toContainText(round.serverSeedHash);
        await expect(fair).toContainText(round.clientSeed);
        await expect(fair).toContainText(String(round.nonce));
        await expectNoSidewaysScroll(page, `${code} round detail`);
        const results = await axe(page).include('[role="dialog"]').analyze();
        expect(
          results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
        ).toEqual([]);
        await fair.scrollIntoViewIfNeeded();
        await shot(page, `${code}-record-detail-${theme}`, width);

        if (code === 'dice') {
          // The record links to the vendor's verifier, which cannot read the seed while it is in use...
          const opening = page.context().waitForEvent('page');
          await fair.getByRole('link', { name: new RegExp(`^${labels.verify}`) }).click();
          const verifier = await opening;
          await expect(verifier.getByRole('status')).toContainText(labels.notRevealed);
          await shot(verifier, `verifier-hidden-${theme}`, width);
          // ...and checks the round from the record alone once the player rotates the pair in the game.
          await page.keyboard.press('Escape');
          const rotated = page.waitForResponse((response) => response.url().includes('/house/api/seeds/rotate'));
          await frame.getByRole('button', { name: labels.rotate }).click();
          await rotated;
          await verifier.reload();
          await expect(verifier.getByRole('status')).toHaveText(labels.matches);
          await expect(verifier.locator('pre')).toContainText(`"nonce": ${round.nonce}`);
          await expectNoSidewaysScroll(verifier, 'verifier');
          await shot(verifier, `verifier-${theme}`, width);
          await verifier.close();
        }
      });
    }
  });
}
