import type { HouseSession } from '../players/players.service';

// What the parts of crash share: the game's phases, the shapes of a bet and its answers, a player's mask.

export type CrashPhase = 'idle' | 'betting' | 'running' | 'crashed';

export const GAME_CODE = 'crash';

export interface CrashSettlement {
  gameId: number;
  crashPoint: number;
  bets: number;
  crashedAt: number;
  /** When every bet of the game was written settled (or cancelled). */
  settledAt: number;
}

/** The game in play as a snapshot shows it, on the leader and on a follower alike. */
export interface CrashGameView {
  gameId: number;
  phase: CrashPhase;
  bettingEndsAt: number;
  startedAt: number | null;
  crashPoint: number | null;
  gameHash: string | null;
  bets: CrashBetView[];
}

export interface CrashBetView {
  player: string;
  stakeMinor: number;
  cashout: number | null;
}

export type BetInput = { amountMinor: number; autoCashout: number | null };
export type BetAnswer = { roundId: string; queued: boolean; balanceMinor: number | null };
export type CashOutAnswer = { roundId: string; multiplier: number; winMinor: number };

/** This instance as the lease sees it: its name, and whether it leads now. */
export interface CrashInstance {
  readonly instanceId: string;
  readonly isLeader: boolean;
}

/** Who decides bets and cash-outs: the leader's round loop. */
export interface CrashDecider {
  placeBet(session: HouseSession, input: BetInput): Promise<BetAnswer>;
  cashOut(playerRef: number): Promise<CashOutAnswer>;
}

/**
 * The time the round loop runs on: its moments and its timers. The real clock in production; a test gives
 * one of its own to play rounds without waiting for them (HouseConfig crash.clock).
 */
export interface CrashClock {
  now(): number;
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  setInterval(work: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
}

export const realClock: CrashClock = {
  now: () => Date.now(),
  setTimeout: (work, ms) => setTimeout(work, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  setInterval: (work, ms) => setInterval(work, ms),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
};

/** Shows a player to others without giving their id away. */
export function maskPlayer(playerId: string): string {
  return playerId.length <= 3 ? `${playerId[0] ?? ''}**` : `${playerId.slice(0, 2)}***${playerId.slice(-1)}`;
}
