import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test as base, type Browser, type Locator, type Page } from '@playwright/test';
import { axe } from '../../support/axe';
import {
  expectNoSidewaysScroll,
  readBalance,
  readRecords,
  rememberPreferences,
  SCREENSHOT_DIR,
  signInMember,
  startHouseServer,
  useSession,
  type HouseServer,
} from './house-fixtures';
import type { Session } from '../games/games-fixtures';
import { SAVE_SCREENSHOTS, shoot } from '../../support/shell';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, totpAt } from '../backoffice/backoffice-fixtures';

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
    vn: 'Vietnam lottery',
    sea: '4D lottery',
  },
  ko: {
    lobby: '로비',
    place: '베팅하기',
    open: '진행 중',
    settled: '정산 완료',
    verified: '검증됨',
    closesIn: '마감까지',
    vn: '베트남 복권',
    sea: '4D 복권',
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
  // The session, then every game with its draws: slow on a busy machine.
  await expect(page.locator('.lotto-switcher')).toBeVisible({ timeout: 30_000 });
}

/** The whole page, as read to its end, when E2E_SCREENSHOTS=1: the board and the panels beside or below it. */
async function shot(page: Page, name: string, width: number): Promise<void> {
  await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

/**
 * The site's frame's own page, whole, when E2E_SCREENSHOTS=1: a full-page picture of the site stops at the frame's
 * height and the frame paints only what it shows, so the window is made tall enough for a while.
 */
async function frameShot(page: Page, body: Locator, name: string, width: number): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 2400 });
  await shoot(body, { path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
  await page.setViewportSize(viewport);
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

        // The Vietnamese draws' board: the northern draw first, lô on the 00-99 grid, đề, and a typed 3 càng.
        await page.getByRole('button', { name: LABELS[language].vn }).click();
        await expect(page.locator('#vn-company')).toHaveValue('VN_MB');
        await page.locator('#vn-tab-lo2_mb').click();
        await page.locator('[data-number="27"]').click();
        await page.locator('[data-number="72"]').click();
        await page.locator('#vn-tab-de3').click();
        await page.locator('#vn-number').fill('123');
        await page.locator('#vn-number').press('Enter');
        await expect(page.locator('.lotto-slip li')).toHaveCount(3);
        await expect(page.locator('[data-number]')).toHaveCount(0);
        await expectNoSidewaysScroll(page, `vn board ${width}`);
        await shot(page, `lottery-vn-${theme}-${language}`, width);
        await page.locator('#vn-tab-xien2_mb').click();
        await page.locator('[data-number="07"]').click();
        await expect(page.locator('[data-number="07"]')).toHaveAttribute('aria-pressed', 'true');
        await expectNoSidewaysScroll(page, `vn grid ${width}`);
        await shot(page, `lottery-vn-grid-${theme}-${language}`, width);
        if (width === 375 && theme === 'light') await noSeriousViolations(page);

        // The SEA 4D board: Magnum first, Big typed in four digits, a 3ABC in three.
        await page.getByRole('button', { name: LABELS[language].sea }).click();
        await expect(page.locator('#vn-company')).toHaveValue('MAGNUM4D');
        await page.locator('#vn-number').fill('1234');
        await page.locator('#vn-number').press('Enter');
        await page.locator('#vn-tab-3abc').click();
        await page.locator('#vn-number').fill('234');
        await page.locator('#vn-number').press('Enter');
        await expect(page.locator('.lotto-slip-bets li')).toHaveCount(2);
        await expectNoSidewaysScroll(page, `sea board ${width}`);
        await shot(page, `lottery-sea-${theme}-${language}`, width);
        if (width === 375 && theme === 'light') await noSeriousViolations(page);

        await page.locator('.lotto-switcher button').first().click();
        await expect(page.locator('.lotto-card')).toHaveCount(4);
        // Below the fast games, the 36 Vietnamese companies' draws by region, then the 4 SEA operators' by country.
        await expect(page.locator('.lotto-vn-row')).toHaveCount(40);
        await expect(page.locator('#lotto-family-sea')).toHaveText(LABELS[language].sea);
        await expectNoSidewaysScroll(page, `lobby ${width}`);
        await shot(page, `lottery-lobby-${theme}-${language}`, width);
      });
    }
  }
});

test.describe('the Vietnamese draws', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a member opens /vnlottery, picks the northern draw, places a lô and a đề and sees them in their bets', async ({
    page,
    house,
  }) => {
    test.setTimeout(120_000);
    const session = await signInMember(house);
    const before = await readBalance(house, session);
    await rememberPreferences(page, 'EN', 'dark');
    await useSession(page, session);
    // A central company's draw as a list would open it: the site's /vnlottery page launches it in its frame.
    await page.goto(`${house.baseURL}/vnlottery?gameCode=VN_MT_DNA`);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('#vn-company')).toHaveValue('VN_MT_DNA', { timeout: 30_000 });
    // The region picked, then its company: the north has one draw, at 18:15 in Vietnam.
    await frame.locator('#vn-region').selectOption('north');
    await expect(frame.locator('.lotto-vn-head h2')).toHaveText('XSMB Miền Bắc');
    await expect(frame.locator('.lotto-vn-time')).toContainText('18:15');
    await expect(frame.locator('.lotto-vn-head [role="timer"]')).toHaveText(/\d\d:\d\d$/);

    // Lô first, on the 00-99 grid; then đề; a 3 càng is typed and checked before it is taken.
    await expect(frame.getByRole('tab', { selected: true })).toContainText('Lô 2 số');
    await frame.locator('[data-number="27"]').click();
    await frame.locator('#vn-tab-de').click();
    await frame.locator('[data-number="23"]').click();
    await frame.locator('#vn-tab-de3').click();
    await frame.locator('#vn-number').fill('7');
    await frame.locator('#vn-number').press('Enter');
    await expect(frame.getByRole('alert').filter({ hasText: 'Enter exactly 3 digits' })).toBeVisible();
    const slip = frame.locator('.lotto-slip');
    await expect(slip.locator('.lotto-slip-bets li')).toHaveCount(2);
    await frame.locator('#vn-number').fill('123');
    await frame.locator('#vn-number').press('Enter');
    await expect(slip.locator('.lotto-slip-bets li')).toHaveCount(3);
    await slip.getByRole('button', { name: 'Remove: 3 càng · 123' }).click();
    await expect(slip.locator('.lotto-slip-bets li')).toHaveText([/Lô 2 số · 27/, /Đề · 23/]);
    await slip.locator('#vn-stake').fill('1000');
    await slip.locator('#vn-stake').press('Tab');
    await expect(slip.locator('.lotto-totals')).toContainText('2,000');

    const answer = page.waitForResponse((response) => response.url().endsWith('/lottery/api/slips'));
    await slip.getByRole('button', { name: LABELS.en.place }).click();
    const placed = (await (await answer).json()) as { success: boolean; value: { slip: Slip }; message?: string };
    expect(placed.success, placed.message).toBe(true);
    const { drawNo } = placed.value.slip;
    expect(await readBalance(house, session)).toBe(before - 2_000);
    const bets = frame.locator('.lotto-bets');
    const mine = bets
      .getByRole('listitem')
      .filter({ hasText: `Draw ${drawNo}` })
      .first();
    await expect(mine).toContainText('Lô 2 số · 27');
    await expect(mine).toContainText('Đề · 23');
    await expect(mine).toContainText(LABELS.en.open);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'lottery-vn-placed-dark-en-1280.png'), fullPage: true });
  });
});

test.describe('the SEA 4D draws', () => {
  // KO and EN, dark and light, across the two widths: each run places its own slip.
  for (const [width, language, theme] of [
    [375, 'ko', 'light'],
    [375, 'en', 'dark'],
    [1280, 'ko', 'dark'],
    [1280, 'en', 'light'],
  ] as const) {
    test(`a member opens /seaLottery, picks Magnum 4D, places a Big, a Small and a 3A and sees them in their bets (${width}px, ${theme}, ${language})`, async ({
      page,
      house,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
      const session = await signInMember(house);
      const before = await readBalance(house, session);
      await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
      await useSession(page, session);
      // Singapore's draw as a list would open it: the site's /seaLottery page launches it in its frame (it must be in
      // the lottery menu, under the SEA account type, for the page to find it).
      await page.goto(`${house.baseURL}/seaLottery?gameCode=SG4D`);
      const frame = page.frameLocator('iframe');
      await expect(frame.locator('#vn-company')).toHaveValue('SG4D', { timeout: 30_000 });
      await expect(frame.locator('.lotto-vn-time')).toContainText('18:30');
      // The country picked, then its operator: Malaysia's three draw at 19:00 there.
      await frame.locator('#vn-region').selectOption('malaysia');
      await expect(frame.locator('#vn-company option')).toHaveText(['Magnum 4D', 'Sports Toto 4D', 'Da Ma Cai 1+3D']);
      await frame.locator('#vn-company').selectOption('MAGNUM4D');
      await expect(frame.locator('.lotto-vn-head h2')).toHaveText('Magnum 4D');
      await expect(frame.locator('.lotto-vn-time')).toContainText('19:00');
      await expect(frame.locator('.lotto-vn-head [role="timer"]')).toBeVisible();

      // Big first, typed; then Small on the same number; a 3A of three digits, checked before it is taken.
      await expect(frame.getByRole('tab', { selected: true })).toContainText('Big');
      await frame.locator('#vn-number').fill('1234');
      await frame.locator('#vn-number').press('Enter');
      await frame.locator('#vn-tab-small').click();
      await frame.locator('#vn-number').fill('1234');
      await frame.locator('#vn-number').press('Enter');
      await frame.locator('#vn-tab-3a').click();
      await frame.locator('#vn-number').fill('7');
      await frame.locator('#vn-number').press('Enter');
      await expect(frame.locator('#vn-number-error')).not.toBeEmpty();
      await frame.locator('#vn-number').fill('234');
      await frame.locator('#vn-number').press('Enter');
      const slip = frame.locator('.lotto-slip');
      await expect(slip.locator('.lotto-slip-bets li span:first-child')).toHaveText([
        'Big · 1234',
        'Small · 1234',
        '3A · 234',
      ]);
      await slip.locator('#vn-stake').fill('1000');
      await slip.locator('#vn-stake').press('Tab');
      await expect(slip.locator('.lotto-totals')).toContainText('3,000');
      await expectNoSidewaysScroll(page, `sea board ${width}`);
      await frameShot(page, frame.locator('body'), `lottery-sea-board-${theme}-${language}`, width);

      const answer = page.waitForResponse((response) => response.url().endsWith('/lottery/api/slips'));
      await slip.getByRole('button', { name: LABELS[language].place }).click();
      const placed = (await (await answer).json()) as { success: boolean; value: { slip: Slip }; message?: string };
      expect(placed.success, placed.message).toBe(true);
      const { drawNo } = placed.value.slip;
      expect(await readBalance(house, session)).toBe(before - 3_000);
      const mine = frame.locator('.lotto-bets').getByRole('listitem').filter({ hasText: drawNo }).first();
      await expect(mine.locator('.lotto-slip-lines li')).toHaveText([/Big · 1234/, /Small · 1234/, /3A · 234/]);
      await expect(mine.locator('.lotto-list-foot')).toContainText('3,000');
      await expect(mine).toContainText(LABELS[language].open);
      await expectNoSidewaysScroll(page, `sea bets ${width}`);
      await frameShot(page, frame.locator('body'), `lottery-sea-placed-${theme}-${language}`, width);

      // The lobby lists the four operators by country, Malaysia's three then Singapore's.
      await frame.locator('.lotto-switcher button').first().click();
      const sea = frame.locator('section[aria-labelledby="lotto-family-sea"]');
      await expect(sea.locator('h3')).toHaveText(
        language === 'en' ? ['Malaysia', 'Singapore'] : ['말레이시아 · Malaysia', '싱가포르 · Singapore'],
      );
      await expect(sea.locator('.lotto-vn-row strong')).toHaveText([
        /Magnum 4D|Sports Toto 4D|Da Ma Cai 1\+3D/,
        /Magnum 4D|Sports Toto 4D|Da Ma Cai 1\+3D/,
        /Magnum 4D|Sports Toto 4D|Da Ma Cai 1\+3D/,
        'Singapore 4D',
      ]);
      await expectNoSidewaysScroll(page, `sea lobby ${width}`);
      await shoot(sea, { path: path.join(SCREENSHOT_DIR, `lottery-sea-lobby-${theme}-${language}-${width}.png`) });
    });
  }
});

/** A lottery server whose clock the journey moves on (shifted-clock.mjs): a Vietnamese draw's time comes at once. */
const shifted = base.extend<object, { vnHouse: HouseServer & { shiftTo(instant: number): void; offsetMs(): number } }>({
  vnHouse: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const clockFile = path.join(os.tmpdir(), `parlay-e2e-clock-${process.pid}-${Date.now()}`);
      writeFileSync(clockFile, '0');
      let offsetMs = 0;
      const server = await startHouseServer({
        HOUSE_LOTTERY_ENABLED: 'true',
        E2E_CLOCK_FILE: clockFile,
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, 'shifted-clock.mjs')).href}`,
      });
      try {
        await use({
          baseURL: server.baseURL,
          houseURL: server.houseURL,
          shiftTo(instant) {
            offsetMs = instant - Date.now();
            writeFileSync(clockFile, String(offsetMs));
          },
          offsetMs: () => offsetMs,
        });
      } finally {
        await server.stop();
        rmSync(clockFile, { force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

// A real northern result's numbers (17 February 2008, packages/fairness/src/lottery/vn.test.ts), entered for the
// draw the journey bets on: 88 ends two prizes ("về 2 nháy"), the special prize ends 23.
const NORTH_PRIZES: Record<string, string> = {
  Special: '87223',
  '1st': '86839',
  '2nd': '00714 50304',
  '3rd': '33431 58327 52388 28905 07952 45451',
  '4th': '7888 3544 0286 2741',
  '5th': '9566 8987 7042 0482 9768 5682',
  '6th': '103 397 841',
  '7th': '81 16 95 94',
};

/** An operator signed in to the back office on the server's (moved) clock: the authenticator's code of its time. */
async function operator(browser: Browser, house: HouseServer, login: string, offsetMs: number) {
  const context = await browser.newContext({ baseURL: house.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('bo.theme', 'dark');
    localStorage.setItem('bo.lang', 'EN');
  });
  await page.goto('/backoffice/sign-in');
  await page.getByLabel(/^Login/).fill(login);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByLabel(/^Authenticator code/)
    .fill(totpAt(DEMO_TOTP_SECRET, Math.floor((Date.now() + offsetMs) / 30_000)));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await page.goto('/backoffice/brands/parlay/lottery/results');
  return { context, page };
}

shifted.describe('a Vietnamese draw settled', () => {
  shifted(
    'a member bets lô and đề on the northern draw; two operators publish its result; the slip is settled and paid',
    async ({ browser, vnHouse: house }) => {
      shifted.setTimeout(240_000);
      // Before the draw: the member bets on the north's next draw from /vnlottery.
      const player = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await player.newPage();
      const session = await signInMember(house);
      const before = await readBalance(house, session);
      await rememberPreferences(page, 'EN', 'dark');
      await useSession(page, session);
      await page.goto(`${house.baseURL}/vnlottery?gameCode=VN_MB`);
      let frame = page.frameLocator('iframe');
      await expect(frame.locator('#vn-company')).toHaveValue('VN_MB', { timeout: 30_000 });
      await frame.locator('[data-number="88"]').click();
      await frame.locator('#vn-tab-de').click();
      await frame.locator('[data-number="23"]').click();
      await frame.locator('#vn-stake').fill('1000');
      await frame.locator('#vn-stake').press('Tab');
      const answer = page.waitForResponse((response) => response.url().endsWith('/lottery/api/slips'));
      await frame.getByRole('button', { name: LABELS.en.place }).click();
      const placed = (await (await answer).json()) as {
        success: boolean;
        value: { slip: Slip & { drawsAt: string } };
        message?: string;
      };
      expect(placed.success, placed.message).toBe(true);
      const { drawNo, drawsAt, slipId } = placed.value.slip;
      await player.close();

      // The draw's time passes (the state lottery draws at 18:15 in Vietnam); one operator enters its result.
      house.shiftTo(Date.parse(drawsAt) + 5 * 60_000);
      const admin = await operator(browser, house, 'demo-admin', house.offsetMs());
      const form = admin.page.getByRole('form', { name: `Result of VN_MB draw ${drawNo}` });
      await expect(form).toBeVisible({ timeout: 30_000 });
      for (const [tier, numbers] of Object.entries(NORTH_PRIZES))
        await form.getByLabel(tier, { exact: true }).fill(numbers);
      await form.getByRole('button', { name: 'Enter the result' }).click();
      await expect(admin.page.getByText(`The result of draw ${drawNo} was entered`)).toBeVisible();
      await admin.context.close();

      // Another operator checks it and publishes it: the draw's slips are settled on it.
      const owner = await operator(browser, house, 'demo-owner', house.offsetMs());
      const card = owner.page.getByRole('region', { name: drawNo });
      await card.getByRole('button', { name: 'Check and publish' }).click();
      await owner.page.getByRole('button', { name: 'Publish the result' }).click();
      await expect(card).toBeHidden({ timeout: 15_000 });
      await owner.context.close();

      // The platform's record of the slip ends with its payout: lô 88 twice, đề 23 once.
      const later = await signInMember(house);
      let winMinor = 0;
      await expect
        .poll(
          async () => {
            const record = (await readRecords(house, later, 20)).find((candidate) => candidate.roundId === slipId);
            winMinor = record?.winMinor ?? 0;
            return record?.status;
          },
          { timeout: 60_000 },
        )
        .toBe('settled');
      expect(winMinor).toBeGreaterThan(2_000);
      expect(await readBalance(house, later)).toBe(before - 2_000 + winMinor);

      // The member comes back: the result in the tickets' layout, their numbers marked, the slip won.
      for (const [width, language, theme] of [
        [1280, 'en', 'dark'],
        [375, 'ko', 'light'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 } });
        const back = await context.newPage();
        await rememberPreferences(back, language === 'en' ? 'EN' : 'KO', theme);
        await useSession(back, later);
        await back.goto(`${house.baseURL}/vnlottery?gameCode=VN_MB`);
        frame = back.frameLocator('iframe');
        const table = frame.locator('.lotto-vn-table');
        await expect(table).toContainText('Giải ĐB', { timeout: 30_000 });
        await expect(table.locator('tr.special')).toContainText('87223');
        await expect(table.locator('mark')).toHaveText(['23', '88', '88']);
        await frame.locator('.lotto-bets').getByRole('button', { name: LABELS[language].settled }).click();
        const slip = frame.locator('.lotto-bets li').filter({ hasText: drawNo }).first();
        await expect(slip).toContainText(language === 'en' ? 'Won' : '당첨');
        await expect(slip).toContainText(new Intl.NumberFormat('en').format(winMinor));
        await expectNoSidewaysScroll(back, `vn result ${width}`);
        await table.scrollIntoViewIfNeeded();
        await shoot(back, {
          path: path.join(SCREENSHOT_DIR, `lottery-vn-result-${theme}-${language}-${width}.png`),
          fullPage: true,
        });
        await context.close();
      }
    },
  );
});
