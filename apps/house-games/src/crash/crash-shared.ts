import { createHmac } from 'node:crypto';
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

/**
 * A bet as everyone sees it: `betId` tells two bets apart (two players with the same mask, or one
 * player's two slots) and is the bet's own number, never the player's id.
 */
export interface CrashBetView {
  betId: number;
  player: string;
  slot: BetSlot;
  stakeMinor: number;
  cashout: number | null;
  winMinor: number | null;
}

/** A player's two bets in one game: slot 0 and slot 1, each settled on its own. */
export type BetSlot = 0 | 1;
export const BET_SLOTS: readonly BetSlot[] = [0, 1];

export type BetInput = { amountMinor: number; autoCashout: number | null; slot: BetSlot };
export type BetAnswer = { roundId: string; betId: number; slot: BetSlot; queued: boolean; balanceMinor: number | null };
export type CashOutAnswer = { roundId: string; betId: number; slot: BetSlot; multiplier: number; winMinor: number };

/** A player's bet in the live game: the player and the slot. */
export function betKey(playerRef: number, slot: BetSlot): string {
  return `${playerRef}:${slot}`;
}

/** This instance as the lease sees it: its name, and whether it leads now. */
export interface CrashInstance {
  readonly instanceId: string;
  readonly isLeader: boolean;
}

/** Who decides bets and cash-outs: the leader's round loop. */
export interface CrashDecider {
  placeBet(session: HouseSession, input: BetInput): Promise<BetAnswer>;
  cashOut(playerRef: number, slot: BetSlot): Promise<CashOutAnswer>;
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

/**
 * Shows a player to others without giving their id away: the platform's player ids are small numbers, so
 * even a part of one tells who it is. The vendor knows no account names; it shows a pseudonym instead, the
 * same for the player in every game, made with the vendor's secret so that no id can be guessed back from
 * it, and masked as the winners board masks an account (`a3***f`).
 */
export function maskPlayer(playerId: string, secret: string): string {
  const pseudonym = createHmac('sha256', secret).update(`crash-player:${playerId}`).digest('base64url');
  return `${pseudonym.slice(0, 2)}***${pseudonym.slice(2, 3)}`;
}
