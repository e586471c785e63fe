import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import {
  screenshot as boScreenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  watchErrors,
} from '../backoffice/backoffice-fixtures';
import { register, rememberPreferences, seeded, useSession } from '../games/games-fixtures';
import { call, playDiceRounds, SCREENSHOT_DIR, shootSteps, SHOTS } from './rewards-fixtures';

// Leaderboards (missionLeaderboard, issue 36, decision 0056): a new member plays dice rounds of the house through its
// API; the feed's `leaderboards` consumer scores them into this week's WEEKLYBET, where the member centre's
// Leaderboards tab shows the member's rank and score beside the top 10 (accounts masked) and last week's winners,
// whom the demo seed paid with the payout's own code. Then the demo admin opens the board's standings in the back
// office: this week's ranks with the prizes to win, and last week's with what each rank was paid.

const PASSWORD = 'Parlay1234!';
/** The demo leaderboard this journey climbs (apps/server/src/db/seed-leaderboards.ts). */
const WEEKLY = 'WEEKLYBET';

interface Board {
  id: number;
  code: string;
  me: { rank: number; score: number } | null;
  top: { rank: number; account: string; isMe: boolean }[];
  lastPeriod: { winners: { rank: number; account: string }[] } | null;
}

test("a new member plays, sees its rank on the weekly leaderboard beside the top 10 and last week's winners", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await register(baseURL!, { prefix: 'board', password: PASSWORD });
  const weekly = async () =>
    seeded(
      (await call<{ items: Board[] }>(baseURL!, session.token, '/wps/relay/MCSFE_getMissionLeaderboard')).items.find(
        (item) => item.code === WEEKLY,
      ),
      `the seed's ${WEEKLY}`,
    );
  const before = await weekly();
  expect(before.me).toBeNull();
  // The demo seed paid last week with the payout itself: its winners are listed, masked.
  expect(before.lastPeriod?.winners.length).toBeGreaterThan(0);
  for (const winner of before.lastPeriod!.winners) expect(winner.account).toMatch(/^..\*+.$/);

  // Three settled rounds: the feed's consumer scores them into this week within seconds.
  await playDiceRounds(baseURL!, session, 3);
  await expect
    .poll(async () => (await weekly()).me !== null, { timeout: 30_000, message: `${WEEKLY} scored` })
    .toBe(true);
  const board = await weekly();

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=missionLeaderboard');
  const panel = page.locator('[data-modal="memberCentre"]');
  await panel.getByRole('tab', { name: 'Leaderboards' }).click();
  await expect(panel.getByRole('heading', { name: 'Leaderboards', level: 2 })).toBeVisible({ timeout: 30_000 });
  const card = panel.locator(`[data-testid="leaderboard"][data-code="${WEEKLY}"]`);
  // The rank as the page read it: other journeys' members play on the same server, so it may have moved since.
  await expect(card.getByTestId('leaderboard-me')).toHaveText(/^#\d+ · ₩[\d,]+$/);
  await expect(card.getByTestId('leaderboard-winners')).toContainText(board.lastPeriod!.winners[0]!.account);
  if (board.top.some((row) => row.isMe)) await expect(card.locator('tr[data-me]')).toContainText('You');
  else await expect(card.getByTestId('leaderboard-me-line')).toContainText(/You are #\d+/);
  await shootSteps(page, 'leaderboards');
  // Last week's winners, under the standings, with what each was paid.
  for (const shot of [SHOTS[0], SHOTS[3]]) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    await card.getByTestId('leaderboard-winners').scrollIntoViewIfNeeded();
    await shoot(page, {
      path: path.join(SCREENSHOT_DIR, `leaderboards-winners-${shot.width}-${shot.theme}-${shot.language}.png`),
    });
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("the admin opens a leaderboard's standings: this week's ranks and last week's payouts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInContext(browser, baseURL!, 'demo-admin');
  const errors = watchErrors(page);
  await page.goto('/backoffice/brands/parlay/leaderboards');
  await settled(page);
  const table = page.getByRole('table', { name: 'Leaderboards' });
  await expect(table.getByRole('row', { name: /WEEKLYBET/ })).toContainText('Valid bets');
  await expect(table.getByRole('row', { name: /BIGWIN/ })).toContainText('Biggest win multiplier');
  await expect(page.getByRole('button', { name: 'Add a leaderboard' })).toBeVisible();
  for (const view of SHOTS) {
    await showView(page, view);
    await expect(
      page.getByRole('heading', { name: view.language === 'KO' ? '리더보드' : 'Leaderboards', level: 1 }),
    ).toBeVisible();
    await boScreenshot(page, `leaderboards-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `leaderboards ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await table.getByRole('button', { name: `Standings of ${WEEKLY}` }).click();
  const dialog = page.getByRole('dialog', { name: `Standings of ${WEEKLY}` });
  await expect(dialog.getByTestId('standings-payout')).toContainText('Running');
  await expect(dialog.getByTestId('standings').locator('tbody tr').first()).toContainText('1');
  await boScreenshot(page, 'leaderboards-standings-1280-dark-EN');
  // Last week: paid, each rank with its prize.
  const period = dialog.getByLabel('Period from');
  const options = await period.locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  await period.selectOption({ index: 1 });
  await expect(dialog.getByTestId('standings-payout')).toContainText('Paid');
  await expect(dialog.getByTestId('standings')).toContainText('Prize paid');
  await boScreenshot(page, 'leaderboards-paid-1280-dark-EN');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  expect(errors).toEqual([]);
  await context.close();
});
