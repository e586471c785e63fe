import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { createDataDir, findFreePort } from '../../support/server';
import { JOURNEY_SERVER_ENV } from '../../support/server-env';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe } from './member-fixtures';

// A real-time salary, offered, accepted, played on and paid (issue 37; decisions 0066 and 0068): the demo agent offers
// its sub-agent 0.3% of its team's valid bets by 5 minutes, the sub-agent accepts, a player of the sub-agent's plays
// dice, and once the members' figures hold the rounds the settlement's clock is moved past the 5 minutes and their
// grace: the line is paid, and both see it on their income. On a server of its own, with the settlement's dev clock
// (DEV_CLOCK_API): the shared demo data keeps its contracts (agent-contracts.spec.ts offers on them) and its clock.

const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };
const DEMO_SUB_AGENT = { username: 'subagent', password: 'Agent1234!' };
/** The demo agent's payment password (DEMO_AGENT_PAYMENT_PASSWORD, apps/server/src/db/seed-agents.ts). */
const DEMO_AGENT_PAYMENT_PASSWORD = '246810';
const PLAYER_PASSWORD = 'Parlay1234!';
/** The offered rate: 0.3% of the team's valid bets, a single tier asking nothing. */
const RATE_BP = 30;
const STAKE_MINOR = 10_000;
const ROUNDS = 3;
/** The income page's words: its heading, its lines' table, the kind, each side of the salary, a line paid. */
const WORDS = {
  KO: {
    heading: '내 수익',
    lines: '정산 내역',
    kind: '실시간 급여',
    earned: 'agent님이 지급',
    paidOut: 'subagent님에게 지급',
    paid: '지급됨',
  },
  EN: {
    heading: 'My income',
    lines: 'Settlements',
    kind: 'Real-time salary',
    earned: 'from agent',
    paidOut: 'Paid to subagent',
    paid: 'Paid',
  },
} as const;
type Language = keyof typeof WORDS;
const root = path.resolve(import.meta.dirname, '../../..');

interface SettlementServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * The platform as `npm start` runs it, on a copy of the run's seeded folder, with its embedded house vendor and the
 * settlement's dev clock (POST /wps/dev/settlement-clock, DEV_CLOCK_API: this journey's alone).
 */
async function startSettlementServer(): Promise<SettlementServer> {
  const [port, housePort, payPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
  const dataDir = createDataDir('parlay-e2e-settlement-');
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOUSE_PORT: String(housePort),
      SANDBOX_PAY_PORT: String(payPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...JOURNEY_SERVER_ENV,
      DEV_CLOCK_API: 'true',
      WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
    },
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    // The platform is ready before its house vendor, which listens once the platform has written its feed.
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok && (await fetch(`http://localhost:${housePort}/house/verify`)).ok)
        break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`settlement e2e server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('settlement e2e server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(baseURL: string, session: Session | null, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      'content-type': 'application/json',
      language: 'EN',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { success: boolean; value: T; code?: string; message?: string };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code} ${answer.message ?? ''}`);
  return answer.value;
}

interface IncomeLine {
  id: number;
  kind: string;
  rhythm: string;
  periodStart: string;
  agentAccount: string;
  payerAccount: string | null;
  direction: 'earned' | 'paid_out';
  validBetMinor: number;
  rateBp: number;
  baseMinor: number;
  amountMinor: number;
  status: 'paid' | 'pending' | 'none';
}

interface Income {
  totals: { earnedMinor: number; paidOutMinor: number };
  lines: IncomeLine[];
}

/** A day of the brand's calendar, `offset` days from today. */
function brandDay(timeZone: string, offset = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(new Date(Date.now() + offset * 86_400_000));
}

/** The caller's income over yesterday and today (the brand's days): totals and its newest lines. */
function readIncome(baseURL: string, session: Session, timeZone: string, kind?: string): Promise<Income> {
  const query = new URLSearchParams({ from: brandDay(timeZone, -1), to: brandDay(timeZone, 1), limit: '100' });
  if (kind) query.set('kind', kind);
  return call<Income>(baseURL, session, `/wps/agent/income?${query}`);
}

async function readBalance(baseURL: string, session: Session): Promise<number> {
  return (await call<{ sumBalance: number }>(baseURL, session, '/wps/v2/wallets/balance')).sumBalance;
}

/** The agent's team figures of today (the members' days, which the feed's member-figures consumer writes). */
async function todayOfTeam(baseURL: string, session: Session) {
  const overview = await call<{ timeZone: string; periods: { period: string; validBetMinor: number }[] }>(
    baseURL,
    session,
    '/wps/agent/team/overview',
  );
  return {
    timeZone: overview.timeZone,
    validBetMinor: overview.periods.find((p) => p.period === 'today')!.validBetMinor,
  };
}

/**
 * Rows of the settlement feed the member-figures consumer has not counted yet, as /metrics reports them (open without
 * METRICS_TOKEN outside production): the settlement waits for it before a period.
 */
async function feedBehind(baseURL: string): Promise<number> {
  const metrics = await (await fetch(`${baseURL}/metrics`)).text();
  const found = /^parlay_settlement_feed_behind\{consumer="member-figures"\} (\d+)$/m.exec(metrics);
  if (!found) throw new Error('/metrics does not report the member-figures consumer');
  return Number(found[1]);
}

/** Moves the settlement's clock forward and settles what is then due, at once. */
function moveSettlementClock(baseURL: string, advanceMinutes: number) {
  return call<{ now: string; settled: number; paid: number }>(baseURL, null, '/wps/dev/settlement-clock', {
    advanceMinutes,
  });
}

/** A browser signed in as `session`, Korean and dark at 1280 px. */
async function openSite(browser: Browser, baseURL: string, session: Session) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  return { context, page, errors };
}

/** The site opened anew (its data read afresh), the agent centre on the page `key` with `heading` (Korean). */
async function openAgentPage(page: Page, key: string, heading: string): Promise<Locator> {
  await page.goto('/index');
  await page.getByRole('button', { name: '계정 메뉴' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '에이전트 센터' }).click();
  const panel = page.locator('[data-modal="agentCentre"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await panel.locator(`[data-page="${key}"]`).click();
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  return panel;
}

/** Plays one dice round in the game's frame; answers its stake as the vendor settled it. */
async function playDice(page: Page): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().includes('/house/api/dice/bet'));
  await page.frameLocator('iframe').getByRole('button', { name: '베팅', exact: true }).click();
  const body = (await (await answer).json()) as {
    success: boolean;
    value: { round: { stakeMinor: number; state: string } };
    message?: string;
  };
  expect(body.success, body.message).toBe(true);
  expect(body.value.round.state).toBe('settled');
  return body.value.round.stakeMinor;
}

/** The income page's line of the real-time salary: the sub-agent's (`earned`) or the agent's (`paidOut`). */
function salaryRow(panel: Locator, language: Language, side: 'earned' | 'paidOut'): Locator {
  const words = WORDS[language];
  return panel
    .getByRole('region', { name: words.lines })
    .getByRole('row')
    .filter({ hasText: words.kind })
    .filter({ hasText: words[side] })
    .first();
}

/**
 * The income page at both widths in each theme and language of `pairs`, switched in the page: the salary's line paid
 * in that language, no sideways scroll, and a screenshot with the line's amount and state in view (at 1280 px the
 * lines' table scrolls sideways to them); with `axe`, axe in English (the agent's is the same page: once is enough).
 */
async function shootLine(
  page: Page,
  panel: Locator,
  side: 'earned' | 'paidOut',
  name: string,
  pairs: readonly (readonly ['dark' | 'light', Language])[],
  { axe }: { axe: boolean },
): Promise<void> {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of pairs) {
      await switchByEvents(page, theme, language);
      // The page's own heading (on a phone the panel's bar names the page too).
      await expect(panel.locator('h2:not([data-panel-title])', { hasText: WORDS[language].heading })).toBeVisible();
      const status = salaryRow(panel, language, side).locator('[data-line-status="paid"]');
      await expect(status).toHaveText(WORDS[language].paid);
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${name} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      // The line in view, its table scrolled sideways as far as its state.
      await status.scrollIntoViewIfNeeded();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`) });
      if (axe && language === 'EN') await expectNoSeriousAxe(page, `${name} ${width} ${theme}`);
    }
  }
}

let server: SettlementServer;
test.beforeAll(async () => {
  // A server of its own starts in seconds from the template's copy, slower on a busy machine.
  test.setTimeout(300_000);
  server = await startSettlementServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('a real-time salary is offered, accepted, played on, and paid by the next 5-minute settlement', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { baseURL } = server;
  const [agent, sub] = await Promise.all([signIn(baseURL, DEMO_AGENT), signIn(baseURL, DEMO_SUB_AGENT)]);

  // The agent offers subagent 0.3% on one tier that asks nothing (its own top rate is 0.4%).
  const upline = await openSite(browser, baseURL, agent);
  const agentPanel = await openAgentPage(upline.page, 'agentRealtimeSalary', '실시간 급여 계약');
  await agentPanel.getByRole('button', { name: '계약 제안' }).click();
  const offer = upline.page.getByRole('dialog', { name: '실시간 급여 계약 제안' });
  await offer.getByRole('combobox', { name: '직속 하위 에이전트' }).selectOption('subagent');
  await offer.getByRole('button', { name: '2단계 삭제' }).click();
  const tier = offer.getByRole('group', { name: '1단계' });
  await tier.getByRole('textbox', { name: '비율(%)' }).fill('0.3');
  await expect(tier.getByRole('textbox', { name: '활성 회원' })).toHaveValue('0');
  await expect(tier.getByRole('textbox', { name: '유효 베팅' })).toHaveValue('0');
  await offer.getByRole('button', { name: '제안 보내기' }).click();
  await expect(offer).toBeHidden();
  await expect(agentPanel.getByRole('status')).toHaveText('subagent님에게 계약을 제안했습니다.');

  // The sub-agent, in a browser of its own, accepts it.
  const downline = await openSite(browser, baseURL, sub);
  const subPanel = await openAgentPage(downline.page, 'agentRealtimeSalary', '실시간 급여 계약');
  const mine = subPanel.getByRole('article', { name: 'agent님 제공' });
  await expect(mine.getByRole('table')).toContainText('0.3%');
  await mine.getByRole('button', { name: '수락' }).click();
  await expect(subPanel.getByRole('status')).toHaveText('계약을 수락했습니다.');
  await expect(mine.getByText('진행 중')).toBeVisible();

  // A player of the sub-agent's (made in its agent centre's call), given money by the agent, plays dice for real.
  const account = `rts${Date.now().toString(36).slice(-6)}`;
  const made = await call<{ id: number }>(baseURL, sub, '/wps/agent/team/accounts', {
    account,
    password: PLAYER_PASSWORD,
    accountType: 'member',
    requestId: `e2e-${account}`,
  });
  const player = await signIn(baseURL, { username: account, password: PLAYER_PASSWORD });
  await call(baseURL, agent, '/wps/agent/transfers/downline', {
    memberId: made.id,
    amountMinor: STAKE_MINOR * ROUNDS,
    paymentPassword: DEMO_AGENT_PAYMENT_PASSWORD,
    requestId: `e2e-fund-${account}`,
  });

  // Before the balances are read, every settlement the server still owes from the seeded history is paid: the feed's
  // member-figures consumer has counted the history (a period waits for it), then a run settles nothing more.
  await expect.poll(() => feedBehind(baseURL), { timeout: 60_000 }).toBe(0);
  await expect
    .poll(
      async () => {
        const [first, second] = [await moveSettlementClock(baseURL, 0), await moveSettlementClock(baseURL, 0)];
        return first.settled + first.paid + second.settled + second.paid;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
  const team = await todayOfTeam(baseURL, sub);
  const [subBalanceBefore, subIncomeBefore] = await Promise.all([
    readBalance(baseURL, sub),
    readIncome(baseURL, sub, team.timeZone),
  ]);

  const games = await call<{ games: { id: number; code: string; vassalage: string }[] }>(
    baseURL,
    null,
    '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=100',
  );
  const dice = games.games.find((game) => game.vassalage === 'HOUSE' && game.code === 'dice')!;
  const table = await openSite(browser, baseURL, player);
  await table.page.goto(`/game?gameId=${dice.id}`);
  await table.page.frameLocator('iframe').getByRole('spinbutton', { name: '베팅 금액' }).fill(String(STAKE_MINOR));
  let staked = 0;
  for (let round = 0; round < ROUNDS; round += 1) staked += await playDice(table.page);
  expect(staked).toBe(STAKE_MINOR * ROUNDS);

  // The feed's member-figures consumer counts the rounds (every ~2 s): the sub-agent's team figures show them.
  await expect
    .poll(async () => (await todayOfTeam(baseURL, sub)).validBetMinor, { timeout: 30_000 })
    .toBe(team.validBetMinor + staked);

  // 6 minutes on: the 5 minutes the rounds fell in have ended, and their minute of grace. Settled and paid at once.
  await moveSettlementClock(baseURL, 6);
  const subIncome = await readIncome(baseURL, sub, team.timeZone);
  const earned = subIncome.lines.filter((line) => line.kind === 'realtime_salary');
  // The rounds may straddle two 5-minute periods: a line each, every one at 0.3% of its own valid bets.
  expect(earned.reduce((sum, line) => sum + line.validBetMinor, 0)).toBe(staked);
  for (const line of earned) {
    expect(line).toMatchObject({ direction: 'earned', payerAccount: 'agent', rateBp: RATE_BP, status: 'paid' });
    expect(line.amountMinor).toBe(Math.floor((line.validBetMinor * RATE_BP) / 10_000));
  }
  const salary = earned.reduce((sum, line) => sum + line.amountMinor, 0);

  // The agent sees the same lines paid out to subagent.
  const agentIncome = await readIncome(baseURL, agent, team.timeZone, 'realtime_salary');
  const paidOut = agentIncome.lines.filter((line) => line.direction === 'paid_out');
  expect(paidOut.map((line) => [line.id, line.agentAccount, line.amountMinor, line.status])).toEqual(
    earned.map((line) => [line.id, 'subagent', line.amountMinor, 'paid']),
  );

  // Its wallet rose by the salary: the only money it earned then, unless the moved clock crossed the brand's midnight
  // and paid its daily salary too (counted apart).
  const otherEarned = subIncome.totals.earnedMinor - subIncomeBefore.totals.earnedMinor - salary;
  expect(await readBalance(baseURL, sub)).toBe(subBalanceBefore + salary + otherEarned);
  expect(otherEarned).toBeGreaterThanOrEqual(0);

  // Both see it on their income page: the sub-agent earned it from agent, the agent paid it to subagent.
  const amountText = new Intl.NumberFormat('ko').format(earned[0]!.amountMinor);
  const subIncomePanel = await openAgentPage(downline.page, 'agentRevenueReport', WORDS.KO.heading);
  const subRow = salaryRow(subIncomePanel, 'KO', 'earned');
  await expect(subRow).toContainText('0.3%');
  await expect(subRow).toContainText(`+₩${amountText}`);
  await expect(subRow.locator('[data-line-status="paid"]')).toHaveText('지급됨');
  await shootLine(
    downline.page,
    subIncomePanel,
    'earned',
    'agent-settlement-income-downline',
    [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ],
    { axe: true },
  );

  const agentIncomePanel = await openAgentPage(upline.page, 'agentRevenueReport', WORDS.KO.heading);
  const agentRow = salaryRow(agentIncomePanel, 'KO', 'paidOut');
  await expect(agentRow).toContainText('0.3%');
  await expect(agentRow).toContainText(`−₩${amountText}`);
  await expect(agentRow.locator('[data-line-status="paid"]')).toHaveText('지급됨');
  await shootLine(
    upline.page,
    agentIncomePanel,
    'paidOut',
    'agent-settlement-income-upline',
    [
      ['dark', 'KO'],
      ['light', 'EN'],
    ],
    { axe: false },
  );

  expect(upline.errors).toEqual([]);
  expect(downline.errors).toEqual([]);
  expect(table.errors).toEqual([]);
  await Promise.all([upline.context.close(), downline.context.close(), table.context.close()]);
});
