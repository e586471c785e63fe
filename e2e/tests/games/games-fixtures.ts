import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { settleAnimations } from '../../support/shell';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots/games');
export const WIDTHS = [375, 1280] as const;

/** The demo brand's funded demo member (apps/server/src/db/seed-accounts.ts). */
export const DEMO_MEMBER = { username: 'demo', password: 'Demo1234!' };

export interface Session {
  token: string;
  account: string;
  isAgent: number;
}

async function value<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success: boolean; value: T; code?: string; message?: string };
  if (!body.success) throw new Error(`${response.url}: ${body.code} ${body.message}`);
  return body.value;
}

/** A body encrypted with the server's public key, with a solved behaviour check, as the player site sends it. */
async function encrypted(baseURL: string, body: Record<string, unknown>): Promise<string> {
  const challenge = await value<Challenge>(await fetch(`${baseURL}/wps/verification/altcha`));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the behaviour check');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const { key } = await value<{ key: JWK & { kid: string } }>(await fetch(`${baseURL}/wps/system/publicKey`));
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ ...body, altcha })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
}

/**
 * Signs in through the real POST /wps/session/login, as the player site does: the behaviour check
 * solved, the body encrypted with the server's public key.
 */
export async function signIn(baseURL: string, credentials = DEMO_MEMBER): Promise<Session> {
  const result = await value<{ token: string; account: string; type: number }>(
    await fetch(`${baseURL}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/jose' },
      body: await encrypted(baseURL, { ...credentials, type: 'username' }),
    }),
  );
  return { token: result.token, account: result.account, isAgent: result.type };
}

/**
 * A new member registered through the real PUT /wps/member/register and signed in by it: `prefix` and a stamp as its
 * username (a journey of its own, apart from the demo member the other journeys share), `payeeName` when it will bind
 * a bank account.
 */
export async function register(
  baseURL: string,
  { prefix, password, payeeName }: { prefix: string; password: string; payeeName?: string },
): Promise<Session> {
  const username = `${prefix}${Date.now().toString(36).slice(-7)}`;
  const result = await value<{ token: string; account: string; type: number }>(
    await fetch(`${baseURL}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/jose' },
      body: await encrypted(baseURL, {
        username,
        password,
        confirmPassword: password,
        ...(payeeName ? { payeeName } : {}),
        login: true,
      }),
    }),
  );
  return { token: result.token, account: result.account, isAgent: result.type };
}

/**
 * Starts the page signed in, as a tab that signed in earlier would be (session storage,
 * docs/product/site-shell-and-routes.md#browser-storage).
 */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript((stored) => {
    // The site's own page only: init scripts run in every frame, and a game frame's first empty
    // document may not reach storage at all (a SecurityError).
    if (window !== window.top) return;
    sessionStorage.setItem('token', stored.token);
    sessionStorage.setItem('account', stored.account);
    sessionStorage.setItem('isAgent', String(stored.isAgent));
  }, session);
}

export async function rememberPreferences(page: Page, language: 'KO' | 'EN', theme: 'dark' | 'light') {
  await page.addInitScript(
    ([lang, chosenTheme]) => {
      if (window !== window.top) return;
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', chosenTheme);
    },
    [language, theme] as const,
  );
}

/**
 * Resizes the page to one of WIDTHS at the heights the game journeys use, and checks that the site set the side menu
 * as a load at that width draws it: open from 1100 px, shut below (root-layout.tsx follows the breakpoint).
 */
export async function resize(page: Page, width: (typeof WIDTHS)[number]) {
  await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
  const body = page.locator('[data-side-open]');
  if (await body.count()) await expect(body).toHaveAttribute('data-side-open', width >= 1100 ? 'true' : 'false');
  await settleAnimations(page);
}

interface CatalogueGame {
  id: number;
  gameName: string;
  vassalage: string;
  supportPlay: number;
  status: string;
  isGame: string;
}

interface VendorLane {
  title: string;
  cards: { vassalage: string; displayName: string; status: string }[];
}

/**
 * A game the demo seed has. The seed is ours and the same on every run: a journey whose game is missing
 * fails, naming it, instead of skipping itself.
 */
export function seeded<T>(game: T | null | undefined, what: string): T {
  expect(game, `the demo seed has ${what}`).toBeTruthy();
  return game!;
}

/** What the demo brand's catalogue offers right now, read through the same calls the site makes. */
export async function readCatalogue(baseURL: string) {
  const vendor = await value<{ data: { lanes: VendorLane[] } }>(await fetch(`${baseURL}/wps/relay/GCSGAME_gameVendor`));
  const list = async (query: string) =>
    (
      await value<{ games: CatalogueGame[] }>(
        await fetch(`${baseURL}/wps/relay/GCSGAME_gameList?pageSize=100&${query}`),
      )
    ).games;
  const slots = await list('gameType=RNG');
  const everything = (
    await Promise.all(['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ELOTT', 'LOTT'].map((type) => list(`gameType=${type}`)))
  ).flat();
  const isPlayable = (game: CatalogueGame) => game.status === 'active' && game.isGame !== 'VASSALAGE';
  return {
    lanes: vendor.data.lanes,
    slotVendors: vendor.data.lanes.filter((lane) => lane.title === 'RNG').flatMap((lane) => lane.cards),
    /** An active slot game that launches in /game, if the catalogue has one. */
    slotGame: slots.find(isPlayable) ?? null,
    /** An active slot game with a free trial (supportPlay 0), if any. */
    trialGame: slots.find((game) => isPlayable(game) && game.supportPlay === 0) ?? null,
    /** A game that is down (the demo brand's DS88 and TCG_SEA games are), for 'Game maintenance'. */
    downGame: everything.find((game) => game.status === 'maintenance') ?? null,
  };
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Each element shows its whole text: none is cut by an ellipsis or a line clamp. Measured to the
 * fraction of a pixel, since a text 0.2 px wider than its box already ends in '…'.
 */
export async function expectTextNotCut(elements: Locator, where: string) {
  const cut = await elements.evaluateAll((found) =>
    found
      .filter((element) => {
        const shown = element.getBoundingClientRect();
        const style = element.getAttribute('style');
        element.style.cssText += ';text-overflow: clip; -webkit-line-clamp: none; line-clamp: none';
        const text = document.createRange();
        text.selectNodeContents(element);
        const whole = { width: text.getBoundingClientRect().width, height: element.getBoundingClientRect().height };
        if (style === null) element.removeAttribute('style');
        else element.setAttribute('style', style);
        return whole.width > shown.width + 0.01 || whole.height > shown.height + 0.01;
      })
      .map((element) => element.textContent),
  );
  expect(cut, `${where}: text cut short`).toEqual([]);
}

/**
 * Each game card's heart sits below its artwork, not on it: no corner is free on every game's art
 * (the crash rocket and the limbo dart sit top right, the crash multiplier bottom right).
 */
export async function expectHeartsOffTheArt(cards: Locator, where: string) {
  const all = await cards.all();
  expect(all.length, `${where} has game cards`).toBeGreaterThan(0);
  for (const card of all) {
    const art = await card.getByRole('button', { name: /^(Play .+ now|Open the games of .+)$/ }).boundingBox();
    const heart = await card.getByRole('button', { name: /my collection$/ }).boundingBox();
    expect(art && heart, `${where}: a card shows its artwork and heart`).toBeTruthy();
    expect(heart!.y, `${where}: the heart sits below the artwork`).toBeGreaterThanOrEqual(art!.y + art!.height);
  }
}
