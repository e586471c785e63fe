import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  LANGUAGES,
  screenshot,
  seriousViolations,
  settled,
  signedInContext,
  THEMES,
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

/** Loads `path` with a theme and language stored as the toggles store them. */
async function open(path: string, theme: string, language: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    (stored) => {
      localStorage.setItem('bo.theme', stored.theme);
      localStorage.setItem('bo.lang', stored.language);
    },
    { theme, language },
  );
  await page.goto(path);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('html')).toHaveAttribute('lang', language.toLowerCase());
}

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

for (const theme of THEMES) {
  for (const language of LANGUAGES) {
    test(`each page at 1280 px, ${theme}, ${language}: drawn whole, axe finds nothing serious`, async () => {
      for (const { name, path, open: opensRow } of pages()) {
        await open(path, theme, language, 1280);
        if (opensRow) {
          await page
            .getByRole('table', { name: /Audit trail|감사 기록/ })
            .locator('button[aria-expanded]')
            .first()
            .click();
          await expect(page.getByRole('table', { name: /changed|바뀐 값/ })).toBeVisible();
        }
        await screenshot(page, `${name}-1280-${theme}-${language}`);
        expect(await seriousViolations(page), `${name} ${theme} ${language}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
}

test('each page at 768 px: the sections behind the menu button, nothing cut off, axe finds nothing serious', async () => {
  for (const [theme, language] of [
    ['dark', 'KO'],
    ['light', 'EN'],
  ] as const) {
    for (const { name, path } of pages()) {
      await open(path, theme, language, 768);
      // No sideways scrolling: the page fits the width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      await screenshot(page, `${name}-768-${theme}-${language}`);
      expect(await seriousViolations(page), `${name} 768 ${theme} ${language}`).toEqual([]);
    }
  }
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
  for (const theme of THEMES) {
    for (const language of LANGUAGES) {
      await signInPage.goto('/backoffice/sign-in');
      await signInPage.evaluate(
        (stored) => {
          localStorage.setItem('bo.theme', stored.theme);
          localStorage.setItem('bo.lang', stored.language);
        },
        { theme, language },
      );
      await signInPage.reload();
      await settled(signInPage);
      await screenshot(signInPage, `sign-in-1280-${theme}-${language}`);
      expect(await seriousViolations(signInPage), `sign-in ${theme} ${language}`).toEqual([]);
    }
  }
  await visitor.close();
});
