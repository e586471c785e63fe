import { expect, test } from '@playwright/test';
import { startAuthServer, type AuthServer } from '../auth/auth-fixtures';
import {
  rememberChoices,
  screenshot,
  seriousViolations,
  settled,
  signedInContext,
  totpAt,
  watchErrors,
} from './backoffice-fixtures';

// A server of its own: the invitation goes by e-mail, which the outbox provider writes to the server's log,
// where this journey reads the link as an operator of the default provider would.
let server: AuthServer;
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  // A server of its own starts in seconds, far slower on a busy machine.
  test.setTimeout(180_000);
  server = await startAuthServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('an owner invites an operator, who sets a password, enrols an authenticator and keeps the recovery codes', async ({
  browser,
}) => {
  const { context: owner, page } = await signedInContext(browser, server.baseURL, 'demo-owner');
  const email = 'new.risk@parlay.example';
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Operators' }).click();
  await settled(page);

  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel(/^Login/).fill('new-risk');
  await dialog.getByLabel(/^Name/).fill('New Risk');
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByRole('checkbox', { name: 'Risk' }).check();
  await dialog.getByRole('checkbox', { name: /\(parlay\)$/ }).check();
  await screenshot(page, 'invite-dialog');
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('heading', { name: 'New Risk' })).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  await screenshot(page, 'invited-operator');

  // The link names the brand's site address (localhost); the journey's browser knows the server as 127.0.0.1.
  const link = new URL(await server.waitForMailLink(email, since));
  expect(link.pathname).toBe('/backoffice/invitation');

  const invited = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  const newcomer = await invited.newPage();
  const errors = watchErrors(newcomer);
  await rememberChoices(newcomer, 'light', 'EN');
  await newcomer.goto(`${link.pathname}${link.search}`);
  await expect(newcomer.getByText(/New Risk, you were invited/)).toBeVisible();
  expect(await seriousViolations(newcomer)).toEqual([]);
  await screenshot(newcomer, 'invitation');
  await newcomer.getByLabel(/^New password\s*\*?$/).fill('a long enough password');
  await newcomer.getByLabel(/^New password again/).fill('a long enough password');
  await newcomer.getByRole('button', { name: 'Set the password' }).click();
  await newcomer.getByRole('link', { name: 'Sign in' }).click();

  await expect(newcomer.getByLabel(/^Login/)).toHaveValue('new-risk');
  await newcomer.getByLabel(/^Password/).fill('a long enough password');
  await newcomer.getByRole('button', { name: 'Continue' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(newcomer.getByRole('img', { name: 'QR code to scan with the authenticator app' })).toBeVisible();
  expect(await seriousViolations(newcomer)).toEqual([]);
  await screenshot(newcomer, 'enrol');
  // The key as an authenticator app would take it by hand; the code it then shows.
  const secret = (await newcomer.locator('[data-secret]').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await newcomer.getByLabel(/^The code the app now shows/).fill(totpAt(secret, Math.floor(Date.now() / 30_000)));
  await newcomer.getByRole('button', { name: 'Confirm' }).click();

  const codes = newcomer.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await screenshot(newcomer, 'recovery-codes');
  const download = newcomer.waitForEvent('download');
  await newcomer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('parlay-backoffice-recovery-codes-new-risk.txt');
  await newcomer.getByLabel('I have kept these codes somewhere safe.').check();
  await newcomer.getByRole('button', { name: 'Continue to the back office' }).click();

  // Risk lands on the first section its role reads, the brand's dashboard, and reaches the audit trail.
  await expect(newcomer).toHaveURL(/\/backoffice\/brands\/parlay\/dashboard$/);
  await settled(newcomer);
  const sections = newcomer.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Audit trail' }).click();
  await expect(newcomer).toHaveURL(/\/backoffice\/audit$/);
  await settled(newcomer);
  await expect(newcomer.getByRole('table', { name: 'Audit trail' })).toContainText('operator.accept-invitation');
  await screenshot(newcomer, 'risk-audit');
  expect(errors).toEqual([]);

  await page.reload();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await invited.close();
  await owner.close();
});
