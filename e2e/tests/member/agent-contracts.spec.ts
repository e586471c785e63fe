import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe, shootEveryWay } from './member-fixtures';

// The agent centre's contract pages (issue 37, docs/decisions/0066-agent-contracts.md). The demo seed
// (apps/server/src/db/seed-agent-contracts.ts) gives `agent` the brand's contract of each kind and leaves the real-time
// salary of its sub-agent `subagent` for this journey to offer.

const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };
const DEMO_SUB_AGENT = { username: 'subagent', password: 'Agent1234!' };
const HEADING = { KO: '실시간 급여 계약', EN: 'Real-time salary contracts' };

/** A browser signed in as `credentials`, the agent centre open on the real-time salary page, in Korean and dark. */
async function openRealtimeSalary(browser: Browser, baseURL: string, credentials: typeof DEMO_AGENT) {
  const session = await signIn(baseURL, credentials);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  const panel = await showRealtimeSalary(page);
  return { context, page, panel, errors };
}

/** The site opened anew (its contracts read afresh), the agent centre on the real-time salary page. */
async function showRealtimeSalary(page: Page): Promise<Locator> {
  await page.goto('/index');
  await page.getByRole('button', { name: '계정 메뉴' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '에이전트 센터' }).click();
  const panel = page.locator('[data-modal="agentCentre"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await panel.locator('[data-page="agentRealtimeSalary"]').click();
  await expectPageShown(panel);
  await expect(panel.getByRole('heading', { name: HEADING.KO, level: 2 })).toBeVisible();
  return panel;
}

async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

/** The open dialog `name` at both widths, in Korean and dark (its other looks are the page's). */
async function shootDialog(page: Page, name: string) {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}-dark-KO.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the demo agent offers its sub-agent a real-time salary contract, which the sub-agent accepts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // The agent: its own contract from the operator, then an offer to subagent below its top rate (0.4%).
  const upline = await openRealtimeSalary(browser, baseURL!, DEMO_AGENT);
  const own = upline.panel.getByRole('article', { name: '사이트 제공' });
  await expect(own.getByText('진행 중')).toBeVisible();
  await expect(own.getByRole('table')).toContainText('0.4%');
  await upline.panel.getByRole('button', { name: '계약 제안' }).click();
  const offer = upline.page.getByRole('dialog', { name: '실시간 급여 계약 제안' });
  await expect(offer).toBeVisible();
  await offer.getByRole('combobox', { name: '직속 하위 에이전트' }).selectOption('subagent');
  const topTier = offer.getByRole('group', { name: '2단계' });
  await expect(topTier.getByRole('textbox', { name: '비율(%)' })).toHaveValue('0.4');
  // Above its own top rate: refused in the form, nothing sent.
  await topTier.getByRole('textbox', { name: '비율(%)' }).fill('0.5');
  await offer.getByRole('button', { name: '제안 보내기' }).click();
  await expect(offer.getByRole('alert')).toHaveText('2단계: 비율은 내 최고 비율(0.4%)을 넘을 수 없습니다.');
  await topTier.getByRole('textbox', { name: '비율(%)' }).fill('0.3');
  await shootDialog(upline.page, 'agent-contracts-offer');
  await expectNoSeriousAxe(upline.page, 'offer dialog');
  await offer.getByRole('button', { name: '제안 보내기' }).click();
  await expect(offer).toBeHidden();
  await expect(upline.panel.getByRole('status')).toHaveText('subagent님에게 계약을 제안했습니다.');
  const given = upline.panel.getByRole('article', { name: 'subagent님에게 제공' });
  await expect(given.getByText('제안됨')).toBeVisible();
  await expect(given.getByRole('table')).toContainText('0.3%');
  await shootEveryWay(upline.page, upline.panel, 'agent-contracts-upline', HEADING);

  // The sub-agent, in a browser of its own: the offer waits for its answer; it accepts.
  const downline = await openRealtimeSalary(browser, baseURL!, DEMO_SUB_AGENT);
  const mine = downline.panel.getByRole('article', { name: 'agent님 제공' });
  await expect(mine.getByText('이 제안은 내 응답을 기다리고 있습니다.')).toBeVisible();
  await expect(mine.getByRole('table')).toContainText('0.3%');
  await shootEveryWay(downline.page, downline.panel, 'agent-contracts-offered', HEADING);
  await downline.page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(downline.page, 'dark', 'KO');
  await mine.getByRole('button', { name: '수락' }).click();
  await expect(downline.panel.getByRole('status')).toHaveText('계약을 수락했습니다.');
  await expect(mine.getByText('진행 중')).toBeVisible();
  await expect(mine.getByRole('button', { name: '해지 요청' })).toBeVisible();
  await shootEveryWay(downline.page, downline.panel, 'agent-contracts-downline', HEADING);

  // The agent sees it active once it reads its contracts again (the site opened anew).
  await upline.page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(upline.page, 'dark', 'KO');
  await showRealtimeSalary(upline.page);
  await expect(given.getByText('진행 중')).toBeVisible();
  await expect(given.getByRole('button', { name: '해지 요청' })).toBeVisible();

  // The daily salary page: the contract the seed replaced is in the history (a card each on a phone).
  await upline.panel.locator('[data-page="agentDailyWages2"]').click();
  await expectPageShown(upline.panel);
  const history = upline.panel.getByRole('region', { name: '계약 내역' });
  await expect(history.getByRole('row', { name: /agent → subagent/ })).toContainText('새 계약으로 대체');
  await expect(upline.panel.getByRole('article', { name: 'subagent님에게 제공' })).toContainText('진행 중');
  for (const width of [1280, 375] as const) {
    await upline.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await history.scrollIntoViewIfNeeded();
    await shoot(upline.page, { path: path.join(SCREENSHOT_DIR, `agent-contracts-daily-history-${width}-dark-KO.png`) });
  }

  expect(upline.errors).toEqual([]);
  expect(downline.errors).toEqual([]);
  await upline.context.close();
  await downline.context.close();
});
