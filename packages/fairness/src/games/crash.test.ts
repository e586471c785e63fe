import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../random';
import { buildGameHashChain, crashPoint, crashPointHundredths, isGameHashInChain, previousGameHash } from './crash';

const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
/** chain[0] = SHA-256('parlay-crash-seed'), then SHA-256 of each hex text; points computed in Python. */
const CHAIN = [
  ['a90741368e8ce115b872aa1df82afbfeb341ef6adcdc24e8d4908f4e5bce1bad', 2.59],
  ['bf63782d2df54daa15e2bda4812bfc027ba2750180ece4deca2513a3ae050b8c', 1.22],
  ['0c9b1720128dae16fd5f6680f1dde063d88959cb72c3adf9d1f520a46c4b4de4', 2.17],
  ['2d94f2288ea9a1e9740c4c2bb434b152f4ae8cc889a92f2dd0297d8b7c4d4604', 10.82],
  ['f54ef44ef316f4e34fff3cf84da32f5c89f07b4e765517c2e8edd42eb1dfecc7', 1.31],
] as const;

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
