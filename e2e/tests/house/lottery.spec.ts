import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { axe } from '../../support/axe';
import {
  expectNoSidewaysScroll,
  readBalance,
  readRecords,
  SCREENSHOT_DIR,
  signInMember,
  startHouseServer,
  type HouseServer,
} from './house-fixtures';
import type { Session } from '../games/games-fixtures';
import { shoot } from '../../support/shell';

// The lottery vendor's page (apps/house-games/web/src/lottery/, docs/decisions/0070-lottery-vendor.md). The vendor
// runs embedded only with HOUSE_LOTTERY_ENABLED=true and the demo site has no lottery page around it yet, so these
// journeys launch a lottery game through the platform's real launch call (GET /wps/game/launchGame, launchMode LOTT)
// as the site's /lottery frame will, and open the URL it answers directly: the vendor's own page, its session and
// its wallet calls are the real ones.

const test = base.extend<object, { house: HouseServer }>({
  house: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startHouseServer({ HOUSE_LOTTERY_ENABLED: 'true' });
      try {
        await use({ baseURL: server.baseURL, houseURL: server.houseURL });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

const LABELS = {
  en: {
    lobby: 'Lobby',
    place: 'Place bets',
    open: 'Open',
    settled: 'Settled',
    verified: 'Verified',
    closesIn: 'Closes in',
  },
  ko: {
    lobby: '로비',
    place: '베팅하기',
    open: '진행 중',
    settled: '정산 완료',
    verified: '검증됨',
    closesIn: '마감까지',
  },
} as const;

interface Slip {
  slipId: string;
  drawNo: string;
  stakeMinor: number;
  payoutMinor: number | null;
  status: string;
}

/** The lottery game's address, as the platform's launch of the lottery vendor answers it for the member. */
async function launchLottery(
  house: HouseServer,
  session: Session,
  options: { gameCode: string; language: 'en' | 'ko'; view?: 'betting' | 'lobby' },
): Promise<string> {
  const query = new URLSearchParams({
    vassalage: 'PARLAY_LOTTERY',
    gameCode: options.gameCode,
    playMode: 'real',
    launchMode: 'LOTT',
    language: options.language,
    ...(options.view ? { lottoView: options.view } : {}),
  });
  const response = await fetch(`${house.baseURL}/wps/game/launchGame?${query}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = (await response.json()) as { success: boolean; value: { game_url: string }; message?: string };
  expect(body.success, body.message).toBe(true);
  return new URL(body.value.game_url, house.houseURL).toString();
}

async function openLottery(page: Page, url: string, theme: 'dark' | 'light'): Promise<void> {
  await page.goto(`${url}&theme=${theme}`);
  await expect(page.locator('.lotto-switcher')).toBeVisible();
}

/** The whole page, as read to its end, when E2E_SCREENSHOTS=1: the board and the panels beside or below it. */
async function shot(page: Page, name: string, width: number): Promise<void> {
  await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

async function noSeriousViolations(page: Page): Promise<void> {
  const results = await axe(page).analyze();
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
    [],
  );
}

test.describe('the lottery page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a member bets on a fast draw: the stake is debited, the draw settles the slip and its proof verifies in the browser', async ({
    page,
    house,
  }) => {
    // A FAST1 draw every minute: the bet waits for its draw.
    test.setTimeout(180_000);
    const labels = LABELS.en;
    const session = await signInMember(house);
    const before = await readBalance(house, session);
    await openLottery(page, await launchLottery(house, session, { gameCode: 'FAST1', language: 'en' }), 'dark');

    // Without lottoView the page opens on the lobby: every game with its next draw counting down.
    await expect(page.getByRole('button', { name: labels.lobby })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.lotto-card')).toHaveCount(4);
    await expect(page.locator('.lotto-card [role="timer"]').first()).toHaveText(/^\d\d:\d\d$/);
    await shot(page, 'lottery-lobby-dark-en', 1280);

    await page.getByRole('button', { name: 'Fast 1 min: Bet now' }).click();
    await expect(page.locator('.lotto-draw')).toContainText(labels.closesIn);
    // A FAST1 draw closes 10 s before it draws: a bet placed in its last seconds is refused, so wait for the next.
    const timer = page.locator('.lotto-draw [role="timer"]');
    await expect(timer).toHaveText(/^00:([2-5]\d)$/, { timeout: 70_000 });

    const seven = page.locator('[data-option="digit|1:7"]');
    await seven.click();
    await expect(seven).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('tab', { name: 'Big/Small · Odd/Even' }).click();
    const sumBig = page.locator('[data-option="big_small|sum:big"]');
    await sumBig.focus();
    await page.keyboard.press('Enter');
    await expect(sumBig).toHaveAttribute('aria-pressed', 'true');
    const slip = page.locator('.lotto-slip');
    await expect(slip.getByRole('listitem')).toHaveCount(2);
    await expect(slip).toContainText('1st digit · 7');
    await expect(slip).toContainText('Sum · Big');
    await slip.locator('#lotto-stake').fill('1000');
    await slip.locator('#lotto-stake').press('Tab');
    await expect(slip.locator('.lotto-totals')).toContainText('2,000');
    await shot(page, 'lottery-fast-slip-dark-en', 1280);

    const answer = page.waitForResponse((response) => response.url().endsWith('/lottery/api/slips'));
    await slip.getByRole('button', { name: labels.place }).click();
    const placed = (await (await answer).json()) as { success: boolean; value: { slip: Slip }; message?: string };
    expect(placed.success, placed.message).toBe(true);
    const { drawNo, stakeMinor } = placed.value.slip;
    expect(stakeMinor).toBe(2_000);
    expect(await readBalance(house, session)).toBe(before - 2_000);
    await expect(page.locator('.balance')).toContainText(new Intl.NumberFormat('en').format(before - 2_000));
    const bets = page.locator('.lotto-bets');
    await expect(bets.getByRole('listitem').filter({ hasText: drawNo }).first()).toContainText(labels.open);
    await noSeriousViolations(page);

    // The draw comes; the page reads its result on the server's clock and the slip settles.
    await expect(page.locator('.lotto-results')).toContainText(drawNo, { timeout: 90_000 });
    // The platform's betting record of the slip ends with its payout, and the balance moves by exactly that.
    const slipId = placed.value.slip.slipId;
    let winMinor = 0;
    await expect
      .poll(
        async () => {
          const record = (await readRecords(house, session, 20)).find((candidate) => candidate.roundId === slipId);
          winMinor = record?.winMinor ?? 0;
          return record?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('settled');
    expect(await readBalance(house, session)).toBe(before - 2_000 + winMinor);
    await expect(page.locator('.balance')).toContainText(
      new Intl.NumberFormat('en').format(before - 2_000 + winMinor),
      {
        timeout: 40_000,
      },
    );
    await bets.getByRole('button', { name: labels.settled }).click();
    const settled = bets
      .getByRole('listitem')
      .filter({ hasText: `Draw ${drawNo}` })
      .first();
    await expect(settled).toContainText(winMinor > 0 ? 'Won' : 'Lost');
    await shot(page, 'lottery-fast-settled-dark-en', 1280);

    // The proof: the seed's hash published before betting, the seed, the numbers recomputed in the browser.
    await page.locator('.lotto-results li').filter({ hasText: drawNo }).getByRole('button', { name: 'Verify' }).click();
    const proof = page.getByRole('dialog');
    await expect(proof).toContainText(labels.verified);
    await shot(page, 'lottery-proof-dark-en', 1280);
    await page.keyboard.press('Escape');
    await expect(proof).toBeHidden();
    // With results, settled bets and trends drawn.
    await noSeriousViolations(page);
  });

  for (const width of [375, 1280] as const) {
    for (const [language, theme] of [
      ['ko', 'light'],
      ['en', 'dark'],
      ['ko', 'dark'],
      ['en', 'light'],
    ] as const) {
      test(`the boards at ${width}px, ${theme}, ${language}: fast and keno, chosen balls pressed, no sideways scroll`, async ({
        page,
        house,
      }) => {
        await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
        const session = await signInMember(house);
        const url = await launchLottery(house, session, { gameCode: 'FAST5', language, view: 'betting' });
        await openLottery(page, url, theme);
        // lottoView=betting opens on the launched game's board.
        await expect(page.locator('.lotto-switcher [aria-pressed="true"]')).not.toHaveText(LABELS[language].lobby);
        await page.locator('[data-option="digit|3:4"]').click();
        await page.locator('[data-option="digit|5:0"]').click();
        await expect(page.locator('[data-option="digit|3:4"]')).toHaveAttribute('aria-pressed', 'true');
        await expectNoSidewaysScroll(page, `fast board ${width}`);
        await shot(page, `lottery-fast-${theme}-${language}`, width);
        // The bet types are a tab list: the arrow keys move between them.
        await page.locator('#tab-digit').focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.locator('#tab-two_sides')).toHaveAttribute('aria-selected', 'true');
        await expect(page.locator('#tab-two_sides')).toBeFocused();
        await page.locator('#tab-sum').click();
        await page.locator('[data-option="sum|23"]').click();
        await expect(page.locator('.lotto-slip li')).toHaveCount(3);
        await expectNoSidewaysScroll(page, `fast sums ${width}`);
        await shot(page, `lottery-fast-sum-${theme}-${language}`, width);

        await page.locator('.lotto-switcher button').nth(4).click();
        for (const number of [3, 17, 42, 66, 80]) await page.locator(`[data-number="${number}"]`).click();
        await expect(page.locator('[data-number="42"]')).toHaveAttribute('aria-pressed', 'true');
        await expect(page.locator('.lotto-paytable dd').first()).toBeVisible();
        await expectNoSidewaysScroll(page, `keno board ${width}`);
        await shot(page, `lottery-keno-${theme}-${language}`, width);
        if (width === 375 && theme === 'light') await noSeriousViolations(page);

        await page.locator('.lotto-switcher button').first().click();
        await expect(page.locator('.lotto-card')).toHaveCount(4);
        await expectNoSidewaysScroll(page, `lobby ${width}`);
        await shot(page, `lottery-lobby-${theme}-${language}`, width);
      });
    }
  }
});
