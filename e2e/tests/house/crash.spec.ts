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

/** One of the two bet panels, side by side at 1280 px and stacked at 375. */
function betPanel(player: Player, slot: 0 | 1) {
  return player.frame.locator('.bet-panel').nth(slot);
}

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
  const player = { page, frame, text, language, width, session, balance };
  await betPanel(player, 0).getByLabel(text.auto).fill(autoCashout);
  return player;
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

/** Places the bet of one panel in the betting window now open, and answers the round id the vendor gave it. */
async function placeBet(player: Player, slot: 0 | 1 = 0): Promise<string> {
  const answer = player.page.waitForResponse((response) => response.url().includes('/house/api/crash/bet'));
  await betPanel(player, slot).getByRole('button', { name: player.text.bet, exact: true }).click();
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

/** Opens the game only to look at it: another size, language and theme for the screenshots. */
async function watchCrash(
  browser: Browser,
  house: HouseServer,
  width: number,
  language: 'en' | 'ko',
  theme: 'dark' | 'light',
): Promise<Player> {
  return openCrash(browser, house, AGENT_MEMBER, width, language, theme, '0');
}

test('one member plays two bets in one round: the automatic one cashes out by itself, both settle exact', async ({
  browser,
  house,
}) => {
  test.setTimeout(180_000);
  const desk = await openCrash(browser, house, DEMO_MEMBER, 1280, 'en', 'dark', '0');
  // Watchers at the other size, language and theme: the same round as the others see it.
  const phone = await watchCrash(browser, house, 375, 'ko', 'light');
  const extra = [
    await watchCrash(browser, house, 1280, 'ko', 'light'),
    await watchCrash(browser, house, 375, 'en', 'dark'),
  ];
  // Bet 1 is cashed out by hand if the game lets it; bet 2 cashes out at 1.01× on the vendor's side.
  await betPanel(desk, 1).getByLabel(desk.text.auto).fill('1.01');
  const stake = Number(await betPanel(desk, 0).getByRole('spinbutton').first().inputValue());
  await betPanel(desk, 1)
    .getByRole('spinbutton')
    .first()
    .fill(String(stake * 2));

  let sawAutoCashOut = false;
  for (let attempt = 0; attempt < 4 && !sawAutoCashOut; attempt += 1) {
    await waitForFreshBetting([desk]);
    const handRound = await placeBet(desk, 0);
    const autoRound = await placeBet(desk, 1);
    expect(handRound).not.toBe(autoRound);
    // Both bets are in the round's list, each marked as the player's own, and the other pages see them.
    await expect(desk.frame.locator('ol.crash-players li.mine')).toHaveCount(2);
    await expect(phone.frame.locator('ol.crash-players li')).toHaveCount(2);
    await shot(desk.page, 'crash-two-bets-dark', desk.width);
    await shot(phone.page, 'crash-two-bets-light', phone.width);

    // In flight: bet 1's button cashes out, with the amount it would win now.
    const hand = betPanel(desk, 0).locator('button.slot-action');
    await expect(hand).toHaveAttribute('data-status', /flying|lost/, { timeout: 30_000 });
    await shot(desk.page, 'crash-flying-dark', desk.width);
    await shot(extra[0]!.page, 'crash-flying-ko-light', extra[0]!.width);
    await shot(extra[1]!.page, 'crash-flying-en-dark', extra[1]!.width);
    let handWin = 0;
    if ((await hand.getAttribute('data-status')) === 'flying') {
      const answer = desk.page.waitForResponse((response) => response.url().includes('/house/api/crash/cashout'));
      // The game may crash between the look and the click: then the button is disabled and the bet lost.
      const clicked = await hand.click({ timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      if (clicked) {
        const body = (await (await answer).json()) as { success: boolean; value?: { winMinor: number; slot: number } };
        if (body.success) {
          expect(body.value!.slot).toBe(0);
          handWin = body.value!.winMinor;
        }
      }
    }

    await expect(desk.frame.getByText(desk.text.crashed, { exact: true })).toBeVisible({ timeout: 60_000 });
    const crashText = await desk.frame.locator('.big.bad').textContent();
    const crashPointX100 = Math.round(Number(/([\d.]+)×/.exec(crashText ?? '')?.[1]) * 100);
    await shot(desk.page, 'crash-two-crashed-dark', desk.width);
    await shot(phone.page, 'crash-two-crashed-light', phone.width);
    await shot(extra[0]!.page, 'crash-crashed-ko-light', extra[0]!.width);
    await shot(extra[1]!.page, 'crash-crashed-en-dark', extra[1]!.width);

    // The automatic cash-out is exact: 1.01× of its stake whenever the game reached 1.01×.
    const autoWin = crashPointX100 >= 101 ? Math.floor((stake * 2 * 101) / 100) : 0;
    desk.balance += handWin + autoWin - stake * 3;
    await expect
      .poll(
        async () =>
          (await readRecords(house, desk.session, 4))
            .filter((record) => record.roundId === handRound || record.roundId === autoRound)
            .map((record) => ({ roundId: record.roundId, winMinor: record.winMinor, status: record.status }))
            .sort((a, b) => (a.roundId === handRound ? -1 : b.roundId === handRound ? 1 : 0)),
        { timeout: 20_000 },
      )
      .toEqual([
        { roundId: handRound, winMinor: handWin, status: 'settled' },
        { roundId: autoRound, winMinor: autoWin, status: 'settled' },
      ]);
    expect(await readBalance(house, desk.session)).toBe(desk.balance);
    await expect(desk.page.getByRole('banner').getByTestId('balance-amount')).toHaveText(
      headerAmount(desk.balance, desk.language),
    );
    sawAutoCashOut = autoWin > 0;
  }
  expect(sawAutoCashOut, 'the automatic cash-out won in one of the rounds').toBe(true);

  // The busts: chips that open the round's proof, its hash and salt, never seeds.
  const chip = desk.frame.locator('ol.busts a.chip').first();
  await expect(chip).toHaveAttribute('href', /game=crash&gameHash=[0-9a-f]{64}&salt=[0-9a-f]{64}/);
  await expect(desk.frame.getByText(/Provably fair: hash chain/)).toBeVisible();
  await expect(desk.frame.getByLabel('Client seed')).toHaveCount(0);
  await shot(desk.page, 'crash-two-settled-dark', desk.width);
  await shot(phone.page, 'crash-two-settled-light', phone.width);
  await expectNoSidewaysScroll(phone.page, 'crash at 375 px');
  for (const player of [desk, phone, ...extra]) await player.page.context().close();
});
