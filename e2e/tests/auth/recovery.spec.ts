import { expect, test } from '@playwright/test';
import { dialog, openLogin, openSite, shot, startAuthServer, WIDTHS, type AuthServer } from './auth-fixtures';

let server: AuthServer;
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  // A server of its own starts in well under a minute, slower on a busy machine.
  test.setTimeout(300_000);
  server = await startAuthServer();
});
test.afterAll(async () => {
  await server?.stop();
});

// One seeded account a width: a number may get one code a minute.
const ACCOUNTS = { 375: { mobile: '1012345678' }, 1280: { mobile: '1087654321' } } as const;

for (const width of WIDTHS) {
  test(`a member recovers the password by phone and is signed in, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await dialog(page, 'loginPopupModal').getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'forgetPassModal');
    await expect(forgot).toBeVisible();
    await expect(forgot.getByRole('tab', { name: 'By e-mail' })).toBeVisible();
    await shot(page, 'recovery-01-open', width);

    const { mobile } = ACCOUNTS[width];
    await forgot.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
    // The status region is there, empty, before the code is asked for, so screen readers hear 'code sent'.
    await expect(forgot.getByRole('status')).toBeEmpty();
    const since = Date.now();
    await forgot.getByRole('button', { name: 'Get code' }).click();
    await expect(forgot.getByRole('status')).toHaveText('The code has been sent. Please check your messages.');
    const code = await server.waitForSmsCode(`+82${mobile}`, since);
    await forgot.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await forgot.getByRole('textbox', { name: 'New password', exact: true }).fill('Short1!');
    await forgot.getByRole('textbox', { name: 'Confirm new password' }).fill('Short1!');
    await forgot.getByRole('button', { name: 'Set new password' }).click();
    await expect(forgot.getByText(/8-20 characters/)).toBeVisible();
    await shot(page, 'recovery-02-password-rule', width);

    await forgot.getByRole('textbox', { name: 'New password', exact: true }).fill('Recover1234!');
    await forgot.getByRole('textbox', { name: 'Confirm new password' }).fill('Recover1234!');
    await forgot.getByRole('button', { name: 'Set new password' }).click();
    await expect(forgot).toBeHidden({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    await shot(page, 'recovery-03-signed-in', width);
    expect(errors).toEqual([]);
    await context.close();
  });
}
