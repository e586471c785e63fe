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
  test(`free play signs a guest in and goes to the lobby, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await page.goto('/promotions');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^log ?in$/i })
      .first()
      .click();
    const login = dialog(page, 'loginPopupModal');
    await login.getByRole('button', { name: /free play/i }).click();
    await expect(login).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/index$/);
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menu')).toContainText(/guest/);
    await shot(page, 'free-play-01-signed-in', width);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`a trial (type 4) account signs in without the member centre, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await signIn(page, 'trial', 'Trial1234!');
    await expect(dialog(page, 'loginPopupModal')).toBeHidden({ timeout: 30_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
    await page.getByRole('button', { name: /account menu/i }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('trial');
    await expect(menu.getByRole('menuitem', { name: /member cent/i })).toHaveCount(0);
    await shot(page, 'trial-01-menu', width);
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const width of WIDTHS) {
  test(`a trial (type 4) account that plays for real money gets the in_need_true_account dialog, at ${width}px`, async ({
    browser,
  }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    await signIn(page, 'trial', 'Trial1234!');
    await expect(dialog(page, 'loginPopupModal')).toBeHidden({ timeout: 30_000 });
    // A fresh page load: the session comes back from storage and the dialogs are not loaded yet.
    await page.goto('/rng');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Free trial' }) })
      .first();
    await card.getByRole('button', { name: 'Play now' }).click();
    const warning = dialog(page, 'needTrueAccount');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('This is a trial account. Please use a real account for this action.');
    await expect(page).toHaveURL(/\/rng$/);
    await shot(page, 'trial-02-need-true-account', width);
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/rng$/);

    // The server refuses too: real money is not launched for this account whatever the page does.
    const refused = await page.evaluate(async (gameUrl) => {
      const response = await fetch(gameUrl, {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`, language: 'EN' },
      });
      return (await response.json()) as { code: string; message: string };
    }, '/wps/game/launchGame?gameId=1&playMode=real');
    expect(refused).toMatchObject({ code: 'NEED_TRUE_ACCOUNT' });

    // A free trial (play money) is what a trial account may play.
    await card.getByRole('button', { name: 'Free trial' }).click();
    await expect(page).toHaveURL(/\/game\?gameId=\d+&nodeId=\d+&vassalage=\w+&playMode=trial$/);
    await expect(warning).toBeHidden();
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const width of WIDTHS) {
  test(`after repeated wrong passwords the right one signs in through a harder check, with nothing to type, at ${width}px`, async ({
    browser,
  }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    const login = dialog(page, 'loginPopupModal');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await signIn(page, 'agent', 'Wrong1234!');
      await expect(login.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
    }
    // No image captcha and no text to type (decision 0030): the next attempt proves work instead.
    await expect(login.getByRole('img')).toHaveCount(0);
    await expect(login.getByRole('textbox', { name: /captcha/i })).toHaveCount(0);

    // The harder challenge is held until the dialog has been seen saying what it is doing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: unknown[] = [];
    await page.route('**/wps/verification/altcha', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      asked.push(route.request().postDataJSON());
      await held;
      return route.continue();
    });
    await signIn(page, 'agent', 'Agent1234!');
    await expect(login.getByText('Checking that you are not a robot…')).toBeVisible();
    await expect(login.getByRole('progressbar')).toBeVisible();
    await shot(page, 'harder-check-01-checking', width);
    release();
    await expect(login).toBeHidden({ timeout: 30_000 });
    expect(asked).toEqual([{ purpose: 'login', type: 'username', username: 'agent' }]);
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menu')).toContainText('agent');
    expect(errors).toEqual([]);
    await context.close();
  });
}
