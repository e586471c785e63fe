// What every lottery family shares (docs/decisions/0070-lottery-vendor.md): a game's rules take a bet (its type, the
// numbers or options it names, its stake) and a draw's result, and say what the bet pays. Pure and integer: the vendor
// settles with them, its board and verifier page show them, and the tests check each family against a second,
// independent implementation. Money is in minor units (integers); odds are in hundredths (980 = 9.80 times the stake).

/** The lottery families: how a draw's numbers look and which bets it takes. */
export type LotteryFamily = 'fast' | 'keno' | 'vn' | 'sea';

/** The brand's prize modes (docs/product/site-shell-and-routes.md): each its own odds table. */
export const LOTTERY_PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];

/** One bet of a slip. `selection`: the numbers or options the bet type names, as text ("07", "big", "1:5"). */
export interface LotteryBet {
  betType: string;
  selection: readonly string[];
  stakeMinor: number;
}

/** A bet type's odds in hundredths of the stake paid per winning hit (a stake of 1,000 at 980 wins 9,800 a hit). */
export type LotteryOdds = Readonly<Record<string, number>>;

/** Why a bet is refused before it is placed; the vendor translates each code. */
export type LotteryBetError =
  'UNKNOWN_BET_TYPE' | 'BAD_SELECTION' | 'SELECTION_COUNT' | 'DUPLICATE_NUMBER' | 'BAD_STAKE' | 'ODDS_MISSING';

/** One number's (or option's) share of what a bet could pay: the vendor sums these per draw for its liability limit. */
export interface LotteryExposure {
  /** The number or option the liability counts against, e.g. "lo:07" or "pos1:3". */
  key: string;
  payoutMinor: number;
}

/** A family's rules over its result type. */
export interface LotteryRules<Result> {
  readonly family: LotteryFamily;
  /** The bet types this family takes, in the board's order. */
  readonly betTypes: readonly string[];
  /** The odds a brand starts with in each prize mode (every bet type named). */
  defaultOdds(mode: LotteryPrizeMode): LotteryOdds;
  /** Null when the bet can be placed, else why not. */
  checkBet(bet: LotteryBet, odds: LotteryOdds): LotteryBetError | null;
  /** What the bet pays on this result (0 when it loses), in minor units, floored. */
  settle(bet: LotteryBet, result: Result, odds: LotteryOdds): number;
  /** The most the bet could pay, spread over the numbers or options it could win on. */
  exposure(bet: LotteryBet, odds: LotteryOdds): LotteryExposure[];
}
