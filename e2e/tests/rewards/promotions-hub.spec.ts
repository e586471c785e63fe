import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { switchByEvents, watchForErrors } from '../../support/shell';
import { register, rememberPreferences, seeded, useSession } from '../games/games-fixtures';
import { call, playDiceRounds, SCREENSHOT_DIR, shootSteps } from './rewards-fixtures';

// The promotions hub and the reward centre (issue 36, decision 0058). /promotions lists the demo brand's promotions of
// every kind by category, each with the visitor's or the member's state and its one action; /promoDetail?code= shows
// one with its rules in words. The reward centre (rewardCenter) gathers what a member can claim now: a new member
// completes DAILY10 with ten dice rounds and claims it there.

const PASSWORD = 'Parlay1234!';
const WELCOME = 'WELCOME100';
const CASHBACK = 'WEEKLYCASHBACK';
const DAILY = 'DAILY10';

const won = (minor: number) => `₩${new Intl.NumberFormat('en').format(minor)}`;

/** The hub's card of a promotion, by its code. */
const cardOf = (page: Page, code: string) => page.getByTestId(`promotion-${code}`);

test('a visitor sees the promotions by category with their dates’ states and signs in to join', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { errors } = watchForErrors(page);
  await rememberPreferences(page, 'EN', 'dark');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/promotions');
  const hub = page.getByTestId('promotion-hub');
  const chips = hub.getByRole('navigation', { name: 'Categories' });
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await expect(chips.getByRole('button', { name: 'Bonuses' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Cashback' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Missions' })).toBeVisible();
  const welcome = cardOf(page, WELCOME);
  await expect(welcome.getByTestId('promotion-state')).toHaveText('Open');
  await expect(welcome).toContainText('100% of your deposit as a bonus, up to ₩300,000');
  await expect(cardOf(page, 'SIGNUP5000').getByRole('button', { name: 'Sign up to get it' })).toBeVisible();
  await shootSteps(page, 'promotions-visitor');

  // A category at a time; the cashback card's action asks a visitor to sign in first.
  await chips.getByRole('button', { name: 'Cashback' }).click();
  await expect(welcome).toHaveCount(0);
  await cardOf(page, CASHBACK).getByRole('button', { name: 'Log in to join' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a member sees its own states, opens the deposit page from the deposit bonus and reads one promotion', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const session = await register(baseURL!, { prefix: 'hub', password: PASSWORD });
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/promotions');
  const welcome = cardOf(page, WELCOME);
  // A new member with no deposit yet: the first-deposit bonus is open to it, and the deposit page is its action.
  await expect(welcome.getByTestId('promotion-state')).toHaveText('Open');
  await expect(cardOf(page, CASHBACK).getByRole('button', { name: 'Open cashback' })).toBeVisible();
  await expect(cardOf(page, 'SHAREWIN').getByRole('button', { name: 'Apply' })).toBeVisible();
  await shootSteps(page, 'promotions-member');
  await welcome.getByRole('button', { name: 'Deposit now' }).click();
  const panel = page.locator('[data-modal="memberCentre"]');
  await expect(panel.locator('[data-page="depositv2"]')).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
  await page.keyboard.press('Escape');

  await page.goto(`/promoDetail?code=${WELCOME}`);
  const detail = page.getByTestId(`promotion-detail-${WELCOME}`);
  await expect(detail.getByRole('heading', { name: '100% first deposit bonus' })).toBeVisible();
  await expect(detail).toContainText('Wager it 10× within 30 days and it is yours to withdraw');
  await expect(detail).toContainText('You can take part now.');
  await expect(detail.getByRole('button', { name: 'Deposit now' })).toBeVisible();
  await shootSteps(page, 'promo-detail');
  expect(errors).toEqual([]);
  await context.close();
});

test('a new member completes DAILY10 and claims it in the reward centre, once', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const session = await register(baseURL!, { prefix: 'reward', password: PASSWORD });
  const daily = async () =>
    seeded(
      (
        await call<{ items: { id: number; code: string; title: string; state: string; rewardMinor: number }[] }>(
          baseURL!,
          session.token,
          '/wps/relay/MCSFE_getMissionSummaryDetails',
        )
      ).items.find((item) => item.code === DAILY),
      `the seed's ${DAILY}`,
    );

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=rewardCenter');
  const panel = page.locator('[data-modal="memberCentre"]');
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Reward centre' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByTestId('reward-ready-count')).toHaveText('Nothing to claim right now.');
  await shootSteps(page, 'reward-centre-nothing');

  await playDiceRounds(baseURL!, session, 10);
  await expect.poll(async () => (await daily()).state, { timeout: 30_000, message: `${DAILY} complete` }).toBe('claim');
  const ready = await daily();
  await page.reload();
  const mission = panel.getByTestId(`reward-mission-${DAILY}`);
  await expect(mission).toContainText(`Reward ${won(ready.rewardMinor)}`, { timeout: 30_000 });
  await expect(panel.getByTestId('reward-ready-count')).toContainText('ready to claim now');
  await shootSteps(page, 'reward-centre-ready');

  await mission.getByRole('button', { name: 'Claim' }).click();
  await expect(panel.getByRole('status')).toHaveText(`${ready.title}: ${won(ready.rewardMinor)} paid to your balance.`);
  await expect(mission).toHaveCount(0);
  expect((await daily()).state).toBe('claimed');
  await shootSteps(page, 'reward-centre-claimed');
  await switchByEvents(page, 'dark', 'EN');
  expect(errors).toEqual([]);
  await context.close();
});
