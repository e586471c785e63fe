import { expect, test, type Page } from '@playwright/test';
import { dialog, openLogin, openSite, shot, signIn, startAuthServer, WIDTHS, type AuthServer } from './auth-fixtures';

let server: AuthServer;
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  // A server of its own starts in well under a minute, slower on a busy machine.
  test.setTimeout(300_000);
  server = await startAuthServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
  await dialog(page, 'logoutConfirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /^log ?in$/i })
      .first(),
  ).toBeVisible();
}

for (const width of WIDTHS) {
  test(`an operator's default password forces the change at sign-in; the new one signs in, at ${width}px`, async ({
    browser,
  }) => {
    // The operator gives demo a default password: its sign-in must open changePassModal
    // (docs/product/accounts.md#forced-password-change).
    const output = await server.admin('member', 'default-password', '--account', 'demo', '--password', 'Temp5678x');
    expect(output).toContain('demo on parlay now has a default password.');

    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await signIn(page, 'demo', 'Temp5678x');
    const change = dialog(page, 'changePassModal');
    await expect(change).toBeVisible({ timeout: 30_000 });
    await expect(dialog(page, 'loginPopupModal')).toBeHidden();
    // Why the change is asked for is the dialog's description: read with the title as it opens.
    await expect(change).toHaveAccessibleDescription(
      'You are using the default password. Please set your own password to continue.',
    );
    // The password just typed is the old one: the dialog does not ask for it again.
    await expect(change.getByRole('textbox', { name: 'Current password' })).toHaveCount(0);
    await shot(page, 'forced-change-01-dialog', width);

    const newPassword = change.getByRole('textbox', { name: 'New password', exact: true });
    const confirmation = change.getByRole('textbox', { name: 'Confirm new password', exact: true });
    await newPassword.fill('Fresh5678!');
    await confirmation.fill('Fresh5678?');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('The two passwords are inconsistent', { exact: false })).toBeVisible();
    await shot(page, 'forced-change-02-mismatch', width);

    await confirmation.fill('Fresh5678!');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/index$/);
    expect(await page.evaluate(() => sessionStorage.getItem('cpw'))).toBe('false');
    await shot(page, 'forced-change-03-changed', width);

    await signOut(page);
    await openLogin(page);
    await signIn(page, 'demo', 'Temp5678x');
    const login = dialog(page, 'loginPopupModal');
    await expect(login.getByRole('alert')).toHaveText('wrong account or password');
    await signIn(page, 'demo', 'Fresh5678!');
    await expect(login).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    await expect(change).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('cpw'))).toBe('false');
    await shot(page, 'forced-change-04-signed-in-with-new-password', width);
    expect(errors).toEqual([]);
    await context.close();
  });
}
