import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn as signInMember, type Session } from '../games/games-fixtures';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// Points in the back office (decision 0044), on the shared journey server: the demo brand's rates as seeded, saved
// again with the version opened (nothing changes for the site's journeys), and the demo member's point ledger with
// a manual adjustment that the member's balance shows at once (its audit row: points.bo-routes.test.ts).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let context: BrowserContext;
let page: Page;
let errors: string[];
let member: Session;

async function memberPoints(baseURL: string): Promise<number> {
  const response = await fetch(`${baseURL}/wps/relay/MCS2_getPointBalance`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return ((await response.json()) as { value: { balancePointsMinor: number } }).value.balancePointsMinor;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  ({ context, page } = await signedInContext(browser, baseURL!, 'demo-finance'));
  errors = watchErrors(page);
  member = await signInMember(baseURL!);
});

test.afterAll(async () => {
  await context?.close();
});

test("the brand's rates: the specification's, saved with the version opened", async () => {
  await page.goto('/backoffice/brands/parlay/points');
  await settled(page);
  await showView(page, { width: 1280, theme: 'light', language: 'EN' });
  const form = page.getByRole('form', { name: 'Points' });
  await expect(form.getByLabel('Live casino', { exact: true })).toHaveValue('0.7');
  await expect(form.getByLabel('Slots', { exact: true })).toHaveValue('1.2');
  await expect(form.getByLabel('Sports', { exact: true })).toHaveValue('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Point settings saved.')).toBeVisible();
  await expect(form.getByText(/Version \d+, last saved by demo-finance/)).toBeVisible();

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `points-settings-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `settings ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("the demo member's ledger: an adjustment shows in the member's balance at once", async ({ baseURL }) => {
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  const found = await page.request.get('/bo/api/brands/parlay/players?by=account&q=demo&limit=5');
  const players = ((await found.json()) as { value: { items: { id: number; account: string }[] } }).value.items;
  const demo = players.find((player) => player.account === 'demo');
  expect(demo).toBeDefined();
  const before = await memberPoints(baseURL!);

  // The lookup on the settings page opens the ledger (no page load: the app's own navigation).
  await page.getByLabel('Member number').fill(String(demo!.id));
  await page.getByRole('button', { name: 'Open the ledger' }).click();
  await expect(page.getByRole('heading', { name: 'Points of demo' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Point entries, newest first' });
  await expect(table.getByText('Welcome points')).toBeVisible();

  const form = page.getByRole('form', { name: 'Adjust points' });
  await form.getByLabel(/^Points/).fill('12.5');
  await form.getByLabel(/^Reason/).fill('Journey goodwill');
  await form.getByRole('button', { name: 'Adjust' }).click();
  await expect(page.getByText(/\+12\.5 points written; the balance is/)).toBeVisible();
  await expect(table.getByText('Journey goodwill')).toBeVisible();
  expect(await memberPoints(baseURL!)).toBe(before + 1_250);

  await screenshot(page, 'points-ledger-1280-dark-EN');
  expect.soft(await seriousViolations(page), 'ledger 1280 dark').toEqual([]);
  await showView(page, { width: 1280, theme: 'light', language: 'KO' });
  await expect(page.getByRole('heading', { name: 'demo의 포인트' })).toBeVisible();
  await screenshot(page, 'points-ledger-1280-light-KO');
  await showView(page, { width: 768, theme: 'light', language: 'EN' });
  await screenshot(page, 'points-ledger-768-light-EN');
  expect.soft(await seriousViolations(page), 'ledger 768 light').toEqual([]);
  expect(errors).toEqual([]);
});
