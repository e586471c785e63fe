import { vnBetTypesFor } from '@parlay/fairness';
import { describe, expect, it } from 'vitest';
import { betTypeShape, lotteryBoardInfo } from './lottery-board-info';
import { LOTTERY_GAMES } from './lottery-games';

describe('the games call’s board information', () => {
  it('reads each Vietnamese bet type’s count and digits off its rules, as docs/product/lottery.md#the-bets lists them', () => {
    const info = lotteryBoardInfo(LOTTERY_GAMES.VN_MB);
    expect(info.region).toBe('north');
    expect(info.bets.map((shape) => shape.betType)).toEqual(vnBetTypesFor('north'));
    const shapes = Object.fromEntries(info.bets.map(({ betType, count, digits }) => [betType, `${count}×${digits}`]));
    expect(shapes).toEqual({
      de: '1×2',
      de3: '1×3',
      de_dau: '1×1',
      de_duoi: '1×1',
      lo2_mb: '1×2',
      lo3_mb: '1×3',
      dau_mb: '1×2',
      xien2_mb: '2×2',
      xien3_mb: '3×2',
      xien4_mb: '4×2',
      truot4_mb: '4×2',
      truot8_mb: '8×2',
      truot10_mb: '10×2',
    });
    expect(lotteryBoardInfo(LOTTERY_GAMES.VN_MN_HCM)).toMatchObject({ region: 'south' });
  });

  it('reads the SEA bets as one number of 4 digits (3 for 3A, 3ABC) and groups the operators by country', () => {
    const info = lotteryBoardInfo(LOTTERY_GAMES.MAGNUM4D);
    expect(info.region).toBe('malaysia');
    const shapes = Object.fromEntries(info.bets.map(({ betType, count, digits }) => [betType, `${count}×${digits}`]));
    expect(shapes).toEqual({
      big: '1×4',
      small: '1×4',
      '4a': '1×4',
      ibox_big: '1×4',
      ibox_small: '1×4',
      '3a': '1×3',
      '3abc': '1×3',
    });
    expect(lotteryBoardInfo(LOTTERY_GAMES.TOTO4D).region).toBe('malaysia');
    expect(lotteryBoardInfo(LOTTERY_GAMES.DAMACAI).region).toBe('malaysia');
    expect(lotteryBoardInfo(LOTTERY_GAMES.SG4D).region).toBe('singapore');
  });

  it('says a bet type that names no plain digits has none (the fast games’ options), and keno’s picks their count', () => {
    const fast = lotteryBoardInfo(LOTTERY_GAMES.FAST1);
    expect(fast.region).toBeNull();
    expect(fast.bets.find((shape) => shape.betType === 'digit')).toEqual({ betType: 'digit', count: 1, digits: null });
    const keno = lotteryBoardInfo(LOTTERY_GAMES.KENO);
    expect(keno.bets.find((shape) => shape.betType === 'pick5')).toMatchObject({ count: 5 });
  });

  it('probes any family’s checkBet: a rule of k numbers of d digits is read as k×d', () => {
    for (const [count, digits] of [
      [1, 4],
      [3, 1],
      [6, 2],
    ] as const) {
      const rules = {
        checkBet: (bet: { selection: readonly string[] }) =>
          bet.selection.length !== count
            ? 'SELECTION_COUNT'
            : bet.selection.every((n) => new RegExp(`^\\d{${digits}}$`).test(n))
              ? null
              : 'BAD_SELECTION',
      };
      expect(betTypeShape(rules, 'x')).toEqual({ betType: 'x', count, digits });
    }
  });
});
