import { describe, expect, it } from 'vitest';
import { hotAndCold, sumSeries } from './trends';

describe('trends', () => {
  it('counts the hot and cold digits of fast results', () => {
    const results = [{ digits: [1, 1, 2, 3, 9] }, { digits: [1, 2, 2, 4, 9] }];
    const { hot, cold } = hotAndCold('fast', results, 3);
    expect(hot).toEqual([
      { value: 1, count: 3 },
      { value: 2, count: 3 },
      { value: 9, count: 2 },
    ]);
    expect(cold.map((f) => f.value)).toEqual([0, 5, 6]);
    // A number that never came is not hot, however few results there are.
    const keno = hotAndCold('keno', [{ numbers: [80, 1] }], 5);
    expect(keno.hot).toEqual([
      { value: 1, count: 1 },
      { value: 80, count: 1 },
    ]);
    expect(keno.cold.map((f) => f.value)).toEqual([2, 3, 4, 5, 6]);
  });

  it("gives each draw's sum and side, oldest first", () => {
    const series = sumSeries('fast', [
      { drawNo: '20261129-0002', result: { digits: [9, 9, 9, 9, 9] } },
      { drawNo: '20261129-0001', result: { digits: [0, 1, 2, 3, 4] } },
      { drawNo: '20261129-0000', result: null },
    ]);
    expect(series).toEqual([
      { drawNo: '20261129-0001', sum: 10, side: 'small', share: 10 / 45 },
      { drawNo: '20261129-0002', sum: 45, side: 'big', share: 1 },
    ]);
    const keno = sumSeries('keno', [
      { drawNo: 'k', result: { numbers: Array.from({ length: 20 }, (_, i) => i + 31) } },
    ]);
    // 31 + ... + 50 = 810: the tie.
    expect(keno[0]!.side).toBe('tie');
  });
});
