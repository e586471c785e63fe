import { expect, test, type Page } from '@playwright/test';
import { settleAnimations, switchByEvents } from '../../support/shell';
import { dialog, openLogin, openSite, shot, startAuthServer, WIDTHS, type AuthServer } from './auth-fixtures';

// Issue 39, "Free play that works" (decision 0072): a guest gets practice money at once, sees it in the header marked
// as practice, and plays the house games with it; a new member lands on a welcome with the next step, the deposit.

let server: AuthServer;
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
  // A server of its own starts in well under a minute, slower on a busy machine.
  test.setTimeout(300_000);
  server = await startAuthServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'Parlay1234!';
const PAIRS = [
  { theme: 'dark', language: 'EN' },
  { theme: 'light', language: 'EN' },
  { theme: 'dark', language: 'KO' },
  { theme: 'light', language: 'KO' },
] as const;

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** Pictures the page in each theme and language, then puts it back in dark English. */
async function shotEveryPair(page: Page, name: string, width: number) {
  for (const { theme, language } of PAIRS) {
    await switchByEvents(page, theme, language);
    await shot(page, `${name}-${theme}-${language}`, width);
  }
  await switchByEvents(page, 'dark', 'EN');
}

for (const width of WIDTHS) {
  test(`free play gives practice money at once, and dice plays with it, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await openLogin(page);
    const login = dialog(page, 'loginPopupModal');
    await login.getByRole('button', { name: /free play/i }).click();
    await expect(login).toBeHidden({ timeout: 30_000 });

    // The header: the practice balance, marked as such, and the way to real play; no deposit, no real balance.
    const practice = page.locator('[data-site-header] [data-testid="practice-balance"]').first();
    await expect(practice).toContainText('Practice');
    const amount = practice.getByTestId('practice-balance-amount');
    await expect(amount).toHaveText(/100,000/, { timeout: 15_000 });
    await expect(page.locator('[data-site-header] [data-testid="balance-amount"]')).toHaveCount(0);
    await expect(
      page.locator('[data-site-header]').getByRole('button', { name: 'Register to play for real' }),
    ).toBeVisible();
    await settleAnimations(page);
    await shotEveryPair(page, 'practice-01-header', width);

    // Dice, opened as a guest opens any house game: in practice, staking the practice balance.
    const list = (await (
      await fetch(`${server.baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice`)
    ).json()) as { value: { games: { id: number; code: string; status: string }[] } };
    const dice = list.value.games.find((game) => game.code === 'dice' && game.status === 'active');
    expect(dice, 'the house dice game, active').toBeTruthy();
    await page.goto(`/game?gameId=${dice!.id}`);
    const game = page.frameLocator('main iframe');
    await expect(game.locator('.balance')).toHaveText(/100,000/, { timeout: 30_000 });
    await game.getByRole('spinbutton', { name: 'Stake', exact: true }).fill('1000');
    await game.getByRole('button', { name: 'Roll over', exact: true }).click();
    const target = game.getByRole('textbox', { name: 'Roll over', exact: true });
    await target.fill('50');
    await target.press('Tab');
    const answered = page.waitForResponse((response) => response.url().includes('/house/api/dice/bet'));
    await game.getByRole('button', { name: 'Bet', exact: true }).first().click();
    const play = (await (await answered).json()) as { success: boolean; value: { balanceMinor: number } };
    expect(play.success).toBe(true);
    expect(play.value.balanceMinor).not.toBe(100_000);
    // The header follows the game's practice balance.
    await expect
      .poll(async () => digits(await amount.textContent()), { timeout: 15_000 })
      .toBe(String(play.value.balanceMinor));
    await settleAnimations(page);
    await shot(page, 'practice-02-dice-played', width);

    // Real money stays out of reach: the deposit is refused on the server too.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/wps/member/cashier/methods', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`, language: 'EN' },
      });
      return (await response.json()) as { code: string };
    });
    expect(refused).toMatchObject({ code: 'NEED_TRUE_ACCOUNT' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`a new member lands on the welcome and goes on to the deposit, at ${width}px`, async ({ browser }) => {
    const { context, page, errors } = await openSite(browser, server.baseURL, width);
    await page.goto('/index');
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).first().click();
    const register = dialog(page, 'registerModal');
    const username = `welcome${width}`;
    await register.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await register.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
    await register.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(register).toBeHidden({ timeout: 30_000 });

    const welcome = dialog(page, 'welcomeModal');
    await expect(welcome.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
    // The demo brand gives a sign-up bonus: the welcome names it in the brand's currency.
    const signup = (await (await fetch(`${server.baseURL}/wps/promotions/signup-bonus`)).json()) as {
      value: { amountMinor: number } | null;
    };
    expect(signup.value, "the demo brand's sign-up bonus").not.toBeNull();
    await expect(welcome.getByTestId('welcome-bonus')).toContainText(signup.value!.amountMinor.toLocaleString('en-US'));
    await settleAnimations(page);
    await shotEveryPair(page, 'welcome-01-open', width);

    await welcome.getByRole('button', { name: 'Deposit now' }).click();
    await expect(welcome).toBeHidden();
    const panel = dialog(page, 'memberCentre');
    await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Deposit' })).toBeVisible({ timeout: 30_000 });
    await settleAnimations(page);
    await shot(page, 'welcome-02-deposit', width);

    // Once: a new page load shows no welcome again.
    await page.reload();
    await expect(page.locator('[data-site-header]').first()).toBeVisible();
    await expect(welcome).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}
