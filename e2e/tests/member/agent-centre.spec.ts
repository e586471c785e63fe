import { expect, test, type Locator } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe, shootEveryWay } from './member-fixtures';

/** The demo agent (apps/server/src/db/seed-accounts.ts), whose downline seed-agents.ts builds three levels deep. */
const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };

/** The page shown in the panel's area has loaded: its chunk and its data (no loader left). */
async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

test('the demo agent opens the agent centre from the avatar menu: its overview and its team as a list and a tree', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!, DEMO_AGENT);
  expect(session.isAgent).toBe(1);
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

  // Only the built pages, the overview first and current.
  const menu = panel.getByRole('navigation', { name: '에이전트 센터 메뉴' });
  await expect(menu.getByRole('button')).toHaveText(['개요', '팀 관리']);
  await expect(menu.getByRole('button', { name: '개요' })).toHaveAttribute('aria-current', 'page');

  // The overview: the seeded downline (the demo member, two sub-agents and six players) and its four periods.
  await expect(panel.getByRole('heading', { name: '팀 개요', level: 2 })).toBeVisible();
  const teamSize = panel.getByText('팀 인원', { exact: true }).locator('xpath=following-sibling::dd');
  expect(Number((await teamSize.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(9);
  for (const period of ['오늘', '어제', '이번 달', '지난달']) {
    await expect(panel.getByRole('region', { name: new RegExp(`^${period}`) })).toBeVisible();
  }
  await expect(panel.getByRole('img', { name: /유효 베팅 합계/ })).toBeVisible();
  await shootEveryWay(page, panel, 'agent-centre-overview', { KO: '팀 개요', EN: 'Team overview' });
  // The charts and their table, on a phone (where shootEveryWay ends: dark, Korean) and on a wide screen.
  await panel.locator('details summary').click();
  await expect(panel.getByRole('region', { name: '표로 보기' }).getByRole('row')).toHaveCount(15);
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await panel.locator('figure').first().scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-centre-overview-charts-${width}-dark-KO.png`) });
  }

  // Team management on a wide screen: the list holds the whole downline, the tree opens level by level.
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.locator('[data-page="downlineManagmentView"]').click();
  await expectPageShown(panel);
  const list = panel.getByRole('table');
  await expect(list.getByRole('rowheader', { name: /subagent2/ })).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole('rowheader', { name: /demoplayer07/ })).toBeVisible();
  await panel.getByRole('checkbox').check();
  await panel.getByRole('button', { name: /^(검색|Search)$/ }).click();
  await expect(list.getByRole('rowheader', { name: /demoplayer07/ })).toHaveCount(0);
  await expect(list.getByRole('rowheader', { name: /^subagent/ })).toHaveCount(1);
  await shootEveryWay(page, panel, 'agent-centre-team-list', { KO: '팀 관리', EN: 'Team management' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('tab', { name: /^(트리|Tree)$/ }).click();
  const subagent = panel.getByRole('button', { name: /^subagent\b/ });
  await expect(subagent).toHaveAttribute('aria-expanded', 'false', { timeout: 30_000 });
  await subagent.click();
  const subagent2 = panel.getByRole('button', { name: /^subagent2/ });
  await expect(subagent2).toBeVisible();
  await subagent2.click();
  await expect(panel.getByText('demoplayer07', { exact: true })).toBeVisible();
  await expectNoSeriousAxe(page, 'agent centre tree');
  await shootEveryWay(page, panel, 'agent-centre-team-tree', { KO: '팀 관리', EN: 'Team management' });

  // On a phone the back control goes to the menu list, and the close button closes the panel.
  await page.getByRole('button', { name: /^(메뉴로 돌아가기|Back to the menu)$/ }).click();
  await expect(panel.locator('[data-page="agentTeamOverview"]')).toBeVisible();
  await panel.getByRole('button', { name: /^(에이전트 센터 닫기|Close the agent centre)$/ }).click();
  await expect(panel).toBeHidden();

  expect(errors).toEqual([]);
  await context.close();
});

test('a member who is no agent has no agent centre in the avatar menu', async ({ browser, baseURL }) => {
  const session = await signIn(baseURL!);
  expect(session.isAgent).toBe(0);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'light');
  await page.goto('/index');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Member centre' })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Agent centre' })).toHaveCount(0);
  await context.close();
});
