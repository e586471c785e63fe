import { deflateSync } from 'node:zlib';
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

// The Brand settings page. A server of its own: the journey switches the demo brand's flags, colours, logo and
// maintenance, which the site's journeys on the shared server must not see. Its operator is the demo admin,
// alone on this server.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const SETTINGS = '/backoffice/brands/parlay/settings';
let server: AuthServer;
let context: BrowserContext;
let page: Page;
let errors: string[];
let site: BrowserContext;
let lobby: Page;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A plain PNG of `width`×`height` in one colour, made here so the journey needs no image file. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, index) => [r, g, b][index % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.beforeAll(async ({ browser }) => {
  // A server of its own starts in seconds, far slower on a busy machine.
  test.setTimeout(180_000);
  server = await startAuthServer();
  ({ context, page } = await signedInContext(browser, server.baseURL, 'demo-admin'));
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

test('a flag switched off in the back office leaves the player site at its next load, and is in the audit trail', async () => {
  const shortcuts = lobby.getByRole('list', { name: 'Shortcuts' });
  await lobby.goto('/index');
  await expect(shortcuts.getByRole('button', { name: 'Invite & earn' })).toBeVisible();

  await page.goto(SETTINGS);
  await settled(page);
  const tree = page.getByRole('list', { name: 'Whitelabel tree' });
  await tree.getByRole('switch', { name: 'REFERRAL' }).click();
  await expect(page.getByText('REFERRAL is off.')).toBeVisible();
  await expect(tree.getByRole('switch', { name: 'REFERRAL' })).toHaveAttribute('aria-checked', 'false');

  await lobby.reload();
  await expect(shortcuts.getByRole('link', { name: 'Promotions' })).toBeVisible();
  await expect(shortcuts.getByRole('button', { name: 'Invite & earn' })).toHaveCount(0);
  await shoot(lobby, { path: 'e2e/screenshots/backoffice/brand-flag-off-site-1280.png' });

  await page.goto('/backoffice/audit?action=brand.flag');
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(table.getByRole('row').nth(1)).toContainText('brand.flag');
  await table.locator('button[aria-expanded]').first().click();
  const diff = page.getByRole('table', { name: /^Values .* changed$/ });
  await expect(diff.getByRole('row', { name: /REFERRAL/ })).toContainText('0');
  await screenshot(page, 'brand-audit-flag');

  await page.goto(SETTINGS);
  await settled(page);
  await page.getByRole('list', { name: 'Whitelabel tree' }).getByRole('switch', { name: 'REFERRAL' }).click();
  await expect(page.getByText('REFERRAL is on.')).toBeVisible();
  await lobby.reload();
  await expect(shortcuts.getByRole('button', { name: 'Invite & earn' })).toBeVisible();
});

test('a save on a page opened before another save is refused with a reload, and the reload shows the change', async () => {
  await page.goto(SETTINGS);
  await settled(page);
  const other = await context.newPage();
  await other.goto(SETTINGS);
  await settled(other);

  const countries = page.getByLabel('Countries');
  await countries.fill('US, FR');
  await page.getByRole('region', { name: 'Region blocks' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The player site shows it at its next load.')).toBeVisible();

  const symbol = other.getByLabel('Symbol');
  await symbol.fill('KRW ');
  await other.getByRole('region', { name: 'Currency' }).getByRole('button', { name: 'Save' }).click();
  const stale = other.getByRole('alert').filter({ hasText: 'Another operator changed this brand' });
  await expect(stale).toBeVisible();
  await expect(
    other
      .getByRole('region', { name: 'Currency' })
      .getByText('This was changed since you opened it.', { exact: false }),
  ).toBeVisible();
  await screenshot(other, 'brand-stale-1280-dark-EN');
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toBeHidden();
  await expect(other.getByLabel('Countries')).toHaveValue('US, FR');
  await expect(other.getByLabel('Symbol')).toHaveValue('₩');
  await other.close();

  await countries.fill('');
  await page.getByRole('region', { name: 'Region blocks' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The player site shows it at its next load.').last()).toBeVisible();
});

test('theme colours keep to the contrast rule and show on the player site; a logo uploads as PNG, a file that only claims to be one does not', async () => {
  await page.goto(SETTINGS);
  await settled(page);
  const theme = page.getByRole('region', { name: 'Theme colours' });
  const secondary = theme.getByLabel('Second colour (gradients)', { exact: true });
  await secondary.fill('#1b1b1b');
  await expect(theme.getByText(/No text colour reads on both colours/)).toBeVisible();
  await expect(theme.getByRole('button', { name: 'Save' })).toBeDisabled();
  await secondary.fill('#ffd27a');
  await theme.getByLabel('Main colour', { exact: true }).fill('#7ee0c3');
  await expect(theme.getByText('Text reads on both colours.')).toBeVisible();
  await theme.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The player site shows it at its next load.')).toBeVisible();
  await lobby.goto('/index');
  await expect(lobby.getByRole('list', { name: 'Shortcuts' })).toBeVisible();
  const token = (name: string) =>
    lobby.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(), name);
  expect(await token('--brand-1')).toBe('#7ee0c3');
  expect(await token('--brand-2')).toBe('#ffd27a');
  expect(await token('--on-brand')).toBe('#1b1405');
  await shoot(lobby, { path: 'e2e/screenshots/backoffice/brand-theme-on-site-1280.png' });

  const logo = page.getByRole('region', { name: 'Logo' });
  await logo.getByLabel('Upload a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  });
  await expect(logo.getByText('Only a PNG or JPEG image can be uploaded.')).toBeVisible();
  await logo.getByLabel('Upload a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(240, 80, [126, 224, 195]),
  });
  await expect(page.getByText('The logo was saved.')).toBeVisible();
  const image = logo.getByRole('img', { name: 'The logo of Parlay' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  await expect(image).toHaveAttribute('src', /^\/wps\/media\/[a-f0-9]{32}\.png$/);

  // The player site's header shows it in place of the brand mark, at its next load.
  const src = await image.getAttribute('src');
  await lobby.goto('/index');
  const headerLogo = lobby.locator('[data-site-header] a[href="/index"] img');
  await expect(headerLogo).toHaveAttribute('src', src ?? '');
  expect(await headerLogo.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  await shoot(lobby, { path: 'e2e/screenshots/backoffice/brand-logo-on-site-1280.png' });
});

test('maintenance scheduled for tomorrow is shown as scheduled, the site stays open, and it is taken back', async () => {
  await page.goto(SETTINGS);
  await settled(page);
  const card = page.getByRole('region', { name: 'Maintenance' });
  await card.getByRole('radio', { name: /Scheduled/ }).check();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  await card
    .getByLabel(/^Starts at/)
    .fill(
      `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T${pad(tomorrow.getHours())}:00`,
    );
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Maintenance is scheduled.')).toBeVisible();
  await expect(card.locator('header').getByText('Scheduled', { exact: true })).toBeVisible();
  await lobby.goto('/index');
  await expect(lobby.getByRole('list', { name: 'Shortcuts' })).toBeVisible();
  await screenshot(page, 'brand-maintenance-scheduled');

  await card.getByRole('radio', { name: /Off/ }).check();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Maintenance is off: the site is open.')).toBeVisible();
  await expect(card.locator('header').getByText('Site open', { exact: true })).toBeVisible();
});

test('the brand settings in both themes and languages at 1280 px and at 768 px: drawn whole, nothing cut off, axe finds nothing serious', async () => {
  // Loaded once; each theme, language and width by the top bar's toggles and a resize.
  await page.goto(SETTINGS);
  await settled(page);
  for (const view of VIEWS) {
    await showView(page, view);
    const where = `brand ${view.width} ${view.theme} ${view.language}`;
    if (view.width === 768) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(768);
    }
    await screenshot(page, `brand-settings-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect(await seriousViolations(page), where).toEqual([]);
  }
  expect(errors).toEqual([]);
});
