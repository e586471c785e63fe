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

// One seeded account a width, each with its bound e-mail address.
const ACCOUNTS = {
  375: { username: 'demo', email: 'demo@parlay.example', password: 'Linked5678!' },
  1280: { username: 'agent', email: 'agent@parlay.example', password: 'Linked8765!' },
} as const;

for (const width of WIDTHS) {
  test(`a member sets a new password from the e-mailed link, which works once, at ${width}px`, async ({ browser }) => {
    const account = ACCOUNTS[width];
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await dialog(page, 'loginPopupModal').getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'forgetPassModal');
    await forgot.getByRole('tab', { name: 'By e-mail' }).click();
    await forgot.getByRole('textbox', { name: 'Username' }).fill(account.username);
    await forgot.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
    // The status region is there, empty, before the link is sent, so screen readers hear what it then says.
    await expect(forgot.getByRole('status')).toBeEmpty();
    const since = Date.now();
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toContainText('a reset link is on its way');
    // The submit button has gone: focus is on the form's CLOSE (the × has no text), which reads the message.
    await expect(forgot.locator(':focus')).toHaveText('CLOSE');
    await expect(forgot.locator(':focus')).toHaveAccessibleDescription(/a reset link is on its way/);
    await shot(page, 'reset-link-01-sent', width);

    const link = await server.waitForMailLink(account.email, since);
    expect(link).toMatch(/\/\?resetPasswordToken=[\w-]{40,}$/);
    await page.goto(link);
    const reset = dialog(page, 'forgetPassModal');
    await expect(reset.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    // The token leaves the address as soon as the site has read it.
    await expect(page).toHaveURL(/\/index$/);
    await expect(reset).toHaveAccessibleDescription('Choose a new password for your account. The link works once.');
    await expect(reset.getByRole('status')).toBeEmpty();
    await shot(page, 'reset-link-02-dialog', width);

    await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(account.password);
    await reset.getByRole('textbox', { name: 'Confirm new password' }).fill(account.password);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(reset.getByRole('status')).toHaveText('Your password is set. Please log in with the new password.');
    // Focus is on the next step, so a keyboard user goes on with Enter.
    await expect(reset.getByRole('button', { name: 'Log in' })).toBeFocused();
    await shot(page, 'reset-link-03-done', width);
    await page.keyboard.press('Enter');
    await signIn(page, account.username, account.password);
    await expect(dialog(page, 'loginPopupModal')).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();

    // The same link again: refused, with a way to ask for a new one.
    const second = await browser.newContext({ viewport: page.viewportSize()!, baseURL: server.baseURL });
    const again = await second.newPage();
    await again.addInitScript(() => localStorage.setItem('lang', 'EN'));
    await again.goto(link);
    const used = dialog(again, 'forgetPassModal');
    await used.getByRole('textbox', { name: 'New password', exact: true }).fill('Another5678!');
    await used.getByRole('textbox', { name: 'Confirm new password' }).fill('Another5678!');
    await used.getByRole('button', { name: 'Set new password' }).click();
    await expect(used.getByRole('alert')).toHaveText('The password reset link is invalid or has expired.');
    await expect(used.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await shot(again, 'reset-link-04-used-again', width);
    await second.close();
    expect(errors).toEqual([]);
    await context.close();
  });
}
