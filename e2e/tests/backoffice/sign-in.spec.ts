import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, nextCode, screenshot, settled, showView, signIn, watchErrors } from './backoffice-fixtures';

// One operator for this file (its codes are taken once each, in order): the demo owner of README. The server takes
// a code of the step before, this one or the next, each once and in order: a third sign-in within a step waits up
// to 30 s for the clock. So the second journey goes on in the first one's browser, signed in, and signs in once.
const LOGIN = 'demo-owner';
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test('the demo owner signs in with the code of the README secret, and lands on the dashboard', async () => {
  const errors = watchErrors(page);
  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  // Stored once, as the top bar's toggles store them: the next journey switches them.
  await page.evaluate(() => {
    localStorage.setItem('bo.theme', 'dark');
    localStorage.setItem('bo.lang', 'EN');
  });
  await page.reload();
  await settled(page);
  await screenshot(page, 'sign-in-password');

  await page.getByLabel(/^Login/).fill(LOGIN);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  await screenshot(page, 'sign-in-code');

  // A wrong code is refused in the server's words, and the step stays.
  await page.getByLabel(/^Authenticator code/).fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The authenticator code is not valid.');

  await page.getByLabel(/^Authenticator code/).fill(await nextCode(LOGIN));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The home opens the first section the roles read: the owner's is the brand's dashboard.
  await expect(page).toHaveURL(/\/backoffice\/brands\/parlay\/dashboard$/);
  await settled(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const section of ['Dashboard', 'Players', 'Operators', 'Encryption keys', 'Audit trail']) {
    await expect(nav.getByRole('link', { name: section })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Operators' }).click();
  await expect(page).toHaveURL(/\/backoffice\/operators$/);
  await settled(page);
  await expect(page.getByRole('link', { name: 'demo-admin' })).toBeVisible();
  await screenshot(page, 'signed-in-operators');
  expect(errors).toEqual([]);
});

test('signing out ends the session; a page opened then goes through sign-in and back', async () => {
  // Signed in by the journey before, now in the light theme and Korean by the top bar's toggles.
  await page.goto('/backoffice/brands/parlay/dashboard');
  await settled(page);
  await showView(page, { width: 1280, theme: 'light', language: 'KO' });

  await page.getByRole('button', { name: 'Demo Owner: 계정 메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  // The cookie is gone with the session: the server answers the old page's calls 401.
  expect((await page.request.get('/bo/api/session')).status()).toBe(401);

  await page.goto('/backoffice/audit?action=operator.');
  await expect(page).toHaveURL(/\/backoffice\/sign-in\?next=%2Faudit%3Faction%3Doperator\.$/);
  await signIn(page, LOGIN);
  await expect(page).toHaveURL(/\/backoffice\/audit\?action=operator\.$/);
  await expect(page.getByRole('heading', { name: '감사 기록' })).toBeVisible();
  await expect(page.getByLabel('작업', { exact: true })).toHaveValue('operator.');
});
