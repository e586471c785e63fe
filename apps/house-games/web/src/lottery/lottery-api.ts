import { ApiError, type Envelope } from '../api';
import type { LotteryFamily } from './board';
import { REGIONAL_FAMILIES, type BetShape, type RegionalResult } from './regional';
import type { DrawnNumbers } from './trends';

// The lottery vendor's API as the board calls it (apps/house-games/src/lottery/lottery.routes.ts), under the page's
// own base: the page is `{base}/lottery/play`, its API `{base}/lottery/api/...`.

export interface DrawView {
  gameCode: string;
  drawNo: string;
  status: string;
  opensAt: string;
  closesAt: string;
  drawsAt: string;
  seedHash: string;
  seed: string | null;
  result: DrawnNumbers | null;
}

/** A regional draw (the Vietnamese ones): no seed, its result entered by operators, tier by tier. */
export type RegionalDrawView = Omit<DrawView, 'seedHash' | 'result'> & {
  seedHash: string | null;
  result: RegionalResult | null;
};

export interface GameView {
  gameCode: string;
  name: string;
  family: LotteryFamily;
  intervalMinutes: number;
  enabled: boolean;
  betTypes: string[];
  odds: Record<string, number> | undefined;
  limits: { minBetMinor: number; maxBetMinor: number };
  nextDraw: DrawView | null;
  lastDraw: DrawView | null;
}

export interface GamesView {
  serverTime: string;
  prizeMode: string;
  currency: string;
  balanceMinor: number;
  games: GameView[];
}

/**
 * A regional game (the Vietnamese draws, family `vn`; another regional family alike): its board is drawn from its bet
 * types' shapes (regional.ts) and it is grouped by its region.
 */
export interface RegionalGameView extends Omit<GameView, 'family' | 'nextDraw' | 'lastDraw'> {
  family: string;
  region: string | null;
  bets: BetShape[];
  nextDraw: RegionalDrawView | null;
  lastDraw: RegionalDrawView | null;
}

/** The games as the API answers them, every family. */
export type ApiGamesView = Omit<GamesView, 'games'> & { games: (GameView | RegionalGameView)[] };

/** Whether a game is drawn by the regional board: a family of REGIONAL_FAMILIES (regional.ts). */
export function isRegionalGame(game: GameView | RegionalGameView): game is RegionalGameView {
  return Object.hasOwn(REGIONAL_FAMILIES, game.family) && 'bets' in game;
}

/** Whether a game is drawn by the page's own board (board.ts): the fast games and keno. */
export function isFixedGame(game: GameView | RegionalGameView): game is GameView {
  return game.family === 'fast' || game.family === 'keno';
}

export interface SlipView {
  slipId: string;
  gameCode: string;
  drawNo: string;
  drawsAt: string;
  prizeMode: string;
  bets: { betType: string; selection: string[]; stakeMinor: number }[];
  stakeMinor: number;
  payoutMinor: number | null;
  /** `void`: the draw was voided and the stake given back. */
  status: 'open' | 'settling' | 'settled' | 'void';
  result: DrawnNumbers | null;
  createdAt: string;
  settledAt: string | null;
}

/** A slip of a regional game: its result tier by tier. */
export type RegionalSlipView = Omit<SlipView, 'result'> & { result: RegionalResult | null };

/** The player's slips a page (newest first; the vendor's default and the page's size): "show more" past it. */
export const SLIPS_PAGE = 20;

/** The slips call of a page: the game's, open or settled, placed before the last slip shown. */
export function slipsPath(gameCode: string, status: 'open' | 'settled', before: string | null): string {
  const query = new URLSearchParams({ gameCode, status, limit: String(SLIPS_PAGE) });
  if (before) query.set('before', before);
  return `slips?${query.toString()}`;
}

export interface DrawProof {
  draw: DrawView;
  algorithm: string;
  message: string;
  check: { seedMatchesHash: boolean; resultMatches: boolean } | null;
}

export interface OpenedSession {
  token: string;
  balanceMinor: number;
  currency: string;
  language: string;
  gameCode: string;
  prizeMode: string;
}

/** The API's base for a page at `.../lottery/play`: `.../lottery/api/`. */
export function lotteryApiBase(pathname: string): string {
  return `${pathname.replace(/\/play\/?$/, '')}/api/`;
}

/** Calls the lottery's API with the session's token; errors carry the vendor's translated message. */
export function createLotteryApi(base: string, language: string) {
  let token = '';
  return {
    setToken(value: string) {
      token = value;
    },
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          language,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as Envelope<T>;
      if (!envelope.success) throw new ApiError(envelope.code ?? 'ERROR', envelope.message ?? 'Error');
      return envelope.value;
    },
  };
}
export type LotteryApi = ReturnType<typeof createLotteryApi>;
