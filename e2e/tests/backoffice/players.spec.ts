import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_MEMBER, signIn as signInMember } from '../games/games-fixtures';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
  type View,
} from './backoffice-fixtures';

// The players pages. Two operators of this file alone: the demo finance operator moves money (players.money), the
// demo risk operator adds a note, locks and unlocks, and reads the audit trail (players.write, audit.read). Changes
// go to a demo player of the seeded history (demoplayer07, who cannot sign in), never to the `demo` member other
// journeys sign in as: this one only reads its sign-ins and sessions.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PLAYER = 'demoplayer07';
let finance: { context: BrowserContext; page: Page };
let risk: { context: BrowserContext; page: Page };
let errors: string[];
let playerPath = '';
let demoPath = '';

test.beforeAll(async ({ browser, baseURL }) => {
  finance = await signedInContext(browser, baseURL!, 'demo-finance');
  errors = watchErrors(finance.page);
});

test.afterAll(async () => {
  await finance?.context.close();
  await risk?.context.close();
});

test('finance finds a player, credits the balance after a confirmation, and sees the ledger row', async () => {
  const { page } = finance;
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Players' }).click();
  await expect(page).toHaveURL(/\/backoffice\/brands\/parlay\/players$/);
  await expect(page.getByText('Search for a player')).toBeVisible();
  await page.getByRole('combobox', { name: 'Search by' }).selectOption('account');
  await page.getByRole('searchbox', { name: 'Find' }).fill('demo');
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Players' });
  // Accounts by their beginning, in account order: the demo member, then the demo players.
  await expect(list.getByRole('link', { name: 'demo', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: PLAYER })).toBeVisible();
  await expect(page).toHaveURL(/\?by=account&q=demo$/);
  await screenshot(page, 'players-search');

  await list.getByRole('link', { name: PLAYER }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(PLAYER) })).toBeVisible();
  playerPath = new URL(page.url()).pathname;
  const balance = page.getByTestId('player-balance');
  await expect(balance).toHaveText(/₩[\d,]+/);
  const before = Number((await balance.textContent())!.replace(/\D/g, ''));
  // Finance moves money; it does not lock players.
  await expect(page.getByRole('button', { name: 'Lock' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust the balance of ${PLAYER}` });
  await dialog.getByLabel(/^Amount/).fill('5,000');
  await dialog.getByLabel(/^Reason/).fill('Journey goodwill credit');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('adjust-amount')).toHaveText('+₩5,000');
  await expect(dialog.getByText(`₩${(before + 5000).toLocaleString('en-GB')}`)).toBeVisible();
  await screenshot(page, 'player-adjust-confirm');
  await dialog.getByRole('button', { name: 'Credit ₩5,000' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`+₩5,000 for ${PLAYER}.`, { exact: false })).toBeVisible();
  await expect(balance).toHaveText(`₩${(before + 5000).toLocaleString('en-GB')}`);

  const ledger = page.getByRole('table', { name: 'Ledger' });
  const row = ledger.getByRole('row').nth(1);
  await expect(row).toContainText('Adjustment');
  await expect(row).toContainText('+₩5,000');
  await expect(row).toContainText('Journey goodwill credit');
  await screenshot(page, 'player-after-adjustment');
  expect(errors).toEqual([]);
});

test('the demo member, found by e-mail, shows its sign-in with IP and its live session', async ({ baseURL }) => {
  const { page } = finance;
  await signInMember(baseURL!, DEMO_MEMBER);
  await page.goto('/backoffice/brands/parlay/players');
  await page.getByRole('combobox', { name: 'Search by' }).selectOption('email');
  await page.getByRole('searchbox', { name: 'Find' }).fill('DEMO@parlay.example');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table', { name: 'Players' }).getByRole('link', { name: 'demo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^demo/ })).toBeVisible();
  demoPath = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Sign-ins' }).click();
  const signIns = page.getByRole('table', { name: 'Sign-ins' });
  await expect(signIns.getByRole('row', { name: /127\.0\.0\.1/ }).first()).toContainText('Live');
  await screenshot(page, 'player-sign-ins');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row', { name: /127\.0\.0\.1/ }).first()).toBeVisible();
  // Finance does not end sessions (players.write).
  await expect(sessions.getByRole('button')).toHaveCount(0);
  await screenshot(page, 'player-sessions');
});

test('a round of the player opens to its money moves', async () => {
  await finance.page.goto(playerPath);
  const { page } = finance;
  await page.getByRole('tab', { name: 'Rounds' }).click();
  const rounds = page.getByRole('table', { name: 'Rounds' });
  await rounds.locator('button[aria-expanded]').first().click();
  await expect(page.getByRole('table', { name: /^Money moves of round/ })).toBeVisible();
  await screenshot(page, 'player-round-detail');
});

test('risk adds a note, locks and unlocks the player, and finds every change in the audit trail', async ({
  browser,
  baseURL,
}) => {
  risk = await signedInContext(browser, baseURL!, 'demo-risk');
  const { page } = risk;
  const riskErrors = watchErrors(page);
  await page.goto(`${playerPath}?tab=notes`);
  await settled(page);
  await expect(page.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
  await page.getByLabel('New note').fill('Asked about the goodwill credit; told it was paid.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('cell', { name: 'Asked about the goodwill credit; told it was paid.' })).toBeVisible();

  await page.getByRole('button', { name: 'Lock' }).click();
  const lock = page.getByRole('dialog', { name: `Lock ${PLAYER}?` });
  await lock.getByLabel(/^Reason/).fill('Journey: checking a chargeback');
  await lock.getByRole('button', { name: 'Lock' }).click();
  await expect(lock).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Locked');
  await screenshot(page, 'player-locked');
  await page.getByRole('button', { name: 'Unlock' }).click();
  const unlock = page.getByRole('dialog', { name: `Unlock ${PLAYER}?` });
  await unlock.getByLabel(/^Reason/).fill('Journey: chargeback cleared');
  await unlock.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Active');

  await page.getByRole('link', { name: 'Changes in the audit trail' }).click();
  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit.getByRole('row', { name: /wallet\.adjust/ })).toContainText('demo-finance');
  await expect(audit.getByRole('row', { name: /member\.note/ })).toContainText('demo-risk');
  await expect(audit.getByRole('row', { name: /member\.lock/ })).toBeVisible();
  await expect(audit.getByRole('row', { name: /member\.unlock/ })).toBeVisible();
  await audit
    .getByRole('row', { name: /wallet\.adjust/ })
    .locator('button[aria-expanded]')
    .click();
  await expect(page.getByRole('table', { name: /changed/ })).toContainText('Journey goodwill credit');
  await screenshot(page, 'player-audit');
  expect(riskErrors).toEqual([]);
});

const pages = () => [
  { name: 'players', path: '/backoffice/brands/parlay/players?by=account&q=demo' },
  { name: 'player', path: playerPath },
  { name: 'player-rounds', path: `${playerPath}?tab=rounds` },
  { name: 'player-sign-ins', path: `${demoPath}?tab=signIns` },
];

test('the players pages in both themes and languages at 1280 px, and the list and a player at 768 and 375 px: drawn whole, nothing cut off, axe finds nothing serious', async () => {
  test.setTimeout(420_000);
  const { page } = finance;
  const small: View[] = [
    { width: 768, theme: 'dark', language: 'KO', axe: true },
    { width: 768, theme: 'light', language: 'EN', axe: true },
    { width: 375, theme: 'light', language: 'EN', axe: true },
  ];
  for (const [index, { name, path }] of pages().entries()) {
    // Loaded once; each theme, language and width by the top bar's toggles and a resize.
    await page.goto(path);
    await settled(page);
    for (const view of [...VIEWS.filter((each) => each.width === 1280), ...(index < 2 ? small : [])]) {
      await showView(page, view);
      const where = `${name} ${view.width} ${view.theme} ${view.language}`;
      // The list, or a player's tab panel drawn (a tab may be empty).
      await expect(page.getByRole(path.includes('?tab=') ? 'tabpanel' : 'table').first(), where).toBeVisible();
      await expect(page.getByText(/Loading…|불러오는 중/), where).toHaveCount(0);
      if (view.width < 1280) {
        // No sideways scrolling of the page: wide tables scroll inside their own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(view.width);
      }
      if (view.width === 375) {
        // The top bar is one line: its texts together are no taller than its tallest one (none wraps).
        const [top, bottom, line] = await page.getByRole('banner').evaluate((bar) => {
          const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
          const rects: DOMRect[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim() || node.parentElement!.getBoundingClientRect().width <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            rects.push(...Array.from(range.getClientRects()));
          }
          const tops = rects.map((r) => r.top);
          return [Math.min(...tops), Math.max(...rects.map((r) => r.bottom)), Math.max(...rects.map((r) => r.height))];
        });
        expect(bottom - top, where).toBeLessThan(line * 1.5);
      }
      await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
  }
  expect(errors).toEqual([]);
});
