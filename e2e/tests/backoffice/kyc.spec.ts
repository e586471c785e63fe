import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startAuthServer, type AuthServer } from '../auth/auth-fixtures';
import { signIn as signInMember, useSession, type Session } from '../games/games-fixtures';
import {
  SCREENSHOT_DIR,
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';
import { shoot } from '../../support/shell';

// Identity checks (decision 0043). A server of its own: the journey turns KYC on for the demo brand, which the
// site's journeys on the shared server must not see. Its operators (demo-owner, demo-risk) are alone on it.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: AuthServer;
let owner: { context: BrowserContext; page: Page };
let risk: { context: BrowserContext; page: Page };
let member: Session;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A plain PNG in one colour, standing in for the photo of an identity card. */
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

/** The member's call as the security centre's card makes it: the file itself as the body. */
async function upload(body: Buffer, type: string) {
  const response = await fetch(`${server.baseURL}/wps/member/kyc/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': type, language: 'EN' },
    body: new Uint8Array(body),
  });
  return (await response.json()) as { success: boolean; code: string; value: { status: string } };
}

async function state() {
  const response = await fetch(`${server.baseURL}/wps/member/kyc`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return ((await response.json()) as { value: { status: string; reason: string | null } }).value;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startAuthServer();
  owner = await signedInContext(browser, server.baseURL, 'demo-owner');
  member = await signInMember(server.baseURL);
});

test.afterAll(async () => {
  await owner?.context.close();
  await risk?.context.close();
  await server?.stop();
});

test('the owner turns identity checks on; the demo member then sends documents', async () => {
  const { page } = owner;
  const errors = watchErrors(page);
  // Off in the demo brand: the member's upload is refused.
  expect((await upload(png(40, 30, [20, 90, 200]), 'image/png')).code).toBe('KYC_NOT_ENABLED');

  await page.goto('/backoffice/brands/parlay/kyc-settings');
  await settled(page);
  const form = page.getByRole('form', { name: 'KYC and transfers' });
  await form.getByLabel('Members send identity documents for review').check();
  await form.getByLabel('Verified identity above (KRW)').fill('2000000');
  await form.getByLabel('Most a day (KRW)').fill('3000000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `kyc-settings-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `settings ${JSON.stringify(view)}`).toEqual([]);
  }

  // A script named as a PNG is refused by its bytes; a PNG and a PDF are taken, and the check waits for review.
  expect((await upload(Buffer.from('<script>alert(1)</script>'), 'image/png')).code).toBe('KYC_DOCUMENT_INVALID');
  expect((await upload(png(320, 200, [20, 90, 200]), 'image/png')).value.status).toBe('pending');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  expect((await upload(pdf, 'application/pdf')).value.status).toBe('pending');
  expect(errors).toEqual([]);
});

test("the member's security centre shows the review under way, at 1280 and 375 px", async ({ browser }) => {
  const site = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await site.newPage();
  await useSession(page, member);
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('lang', 'EN');
  });
  await page.goto('/index?mc=securityCenter');
  const card = page.getByRole('region', { name: /Identity verification/ });
  await expect(card).toContainText('Under review', { timeout: 30_000 });
  await expect(card.getByRole('list', { name: 'Documents sent' }).getByRole('listitem')).toHaveCount(2);
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await card.scrollIntoViewIfNeeded();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `kyc-member-card-${width}-dark-EN.png`) });
  }
  await site.close();
});

test('the risk role rejects with a reason the member reads, then verifies the documents sent again', async ({
  browser,
}) => {
  risk = await signedInContext(browser, server.baseURL, 'demo-risk');
  const { page } = risk;
  const errors = watchErrors(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Identity checks' }).click();
  await settled(page);
  const table = page.getByRole('table', { name: 'To review' });
  await expect(table.getByRole('row', { name: /demo/ })).toBeVisible();
  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `kyc-queue-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `queue ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });

  await table.getByRole('button', { name: 'Open the identity check of demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Identity of demo' });
  await expect(dialog.getByRole('img', { name: 'Document 1 (PNG image)' })).toBeVisible();
  // The image really loads from the server, with the operator's cookie.
  await expect
    .poll(() =>
      dialog
        .getByRole('img')
        .first()
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(320);
  await expect(dialog.getByRole('link', { name: 'Document 2 (PDF)' })).toBeVisible();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'kyc-review-1280-dark-EN.png') });
  expect.soft(await seriousViolations(page), 'review dialog').toEqual([]);

  await dialog.getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject the documents of demo' });
  await confirm.getByRole('textbox').fill('The photo is too dark to read');
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The documents of demo were rejected.')).toBeVisible();
  expect(await state()).toMatchObject({ status: 'rejected', reason: 'The photo is too dark to read' });

  // Sent again: a new review, which the risk role verifies.
  expect((await upload(png(320, 200, [230, 230, 230]), 'image/png')).value.status).toBe('pending');
  await page.getByRole('button', { name: 'To review' }).click();
  await page.reload();
  await settled(page);
  await page
    .getByRole('table', { name: 'To review' })
    .getByRole('button', { name: 'Open the identity check of demo' })
    .click();
  await page.getByRole('dialog', { name: 'Identity of demo' }).getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('demo is verified.')).toBeVisible();
  expect((await state()).status).toBe('verified');
  expect(errors).toEqual([]);
});
