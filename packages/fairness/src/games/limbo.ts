import { FloatStream, type RoundSeeds } from '../random';

/**
 * The multiplier in hundredths: max(1, floor(1e8 / (floor(float × 1e8) + 1) × 0.99 × 100) / 100) × 100.
 * Evaluated in the order of operations so that any verifier gets the same digits.
 */
export function limboHundredthsFromFloat(float: number): number {
  return Math.max(100, Math.floor((1e8 / (Math.floor(float * 1e8) + 1)) * 0.99 * 100));
}

export function playLimboHundredths(seeds: RoundSeeds): number {
  return limboHundredthsFromFloat(new FloatStream(seeds).next());
}

export function playLimbo(seeds: RoundSeeds): number {
  return playLimboHundredths(seeds) / 100;
}
