import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { shoot, watchForErrors } from '../../support/shell';
import {
  screenshot as shootBackoffice,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
} from '../backoffice/backoffice-fixtures';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { SCREENSHOT_DIR, shootEveryWay } from './member-fixtures';

// Withdrawals (decision 0041): the demo member asks for two, demo-finance (this file's operator) approves them in
// the back office and marks them paid, the member confirms one received and the other partly received with a proof
// image, and finance resolves that case with a refund. One member page and one back-office page, each loaded once
// and reloaded where the other side changed something.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The payment password the journeys give the demo member when it has none (transfer-upline.spec.ts uses it too). */
const DEMO_PAYMENT_PASSWORD = '135790';
const RECEIVED = 12_000;
const PARTLY = 13_000;

let session: Session;
let member: { context: BrowserContext; page: Page };
let finance: { context: BrowserContext; page: Page };
let memberErrors: string[];

async function call<T>(baseURL: string, who: Session, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

/** A small grey PNG, as a phone's screenshot of a bank statement would be: real chunks, checked by content. */
function proofPng(width = 64, height = 48): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height, 0x99);
  for (let y = 0; y < height; y += 1) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** demo-finance signed in (signedInContext tries the next step's code should another journey have used this one). */
async function signInFinance(browser: Browser, baseURL: string) {
  return signedInContext(browser, baseURL, 'demo-finance');
}

const memberPanel = () => member.page.getByRole('dialog');
const memberRow = (amount: string) => memberPanel().getByTestId('withdrawal-row').filter({ hasText: amount });
const financeRow = (amount: string) => finance.page.getByRole('row').filter({ hasText: amount }).first();

async function openMemberPage(): Promise<void> {
  await member.page.goto('/index?mc=withdraw');
  await expect(memberPanel().getByRole('heading', { name: 'Withdraw', level: 2 }).last()).toBeVisible({
    timeout: 30_000,
  });
}

async function openQueue(name: 'Review' | 'Payout' | 'Cases'): Promise<void> {
  await finance.page.getByRole('navigation', { name: 'Queues' }).getByRole('button', { name }).click();
  await expect(finance.page.getByRole('table', { name })).toBeVisible();
}

test.beforeAll(async ({ browser, baseURL }) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  session = await signIn(baseURL!);
  const status = await call<{ isSet: boolean }>(baseURL!, session, '/wps/member/security/payment-password');
  if (!status.isSet) {
    await call(baseURL!, session, '/wps/member/security/payment-password', {
      loginPassword: 'Demo1234!',
      newPassword: DEMO_PAYMENT_PASSWORD,
    });
  }
  finance = await signInFinance(browser, baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  memberErrors = watchForErrors(page).errors;
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  member = { context, page };
});

test.afterAll(async () => {
  await finance?.context.close();
  await member?.context.close();
});

test('finance sets the rules; the demo member asks for a withdrawal, finance approves and pays it, the member confirms it', async ({
  baseURL,
}) => {
  // The brand's settings: no turnover asked (the other journeys' deposits would need playing through first) and
  // room for this file's requests today.
  await finance.page.goto('/backoffice/brands/parlay/withdrawal-settings');
  await settled(finance.page);
  await finance.page.getByLabel('Turnover (% of each deposit)').fill('0');
  await finance.page.getByLabel('Requests a day').fill('50');
  await finance.page.getByRole('button', { name: 'Save settings' }).click();
  await expect(finance.page.getByText('The withdrawal settings are saved.')).toBeVisible();
  await shootBackoffice(finance.page, 'withdrawal-settings-1280-dark-EN');

  // The member's page: the seeded bank account, masked; two requests.
  await openMemberPage();
  const panel = memberPanel();
  await expect(panel.getByTestId('bank-account').first()).toContainText('*******3344');
  for (const amount of [RECEIVED, PARTLY]) {
    await panel.getByLabel('Amount (KRW)').fill(String(amount));
    await panel.getByLabel('Payment password').fill(DEMO_PAYMENT_PASSWORD);
    await panel.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(
      panel.getByRole('status').filter({ hasText: `₩${amount.toLocaleString('en')} was requested` }),
    ).toBeVisible();
  }
  await expect(memberRow('₩12,000').first()).toContainText('Under review');
  await shoot(member.page, { path: path.join(SCREENSHOT_DIR, 'withdraw-1280-dark-EN-requested.png') });

  // Finance's review queue: the new requests with their risk flags, in every view.
  await finance.page.goto('/backoffice/brands/parlay/withdrawals');
  await settled(finance.page);
  await expect(financeRow('₩12,000')).toContainText('demo');
  await expect(financeRow('₩12,000')).toContainText('11022233344');
  for (const view of VIEWS) {
    await showView(finance.page, view);
    await shootBackoffice(finance.page, `withdrawals-review-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) {
      expect
        .soft(await seriousViolations(finance.page), `withdrawals ${view.width} ${view.theme} ${view.language}`)
        .toEqual([]);
    }
  }
  await showView(finance.page, { width: 1280, theme: 'dark', language: 'EN' });
  for (const amount of ['₩12,000', '₩13,000']) {
    await financeRow(amount).getByRole('button', { name: 'Approve, pay by hand' }).click();
    await expect(finance.page.getByText(/approved: pay it by hand/).first()).toBeVisible();
  }
  await openQueue('Payout');
  for (const amount of ['₩12,000', '₩13,000']) {
    await financeRow(amount).getByRole('button', { name: 'Mark paid' }).click();
    const dialog = finance.page.getByRole('dialog');
    await expect(dialog).toContainText('11022233344');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog).toBeHidden();
  }
  await shootBackoffice(finance.page, 'withdrawals-payout-1280-dark-EN');

  // The member sees both paid and confirms the first received.
  await openMemberPage();
  const first = memberRow('₩12,000').first();
  await expect(first).toContainText('Paid: please confirm');
  await expect(first).toContainText('counts as received');
  await first.getByRole('button', { name: 'Confirm receipt' }).click();
  const confirm = memberPanel().getByTestId('confirm-receipt');
  await confirm.getByLabel('Received in full').check();
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(memberRow('₩12,000').first()).toContainText('Received');
  // The mailbox has "withdrawal approved".
  const mailbox = await call<{ items: { title: string }[] }>(baseURL!, session, '/wps/member/messages');
  // In the member's own language, which another journey may have left Korean.
  expect(mailbox.items.map((message) => message.title)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^(Withdrawal approved|출금 승인)$/)]),
  );
});

test('the member reports a payout partly received with a proof; finance resolves the case with a refund', async () => {
  const row = memberRow('₩13,000').first();
  await row.getByRole('button', { name: 'Confirm receipt' }).click();
  const confirm = memberPanel().getByTestId('confirm-receipt');
  await confirm.getByLabel('Partly received').check();
  await confirm.getByLabel('Amount not received (KRW)').fill('3000');
  await confirm
    .getByLabel('Upload image')
    .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: proofPng() });
  await expect(confirm.getByTestId('proof-count')).toHaveText('1 of 3 uploaded');
  await shoot(member.page, { path: path.join(SCREENSHOT_DIR, 'withdraw-1280-dark-EN-partly.png') });
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(memberRow('₩13,000').first()).toContainText('Partly received');
  await expect(memberRow('₩13,000').first()).toContainText('Not received: ₩3,000');

  // Finance's case queue: the missing amount and the proof, resolved with a refund of it.
  await finance.page.reload();
  await settled(finance.page);
  await openQueue('Cases');
  const caseRow = financeRow('₩13,000');
  await expect(caseRow).toContainText('Missing ₩3,000');
  const proof = caseRow.getByRole('link', { name: 'Proof 1' });
  const image = await finance.page.request.get(
    `${new URL(finance.page.url()).origin}${await proof.getAttribute('href')}`,
  );
  expect(image.headers()['content-type']).toBe('image/png');
  await caseRow.getByRole('button', { name: 'Resolve' }).click();
  const dialog = finance.page.getByRole('dialog');
  await dialog.getByLabel('Reason (the player reads it)').fill('The bank confirmed 3,000 was not sent');
  await dialog.getByLabel(/^Refund/).fill('3000');
  await shootBackoffice(finance.page, 'withdrawals-case-1280-dark-EN');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(finance.page.getByText(/is resolved/)).toBeVisible();

  // The member sees the outcome and the refund; then the page in every width, theme and language.
  await openMemberPage();
  await expect(memberRow('₩13,000').first()).toContainText('Refunded ₩3,000');
  await shootEveryWay(member.page, memberPanel(), 'withdraw', { KO: '출금', EN: 'Withdraw' });
  expect(memberErrors).toEqual([]);
});
