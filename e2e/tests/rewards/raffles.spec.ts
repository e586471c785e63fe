import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import {
  screenshot as boScreenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  watchErrors,
} from '../backoffice/backoffice-fixtures';
import { register, rememberPreferences, seeded, useSession, type Session } from '../games/games-fixtures';
import { call, SCREENSHOT_DIR, SHOTS } from './rewards-fixtures';

// Raffles (MCS2_claimRafflePromotion, issue 36, decision 0055). An operator adds a raffle through the back office's
// API that gives a ticket per least dice bet; a new member plays three dice rounds of the house, sees the three tickets
// on /promotions, joins, and is in the draw. The same member opens the demo brand's drawn raffle and verifies its draw:
// the browser hashes the revealed seed against the committed hash and draws the winners again from the public ticket
// list. Then the demo admin finds the raffles in the back office and opens the drawn one's draw.

const PASSWORD = 'Parlay1234!';
const HOUR = 3_600_000;

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}
interface Raffle {
  id: number;
  code: string;
  title: string;
  status: string;
  state: string | null;
  tickets: number | null;
}

const raffles = (baseURL: string, token: string | null) =>
  call<{ items: Raffle[] }>(baseURL, token, '/wps/promotions/raffles').then((list) => list.items);

/** The house dice's launch for `session`: its own API's token and least bet, as its page gets them. */
async function houseDice(baseURL: string, session: Session) {
  const list = await call<{ games: { id: number; code: string; status: string }[] }>(
    baseURL,
    null,
    '/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Dice',
  );
  const dice = seeded(
    list.games.find((game) => game.code === 'dice' && game.status === 'active'),
    'the house dice game, active',
  );
  const launch = await call<{ game_url: string }>(baseURL, session.token, '/wps/game/launchGame', { gameId: dice.id });
  const gameUrl = new URL(launch.game_url, baseURL);
  const house = async <T>(pathname: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${gameUrl.origin}/house/api/${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Envelope<T>;
    if (!answer.success) throw new Error(`house ${pathname}: ${JSON.stringify(answer)}`);
    return answer.value;
  };
  const { token } = await house<{ token: string }>('sessions', null, Object.fromEntries(gameUrl.searchParams));
  const { limits } = await house<{ limits: { minBetMinor: number } }>('state', token);
  return {
    minBetMinor: limits.minBetMinor,
    play: async (rounds: number) => {
      for (let round = 0; round < rounds; round += 1) {
        await house('dice/bet', token, { amountMinor: limits.minBetMinor, target: 2, direction: 'over' });
      }
    },
  };
}

/** The demo brand's drawn raffle (apps/server/src/db/seed-raffles.ts). */
const DRAWN = 'AUTUMN-RAFFLE';

/**
 * Like shootSteps, with `arrange` run after each switch: a switch of language draws the page again, so what the
 * picture is of is brought into view (or opened) in each.
 */
async function shootEach(page: Page, name: string, arrange: (language: 'KO' | 'EN') => Promise<void>): Promise<void> {
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    await arrange(shot.language);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect
      .soft(overflow, `${name} ${shot.width} ${shot.theme} ${shot.language} scrolls sideways`)
      .toBeLessThanOrEqual(0);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${shot.width}-${shot.theme}-${shot.language}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
}

test('a member earns tickets by betting, joins a raffle, and verifies the drawn demo raffle in the browser', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await register(baseURL!, { prefix: 'raffle', password: PASSWORD });
  const dice = await houseDice(baseURL!, session);

  // 1. An operator adds a raffle on sale now: a ticket per least dice bet, three prizes.
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const operator = await signedInContext(browser, baseURL!, 'demo-owner');
  const created = await operator.page.evaluate(
    async (body) => {
      const response = await fetch('/bo/api/brands/parlay/raffles', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { success: boolean; code: string; value: { id: number } };
    },
    {
      code,
      titleKo: '주사위 래플',
      titleEn: 'Dice raffle',
      summaryKo: '주사위 한 판마다 응모권 1장.',
      summaryEn: 'A ticket for every dice round.',
      saleStartsAt: new Date(Date.now() - 60_000).toISOString(),
      saleEndsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      drawAt: new Date(Date.now() + 25 * HOUR).toISOString(),
      depositStepMinor: null,
      betStepMinor: dice.minBetMinor,
      maxTicketsPerMember: 10,
      prizes: [50_000, 20_000, 10_000],
    },
  );
  expect(created, JSON.stringify(created)).toMatchObject({ success: true });
  await operator.context.close();

  // 2. Three settled rounds: three tickets, counted before the member joins.
  await dice.play(3);
  const mine = async () =>
    seeded(
      (await raffles(baseURL!, session.token)).find((item) => item.code === code),
      code,
    );
  await expect.poll(async () => (await mine()).tickets, { timeout: 30_000, message: 'three tickets' }).toBe(3);
  expect((await mine()).state).toBe('join');
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await rememberPreferences(page, 'EN', 'dark');
  await useSession(page, session);
  await page.goto('/promotions');
  const card = page.getByTestId(`raffle-${code}`);
  await expect(card.getByTestId('raffle-state')).toHaveText('Open');
  await expect(card.getByTestId('raffle-tickets')).toContainText('Your tickets: 3');
  await expect(card).toContainText('At most 10 tickets per member');

  // 3. Join: in the draw with the three tickets, once.
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You joined' })).toHaveText(
    'You joined Dice raffle: your tickets are in its draw.',
  );
  await expect(card.getByTestId('raffle-state')).toHaveText('Joined');
  await expect(card.getByTestId('raffle-tickets')).toContainText('You are in the draw');
  await expect(card.getByRole('button')).toHaveCount(0);
  expect(await mine()).toMatchObject({ state: 'joined', tickets: 3 });
  const again = await call<{ joinedNow: boolean }>(baseURL!, session.token, '/wps/relay/MCS2_claimRafflePromotion', {
    raffleId: (await mine()).id,
  });
  expect(again.joinedNow).toBe(false);
  await shootEach(page, 'raffles-joined', () =>
    card.evaluate((element) => element.scrollIntoView({ block: 'center' })),
  );

  // 4. The drawn demo raffle: its winners, and the draw verified in the browser.
  const drawnCard = page.getByTestId(`raffle-${DRAWN}`);
  await expect(drawnCard.getByTestId('raffle-state')).toHaveText('Drawn');
  await expect(drawnCard.getByTestId('raffle-winners')).toContainText('#1');
  await drawnCard.getByRole('button', { name: 'Verify the draw' }).click();
  const dialog = page.locator('[data-modal="raffle-verify"]');
  await expect(dialog.getByTestId('verify-result')).toHaveAttribute('data-verified', 'true');
  await expect(dialog.getByTestId('verify-result')).toContainText(
    'VerifiedThe seed matches the hash published before the sale, and the winners drawn again here are the ones announced.',
  );
  await expect(dialog.getByTestId('verify-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(dialog.getByTestId('verify-tickets').getByRole('row')).not.toHaveCount(1);
  await shootEach(page, 'raffle-verify', async (language) => {
    if (!(await dialog.isVisible())) {
      await drawnCard.getByRole('button', { name: language === 'KO' ? '추첨 검증' : 'Verify the draw' }).click();
    }
    await expect(dialog.getByTestId('verify-result')).toHaveAttribute('data-verified', 'true');
  });
  expect(errors).toEqual([]);
  await context.close();
});

test("the admin finds the brand's raffles and opens a drawn one's draw with its seed and winners", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const drawn = seeded(
    (await raffles(baseURL!, null)).find((item) => item.code === DRAWN && item.status === 'drawn'),
    `the drawn ${DRAWN}`,
  );
  const { context, page } = await signedInContext(browser, baseURL!, 'demo-owner');
  const errors = watchErrors(page);
  await page.goto('/backoffice/brands/parlay/raffles');
  await settled(page);
  const table = page.getByRole('table', { name: 'Raffles' });
  const row = table.getByRole('row', { name: new RegExp(drawn.code) });
  await expect(row).toContainText('Drawn');
  await expect(row.getByTestId('raffle-counts')).toContainText('paid');
  await expect(page.getByRole('button', { name: 'Add a raffle' })).toBeVisible();
  for (const view of SHOTS) {
    await showView(page, view);
    await expect(
      page.getByRole('heading', { name: view.language === 'KO' ? '래플' : 'Raffles', level: 1 }),
    ).toBeVisible();
    await boScreenshot(page, `raffles-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `raffles ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await row.getByRole('button', { name: `Draw of ${drawn.code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Draw of ${drawn.code}` });
  await expect(dialog.getByTestId('draw-seed')).toHaveText(/^[0-9a-f]{64}$/);
  const winners = dialog.getByRole('table', { name: 'Winners and payouts' });
  await expect(winners.getByRole('row').nth(1)).toContainText('#1');
  await boScreenshot(page, 'raffles-draw-1280-dark-EN');
  expect.soft(await seriousViolations(page), 'raffles draw dialog').toEqual([]);
  // The top bar's toggles are behind the dialog: closed, switched, opened again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await showView(page, { width: 375, theme: 'light', language: 'KO' });
  await page
    .getByRole('table', { name: '래플' })
    .getByRole('row', { name: new RegExp(drawn.code) })
    .getByRole('button', { name: `${drawn.code} 추첨` })
    .click();
  await expect(page.getByRole('dialog', { name: `${drawn.code} 추첨` }).getByTestId('draw-seed')).toBeVisible();
  await boScreenshot(page, 'raffles-draw-375-light-KO');
  expect(errors).toEqual([]);
  await context.close();
});
