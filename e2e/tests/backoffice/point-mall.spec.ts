import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// The points mall's back office (decision 0045) on the shared journey server: the demo admin adds a product with a
// picture and a stock of one, the demo member redeems it with the payment password (a second redemption finds it
// sold out), the admin approves the exchange and then rejects it with a reason, and the member has the points back
// and reads the reason. Each page is loaded once; themes, languages and widths are switched in the page.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PICTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/server/src/db/demo-assets/point-mall/mouse.png',
);
/** The payment password the journeys give the demo member when it has none (points.spec.ts uses it too). */
const DEMO_PAYMENT_PASSWORD = '135790';
const DEMO_PASSWORD = 'Demo1234!';
/** Dearer than every demo goods but within the demo member's welcome points: the site's journey never picks it. */
const PRICE_POINTS = 450;
const NAME = `여정 마우스 ${Date.now().toString(36)}`;
const NAME_EN = 'Journey mouse';

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}

let admin: { context: BrowserContext; page: Page };
let member: Session;
let reference = '';

async function call<T>(baseURL: string, pathname: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope<T>;
}

interface Mall {
  balancePointsMinor: number;
  items: { id: number; name: string; stockLeft: number }[];
}

test.beforeAll(async ({ browser, baseURL }) => {
  admin = await signedInContext(browser, baseURL!, 'demo-admin');
  member = await signInMember(baseURL!);
  const status = await call<{ isSet: boolean }>(baseURL!, '/wps/member/security/payment-password');
  if (!status.value.isSet) {
    await call(baseURL!, '/wps/member/security/payment-password', {
      loginPassword: DEMO_PASSWORD,
      newPassword: DEMO_PAYMENT_PASSWORD,
    });
  }
});

test.afterAll(async () => {
  await admin?.context.close();
});

test('the admin adds a product with a picture; the products page in every view', async () => {
  const { page } = admin;
  const errors = watchErrors(page);
  await page.goto('/backoffice/brands/parlay/point-mall/products');
  await settled(page);
  const table = page.getByRole('table', { name: 'Mall products' });
  // The demo mall: its pictures, and the speaker sold out.
  await expect(table.getByRole('row', { name: /Bluetooth speaker/ })).toContainText('Sold out');

  await page.getByRole('button', { name: 'Add a product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a product' });
  await dialog.getByLabel('Product picture').setInputFiles(PICTURE);
  await expect(dialog.getByRole('img', { name: /Picture of/ })).toBeVisible();
  await dialog.getByLabel('Name (Korean)').fill(NAME);
  await dialog.getByLabel('Name (English)').fill(NAME_EN);
  await dialog.getByLabel('Points needed (a unit)').fill(String(PRICE_POINTS));
  await dialog.getByLabel('Units in stock').fill('1');
  await dialog.getByLabel('Limit a member').fill('1');
  await dialog.getByLabel('Order').fill('900');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${NAME} is saved.`)).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('450 P');
  await expect(row.locator('img')).toHaveJSProperty('complete', true);

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `point-products-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `products ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the member redeems the last unit with the payment password; a second finds it sold out', async ({ baseURL }) => {
  const mall = (await call<Mall>(baseURL!, '/wps/relay/MCS2_getPointReward')).value;
  const product = mall.items.find((item) => item.name === NAME_EN);
  expect(product?.stockLeft).toBe(1);
  expect(mall.balancePointsMinor).toBeGreaterThanOrEqual(PRICE_POINTS * 100);
  const redeem = (requestId: string, paymentPassword = DEMO_PAYMENT_PASSWORD) =>
    call<{ record: { referenceNo: string; status: string } }>(
      baseURL!,
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      {
        productId: product!.id,
        quantity: 1,
        paymentPassword,
        requestId,
      },
    );
  const stamp = Date.now().toString(36);
  expect((await redeem(`bo-journey-${stamp}-0`, '000000')).code).toBe('PAYMENT_PASSWORD_WRONG');
  const first = await redeem(`bo-journey-${stamp}-1`);
  expect(first.value.record.status).toBe('applying');
  reference = first.value.record.referenceNo;
  const after = (await call<Mall>(baseURL!, '/wps/relay/MCS2_getPointReward')).value;
  expect(after.balancePointsMinor).toBe(mall.balancePointsMinor - PRICE_POINTS * 100);
  expect((await redeem(`bo-journey-${stamp}-2`)).code).toMatch(/^POINT_MALL_(OUT_OF_STOCK|LIMIT_REACHED)$/);
});

test('the admin approves the exchange, then rejects it with a reason: the member has the points back', async ({
  baseURL,
}) => {
  const { page } = admin;
  const errors = watchErrors(page);
  const before = (await call<Mall>(baseURL!, '/wps/relay/MCS2_getPointReward')).value.balancePointsMinor;
  await page.goto('/backoffice/brands/parlay/point-mall/exchanges');
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  const table = page.getByRole('table', { name: 'To process' });
  const row = table.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Applying');
  await row.getByRole('button', { name: `Approve ${reference}` }).click();
  await page
    .getByRole('dialog', { name: `Approve ${reference}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText(`${reference} is approved.`)).toBeVisible();
  await expect(row).toContainText('Approved');

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `point-exchanges-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `exchanges ${JSON.stringify(view)}`).toEqual([]);
  }

  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await row.getByRole('button', { name: `Reject ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${reference}?` });
  await dialog.getByLabel('Reason (the member reads it)').fill('Out of this colour, sorry');
  await screenshot(page, 'point-exchanges-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${reference} is rejected: points and money are back with the member.`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(reference) })).toHaveCount(0);

  const mall = (await call<Mall>(baseURL!, '/wps/relay/MCS2_getPointReward')).value;
  expect(mall.balancePointsMinor).toBe(before + PRICE_POINTS * 100);
  const records = await call<{ items: { referenceNo: string; status: string; remark: string | null }[] }>(
    baseURL!,
    '/wps/relay/MCS2_getRedeemPointList?view=exchanges',
  );
  expect(records.value.items.find((item) => item.referenceNo === reference)).toMatchObject({
    status: 'rejected',
    remark: 'Out of this colour, sorry',
  });

  await page.goto('/backoffice/audit?action=pointMall.');
  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit).toContainText('pointMall.exchange.reject');
  await expect(audit).toContainText('pointMall.exchange.approve');
  await expect(audit).toContainText('pointMall.product.create');
  expect(errors).toEqual([]);
});
