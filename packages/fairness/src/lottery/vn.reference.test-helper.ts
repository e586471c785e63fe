import type { LotteryBet, LotteryOdds } from './types';
import type { VnResult } from './vn';

// A second reading of docs/product/lottery.md#vietnamese-regional-draws, for vn.test.ts only: written apart from vn.ts
// and differently (every prize in one flat list, matched with endsWith; money in BigInt), so that the property test
// comparing the two catches a slip in either. It trusts its inputs: the test only gives it bets vn.ts accepts.

function hitsOf(betType: string, selection: readonly string[], result: VnResult): number {
  const everyPrize = Object.values(result.prizes).flatMap((numbers) => [...(numbers ?? [])]);
  const special = result.prizes.special?.[0] ?? '';
  const [first = ''] = selection;
  const regional = /^(.+)_(mb|mt|mn)$/.exec(betType);
  const stem = regional ? regional[1]! : betType;
  const appears = (ending: string) => everyPrize.some((number) => number.endsWith(ending));

  if (stem === 'de' || stem === 'de3' || stem === 'de_duoi') return special.endsWith(first) ? 1 : 0;
  if (stem === 'de_dau') return special.charAt(special.length - 2) === first ? 1 : 0;
  if (stem === 'lo2') return everyPrize.filter((number) => number.endsWith(first)).length;
  if (stem === 'lo3') return everyPrize.filter((number) => number.length >= 3 && number.endsWith(first)).length;
  if (stem === 'dau') {
    const lowest = regional![2] === 'mb' ? result.prizes.seventh : result.prizes.eighth;
    return (lowest ?? []).filter((number) => number === first).length;
  }
  if (stem.startsWith('xien')) return selection.every(appears) ? 1 : 0;
  if (stem.startsWith('truot')) return selection.some(appears) ? 0 : 1;
  throw new Error(`the reference does not know ${betType}`);
}

/** What the bet pays on the result: floor(stake × odds × hits / 100). */
export function referenceVnPayout(bet: LotteryBet, result: VnResult, odds: LotteryOdds): number {
  const hits = hitsOf(bet.betType, bet.selection, result);
  return Number((BigInt(bet.stakeMinor) * BigInt(odds[bet.betType]!) * BigInt(hits)) / 100n);
}
