import { describe, expect, it } from 'vitest';
import { SERVER_SEED_PATTERN, createClientSeed, createServerSeed, hashServerSeed, isServerSeedRevealed } from './seeds';

describe(createServerSeed.name, () => {
  it('makes 64 hex digits, different each time', () => {
    const seeds = new Set(Array.from({ length: 50 }, () => createServerSeed()));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(SERVER_SEED_PATTERN);
    expect(createClientSeed()).toMatch(/^[0-9a-f]{20}$/);
  });

  it('shows SHA-256 of the seed text and recognises the revealed seed', () => {
    const seed = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
    // printf %s <seed> | sha256sum
    expect(hashServerSeed(seed)).toBe('60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c');
    expect(isServerSeedRevealed(seed, hashServerSeed(seed).toUpperCase())).toBe(true);
    expect(isServerSeedRevealed(createServerSeed(), hashServerSeed(seed))).toBe(false);
  });
});
