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
  test(`remember-me keeps the username for 24 hours and never the password, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    const login = dialog(page, 'loginPopupModal');
    await login.getByRole('checkbox', { name: /remember me/i }).check();
    await shot(page, 'remember-01-checked', width);
    await signIn(page, 'demo', 'Demo1234!');
    await expect(login).toBeHidden({ timeout: 30_000 });

    const cookies = await context.cookies();
    const remembered = cookies.find((cookie) => cookie.name === 'username');
    expect(remembered?.value).toBe('demo');
    // 24 hours, give or take the test's own time.
    expect(Math.abs((remembered?.expires ?? 0) - (Date.now() / 1000 + 86_400))).toBeLessThan(120);
    const stored = await page.evaluate(() =>
      JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }),
    );
    expect(JSON.stringify(cookies) + stored).not.toContain('Demo1234!');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
    await dialog(page, 'logoutConfirm').getByRole('button', { name: 'Confirm' }).click();
    await openLogin(page);
    await expect(login.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue('demo');
    await expect(login.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    await expect(login.getByRole('checkbox', { name: /remember me/i })).toBeChecked();
    await shot(page, 'remember-02-prefilled', width);

    // Unticking it and signing in again forgets the username.
    await login.getByRole('checkbox', { name: /remember me/i }).uncheck();
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234!');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(login).toBeHidden({ timeout: 30_000 });
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('username');
    expect(errors).toEqual([]);
    await context.close();
  });
}
