import { clampStake, type StakeLimits } from './stake';

/**
 * Autobet: the same bet again and again, its stake changed after each round by the player's rules, until a
 * stop condition. Only the rules and the loop are here, without the page (autobet-panel.ts draws them), so
 * the tests drive them with a round function of their own and no waiting.
 */

/** After a win or a loss: back to the stake the run started with, or the stake raised by a percentage. */
export interface StakeChange {
  mode: 'reset' | 'increase';
  /** By how much, in percent of the current stake (100 doubles it); only for `increase`. */
  percent: number;
}

export interface AutobetSettings {
  /** How many bets; 0 runs until a stop condition or the player stops it. */
  bets: number;
  /** Stop once the run's net profit reaches this (minor units); 0 for no such stop. */
  stopOnProfitMinor: number;
  /** Stop once the run's net loss reaches this (minor units); 0 for no such stop. */
  stopOnLossMinor: number;
  onWin: StakeChange;
  onLoss: StakeChange;
}

/** Why a run ended. */
export type StopReason = 'count' | 'profit' | 'loss' | 'stopped' | 'refused';

export interface AutobetRun {
  /** The stake the run started with, which `reset` returns to. */
  baseStakeMinor: number;
  /** The stake of the next bet. */
  stakeMinor: number;
  /** Bets played so far. */
  count: number;
  /** Wins less stakes over the run, in minor units. */
  netMinor: number;
}

/** One round's result, as the loop needs it. */
export interface RoundResult {
  stakeMinor: number;
  /** What the round paid: 0 (or null) for a loss. */
  winMinor: number | null;
}

export const NO_CHANGE: StakeChange = { mode: 'reset', percent: 0 };

export function startRun(baseStakeMinor: number, limits: StakeLimits): AutobetRun {
  const stake = clampStake(baseStakeMinor, limits);
  return { baseStakeMinor: stake, stakeMinor: stake, count: 0, netMinor: 0 };
}

/**
 * A round is a win when it paid more than its stake: a slot spin paying back part of the stake is a loss
 * for the run's rules, as it is for the player's money.
 */
export function isWin(round: RoundResult): boolean {
  return (round.winMinor ?? 0) > round.stakeMinor;
}

/**
 * The stake after a round: the base stake, or the current one raised by the percentage, rounded to the
 * nearest whole minor unit on the game's step (the slot's 20 lines) and kept within the limits, never under
 * the minimum.
 */
export function nextStake(run: AutobetRun, change: StakeChange, limits: StakeLimits): number {
  if (change.mode === 'reset') return clampStake(run.baseStakeMinor, limits);
  const step = Math.max(1, limits.step);
  const raised = (run.stakeMinor * (100 + Math.max(0, change.percent))) / 100;
  return clampStake(Math.round(raised / step) * step, limits);
}

/** The run after one more round: its count and net, and the stake for the next bet. */
export function recordRound(
  run: AutobetRun,
  round: RoundResult,
  settings: AutobetSettings,
  limits: StakeLimits,
): AutobetRun {
  const won = isWin(round);
  const after: AutobetRun = {
    ...run,
    count: run.count + 1,
    netMinor: run.netMinor + (round.winMinor ?? 0) - round.stakeMinor,
  };
  return { ...after, stakeMinor: nextStake(after, won ? settings.onWin : settings.onLoss, limits) };
}

/** Whether the run ends here: its number of bets played, its profit or its loss reached. */
export function stopReason(run: AutobetRun, settings: AutobetSettings): StopReason | null {
  if (settings.stopOnProfitMinor > 0 && run.netMinor >= settings.stopOnProfitMinor) return 'profit';
  if (settings.stopOnLossMinor > 0 && -run.netMinor >= settings.stopOnLossMinor) return 'loss';
  if (settings.bets > 0 && run.count >= settings.bets) return 'count';
  return null;
}

export interface AutobetLoop {
  settings: AutobetSettings;
  limits: StakeLimits;
  baseStakeMinor: number;
  /** Plays one round at this stake and answers it; a refusal (balance, limits) throws. */
  play(stakeMinor: number): Promise<RoundResult>;
  /** The pause between bets, so that each result can be seen (the page's is short; the tests' is none). */
  pause(): Promise<void>;
  /** Whether the player (or the page going away) asked to stop; read before each bet. */
  stopRequested(): boolean;
  /** Told the run after each round, to show its count and net. */
  onRound?(run: AutobetRun): void;
}

/** The run's end: why, the run as it stood, and the refusal that ended it. */
export interface AutobetEnd {
  reason: StopReason;
  run: AutobetRun;
  error?: unknown;
}

/** Plays the run: a bet, its result recorded, a stop condition checked, a pause, and again. */
export async function runAutobet(loop: AutobetLoop): Promise<AutobetEnd> {
  let run = startRun(loop.baseStakeMinor, loop.limits);
  for (;;) {
    if (loop.stopRequested()) return { reason: 'stopped', run };
    let round: RoundResult;
    try {
      round = await loop.play(run.stakeMinor);
    } catch (error) {
      return { reason: 'refused', run, error };
    }
    run = recordRound(run, round, loop.settings, loop.limits);
    loop.onRound?.(run);
    const reason = stopReason(run, loop.settings);
    if (reason) return { reason, run };
    await loop.pause();
  }
}
