import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startAuthServer, type AuthServer } from '../auth/auth-fixtures';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// The Games pages. A server of its own: the journey changes the demo brand's offer (a game hot, another hidden,
// the vendors' order), which the lobby journeys on the shared server must not see. Its operator is the demo owner
// (the only demo operator of every brand: the vendors' feeds and the keys are every brand's), alone on this
// server, so no other journey takes its authenticator codes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: AuthServer;
let context: BrowserContext;
let page: Page;
let errors: string[];
let site: BrowserContext;
let lobby: Page;

test.beforeAll(async ({ browser }) => {
  // A server of its own starts in seconds, far slower on a busy machine.
  test.setTimeout(180_000);
  server = await startAuthServer();
  ({ context, page } = await signedInContext(browser, server.baseURL, 'demo-owner'));
  errors = watchErrors(page);
  site = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  await site.addInitScript(() => {
    if (window === window.top) localStorage.setItem('lang', 'EN');
  });
  lobby = await site.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await site?.close();
  await server?.stop();
});

/** The lobby's row of hot games, loaded again as a player opening the site now would. */
async function hotGamesNow(): Promise<Locator> {
  await lobby.goto('/index');
  const row = lobby.getByRole('list', { name: 'Hot games' });
  await expect(row).toBeVisible();
  return row;
}

/** Waits until a fresh lobby shows what `check` expects, asking again for up to 10 s. */
async function lobbyShows(check: (row: Locator) => Promise<void>): Promise<void> {
  await expect(async () => check(await hotGamesNow())).toPass({ timeout: 10_000, intervals: [500, 1_000] });
}

test('an owner marks a game hot and hides another: the lobby shows both within seconds, the audit trail has them', async () => {
  const before = await hotGamesNow();
  await expect(before.getByRole('heading', { name: 'Parlay Crash' })).toBeVisible();
  await expect(before.getByRole('heading', { name: 'Parlay Limbo' })).toHaveCount(0);

  await page.goto('/backoffice/brands/parlay/games');
  await settled(page);
  await page.getByRole('link', { name: 'Parlay Originals' }).click();
  await expect(page.getByRole('heading', { name: 'Parlay Originals' })).toBeVisible();
  const games = page.getByRole('table', { name: 'Games of Parlay Originals' });
  await games.getByRole('switch', { name: 'Parlay Limbo marked hot' }).click();
  await expect(page.getByText('Parlay Limbo is marked hot.')).toBeVisible();
  await games.getByRole('switch', { name: 'Parlay Crash listed on the site' }).click();
  await expect(page.getByText('Parlay Crash is hidden from the site.')).toBeVisible();
  await expect(games.getByRole('switch', { name: 'Parlay Crash listed on the site' })).not.toBeChecked();
  await screenshot(page, 'games-vendor-changed');

  await lobbyShows(async (row) => {
    await expect(row.getByRole('heading', { name: 'Parlay Limbo' })).toBeVisible({ timeout: 1_000 });
    await expect(row.getByRole('heading', { name: 'Parlay Crash' })).toHaveCount(0, { timeout: 1_000 });
  });
  await screenshot(lobby, 'games-lobby-after');

  await page.goto('/backoffice/audit?action=games.game-offer');
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row')).toHaveCount(3);
  await expect(trail).toContainText('demo-owner');
  await expect(trail).toContainText('HOUSE');
});

test("the vendors are put in a new order by dragging one; the site's vendor list follows", async () => {
  await page.goto('/backoffice/brands/parlay/games');
  await settled(page);
  const list = page.getByRole('list', { name: 'Vendors of Parlay in their order' });
  const rows = list.getByTestId('sortable-row');
  const names = async () => list.getByRole('link').allTextContents();
  const opened = await names();
  expect(opened.length).toBeGreaterThan(1);

  // Drag the last vendor by its handle onto the first row, as a mouse does.
  const handle = rows.last().getByRole('button', { name: /: drag/ });
  const from = (await handle.boundingBox())!;
  const to = (await rows.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + 4 - from.y) * step) / 12);
  }
  await page.mouse.up();
  const moved = [opened.at(-1)!, ...opened.slice(0, -1)];
  await expect.poll(names).toEqual(moved);
  await expect(page.getByRole('region', { name: /order of the vendors changed/ })).toBeVisible();
  await screenshot(page, 'games-offer-dragged');
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(page.getByText('The order was saved: the site shows it now.')).toBeVisible();

  // The site's own call for its vendors answers them in the brand's new order, at once.
  const offer = (await (await page.request.get('/bo/api/brands/parlay/offer')).json()) as {
    value: { vendors: { code: string; name: string }[] };
  };
  expect(offer.value.vendors.map((vendor) => vendor.name)).toEqual(moved);
  const codes = offer.value.vendors.map((vendor) => vendor.code);
  const answer = (await (await lobby.request.get('/wps/relay/GCSGAME_getVassGameType')).json()) as {
    value: { list: { vassalage: string }[] };
  };
  const listed = answer.value.list.map((vendor) => vendor.vassalage);
  expect(listed.length).toBeGreaterThan(1);
  expect(listed).toEqual(codes.filter((code) => listed.includes(code)));
});

test('an open round of the demo is cancelled after a confirmation with a reason; the stake goes back', async () => {
  await page.goto('/backoffice/brands/parlay/open-rounds');
  await settled(page);
  const table = page.getByRole('table', { name: 'Open rounds' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const cancel = table.getByRole('button', { name: /^Cancel round / }).first();
  const round = ((await cancel.getAttribute('aria-label')) ?? '').replace('Cancel round ', '');
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel round ${round}?` });
  // The demo's oldest open round (db/seed-open-rounds.ts): DS88, 25,000 won of demowaiting1, three days ago.
  expect(round).toBe('demo-o-1');
  await expect(dialog).toContainText("The stake of ₩25,000 goes back to demowaiting1's balance");
  await dialog.getByLabel(/^Reason/).fill('Vendor confirmed the round never finished');
  await screenshot(page, 'open-round-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel the round' }).click();
  await expect(page.getByText('Round demo-o-1 was cancelled: ₩25,000 went back to demowaiting1.')).toBeVisible();
  await expect(table.getByText(round)).toHaveCount(0);

  await page.goto(`/backoffice/audit?action=round.cancel`);
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText(round);
});

test("the brand's own limits of a house game are set; the vendors' feed is read now; the key is rotated", async () => {
  await page.goto('/backoffice/brands/parlay/house-limits');
  await settled(page);
  const limits = page.getByRole('table', { name: 'House game limits' });
  await limits.getByRole('button', { name: 'Limits of Dice for this brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dice: limits of Parlay' });
  await dialog.getByLabel(/^Smallest bet/).fill('500');
  await dialog.getByLabel(/^Largest bet/).fill('100');
  await dialog.getByRole('button', { name: 'Save the limits' }).click();
  await expect(dialog.getByText('The largest bet must not be below the smallest.')).toBeVisible();
  await dialog.getByLabel(/^Largest bet/).fill('300,000');
  await dialog.getByLabel(/^Largest win/).fill('30,000,000');
  await dialog.getByRole('button', { name: 'Save the limits' }).click();
  await expect(page.getByText('The limits of Dice for Parlay were saved.')).toBeVisible();
  const dice = limits.getByRole('row').filter({ hasText: 'Dice' });
  await expect(dice).toContainText("The brand's own");
  await expect(dice).toContainText('₩300,000');

  await page.goto('/backoffice/vendors');
  await settled(page);
  const feeds = page.getByRole('table', { name: 'Vendors and feeds' });
  await feeds.getByRole('button', { name: 'Read the feed of Parlay Originals now' }).click();
  await expect(page.getByText(/^The feed of Parlay Originals was read: \d+ games\.$/)).toBeVisible();
  await expect(feeds.getByRole('row').filter({ hasText: 'Parlay Originals' })).toContainText('Written');

  // A key exists once a site asks for it, as its sign-in does.
  expect((await lobby.request.get('/wps/system/publicKey')).ok()).toBe(true);
  await page.goto('/backoffice/keys');
  await settled(page);
  const keys = page.getByRole('table', { name: 'Encryption keys' });
  await expect(keys.getByText('Current', { exact: true })).toHaveCount(1);
  const before = await keys.getByRole('row').count();
  await page.getByRole('button', { name: 'Rotate the key' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the encryption key?' });
  await expect(rotate.getByRole('combobox', { name: 'The old key still decrypts for' })).toHaveValue('86400');
  await rotate.getByRole('button', { name: 'Rotate the key' }).click();
  await expect(page.getByText(/^Key .+ is current now\.$/)).toBeVisible();
  await expect(keys.getByRole('row')).toHaveCount(before + 1);
  await expect(keys.getByText('Current', { exact: true })).toHaveCount(1);
  await expect(keys.getByText('Decrypts until its grace ends')).toHaveCount(1);
});

const PAGES = [
  { name: 'games-offer', path: '/backoffice/brands/parlay/games' },
  { name: 'games-vendor', path: '/backoffice/brands/parlay/games/HOUSE' },
  { name: 'open-rounds', path: '/backoffice/brands/parlay/open-rounds' },
  { name: 'house-limits', path: '/backoffice/brands/parlay/house-limits' },
  { name: 'vendors', path: '/backoffice/vendors' },
  { name: 'keys', path: '/backoffice/keys' },
];

test('each Games page in both themes and languages at 1280 px and at 768 px: drawn whole, no sideways scrolling, axe finds nothing serious', async () => {
  test.setTimeout(420_000);
  for (const { name, path } of PAGES) {
    // Loaded once; each theme, language and width by the top bar's toggles and a resize.
    await page.goto(path);
    await settled(page);
    for (const view of VIEWS) {
      await showView(page, view);
      const where = `${name} ${view.width} ${view.theme} ${view.language}`;
      await expect(page.locator('table, ol').first(), where).toBeVisible();
      if (view.width === 768) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(768);
      }
      await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
  }
  expect(errors).toEqual([]);
});
