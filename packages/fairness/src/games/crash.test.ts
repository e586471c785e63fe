import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../random';
import { CRASH_SALT as SALT, CRASH_VECTORS as CHAIN } from '../vectors';
import { buildGameHashChain, crashPoint, crashPointHundredths, isGameHashInChain, previousGameHash } from './crash';

describe(crashPoint.name, () => {
  it.each(CHAIN)('gives the independent crash point of %s', (gameHash, point) => {
    expect(crashPoint(gameHash, SALT)).toBe(point);
  });

  it('is never below 1.00 and busts at 1.00 about 2 times in 101', () => {
    let instant = 0;
    let hash = sha256Hex('stats');
    for (let game = 0; game < 20_000; game += 1) {
      hash = sha256Hex(hash);
      const point = crashPointHundredths(hash, SALT);
      expect(point).toBeGreaterThanOrEqual(100);
      if (point === 100) instant += 1;
    }
    // floor(99 / (1 − X)) < 101 when X < 2/101: expected 396 of 20000, standard deviation about 20.
    expect(instant).toBeGreaterThan(330);
    expect(instant).toBeLessThan(460);
  });

  it('refuses a game hash that is not 64 hex digits', () => {
    expect(() => crashPoint('xyz', SALT)).toThrow(RangeError);
  });
});

describe(buildGameHashChain.name, () => {
  it('hashes forward and is played backwards from the published last hash', () => {
    const chain = buildGameHashChain(sha256Hex('parlay-crash-seed'), 4);
    expect(chain).toEqual(CHAIN.map(([hash]) => hash));
    const published = chain[4]!;
    const firstGame = chain[3]!;
    expect(previousGameHash(firstGame)).toBe(published);
    expect(previousGameHash(chain[2]!)).toBe(firstGame);
    expect(isGameHashInChain(chain[0]!, published, 4)).toBe(true);
    expect(isGameHashInChain(chain[0]!, published, 3)).toBe(false);
    expect(isGameHashInChain(sha256Hex('other'), published, 10)).toBe(false);
  });
});
