import { setPasswordHashCost } from '../lib/crypto/password';

/**
 * Tests hash passwords at scrypt N=2^10 (about 1 ms) instead of production's 2^17 (about 0.3 s and
 * 128 MiB): the rules under test do not depend on the cost, and sign-in tests were most of the run.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/** vitest setup file (and the global setup, which seeds the template database): before any hash is made. */
export function useTestPasswordHashCost(): void {
  setPasswordHashCost(TEST_PASSWORD_HASH_COST);
}

useTestPasswordHashCost();
