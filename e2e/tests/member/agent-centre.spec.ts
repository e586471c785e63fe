import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe, shootEveryWay } from './member-fixtures';

/** The demo agent (apps/server/src/db/seed-accounts.ts), whose downline seed-agents.ts builds three levels deep. */
const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };
/** The demo agent's payment password (DEMO_AGENT_PAYMENT_PASSWORD, apps/server/src/db/seed-agents.ts). */
const DEMO_AGENT_PAYMENT_PASSWORD = '246810';
/** The payment password the demo member is given when it has none, to fund the agent (as transfer-upline.spec.ts). */
const DEMO_PAYMENT_PASSWORD = '135790';

interface DownlineTransferOverview {
  scope: 'any' | 'direct';
  sentTodayMinor: number;
  balanceMinor: number;
}

async function call<T>(baseURL: string, session: Session, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

/** An amount as the page writes it (₩12,345 or −₩1,000), as a number. */
function amountOf(text: string | null): number {
  const digits = Number((text ?? '').replace(/[^\d]/g, ''));
  return /[−-]/.test(text ?? '') ? -digits : digits;
}

/**
 * The demo agent's wallet holds at least `minor`: if not, the demo member (its direct member) sends it 10,000 through
 * its own upline transfer, as a member would.
 */
async function fundAgent(baseURL: string, agent: Session, minor: number): Promise<DownlineTransferOverview> {
  const overview = await call<DownlineTransferOverview>(baseURL, agent, '/wps/agent/transfers/downline');
  if (overview.balanceMinor >= minor) return overview;
  const member = await signIn(baseURL);
  const status = await call<{ isSet: boolean }>(baseURL, member, '/wps/member/security/payment-password');
  if (!status.isSet) {
    await call(baseURL, member, '/wps/member/security/payment-password', {
      loginPassword: 'Demo1234!',
      newPassword: DEMO_PAYMENT_PASSWORD,
    });
  }
  await call(baseURL, member, '/wps/member/transfers/upline', {
    amountMinor: 10_000,
    paymentPassword: DEMO_PAYMENT_PASSWORD,
    requestId: `e2e-fund-agent-${Date.now()}`,
  });
  return call<DownlineTransferOverview>(baseURL, agent, '/wps/agent/transfers/downline');
}

/** A dialog over the panel at every width, theme and language: screenshots, no sideways scroll, axe in English. */
async function shootDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(dialog).toBeVisible();
      const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${name} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`) });
      if (language === 'EN') await expectNoSeriousAxe(page, `${name} ${width} ${theme}`, '[data-modal="sendDownline"]');
    }
  }
}

/** The page shown in the panel's area has loaded: its chunk and its data (no loader left). */
async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

test('the demo agent opens the agent centre: its overview, its profit and loss, its team as a list and a tree, and sends money to a direct member', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
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

  // Only the built pages (the demo brand has the four contract flags on: seed.ts), the overview current.
  const menu = panel.getByRole('navigation', { name: '에이전트 센터 메뉴' });
  await expect(menu.getByRole('button')).toHaveText([
    '공지사항',
    '개요',
    '계정 개설',
    '팀 관리',
    '팀 베팅',
    '회원 손익',
    '내 수익',
    '거래 내역',
    '배당',
    '일일 급여',
    '시간 급여',
    '실시간 급여',
  ]);
  await expect(menu.getByRole('button', { name: '개요' })).toHaveAttribute('aria-current', 'page');

  // The overview: the seeded downline (the demo member, two sub-agents and six players) and its four periods.
  await expect(panel.getByRole('heading', { name: '팀 개요', level: 2 })).toBeVisible();
  const teamSize = panel.getByText('팀 인원', { exact: true }).locator('xpath=following-sibling::dd');
  expect(Number((await teamSize.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(9);
  for (const period of ['오늘', '어제', '이번 달', '지난달']) {
    await expect(panel.getByRole('region', { name: new RegExp(`^${period}`) })).toBeVisible();
  }
  await expect(panel.getByRole('img', { name: /유효 베팅 합계/ })).toBeVisible();
  const thisMonth = panel.getByRole('region', { name: /^이번 달/ });
  const monthFigure = (label: string) =>
    thisMonth.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent();
  const month = { validBet: await monthFigure('유효 베팅'), profitLoss: await monthFigure('팀 손익') };
  await shootEveryWay(page, panel, 'agent-centre-overview', { KO: '팀 개요', EN: 'Team overview' });
  // The charts and their table, on a phone (where shootEveryWay ends: dark, Korean) and on a wide screen.
  await panel.locator('details summary').click();
  await expect(panel.getByRole('region', { name: '표로 보기' }).getByRole('row')).toHaveCount(15);
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await panel.locator('figure').first().scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-centre-overview-charts-${width}-dark-KO.png`) });
  }

  // User profit and loss opens on this month: its totals are the overview's "this month", member by member below.
  // The demo member, in the team, plays in other journeys meanwhile: when a round settled between the two reads, both
  // are read again from a fresh page.
  await page.setViewportSize({ width: 1280, height: 900 });
  const totals = panel.getByRole('region', { name: /^합계/ });
  const total = (label: string) => totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  for (let attempt = 1; ; attempt += 1) {
    await panel.locator('[data-page="palStatementsAgentCopy"]').click();
    await expectPageShown(panel);
    await expect(panel.getByRole('heading', { name: '회원 손익', level: 2 })).toBeVisible();
    await expect(totals).toBeVisible({ timeout: 30_000 });
    const same =
      (await total('유효 베팅').textContent()) === month.validBet &&
      (await total('팀 손익').textContent()) === month.profitLoss;
    if (same || attempt === 4) break;
    await page.reload();
    await page.getByRole('button', { name: '계정 메뉴' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: '에이전트 센터' }).click();
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expectPageShown(panel);
    month.validBet = await monthFigure('유효 베팅');
    month.profitLoss = await monthFigure('팀 손익');
  }
  await expect(total('유효 베팅')).toHaveText(month.validBet!);
  await expect(total('팀 손익')).toHaveText(month.profitLoss!);
  expect(amountOf(await total('회원 수').textContent())).toBeGreaterThan(0);
  const byMember = panel.getByRole('region', { name: '회원별' });
  await expect(byMember.getByRole('row').nth(1)).toBeVisible();
  await shootEveryWay(page, panel, 'agent-centre-profit-loss', { KO: '회원 손익', EN: 'User profit and loss' });
  // The members, as cards on a phone (where shootEveryWay ends: dark, Korean) and as a table on a wide screen.
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await byMember.scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-centre-profit-loss-members-${width}-dark-KO.png`) });
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

  // Send 1,000 to a direct member from its row, with the payment password: the dialog shows the agent's balance and
  // limits first, the result after; the agent's wallet pays it and the list shows the member's new balance.
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = await fundAgent(baseURL!, session, 1_000);
  const row = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^demoplayer09/ }) });
  const memberBalance = amountOf(await row.locator('td[data-label="잔액"]').textContent());
  await row.getByRole('button', { name: 'demoplayer09님에게 송금' }).click();
  const dialog = page.locator('[data-modal="sendDownline"]');
  await expect(dialog.getByRole('heading', { name: 'demoplayer09님에게 송금' })).toBeVisible();
  const balance = dialog.getByText('잔액', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(balance).toBeVisible({ timeout: 30_000 });
  expect(amountOf(await balance.textContent())).toBe(before.balanceMinor);
  await expect(dialog.getByText('1회 송금 한도', { exact: true })).toBeVisible();
  await dialog.getByLabel('금액 (KRW)').fill('1000');
  await dialog.getByLabel('결제 비밀번호').fill(DEMO_AGENT_PAYMENT_PASSWORD);
  await shootDialog(page, dialog, 'agent-centre-send-money');
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  await dialog.getByRole('button', { name: '송금하기' }).click();
  const sent = dialog.getByRole('status');
  await expect(sent).toContainText('송금 완료', { timeout: 15_000 });
  await expect(sent).toContainText('demoplayer09');
  // The agent's balance moves on its own too (the settlement pays its salaries every few minutes while the journeys
  // play under it: decision 0068), so the transfer is checked by its own movement, not by the balance's difference.
  await expect(sent).toContainText(/현재 잔액은 ₩[\d,]+입니다\./);
  await shootDialog(page, dialog, 'agent-centre-send-money-done');
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  const after = await call<DownlineTransferOverview>(baseURL!, session, '/wps/agent/transfers/downline');
  expect(after.sentTodayMinor).toBe(before.sentTodayMinor + 1_000);
  const movement = /거래 번호 (\d+)/.exec((await sent.textContent()) ?? '')?.[1];
  const record = await call<{ list: { transactionNo: string; type: string; amountMinor: number }[] }>(
    baseURL!,
    session,
    '/wps/relay/ODSFE2_MemTransDet?type=downlineTransfer&pageSize=5',
  );
  expect(record.list.find((item) => item.transactionNo === movement)).toMatchObject({
    type: 'downlineTransfer',
    amountMinor: -1_000,
  });
  // The header's balance follows from the balance socket, as after the upline transfer: the wallet's balance now.
  await expect
    .poll(async () => {
      const now = await call<DownlineTransferOverview>(baseURL!, session, '/wps/agent/transfers/downline');
      return amountOf(await page.getByTestId('balance-amount').first().textContent()) === now.balanceMinor;
    })
    .toBe(true);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => amountOf(await row.locator('td[data-label="잔액"]').textContent()))
    .toBe(memberBalance + 1_000);

  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('tab', { name: /^(트리|Tree)$/ }).click();
  // The nodes that open (aria-expanded), not their Send actions ("subagent님에게 송금").
  const subagent = panel.getByRole('button', { name: /^subagent\b/, expanded: false });
  await expect(subagent).toHaveAttribute('aria-expanded', 'false', { timeout: 30_000 });
  await subagent.click();
  const subagent2 = panel.getByRole('button', { name: /^subagent2/, expanded: false });
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
