import type { LotteryBet, LotteryOdds } from './types';
import type { SeaResult } from './sea';

// A second reading of docs/product/lottery.md#sea-lottery-4d, for sea.test.ts only: written apart from sea.ts and
// differently (the prizes as one list of [tier, number] pairs, orderings compared by counting digits, the prize
// table written out per bet type, money in BigInt), so that the property test comparing the two catches a slip in
// either. It trusts its inputs: the test only gives it bets sea.ts accepts.

const ALL = ['first', 'second', 'third', 'special', 'consolation'];
const TOP = ['first', 'second', 'third'];

/** Which tiers each bet type reads, and the odds key of each. */
const TABLE: Record<string, [tier: string, key: string][]> = {
  big: ALL.map((tier) => [tier, `big:${tier}`]),
  small: TOP.map((tier) => [tier, `small:${tier}`]),
  '4a': [['first', '4a']],
  ibox_big: ALL.map((tier) => [tier, `ibox_big:${tier}`]),
  ibox_small: TOP.map((tier) => [tier, `ibox_small:${tier}`]),
  '3a': [['first', '3a']],
  '3abc': TOP.map((tier) => [tier, `3abc:${tier}`]),
};

function digitCounts(number: string): string {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const digit of number) counts[Number(digit)]! += 1;
  return counts.join(',');
}

/** 4! over the factorials of each digit's repeats: the different orderings of four digits. */
function orderings(number: string): bigint {
  const repeats = digitCounts(number).split(',').map(Number);
  const fact = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * fact(n - 1));
  return repeats.reduce((value, repeat) => value / fact(repeat), 24n);
}

/** What the bet pays on the result: floor(stake × Σ odds × hits / (100 × orderings)). */
export function referenceSeaPayout(bet: LotteryBet, result: SeaResult, odds: LotteryOdds): number {
  const pairs = Object.entries(result.prizes).flatMap(([tier, numbers]) => numbers.map((n) => [tier, n] as const));
  const chosen = bet.selection[0]!;
  const box = bet.betType.startsWith('ibox');
  const wins = (prize: string) =>
    bet.betType.startsWith('3')
      ? prize.endsWith(chosen)
      : box
        ? digitCounts(prize) === digitCounts(chosen)
        : prize === chosen;
  let total = 0n;
  for (const [tier, key] of TABLE[bet.betType] ?? []) {
    const hits = pairs.filter(([t, prize]) => t === tier && wins(prize)).length;
    total += BigInt(odds[key]!) * BigInt(hits);
  }
  const divisor = 100n * (box ? orderings(chosen) : 1n);
  return Number((BigInt(bet.stakeMinor) * total) / divisor);
}
