import { expect, test } from '@playwright/test';
import path from 'node:path';
import {
  expectNoSidewaysScroll,
  rememberPreferences,
  SCREENSHOT_DIR,
  seeded,
  signIn,
  useSession,
  WIDTHS,
} from './games-fixtures';
import { shoot } from '../../support/shell';

for (const width of WIDTHS) {
  test.describe(`the wallet at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('a member sees the balance in the header, refreshes it, opens the wallet panel and hides the balance', async ({
      page,
      baseURL,
    }) => {
      const session = await signIn(baseURL!);
      const balance = await (
        await fetch(`${baseURL}/wps/v2/wallets/balance`, { headers: { authorization: `Bearer ${session.token}` } })
      ).json();
      const expected = new Intl.NumberFormat('en', {
        minimumFractionDigits: balance.value.currencyExponent,
        maximumFractionDigits: balance.value.currencyExponent,
      }).format(balance.value.sumBalance / 10 ** balance.value.currencyExponent);
      await rememberPreferences(page, 'EN', width < 768 ? 'dark' : 'light');
      await useSession(page, session);

      await page.goto('/index');
      const amount = page.getByRole('banner').getByTestId('balance-amount');
      await expect(amount).toHaveText(expected);

      // A refresh the member asks for says 'Balance updating' until the new balance is there.
      let releaseBalance = () => {};
      const held = new Promise<void>((resolve) => (releaseBalance = resolve));
      await page.route(/\/wps\/v2\/wallets\/balance/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('banner').getByRole('button', { name: 'Refresh balance' }).click();
      await expect(amount).toHaveText('Balance updating');
      releaseBalance();
      await expect(amount).toHaveText(expected);
      await page.unroute(/\/wps\/v2\/wallets\/balance/);

      await amount.click();
      const panel = page.getByRole('dialog', { name: 'My wallet' });
      await expect(panel.getByText('Total balance')).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Last betting records' })).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `wallet-panel-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      if (width < 1100) await page.getByRole('button', { name: 'Open or close the menu' }).click();
      const menu = page.locator('#side-menu');
      await menu.getByRole('button', { name: 'Hide balance' }).click();
      await expect(menu.getByText('***')).toBeVisible();
      await expect(page.getByRole('banner').getByText('***')).toBeVisible();
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `wallet-hidden-${width}.png`) });
      await expectNoSidewaysScroll(page, 'wallet');
      if (width < 1100) {
        // The open menu covers the header's menu button: it has its own way out.
        await menu.getByRole('button', { name: 'Close the menu' }).click();
        await expect(menu).toBeHidden();
      }
    });
  });
}

test.describe('the automatic balance read at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the balance read every minute keeps the shown balance: the header, a live region, says nothing new', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await rememberPreferences(page, 'EN', 'dark');
    await useSession(page, await signIn(baseURL!));
    await page.goto('/index');
    const amount = page.getByRole('banner').getByTestId('balance-amount');
    await expect(amount).toHaveText(/^[\d,.]+$/);
    const before = await amount.textContent();

    let releaseBalance = () => {};
    const held = new Promise<void>((resolve) => (releaseBalance = resolve));
    const asked = page.waitForRequest(/\/wps\/v2\/wallets\/balance/);
    await page.route(/\/wps\/v2\/wallets\/balance/, async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.fastForward(61_000);
    await asked;
    await expect(amount).toHaveText(before!);
    await expect(amount).toHaveAttribute('data-state', 'ready');
    releaseBalance();
    await expect(amount).toHaveText(before!);
  });
});

/** The house dice game of the demo catalogue, when it is there and active. */
async function findHouseDice(baseURL: string) {
  const list = await (await fetch(`${baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice`)).json();
  return (list.value.games as { id: number; code: string; status: string }[]).find(
    (game) => game.code === 'dice' && game.status === 'active',
  );
}

test.describe('the live balance at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a round played in the game changes the header balance with no refresh, pushed over the socket', async ({
    page,
    baseURL,
  }) => {
    const dice = seeded(await findHouseDice(baseURL!), 'the house dice game, active');
    await rememberPreferences(page, 'EN', 'dark');
    await useSession(page, await signIn(baseURL!));
    const balanceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wps/v2/wallets/balance')) balanceCalls.push(request.url());
    });

    await page.goto(`/game?gameId=${dice.id}`);
    const amount = page.getByRole('banner').getByTestId('balance-amount');
    await expect(amount).toHaveText(/^[\d,.]+$/);
    const before = await amount.textContent();
    const asked = balanceCalls.length;

    const game = page.frameLocator('main iframe');
    await game.getByRole('button', { name: 'Bet', exact: true }).first().click();
    await expect(amount).not.toHaveText(before!);
    // The new balance came over the socket: the page did not ask for it again.
    expect(balanceCalls.length).toBe(asked);
    // Once the round is settled, the game and the header show the same balance.
    const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
    await expect
      .poll(async () => digits(await game.locator('.balance').textContent()) === digits(await amount.textContent()))
      .toBe(true);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'wallet-live-1280.png') });
  });
});

test.describe('a movement made elsewhere at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a round played in another tab shows in the game open in this one, with no round played here', async ({
    page,
    context,
    baseURL,
  }) => {
    const dice = seeded(await findHouseDice(baseURL!), 'the house dice game, active');
    const session = await signIn(baseURL!);
    const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
    const openDice = async (tab: typeof page) => {
      await rememberPreferences(tab, 'EN', 'dark');
      await useSession(tab, session);
      await tab.goto(`/game?gameId=${dice.id}`);
      const game = tab.frameLocator('main iframe');
      await expect(game.locator('.balance')).toHaveText(/\d/);
      return { game, header: tab.getByRole('banner').getByTestId('balance-amount') };
    };

    const here = await openDice(page);
    const before = digits(await here.game.locator('.balance').textContent());
    const nonceBefore = Number(await here.game.locator('.next-nonce').textContent());
    // A client seed being typed here is the player's until they set it: the refresh leaves it alone.
    const seedField = here.game.getByRole('textbox', { name: 'Client seed' });
    await seedField.fill('typed-but-not-set');
    const elsewhere = await openDice(await context.newPage());
    await elsewhere.game.getByRole('button', { name: 'Bet', exact: true }).first().click();
    await expect.poll(async () => digits(await elsewhere.game.locator('.balance').textContent())).not.toBe(before);

    // This tab's header hears of the round over the socket, and its game reads its balance again.
    await expect.poll(async () => digits(await here.game.locator('.balance').textContent())).not.toBe(before);
    await expect
      .poll(
        async () =>
          digits(await here.game.locator('.balance').textContent()) === digits(await here.header.textContent()),
      )
      .toBe(true);
    // The round took a nonce of the seed pair both tabs share, and it is in this tab's history too.
    await expect(here.game.locator('.next-nonce')).toHaveText(String(nonceBefore + 1));
    await expect(here.game.locator('.history li').first()).toContainText(`#${nonceBefore}`);
    await expect(seedField).toHaveValue('typed-but-not-set');
    await page.bringToFront();
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'wallet-elsewhere-1280.png') });
  });
});
