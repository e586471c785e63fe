import { LOTTERY_PRIZE_MODES, type LotteryOdds, type LotteryPrizeMode } from '@parlay/fairness';
import type { HouseExecutor } from '../db/database';
import { DEFAULT_MAX_LIABILITY_MINOR, LOTTERY_GAMES, type LotteryGameCode } from './lottery-games';
import * as repository from './lottery.repository';

/** A brand's settings of a game, every prize mode's odds filled in. */
export interface LotterySettings {
  odds: Readonly<Record<LotteryPrizeMode, LotteryOdds>>;
  closeSeconds: number;
  maxLiabilityMinor: number;
  enabled: boolean;
}

export function isPrizeMode(value: unknown): value is LotteryPrizeMode {
  return typeof value === 'string' && (LOTTERY_PRIZE_MODES as readonly string[]).includes(value);
}

/**
 * The brand's settings of the game: its row in house.lottery_settings, else the default brand's ('*'), else the
 * code's defaults. A prize mode a row leaves out pays the rules' default odds.
 */
export async function findLotterySettings(
  db: HouseExecutor,
  brand: string,
  gameCode: LotteryGameCode,
): Promise<LotterySettings> {
  const game = LOTTERY_GAMES[gameCode];
  const row = await repository.findSettings(db, brand, gameCode);
  const odds = Object.fromEntries(
    LOTTERY_PRIZE_MODES.map((mode) => [mode, row?.odds[mode] ?? game.rules.defaultOdds(mode)]),
  ) as Record<LotteryPrizeMode, LotteryOdds>;
  return {
    odds,
    closeSeconds: row?.closeSeconds ?? game.defaultCloseSeconds,
    maxLiabilityMinor: row?.maxLiabilityMinor ?? DEFAULT_MAX_LIABILITY_MINOR,
    enabled: row?.enabled ?? true,
  };
}

/**
 * Writes a brand's (or the default brand's, '*') settings of a game, for operators and tests; refuses what the
 * table's checks would, with a sentence an operator can act on.
 */
export async function setLotterySettings(
  db: HouseExecutor,
  brand: string,
  gameCode: LotteryGameCode,
  settings: {
    odds?: Partial<Record<LotteryPrizeMode, LotteryOdds>>;
    closeSeconds?: number;
    maxLiabilityMinor?: number;
    enabled?: boolean;
  },
): Promise<void> {
  const game = LOTTERY_GAMES[gameCode];
  const closeSeconds = settings.closeSeconds ?? game.defaultCloseSeconds;
  const maxLiabilityMinor = settings.maxLiabilityMinor ?? DEFAULT_MAX_LIABILITY_MINOR;
  if (!Number.isSafeInteger(closeSeconds) || closeSeconds < 0 || closeSeconds >= game.intervalMinutes * 60) {
    throw new RangeError(`close seconds must be 0 .. ${game.intervalMinutes * 60 - 1}`);
  }
  if (!Number.isSafeInteger(maxLiabilityMinor) || maxLiabilityMinor <= 0) {
    throw new RangeError('the liability limit must be a whole number of minor units above 0');
  }
  await repository.upsertSettings(db, brand, gameCode, {
    odds: settings.odds ?? {},
    closeSeconds,
    maxLiabilityMinor,
    enabled: settings.enabled ?? true,
  });
}
