import { describe, expect, it } from 'vitest';
import { betKindOf, betTypeOf, formatOdds, parseOdds } from './odds';

describe('odds as operators type them', () => {
  it('reads times the stake with up to two decimals, in hundredths', () => {
    expect(parseOdds('9.8')).toBe(980);
    expect(parseOdds(' 9.80 ')).toBe(980);
    expect(parseOdds('10')).toBe(1_000);
    expect(parseOdds('0.05')).toBe(5);
    for (const bad of ['', '9.805', '-1', '1,000', 'abc', '9.', '.5']) expect(parseOdds(bad), bad).toBeNull();
  });

  it('writes them back the same way, and names the bet type of a key', () => {
    for (const hundredths of [1, 5, 98, 980, 1_000, 123_456])
      expect(parseOdds(formatOdds(hundredths))).toBe(hundredths);
    expect(formatOdds(980)).toBe('9.80');
    expect(betTypeOf('sum:12')).toBe('sum');
    expect(betTypeOf('digit')).toBe('digit');
    expect(betKindOf('lo2_mb')).toBe('lo2');
    expect(betKindOf('de_dau')).toBe('de_dau');
    expect(betKindOf('pick5:3')).toBe('pick5');
  });
});
