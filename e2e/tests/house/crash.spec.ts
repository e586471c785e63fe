import type { Browser, FrameLocator, Page } from '@playwright/test';
import {
  AGENT_MEMBER,
  DEMO_MEMBER,
  expect,
  expectNoSidewaysScroll,
  findHouseGame,
  headerAmount,
  readBalance,
  readRecords,
  rememberPreferences,
  shot,
  signInMember,
  test,
  useSession,
  type HouseServer,
} from './house-fixtures';

const TEXT = {
  en: { bet: 'Bet', auto: 'Auto cash-out', betting: 'Betting', crashed: 'Crashed' },
  ko: { bet: '베팅', auto: '자동 캐시아웃', betting: '베팅 시간', crashed: '크래시' },
} as const;

interface Player {
  page: Page;
  frame: FrameLocator;
  text: (typeof TEXT)['en' | 'ko'];
  language: 'en' | 'ko';
  width: number;
  session: Awaited<ReturnType<typeof signInMember>>;
  balance: number;
}

async function openCrash(
  browser: Browser,
  house: HouseServer,
  member: { username: string; password: string },
  width: number,
  language: 'en' | 'ko',
  theme: 'dark' | 'light',
  autoCashout: string,
): Promise<Player> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 } });
  const page = await context.newPage();
  const session = await signInMember(house, member);
  const balance = await readBalance(house, session);
  await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
  await useSession(page, session);
  const game = await findHouseGame(house, 'crash');
  await page.goto(`${house.baseURL}/game?gameId=${game.id}`);
  const frame = page.frameLocator('iframe');
  const text = TEXT[language];
  await expect(frame.locator('.balance')).toContainText(headerAmount(balance, language));
  await frame.getByLabel(text.auto).fill(autoCashout);
  return { page, frame, text, language, width, session, balance };
}

/**
 * Waits for the next betting window to open for every player. A window already open may be about to
 * close, and a bet that arrives after it is queued for the next game, so the wait starts at a crash.
 */
async function waitForFreshBetting(players: Player[]): Promise<void> {
  for (const player of players) {
    await expect(player.frame.getByText(player.text.crashed, { exact: true })).toBeVisible({ timeout: 60_000 });
  }
  for (const player of players) {
    await expect(player.frame.getByText(player.text.betting, { exact: true })).toBeVisible({ timeout: 30_000 });
  }
}

/** Places the player's bet in the betting window now open, and answers the round id the vendor gave it. */
async function placeBet(player: Player): Promise<string> {
  const answer = player.page.waitForResponse((response) => response.url().includes('/house/api/crash/bet'));
  await player.frame.getByRole('button', { name: player.text.bet, exact: true }).click();
  const body = (await (await answer).json()) as { success: boolean; value: { roundId: string; queued: boolean } };
  expect(body.success).toBe(true);
  expect(body.value.queued, 'the bet joins the round in its betting window').toBe(false);
  return body.value.roundId;
}

test('a crash round with two members: one cashes out automatically, one busts, both balances exact', async ({
  browser,
  house,
}) => {
  test.setTimeout(120_000);
  // The phone player cashes out at 1.01× by itself; the desktop player never cashes out.
  const cashing = await openCrash(browser, house, DEMO_MEMBER, 375, 'ko', 'light', '1.01');
  const busting = await openCrash(browser, house, AGENT_MEMBER, 1280, 'en', 'dark', '0');
  const stake = Number(await cashing.frame.getByRole('spinbutton').first().inputValue());
  expect(Number(await busting.frame.getByRole('spinbutton').first().inputValue())).toBe(stake);

  // About 1 game in 50 crashes at 1.00× before any cash-out: play until the automatic cash-out wins once.
  let sawCashOut = false;
  for (let attempt = 0; attempt < 4 && !sawCashOut; attempt += 1) {
    await waitForFreshBetting([cashing, busting]);
    const [cashingRound, bustingRound] = await Promise.all([placeBet(cashing), placeBet(busting)]);
    await shot(busting.page, 'crash-bets-dark', busting.width);

    await expect(busting.frame.getByText(busting.text.crashed, { exact: true })).toBeVisible({ timeout: 60_000 });
    const crashText = await busting.frame.locator('.big.bad').textContent();
    const crashPointX100 = Math.round(Number(/([\d.]+)×/.exec(crashText ?? '')?.[1]) * 100);
    expect(crashPointX100).toBeGreaterThanOrEqual(100);
    // Both see the same crash point.
    await expect(cashing.frame.getByText(cashing.text.crashed, { exact: true })).toBeVisible();
    await shot(cashing.page, 'crash-crashed-light', cashing.width);
    await shot(busting.page, 'crash-crashed-dark', busting.width);

    const cashWin = crashPointX100 >= 101 ? Math.floor((stake * 101) / 100) : 0;
    cashing.balance += cashWin - stake;
    busting.balance -= stake;
    await expect
      .poll(async () => (await readRecords(house, cashing.session, 1))[0], { timeout: 20_000 })
      .toMatchObject({ roundId: cashingRound, stakeMinor: stake, winMinor: cashWin, status: 'settled' });
    await expect
      .poll(async () => (await readRecords(house, busting.session, 1))[0], { timeout: 20_000 })
      .toMatchObject({ roundId: bustingRound, stakeMinor: stake, winMinor: 0, status: 'settled' });
    expect(await readBalance(house, cashing.session)).toBe(cashing.balance);
    expect(await readBalance(house, busting.session)).toBe(busting.balance);
    for (const player of [cashing, busting]) {
      await expect(player.page.getByRole('banner').getByTestId('balance-amount')).toHaveText(
        headerAmount(player.balance, player.language),
      );
    }
    sawCashOut = cashWin > 0;
  }
  expect(sawCashOut, 'the automatic cash-out won in one of the rounds').toBe(true);
  await shot(cashing.page, 'crash-settled-light', cashing.width);
  await shot(busting.page, 'crash-settled-dark', busting.width);
  await expectNoSidewaysScroll(cashing.page, 'crash at 375 px');
  await cashing.page.context().close();
  await busting.page.context().close();
});
