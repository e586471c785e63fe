import { expect, test, type Locator } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, shootEveryWay } from './member-fixtures';

/** The demo agent (apps/server/src/db/seed-accounts.ts), whose downline seed-agents.ts builds three levels deep. */
const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };

/** An amount as the page writes it (₩12,345 or −₩1,000), as a number. */
function amountOf(text: string | null): number {
  const digits = Number((text ?? '').replace(/[^\d]/g, ''));
  return /[−-]/.test(text ?? '') ? -digits : digits;
}

/** The page shown in the panel's area has loaded: its chunk and its data (no loader left). */
async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

test("the demo agent reads its team's betting and transaction details, one member of the downline at a time", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!, DEMO_AGENT);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index');
  await page.getByRole('button', { name: '계정 메뉴' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '에이전트 센터' }).click();
  const panel = page.locator('[data-modal="agentCentre"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expectPageShown(panel);

  // Announcements: the operator's notice to agents only (seed-content.ts), opened in place.
  await panel.locator('[data-page="agentAnnouncement"]').click();
  await expectPageShown(panel);
  const notice = panel.getByTestId('agent-announcement').filter({ hasText: '에이전트 수수료 정산 안내' });
  await notice.getByRole('button').click();
  await expect(notice.getByText('내 수입')).toBeVisible();
  await shootEveryWay(page, panel, 'agent-centre-announcements', { KO: '공지사항', EN: 'Announcements' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Team betting over the last 30 days: the whole team's rounds, newest first, then one player two levels down
  // (demoplayer05, under subagent: seed-agents.ts), whose seeded rounds (seed-history.ts) are all its own.
  await panel.locator('[data-page="personalHistoryCopy"]').click();
  await expectPageShown(panel);
  await expect(panel.getByRole('heading', { name: '팀 베팅', level: 2 })).toBeVisible();
  await panel.getByRole('button', { name: '지난 30일' }).click();
  const totals = panel.getByRole('region', { name: /^합계/ });
  await expect(totals).toBeVisible({ timeout: 30_000 });
  const total = (label: string) => totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  const teamRounds = amountOf(await total('라운드').textContent());
  expect(teamRounds).toBeGreaterThan(0);
  const rounds = panel.getByRole('region', { name: '라운드', exact: true });
  await expect(rounds.getByRole('row').nth(1)).toBeVisible();
  await shootEveryWay(page, panel, 'agent-centre-team-bets', { KO: '팀 베팅', EN: 'Team betting' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  await panel.getByRole('searchbox', { name: '계정' }).fill('demoplayer05');
  await panel.getByRole('button', { name: '검색' }).click();
  await expect(rounds.getByRole('rowheader').first()).toHaveText('demoplayer05', { timeout: 30_000 });
  const accounts = await rounds.getByRole('rowheader').allTextContents();
  expect(new Set(accounts)).toEqual(new Set(['demoplayer05']));
  const memberRounds = amountOf(await total('라운드').textContent());
  expect(memberRounds).toBeGreaterThan(0);
  expect(memberRounds).toBeLessThan(teamRounds);
  // Each row's stake under its label (a card on a phone); the first row's game and round.
  await expect(rounds.getByRole('row').nth(1).locator('td[data-label="베팅액"]')).toHaveText(/₩/);
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await rounds.scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-centre-team-bets-member-${width}-dark-KO.png`) });
  }

  // A member outside the downline is refused in the member's language, not shown.
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('searchbox', { name: '계정' }).fill('demo-nobody');
  await panel.getByRole('button', { name: '검색' }).click();
  await expect(panel.getByRole('alert')).toContainText('하위 회원이 아닙니다', { timeout: 30_000 });

  // Transaction details over the last 30 days: demoplayer09 (a direct member) has its seeded starting balance, an
  // operator's adjustment (seed-history.ts), among its movements.
  await panel.locator('[data-page="agentDownlineTransactionDetailsCopy"]').click();
  await expectPageShown(panel);
  await expect(panel.getByRole('heading', { name: '거래 내역', level: 2 })).toBeVisible();
  await panel.getByRole('button', { name: '지난 30일' }).click();
  const movements = panel.getByRole('region', { name: '거래', exact: true });
  await expect(movements.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await shootEveryWay(page, panel, 'agent-centre-transactions', { KO: '거래 내역', EN: 'Transaction details' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  await panel.getByRole('searchbox', { name: '계정' }).fill('demoplayer09');
  await panel.getByRole('combobox', { name: '유형' }).selectOption({ label: '조정' });
  await panel.getByRole('button', { name: '검색' }).click();
  const adjustment = movements.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'demoplayer09' }) });
  await expect(adjustment.first()).toBeVisible({ timeout: 30_000 });
  await expect(adjustment.first().locator('td[data-label="유형"]')).toHaveText('조정');
  expect(amountOf(await adjustment.first().locator('td[data-label="금액"]').textContent())).toBeGreaterThan(0);
  // The totals by type are the rows' sum (one page holds them all).
  const rowsSum = (await movements.locator('td[data-label="금액"]').allTextContents()).reduce(
    (sum, text) => sum + amountOf(text),
    0,
  );
  const typeTotal = panel
    .getByRole('region', { name: /^합계/ })
    .getByText('조정', { exact: true })
    .locator('xpath=following-sibling::dd');
  // The tile's amount is its first text; the count ("1건") follows in a span of its own.
  expect(amountOf(await typeTotal.evaluate((dd) => dd.firstChild?.textContent ?? ''))).toBe(rowsSum);
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await movements.scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-centre-transactions-member-${width}-dark-KO.png`) });
  }

  // The one refusal the journey asked for is the console's only complaint.
  expect(errors.filter((error) => !error.includes('account=demo-nobody'))).toEqual([]);
  await context.close();
});
