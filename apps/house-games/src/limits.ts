import { GAME_CODES } from './games/rules';
import { query, sql, toNumber, type HouseExecutor } from './db/database';
import { upsertLimits, type Limits } from './players/players.repository';

/** One row of house.limits: a brand's (or the default brand '*') bet limits and maximum win for a game. */
export interface BrandLimits extends Limits {
  brand: string;
  currency: string;
  gameCode: string;
}

/** A row as stored: with its version, which every change moves on (an operator's change names the one it saw). */
export interface StoredBrandLimits extends BrandLimits {
  version: number;
}

const BRAND_PATTERN = /^(\*|[\w.:-]{1,64})$/;

/**
 * Writes a brand's limits for a game, for operators (the platform's `npm run admin -- house` and back office).
 * Refuses what the table's checks would, with a sentence an operator can act on. With `expectedVersion` the
 * row is written only if it is still at that version (null: only if there is none yet); answers whether it was.
 */
export async function setHouseLimits(
  db: HouseExecutor,
  limits: BrandLimits,
  options: { expectedVersion?: number | null } = {},
): Promise<boolean> {
  if (!BRAND_PATTERN.test(limits.brand)) throw new RangeError(`brand must be a merchant code or '*'`);
  if (!/^[A-Z]{3}$/.test(limits.currency)) throw new RangeError('currency must be three capital letters');
  if (!(GAME_CODES as readonly string[]).includes(limits.gameCode)) {
    throw new RangeError(`game must be one of ${GAME_CODES.join(', ')}`);
  }
  const amounts = [limits.minBetMinor, limits.maxBetMinor, limits.maxWinMinor];
  if (!amounts.every((amount) => Number.isSafeInteger(amount) && amount > 0)) {
    throw new RangeError('amounts must be whole numbers of minor units above 0');
  }
  if (limits.maxBetMinor < limits.minBetMinor) throw new RangeError('the maximum bet must not be below the minimum');
  if (options.expectedVersion === undefined) {
    await upsertLimits(db, limits.brand, limits.currency, limits.gameCode, limits);
    return true;
  }
  const written =
    options.expectedVersion === null
      ? await query(
          db,
          sql`INSERT INTO house.limits (brand, currency, game_code, min_bet_minor, max_bet_minor, max_win_minor)
              VALUES (${limits.brand}, ${limits.currency}, ${limits.gameCode}, ${limits.minBetMinor},
                      ${limits.maxBetMinor}, ${limits.maxWinMinor})
              ON CONFLICT (brand, currency, game_code) DO NOTHING RETURNING version`,
        )
      : await query(
          db,
          sql`UPDATE house.limits SET min_bet_minor = ${limits.minBetMinor}, max_bet_minor = ${limits.maxBetMinor},
                     max_win_minor = ${limits.maxWinMinor}, version = version + 1
               WHERE brand = ${limits.brand} AND currency = ${limits.currency} AND game_code = ${limits.gameCode}
                 AND version = ${options.expectedVersion}
              RETURNING version`,
        );
  return written.length > 0;
}

/** Every row of house.limits, default brand first. */
export async function listHouseLimits(db: HouseExecutor): Promise<StoredBrandLimits[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT brand, currency, game_code, min_bet_minor, max_bet_minor, max_win_minor, version FROM house.limits
        ORDER BY (brand <> '*'), brand, currency, game_code`,
  );
  return rows.map((row) => ({
    brand: row.brand as string,
    currency: row.currency as string,
    gameCode: row.game_code as string,
    minBetMinor: toNumber(row.min_bet_minor),
    maxBetMinor: toNumber(row.max_bet_minor),
    maxWinMinor: toNumber(row.max_win_minor),
    version: toNumber(row.version),
  }));
}
