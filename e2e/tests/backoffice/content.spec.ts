import { expect, test, type BrowserContext, type Page } from '@playwright/test';
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
import { shoot } from '../../support/shell';

// The Content pages. A server of its own: the journey adds notices, a help item and reorders the demo banners,
// which the site's content journeys on the shared server count and photograph. Its operator is the demo content
// operator (brand.read, content.*); the demo admin reads the audit trail, which the content role does not open.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const CONTENT = '/backoffice/brands/parlay/content';
const stamp = Date.now().toString(36);
let server: AuthServer;
let context: BrowserContext;
let page: Page;
let errors: string[];
let site: BrowserContext;
let lobby: Page;
let noticeId = '';

test.beforeAll(async ({ browser }) => {
  // A server of its own starts in seconds, far slower on a busy machine.
  test.setTimeout(180_000);
  server = await startAuthServer();
  ({ context, page } = await signedInContext(browser, server.baseURL, 'demo-content'));
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

test('a marquee notice written in the rich text editor scrolls on the player site at its next load', async () => {
  const title = `Back-office notice ${stamp}`;
  await page.goto(CONTENT);
  await settled(page);
  await page.getByRole('button', { name: 'Marquee notice' }).click();
  await page.getByRole('link', { name: 'New announcement' }).click();
  await expect(page.getByRole('heading', { name: 'New announcement' })).toBeVisible();
  await page.getByLabel(/^Language/).selectOption('EN');
  await page.getByLabel(/^Title/).fill(title);
  const text = page.getByRole('textbox', { name: 'Text' });
  await text.click();
  await page.keyboard.type('The lobby has new games. ');
  const bold = page.getByRole('button', { name: 'Bold' });
  await bold.click();
  // Type once the editor has the focus back with bold on: a first key sent sooner was written plain (a CI run).
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(text).toBeFocused();
  await page.keyboard.type('Have a look.');
  await screenshot(page, 'content-editor-new');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved. Players see it at their next page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  noticeId = /\/content\/(\d+)$/.exec(page.url())?.[1] ?? '';
  expect(noticeId).not.toBe('');
  await expect(page.getByRole('textbox', { name: 'Text' }).locator('strong')).toHaveText('Have a look.');

  await lobby.goto('/index');
  const marquee = lobby.getByRole('region', { name: 'Announcements' });
  const item = marquee.locator('ul:not([aria-hidden])').getByRole('button', { name: title });
  await expect(item).toBeVisible();
  // Focus stops the scrolling; Enter opens it as a keyboard user would (a click can land on the moving track).
  await item.focus();
  await item.press('Enter');
  const dialog = lobby.getByRole('dialog', { name: 'Notices' });
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.locator('strong', { hasText: 'Have a look.' })).toBeVisible();
  await shoot(lobby, { path: 'e2e/screenshots/backoffice/content-notice-on-site-1280.png' });
});

test('script and event-handler payloads are stored sanitised, and none runs on the player site', async () => {
  const title = `Payload notice ${stamp}`;
  const stored = await page.evaluate(async (noticeTitle) => {
    const response = await fetch('/bo/api/brands/parlay/announcements', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        type: 'PL',
        language: 'EN',
        title: noticeTitle,
        content:
          '<p>Safe text</p><script>window.__xss = "script"</script>' +
          '<img src="/nothing.png" onerror="window.__xss = \'onerror\'">' +
          '<p onclick="window.__xss = \'onclick\'">Click me</p>' +
          '<a href="javascript:window.__xss = \'href\'">A link</a>' +
          '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>' +
          '<svg onload="window.__xss = \'svg\'"></svg>',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    });
    return ((await response.json()) as { value: { content: string } }).value.content;
  }, title);
  expect(stored).toContain('Safe text');
  expect(stored).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg/i);

  await lobby.goto('/index');
  const marquee = lobby.getByRole('region', { name: 'Announcements' });
  const item = marquee.locator('ul:not([aria-hidden])').getByRole('button', { name: title });
  // Focus stops the scrolling; Enter opens it as a keyboard user would (a click can land on the moving track).
  await item.focus();
  await item.press('Enter');
  const dialog = lobby.getByRole('dialog', { name: 'Notices' });
  await expect(dialog.getByText('Safe text')).toBeVisible();
  await dialog.getByText('Click me').click();
  await dialog
    .getByText('A link')
    .click({ noWaitAfter: true })
    .catch(() => undefined);
  expect(await lobby.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(
    await dialog.locator('script, iframe, svg[onload], [onerror], [onclick], [onload], a[href^="javascript"]').count(),
  ).toBe(0);
});

test('banners are put in order by dragging and keep it; a help item shows in the help centre', async () => {
  await page.goto(`${CONTENT}/banners`);
  await settled(page);
  const list = page.getByRole('list', { name: 'Banners in their order' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const titles = async () =>
    (await list.getByRole('listitem').locator('strong').allTextContents()).map((t) => t.trim());
  const before = await titles();
  expect(before.length).toBeGreaterThan(1);

  const handle = list.getByRole('button', { name: `Move ${before[0]}`, exact: true });
  const target = list.getByRole('listitem').nth(1);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 10 });
  await page.mouse.up();
  await expect.poll(titles).toEqual([before[1], before[0], ...before.slice(2)]);
  await screenshot(page, 'content-banners-moved');
  // dnd-kit swallows the click that follows a drag's pointer-up until its own timer clears it: a click that lands
  // before then is lost, so the click is tried again until the save answers (saving disables the button).
  const save = page.getByRole('button', { name: 'Save the order' });
  const saved = page.getByText("The banners' order was saved.");
  await expect(async () => {
    if (await save.isEnabled()) await save.click({ timeout: 2_000 });
    await expect(saved).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.reload();
  await settled(page);
  await expect.poll(titles).toEqual([before[1], before[0], ...before.slice(2)]);

  const question = `How do I change my nickname? ${stamp}`;
  await page.goto(`${CONTENT}/help/new`);
  await settled(page);
  await page.getByLabel(/^Language/).selectOption('EN');
  await page.getByLabel(/^Title/).fill(question);
  await page.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('Open your profile and choose Edit.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved. Players see it at their next page.')).toBeVisible();
  await lobby.goto('/help#faq');
  await expect(lobby.locator('section#faq').getByRole('button', { name: question })).toBeVisible();
});

test('the changes are in the audit trail, as the demo admin reads it', async ({ browser }) => {
  const admin = await signedInContext(browser, server.baseURL, 'demo-admin');
  await admin.page.goto('/backoffice/audit?action=content.');
  const table = admin.page.getByRole('table', { name: 'Audit trail' });
  await expect(table).toContainText('content.announcement.create');
  await expect(table).toContainText('content.announcement.order');
  await expect(table).toContainText('content.help.create');
  await screenshot(admin.page, 'content-audit');
  await admin.context.close();
});

const pages = () => [
  { name: 'content-list', path: CONTENT },
  { name: 'content-editor', path: `${CONTENT}/${noticeId}` },
  { name: 'content-banners', path: `${CONTENT}/banners` },
  { name: 'content-help', path: `${CONTENT}/help` },
];

test('the content pages in both themes and languages at 1280 px and at 768 px: drawn whole, nothing cut off, axe finds nothing serious', async () => {
  test.setTimeout(420_000);
  for (const { name, path } of pages()) {
    // Loaded once; each theme, language and width by the top bar's toggles and a resize.
    await page.goto(path);
    await settled(page);
    for (const view of VIEWS) {
      await showView(page, view);
      const where = `${name} ${view.width} ${view.theme} ${view.language}`;
      if (view.width === 768) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(768);
      }
      await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
      if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
    }
  }
  expect(errors).toEqual([]);
});
