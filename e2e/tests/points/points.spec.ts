import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { axe } from '../../support/axe';
import { SCREENSHOT_DIR as ROOT, settleAnimations, shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { rememberPreferences, seeded, signIn, useSession, type Session } from '../games/games-fixtures';

// Points and the points mall (issue 35, "Done when"): the demo member plays a round of the house dice, sees the
// points arrive in the mall, redeems a product with the payment password and sees its exchange record, then converts
// points to money and sees the conversion in the redeem history and the wallet. One game page and one mall page;
// every width, theme and language is switched in the page.

const SCREENSHOT_DIR = path.join(ROOT, 'points');
/** The payment password the journeys give the demo member when it has none (withdraw.spec.ts uses it too). */
const DEMO_PAYMENT_PASSWORD = '135790';
const DEMO_PASSWORD = 'Demo1234!';
/** One round of the dice over 2.00 (98 % to win): its valid bet earns points whatever it rolls. */
const STAKE = 10_000;

interface Envelope<T> {
  success: boolean;
  value: T;
  code?: string;
}

async function call<T>(baseURL: string, session: Session, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${pathname}: ${answer.code}`);
  return answer.value;
}

interface Product {
  id: number;
  kind: 'goods' | 'cash';
  name: string;
  pointsMinor: number;
  amountMinor: number;
  unavailableReason: string | null;
}

/** Points as the page writes them in English: hundredths with up to 2 decimals. */
const points = (minor: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(minor / 100);
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

const SHOTS = [
  { width: 1280, theme: 'dark', language: 'EN' },
  { width: 1280, theme: 'light', language: 'KO' },
  { width: 375, theme: 'light', language: 'EN' },
  { width: 375, theme: 'dark', language: 'KO' },
] as const;

/** The step `name` in each pair of `shots`, switched in the page, no sideways scroll; back at 1280, dark, EN after. */
async function shootSteps(
  page: Page,
  name: string,
  shots: readonly { width: 1280 | 375; theme: 'dark' | 'light'; language: 'KO' | 'EN' }[] = SHOTS,
  fullPage = false,
): Promise<void> {
  for (const shot of shots) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    // The mall's heading in that language: the texts of the page's own namespace are in.
    await expect(page.locator('#point-products-title, [data-modal="pointRedeem"] h2').first()).toHaveText(/\S/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await settleAnimations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect
      .soft(overflow, `${name} ${shot.width} ${shot.theme} ${shot.language} scrolls sideways`)
      .toBeLessThanOrEqual(0);
    // A whole page is pictured from its top (a page scrolled down draws its sticky header mid-picture).
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, {
      path: path.join(SCREENSHOT_DIR, `points-${name}-${shot.width}-${shot.theme}-${shot.language}.png`),
      fullPage,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
}

/** Axe over the mall (or its open dialog) in both themes: nothing serious or critical, reported softly. */
async function expectNoSeriousAxe(page: Page, name: string, scope: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await switchByEvents(page, theme, 'EN');
    const results = await axe(page).include(scope).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect.soft(serious, `${name} ${theme}`).toEqual([]);
  }
  await switchByEvents(page, 'dark', 'EN');
}

test('the demo member plays, sees the points arrive, redeems a product, sees the record, converts points', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const status = await call<{ isSet: boolean }>(baseURL!, session, '/wps/member/security/payment-password');
  if (!status.isSet) {
    await call(baseURL!, session, '/wps/member/security/payment-password', {
      loginPassword: DEMO_PASSWORD,
      newPassword: DEMO_PAYMENT_PASSWORD,
    });
  }
  const pointBalance = async () =>
    (await call<{ balancePointsMinor: number }>(baseURL!, session, '/wps/relay/MCS2_getPointBalance'))
      .balancePointsMinor;
  const walletBalance = async () =>
    (await call<{ sumBalance: number }>(baseURL!, session, '/wps/v2/wallets/balance')).sumBalance;
  const list = (await (await fetch(`${baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice`)).json()) as {
    value: { games: { id: number; code: string; status: string }[] };
  };
  const dice = seeded(
    list.value.games.find((game) => game.code === 'dice' && game.status === 'active'),
    'the house dice game, active',
  );

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');

  // 1. A round of dice: its settled valid bet earns points through the settlement feed.
  const before = await pointBalance();
  await page.goto(`/game?gameId=${dice.id}`);
  const game = page.frameLocator('main iframe');
  await expect(game.locator('.balance')).toHaveText(/\d/, { timeout: 30_000 });
  await game.getByRole('spinbutton', { name: 'Stake', exact: true }).fill(String(STAKE));
  // Roll over 2.00: the direction first (switching it mirrors the target), then the target (its field is named by
  // the direction), kept on leaving it.
  await game.getByRole('button', { name: 'Roll over', exact: true }).click();
  const target = game.getByRole('textbox', { name: 'Roll over', exact: true });
  await target.fill('2');
  await target.press('Tab');
  await expect(game.getByRole('slider', { name: 'Dice target' })).toHaveAttribute('aria-valuenow', /^2(\.0+)?$/);
  const answered = page.waitForResponse((response) => response.url().includes('/house/api/dice/bet'));
  await game.getByRole('button', { name: 'Bet', exact: true }).first().click();
  const play = (await (await answered).json()) as Envelope<unknown>;
  expect(play.success, play.code).toBe(true);
  // The accrual consumer reads the feed after the round's transaction commits (goal: under 2 s).
  await expect.poll(pointBalance, { timeout: 30_000, message: 'the round earned points' }).toBeGreaterThan(before);
  const earned = await pointBalance();

  // 2. The mall shows them.
  await page.goto('/pointMall');
  const balance = page.getByTestId('point-balance');
  await expect(balance).toHaveText(points(earned), { timeout: 30_000 });
  await expect(page.getByTestId('point-product').first()).toBeVisible();
  await shootSteps(page, 'arrived', SHOTS, true);

  // 3. Redeem the cheapest goods the points pay for, with the payment password.
  const mall = await call<{ items: Product[] }>(baseURL!, session, '/wps/relay/MCS2_getPointReward');
  const wallet = await walletBalance();
  const product = seeded(
    mall.items
      .filter(
        (item) =>
          item.kind === 'goods' &&
          item.unavailableReason === null &&
          item.pointsMinor <= earned &&
          item.amountMinor <= wallet,
      )
      .sort((a, b) => a.pointsMinor - b.pointsMinor)[0],
    'goods the demo member can redeem',
  );
  await page.getByRole('button', { name: `Redeem ${product.name}` }).click();
  const dialog = page.locator('[data-modal="pointRedeem"]');
  await expect(dialog.getByRole('heading', { name: `Redeem ${product.name}` })).toBeVisible();
  // A wrong password first: refused in its words, nothing taken.
  await dialog.getByLabel('Payment password').fill('000000');
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('The payment password is incorrect');
  expect(await pointBalance()).toBe(earned);
  await dialog.getByLabel('Payment password').fill(DEMO_PAYMENT_PASSWORD);
  await shootSteps(page, 'redeem-dialog', SHOTS);
  await expectNoSeriousAxe(page, 'redeem dialog', '[data-modal="pointRedeem"]');
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: `Redeemed 1 × ${product.name}` });
  await expect(notice).toBeVisible();
  const reference = (await notice.textContent())?.match(/reference (\S+?)\)/)?.[1];
  expect(reference, 'the notice names the exchange').toBeTruthy();
  const afterRedeem = earned - product.pointsMinor;
  await expect(balance).toHaveText(points(afterRedeem));
  expect(await pointBalance()).toBe(afterRedeem);

  // 4. Its exchange record: in process until the operator handles it, with the points it took.
  const row = page.getByTestId('point-record').filter({ hasText: reference! });
  await expect(row).toContainText(product.name);
  await expect(row).toContainText('In process');
  await expect(row).toContainText(`\u2212${points(product.pointsMinor)}`);
  await expect(row).toContainText(points(afterRedeem));

  // 5. Convert points to money at the brand's rate, with the payment password.
  const config = await call<{ conversionMinorPerPoint: number; conversionMinPointsMinor: number }>(
    baseURL!,
    session,
    '/wps/relay/MCS2_getPointConfig',
  );
  expect(config.conversionMinorPerPoint, "the demo brand's conversion rate").toBeGreaterThan(0);
  // The brand's minimum (at least a point).
  const convertMinor = Math.max(config.conversionMinPointsMinor, 100);
  expect(afterRedeem, 'points left to convert').toBeGreaterThanOrEqual(convertMinor);
  const gives = Math.floor((convertMinor * config.conversionMinorPerPoint) / 100);
  expect(gives, 'the conversion gives money').toBeGreaterThan(0);
  const convertedAfter = Date.now() - 1_000;
  await page.getByLabel('Points to convert').fill(String(convertMinor / 100));
  await expect(page.getByText(/^You receive /)).toContainText(new Intl.NumberFormat('en').format(gives));
  await page
    .locator('form')
    .filter({ has: page.getByLabel('Points to convert') })
    .getByLabel('Payment password')
    .fill(DEMO_PAYMENT_PASSWORD);
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'were converted to' })).toBeVisible();
  const afterConvert = afterRedeem - convertMinor;
  await expect(balance).toHaveText(points(afterConvert));
  // Other journeys move the demo member's money meanwhile (the balance is shared): the conversion's own movement
  // in the account record is what it added.
  const converted = await call<{ list: { amountMinor: number; at: string }[] }>(
    baseURL!,
    session,
    '/wps/relay/ODSFE2_MemTransDet?type=pointConversion&pageSize=1',
  );
  expect(converted.list[0]?.amountMinor, 'the conversion in the account record').toBe(gives);
  expect(Date.parse(converted.list[0]!.at)).toBeGreaterThanOrEqual(convertedAfter);
  // The header's balance follows over the socket: it comes to the wallet's balance without a reload.
  const header = page.locator('[data-site-header] [data-testid="balance-amount"]').first();
  await expect
    .poll(async () => digits(await header.textContent()) === String(await walletBalance()), { timeout: 15_000 })
    .toBe(true);

  // 6. The redeem history: the conversion and the redemption, each with the balance after it.
  await page.getByRole('button', { name: 'Redeem history' }).click();
  const conversion = page.getByTestId('point-record').filter({ hasText: 'Conversion' }).first();
  await expect(conversion).toContainText(`\u2212${points(convertMinor)}`);
  await expect(conversion).toContainText(points(afterConvert));
  await expect(page.getByTestId('point-record').filter({ hasText: reference! })).toBeVisible();
  await expectNoSeriousAxe(page, 'points mall', 'main');
  await shootSteps(
    page,
    'history',
    [
      ...SHOTS,
      { width: 1280, theme: 'light', language: 'EN' },
      { width: 1280, theme: 'dark', language: 'KO' },
      { width: 375, theme: 'dark', language: 'EN' },
      { width: 375, theme: 'light', language: 'KO' },
    ],
    true,
  );
  await settleAnimations(page);
  // The one refusal asked for (the wrong password) is the only failed call.
  expect(errors.filter((error) => !/status of 400 .*passwordCheck\/MCS2_redeemPointReward/.test(error))).toEqual([]);
  await context.close();
});
