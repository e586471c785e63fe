import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR as ROOT, shoot, switchByEvents } from '../../support/shell';
import { seeded, type Session } from '../games/games-fixtures';

/** Where the reward journeys' pictures go (written only with E2E_SCREENSHOTS=1). */
export const SCREENSHOT_DIR = path.join(ROOT, 'rewards');

/** Each width in both themes and both languages, across four pictures of a step. */
export const SHOTS = [
  { width: 1280, theme: 'dark', language: 'EN' },
  { width: 1280, theme: 'light', language: 'KO' },
  { width: 375, theme: 'light', language: 'EN' },
  { width: 375, theme: 'dark', language: 'KO' },
] as const;

/** The key step `name` in each of SHOTS, none scrolling sideways; back at 1280, dark, English after. */
export async function shootSteps(page: Page, name: string): Promise<void> {
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect
      .soft(overflow, `${name} ${shot.width} ${shot.theme} ${shot.language} scrolls sideways`)
      .toBeLessThanOrEqual(0);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${shot.width}-${shot.theme}-${shot.language}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
}

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}

/** A platform call as the site makes it, in English; its value, or an error naming the refusal. */
export async function call<T>(baseURL: string, token: string | null, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      language: 'EN',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${pathname}: ${answer.code} ${answer.message ?? ''}`);
  return answer.value;
}

/** `rounds` dice rounds of the house's least bet, over 2.00, through the house vendor's own API as its page plays. */
export async function playDiceRounds(baseURL: string, session: Session, rounds: number): Promise<void> {
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
  for (let round = 0; round < rounds; round += 1) {
    await house('dice/bet', token, { amountMinor: limits.minBetMinor, target: 2, direction: 'over' });
  }
}
