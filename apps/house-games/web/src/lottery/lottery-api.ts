import { ApiError, type Envelope } from '../api';
import type { LotteryFamily } from './board';
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

/** The games as the API answers them: the Vietnamese draws' family `vn` too, which this page has no board for. */
export type ApiGamesView = Omit<GamesView, 'games'> & { games: (Omit<GameView, 'family'> & { family: string })[] };

export interface SlipView {
  slipId: string;
  gameCode: string;
  drawNo: string;
  drawsAt: string;
  prizeMode: string;
  bets: { betType: string; selection: string[]; stakeMinor: number }[];
  stakeMinor: number;
  payoutMinor: number | null;
  status: 'open' | 'settling' | 'settled';
  result: DrawnNumbers | null;
  createdAt: string;
  settledAt: string | null;
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
