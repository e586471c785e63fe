import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR as ROOT, settleAnimations, shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { register, rememberPreferences, seeded, signIn, useSession, type Session } from '../games/games-fixtures';

// VIP ranks on the player site (issue 35): /vip for a visitor and for the demo member (the levels table with the
// member's row marked, the level and the bars towards the next, the level changes), the member centre's playerRank,
// and a new member who reaches the first level above 0 and sees the rank label change without a new page load.

const SCREENSHOT_DIR = path.join(ROOT, 'vip');
const PASSWORD = 'Parlay1234!';

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}
interface Figures {
  validBetMinor: number;
  depositMinor: number;
}
interface Levels {
  levels: { rankLevel: number; name: string; reach: Figures }[];
}
interface Mine {
  rankLevel: number;
  name: string;
  figures: Figures;
  next: { rankLevel: number; name: string } | null;
}

async function call<T>(baseURL: string, token: string | null, pathname: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      language: 'EN',
    },
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

/** A deposit of `amountMinor` through the sandbox provider: the order, then "Pay" on its hosted page, then credited. */
async function deposit(baseURL: string, session: Session, amountMinor: number): Promise<void> {
  const methods = await call<{ items: { id: number; name: string; kind: string; maxAmountMinor: number }[] }>(
    baseURL,
    session.token,
    '/wps/member/cashier/methods',
  );
  const sandbox = seeded(
    methods.items.find((method) => method.kind === 'provider' && /sandbox/i.test(method.name)),
    'a sandbox deposit method',
  );
  expect(amountMinor, 'the deposit fits the method').toBeLessThanOrEqual(sandbox.maxAmountMinor);
  const order = await call<{ orderNo: string; instructions: { kind: string; url?: string } | null }>(
    baseURL,
    session.token,
    '/wps/member/cashier/deposits',
    { method: 'POST', body: JSON.stringify({ methodId: sandbox.id, amountMinor }) },
  );
  expect(order.instructions?.kind).toBe('redirect');
  const paid = await fetch(order.instructions!.url!, {
    method: 'POST',
    body: new URLSearchParams({ choice: 'pay' }),
    redirect: 'manual',
  });
  expect(paid.status, 'the sandbox took the payment').toBe(303);
  await expect
    .poll(
      async () =>
        (await call<{ state: string }>(baseURL, session.token, `/wps/member/cashier/deposits/${order.orderNo}`)).state,
      { timeout: 20_000, message: 'the deposit credited' },
    )
    .toBe('credited');
}

/** Dice rounds over 2.00 (98 % to win) through the house vendor's own API, as its game page plays them. */
async function playDice(baseURL: string, session: Session, totalMinor: number): Promise<void> {
  const list = await call<{ games: { id: number; code: string; status: string }[] }>(
    baseURL,
    null,
    '/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice',
  );
  const dice = seeded(
    list.games.find((game) => game.code === 'dice' && game.status === 'active'),
    'the house dice game, active',
  );
  const launch = await call<{ game_url: string }>(baseURL, session.token, '/wps/game/launchGame', {
    method: 'POST',
    body: JSON.stringify({ gameId: dice.id }),
  });
  const gameUrl = new URL(launch.game_url, baseURL);
  const house = async <T>(pathname: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${gameUrl.origin}/house/api/${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Envelope<T> & { error?: { code?: string } };
    if (!answer.success) throw new Error(`house ${pathname}: ${JSON.stringify(answer)}`);
    return answer.value;
  };
  const { token } = await house<{ token: string }>('sessions', null, Object.fromEntries(gameUrl.searchParams));
  const { limits } = await house<{ limits: { minBetMinor: number; maxBetMinor: number } }>('state', token);
  for (let bet = 0; bet < totalMinor;) {
    const stake = Math.max(limits.minBetMinor, Math.min(limits.maxBetMinor, totalMinor - bet));
    await house('dice/bet', token, { amountMinor: stake, target: 2, direction: 'over' });
    bet += stake;
  }
}

/** The bottom navigation's rank label (the header's navigation row), by its place: "Rank" for a reader, then it. */
const rankLabel = (page: Page): Locator =>
  page.locator('[data-site-header] :is([title="Rank"], [title="등급"])').first();
const labelled = (name: string) => new RegExp(`^(Rank|등급)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Every width, theme and language of what `page` shows, switched in the page; back to 1280, dark, English after. */
async function shootEveryWay(
  page: Page,
  name: string,
  check: (language: 'KO' | 'EN') => Promise<void>,
  { fullPage = true } = {},
) {
  if (fullPage) {
    // The footer loads as it nears the viewport (app/layout/deferred-parts.tsx): a reader scrolling down meets it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await check(language);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${name} ${width} ${theme} ${language} scrolls sideways`).toBeLessThanOrEqual(0);
      await shoot(page, {
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`),
        fullPage,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
}

async function openAs(browser: Browser, baseURL: string, session: Session | null) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watched = watchForErrors(page);
  await rememberPreferences(page, 'EN', 'dark');
  if (session) await useSession(page, session);
  return { context, page, ...watched };
}

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }));

test('a visitor is asked to log in; the demo member sees the levels, their own marked, the progress and playerRank', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A visitor: the way in, and no member call.
  const visitor = await openAs(browser, baseURL!, null);
  const vipCalls: string[] = [];
  visitor.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/wps/member/vip')) vipCalls.push(request.url());
  });
  await visitor.page.goto('/vip');
  await expect(visitor.page.getByText('Log in to see your VIP rank')).toBeVisible({ timeout: 30_000 });
  // A visitor has no rank: the header shows no empty chip for one.
  await expect(rankLabel(visitor.page)).toHaveCount(0);
  for (const width of [1280, 375] as const) {
    await visitor.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settleAnimations(visitor.page);
    await shoot(visitor.page, { path: path.join(SCREENSHOT_DIR, `vip-visitor-${width}-dark-EN.png`) });
  }
  expect(vipCalls, "a visitor's page asks nothing of a member's calls").toEqual([]);
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();

  // The demo member: the level the server gives, the brand's levels with the member's row marked.
  const session = await signIn(baseURL!);
  const mine = await call<Mine>(baseURL!, session.token, '/wps/member/vip/me');
  const levels = await call<Levels>(baseURL!, session.token, '/wps/member/vip/levels');
  expect(mine.rankLevel, 'the demo member is above level 0 (the seed)').toBeGreaterThan(0);
  expect(levels.levels.length, 'the demo brand has levels').toBeGreaterThan(1);
  const { context, page, errors } = await openAs(browser, baseURL!, session);
  await page.goto('/vip');
  await expect(page.getByTestId('vip-level-name')).toHaveText(mine.name, { timeout: 30_000 });
  await expect(rankLabel(page)).toHaveText(labelled(mine.name));
  const table = page.getByRole('table', { name: 'The levels, what each takes and what it gives' });
  await expect(table.getByRole('rowheader')).toHaveCount(levels.levels.length);
  const marked = table.locator('tr[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole('rowheader')).toContainText(mine.name);
  if (mine.next) {
    await expect(page.getByRole('heading', { name: `Progress to ${mine.next.name}` })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(2);
  }
  await shootEveryWay(page, 'vip-demo', async (language) => {
    await expect(page.getByRole('heading', { name: language === 'EN' ? 'VIP levels' : 'VIP 등급' })).toBeVisible();
    await expect(page.locator('table tr[aria-current="true"]')).toBeVisible();
  });

  // playerRank in the member centre, from the avatar menu: the same rank and progress.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Member centre' }).click();
  const panel = page.locator('[data-modal="memberCentre"]');
  await panel.locator('[data-page="playerRank"]').click();
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'My rank' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(mine.name, { exact: true })).toBeVisible();
  if (mine.next) await expect(panel.getByRole('progressbar')).toHaveCount(2);
  // The panel over the page: what the screen shows, not the page scrolled beneath it.
  await shootEveryWay(
    page,
    'player-rank-demo',
    async (language) => {
      await expect(
        panel.locator('h2:not([data-panel-title])', { hasText: language === 'EN' ? 'My rank' : '내 등급' }),
      ).toBeVisible();
    },
    { fullPage: false },
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('a new member who bets and deposits what the first level asks sees the rank label change', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const session = await register(baseURL!, { prefix: 'vip', password: PASSWORD });
  const levels = await call<Levels>(baseURL!, session.token, '/wps/member/vip/levels');
  const start = await call<Mine>(baseURL!, session.token, '/wps/member/vip/me');
  expect(start.rankLevel, 'a new member starts at level 0').toBe(0);
  const first = seeded(
    levels.levels.find((level) => level.rankLevel > 0),
    'a level above 0',
  );
  // Enough money to bet the first level's valid bets whatever the dice do (98 % each), and its deposits.
  const validBet = Math.max(first.reach.validBetMinor, 1);
  await deposit(baseURL!, session, Math.max(first.reach.depositMinor, validBet));

  const { context, page, errors } = await openAs(browser, baseURL!, session);
  await page.goto('/index');
  await expect(rankLabel(page)).toHaveText(labelled(start.name), { timeout: 30_000 });
  // /vip from the side menu: level 0 and the bars towards the first level.
  const sideMenu = page.getByRole('complementary', { name: 'Side menu' });
  await sideMenu.getByRole('link', { name: 'VIP', exact: true }).click();
  await expect(page.getByTestId('vip-level-name')).toHaveText(start.name, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: `Progress to ${first.name}` })).toBeVisible();
  await expect(page.getByText('No level changes yet')).toBeVisible();
  await shootEveryWay(page, 'vip-new-member', async (language) => {
    await expect(page.getByRole('heading', { name: language === 'EN' ? 'VIP levels' : 'VIP 등급' })).toBeVisible();
  });

  // The member plays; the feed's `vip` consumer raises the level as soon as both figures are met.
  await playDice(baseURL!, session, validBet);
  await expect
    .poll(async () => (await call<Mine>(baseURL!, session.token, '/wps/member/vip/me')).rankLevel, {
      timeout: 30_000,
      message: 'the level reached',
    })
    .toBeGreaterThanOrEqual(first.rankLevel);

  // Back on /vip by the side menu, no new page load: the level, the change, and the rank label in the header.
  await page.locator('[data-site-header]').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/index/);
  await sideMenu.getByRole('link', { name: 'VIP', exact: true }).click();
  await expect(page.getByTestId('vip-level-name')).toHaveText(first.name, { timeout: 15_000 });
  await expect(rankLabel(page)).toHaveText(labelled(first.name));
  const changes = page.getByRole('table', { name: 'My level changes, newest first' });
  await expect(changes.getByText(`${start.name} → ${first.name}`)).toBeVisible();
  await expect(changes.getByText('Upgrade', { exact: true })).toBeVisible();
  await shootEveryWay(page, 'vip-reached', async (language) => {
    await expect(rankLabel(page)).toHaveText(labelled(first.name));
    await expect(
      page.getByRole('table', {
        name: language === 'EN' ? 'My level changes, newest first' : '내 등급 변경 내역, 최신순',
      }),
    ).toBeVisible();
  });
  expect(errors).toEqual([]);
  await context.close();
});
