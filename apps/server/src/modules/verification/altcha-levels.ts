/**
 * The levels of the proof of work (ALTCHA), decision 0030. Level 0 is the behaviour check every sign-in,
 * registration and recovery carries. Levels 1 to MAX_CHECK_LEVEL are the harder check that took the
 * image captcha's place: asked for after failed sign-ins, one level more for each further failure, each
 * level four times the work of the one below. bench/altcha/solve-times.ts measures the solve times.
 */

/** The hardest level: at production cost about 1.2 s at most in desktop Chromium, 4 s on a phone. */
export const MAX_CHECK_LEVEL = 3;

/**
 * PBKDF2 iterations per counter of the harder levels in production. Chromium runs PBKDF2 natively
 * (about 6.7 million iterations a second here), as fast as an attacker's Node on one core, where a
 * plain SHA-256 per counter is three times slower in the browser than in Node.
 */
export const PRODUCTION_HARDER_CHECK_COST = 5_000;

/** The counters of level 1; each level above has four times as many. */
const LEVEL_ONE_MAX_COUNTER = 100;

/** Level 0's counters, as before decision 0030: SHA-256, about 0.1 s in a browser. */
const BASE_MIN_COUNTER = 2_000;
const BASE_MAX_COUNTER = 25_000;

export interface CheckShape {
  algorithm: 'SHA-256' | 'PBKDF2/SHA-256';
  /** Hash iterations per counter. */
  cost: number;
  /** The counter the solver must reach is drawn from minCounter to maxCounter. */
  minCounter: number;
  maxCounter: number;
}

/** A whole level between 0 and MAX_CHECK_LEVEL. */
export function clampLevel(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(Math.max(Math.trunc(level), 0), MAX_CHECK_LEVEL);
}

/**
 * The challenge of a level. The harder levels draw the counter from 1, so that a solver that knows the
 * range gains nothing by skipping its start, and expects the same work as the browser: half of maxCounter.
 */
export function checkShape(level: number, harderCost: number = PRODUCTION_HARDER_CHECK_COST): CheckShape {
  const clamped = clampLevel(level);
  if (clamped === 0) {
    return { algorithm: 'SHA-256', cost: 1, minCounter: BASE_MIN_COUNTER, maxCounter: BASE_MAX_COUNTER };
  }
  return {
    algorithm: 'PBKDF2/SHA-256',
    cost: harderCost,
    minCounter: 1,
    maxCounter: LEVEL_ONE_MAX_COUNTER * 4 ** (clamped - 1),
  };
}
