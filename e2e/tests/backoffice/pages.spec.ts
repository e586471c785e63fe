import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// Each page at 1280 px in both themes and both languages, and usable at 768 px; axe finds nothing serious. One
// operator for this file, signed in once: the demo admin.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let context: BrowserContext;
let page: Page;
let errors: string[];
let contentOperatorId = '';

test.beforeAll(async ({ browser, baseURL }) => {
  ({ context, page } = await signedInContext(browser, baseURL!, 'demo-admin'));
  errors = watchErrors(page);
});

test.afterAll(async () => {
  await context.close();
});

test('an admin changes the roles of an operator and puts them back; both show in the audit trail', async () => {
  await page.goto('/backoffice/operators');
  await page.getByRole('link', { name: 'demo-content' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Content' })).toBeVisible();
  contentOperatorId = /\/operators\/(\d+)$/.exec(page.url())?.[1] ?? '';
  expect(contentOperatorId).not.toBe('');

  for (const step of ['add', 'remove'] as const) {
    await page.getByRole('button', { name: 'Change roles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roles of demo-content' });
    const readOnly = dialog.getByRole('checkbox', { name: 'Read-only' });
    if (step === 'add') await readOnly.check();
    else await readOnly.uncheck();
    if (step === 'add') await screenshot(page, 'operator-roles-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.').last()).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  await page.getByRole('link', { name: 'Changes in the audit trail' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/audit\\?targetType=operator&targetId=${contentOperatorId}$`));
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await table
    .getByRole('button', { name: /^Show what .* changed on operator/ })
    .first()
    .click();
  const diff = page.getByRole('table', { name: /^Values .* changed$/ });
  await expect(diff.getByRole('row', { name: /roles/ })).toContainText('content, readOnly');
  await screenshot(page, 'audit-diff');
});

const pages = () => [
  { name: 'operators', path: '/backoffice/operators' },
  { name: 'operator', path: `/backoffice/operators/${contentOperatorId}` },
  { name: 'ip-allow-list', path: '/backoffice/brands/parlay/ip-allow-list' },
  { name: 'audit', path: '/backoffice/audit', open: true },
];

test('each page in both themes and languages at 1280 px and at 768 px: drawn whole, nothing cut off, axe finds nothing serious', async () => {
  test.setTimeout(420_000);
  for (const { name, path, open: opensRow } of pages()) {
    // Loaded once; each theme, language and width by the top bar's toggles and a resize.
    await page.goto(path);
    await settled(page);
    if (opensRow) {
      await page
        .getByRole('table', { name: /Audit trail|감사 기록/ })
        .locator('button[aria-expanded]')
        .first()
        .click();
    }
    for (const view of VIEWS) {
      await showView(page, view);
      const where = `${name} ${view.width} ${view.theme} ${view.language}`;
      if (opensRow) await expect(page.getByRole('table', { name: /changed|바뀐 값/ }), where).toBeVisible();
      // No sideways scrolling at 768 px: the page fits the width.
      if (view.width === 768) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(768);
      }
      await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
  }
  expect(errors).toEqual([]);
});

test('at 768 px the sections are behind the menu button', async () => {
  await page.setViewportSize({ width: 768, height: 900 });
  await showView(page, { width: 768, theme: 'light', language: 'EN' });
  const menu = page.getByRole('button', { name: 'Sections menu' });
  await menu.click();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit trail' }),
  ).toBeVisible();
  await screenshot(page, 'menu-768-light-EN');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('the sign-in page in both themes and languages: axe finds nothing serious', async ({ browser, baseURL }) => {
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const signInPage = await visitor.newPage();
  await signInPage.goto('/backoffice/sign-in');
  await settled(signInPage);
  for (const view of VIEWS.filter((each) => each.width === 1280)) {
    await showView(signInPage, view);
    await screenshot(signInPage, `sign-in-1280-${view.theme}-${view.language}`);
    if (view.axe) expect(await seriousViolations(signInPage), `sign-in ${view.theme} ${view.language}`).toEqual([]);
  }
  await visitor.close();
});
