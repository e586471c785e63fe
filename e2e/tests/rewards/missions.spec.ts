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
import { shootEveryWay } from '../member/member-fixtures';
import { call, playDiceRounds, SCREENSHOT_DIR, SHOTS } from './rewards-fixtures';

// Missions (missionLeaderboard, issue 36, decision 0054): a new member plays ten rounds of the house dice through its
// API; the feed's `missions` consumer counts them into today's DAILY10, which the member centre shows ready to claim,
// with the menu's badge. The claim pays the reward into the main balance once: the card says claimed, the badge goes,
// and the header's balance follows over the socket. Then the demo admin finds the brand's missions in the back office
// with this period's counts.

const PASSWORD = 'Parlay1234!';
/** The demo mission this journey completes (apps/server/src/db/seed-missions.ts). */
const DAILY = 'DAILY10';

interface Mission {
  id: number;
  code: string;
  title: string;
  target: number;
  progress: number;
  rewardMinor: number;
  state: string;
}
interface Summary {
  readyCount: number;
  items: Mission[];
}

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
const won = (minor: number) => `₩${new Intl.NumberFormat('en').format(minor)}`;

test('a new member completes DAILY10 with ten dice rounds, sees the badge, claims it once and is paid', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await register(baseURL!, { prefix: 'mission', password: PASSWORD });
  const summary = () => call<Summary>(baseURL!, session.token, '/wps/relay/MCSFE_getMissionSummaryDetails');
  const daily = async () =>
    seeded(
      (await summary()).items.find((item) => item.code === DAILY),
      `the seed's ${DAILY}`,
    );
  const balance = async () =>
    (await call<{ sumBalance: number }>(baseURL!, session.token, '/wps/v2/wallets/balance')).sumBalance;
  expect(await daily()).toMatchObject({ state: 'in_process', progress: 0 });

  // Ten settled rounds: the feed's consumer counts them into today's period within seconds.
  await playDiceRounds(baseURL!, session, 10);
  await expect.poll(async () => (await daily()).state, { timeout: 30_000, message: `${DAILY} complete` }).toBe('claim');
  const ready = await daily();
  const { readyCount } = await summary();
  expect(readyCount).toBeGreaterThanOrEqual(1);

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=missionLeaderboard');
  const panel = page.locator('[data-modal="memberCentre"]');
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Missions' })).toBeVisible({ timeout: 30_000 });

  // The menu's badge: the missions ready to claim.
  const entry = panel.locator('[data-page="missionLeaderboard"]');
  await expect(entry).toContainText(String(readyCount));
  // By its id: the title changes with the language.
  const card = panel.locator(`[data-testid="mission"][aria-labelledby="mission-${ready.id}-title"]`);
  await expect(card).toHaveAttribute('data-state', 'claim');
  await expect(card.getByTestId('mission-state')).toHaveText('Ready to claim');
  await expect(card.getByTestId('mission-progress')).toHaveText(`${ready.progress} / ${ready.target}`);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByTestId('mission-reward')).toHaveText(won(ready.rewardMinor));
  await shootEveryWay(page, panel, 'missions', { KO: '미션', EN: 'Missions' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');

  // The claim: paid once into the main balance; the card says claimed, the badge and the header follow.
  const before = await balance();
  await card.getByRole('button', { name: `Claim ${won(ready.rewardMinor)}` }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'was added to your balance' })).toHaveText(
    `${won(ready.rewardMinor)} for “${ready.title}” was added to your balance.`,
  );
  await expect(card).toHaveAttribute('data-state', 'claimed');
  await expect(card.getByTestId('mission-state')).toHaveText('Claimed');
  await expect(card.getByRole('button')).toHaveCount(0);
  expect(await balance()).toBe(before + ready.rewardMinor);
  expect((await daily()).state).toBe('claimed');
  if (readyCount === 1) await expect(entry).toHaveText('Missions');
  const header = page.locator('[data-site-header] [data-testid="balance-amount"]').first();
  await expect
    .poll(async () => digits(await header.textContent()), { timeout: 15_000 })
    .toBe(String(before + ready.rewardMinor));
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, {
      path: path.join(SCREENSHOT_DIR, `missions-claimed-${shot.width}-${shot.theme}-${shot.language}.png`),
    });
  }

  // A second claim of the same period is refused and pays nothing.
  await expect(call(baseURL!, session.token, '/wps/member/missions/claim', { missionId: ready.id })).rejects.toThrow(
    'MISSION_ALREADY_CLAIMED',
  );
  expect(await balance()).toBe(before + ready.rewardMinor);
  expect(errors).toEqual([]);
  await context.close();
});

test("the admin finds the brand's missions with their goals in words and this period's counts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInContext(browser, baseURL!, 'demo-owner');
  const errors = watchErrors(page);
  await page.goto('/backoffice/brands/parlay/missions');
  await settled(page);
  const table = page.getByRole('table', { name: 'Missions' });
  await expect(table.getByRole('row', { name: /DAILY10/ })).toContainText('Play 10 rounds');
  await expect(table.getByRole('row', { name: /SLOTS100K/ })).toContainText('Wager ₩100,000 on slots');
  await expect(table.getByRole('row', { name: /SIGNIN3/ })).toContainText('Sign in 3 days in a row');
  await expect(table.getByRole('row', { name: /DAILY10/ }).getByTestId('mission-counts')).toContainText('completed');
  await expect(page.getByRole('button', { name: 'Add a mission' })).toBeVisible();
  for (const view of SHOTS) {
    await showView(page, view);
    await expect(
      page.getByRole('heading', { name: view.language === 'KO' ? '미션' : 'Missions', level: 1 }),
    ).toBeVisible();
    await boScreenshot(page, `missions-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `missions ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await table.getByRole('button', { name: 'Edit DAILY10' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit DAILY10' });
  await expect(dialog.getByLabel(/^Rounds to play/)).toHaveValue('10');
  await boScreenshot(page, 'missions-dialog-1280-dark-EN');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(errors).toEqual([]);
  await context.close();
});
