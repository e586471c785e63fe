import { expect, test } from '@playwright/test';
import { dialog, openLogin, openSite, shot, signIn, startAuthServer, WIDTHS, type AuthServer } from './auth-fixtures';

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

for (const width of WIDTHS) {
  test(`a member signs in and out, and a wrong password is refused, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await shot(page, 'sign-in-01-dialog', width);

    await signIn(page, 'demo', 'Wrong1234!');
    const login = dialog(page, 'loginPopupModal');
    await expect(login.getByRole('alert')).toHaveText('wrong account or password');
    await shot(page, 'sign-in-02-wrong-password', width);

    await signIn(page, 'demo', 'Demo1234!');
    await expect(login).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/.{20,}/);
    await shot(page, 'sign-in-03-signed-in', width);

    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menu')).toContainText('demo');
    await shot(page, 'sign-in-04-avatar-menu', width);
    await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
    await shot(page, 'sign-in-05-logout-confirm', width);
    await dialog(page, 'logoutConfirm').getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page
        .getByRole('banner')
        .getByRole('button', { name: /^log ?in$/i })
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await shot(page, 'sign-in-06-signed-out', width);
    expect(errors).toEqual([]);
    await context.close();
  });
}
