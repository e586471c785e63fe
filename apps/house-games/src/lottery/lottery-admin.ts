import { LOTTERY_PRIZE_MODES, type LotteryOdds, type LotteryPrizeMode } from '@parlay/fairness';
import { query, sql, toNumber, type HouseExecutor } from '../db/database';
import {
  DEFAULT_MAX_LIABILITY_MINOR,
  LOTTERY_GAME_CODES,
  LOTTERY_GAMES,
  type DrawResult,
  type LotteryGameCode,
} from './lottery-games';
import { setLotterySettings } from './lottery-settings';
import type { DrawStatus } from './lottery.repository';

// The operator's side of the lottery (issue 38, the back office): what the platform's back office reads and
// changes in this vendor's tables over the same database, as it does the house games' limits (src/limits.ts).
// The vendor's own paths (placing, drawing, settling) never call these.

/** A game as the operator sees it: its beat, its defaults and every prize mode's default odds. */
export interface LotteryGameInfo {
  code: LotteryGameCode;
  name: string;
  family: string;
  /** A Vietnamese draw's region; null for the fast games and keno. */
  region: string | null;
  intervalMinutes: number;
  defaultCloseSeconds: number;
  /** Betting may close at most this many seconds before the draw (one interval less a second). */
  maxCloseSeconds: number;
  defaultMaxLiabilityMinor: number;
  defaultOdds: Record<LotteryPrizeMode, LotteryOdds>;
}

export function lotteryGameInfos(): LotteryGameInfo[] {
  return LOTTERY_GAME_CODES.map((code) => {
    const game = LOTTERY_GAMES[code];
    return {
      code,
      name: game.name,
      family: game.rules.family,
      region: game.vn?.region ?? null,
      intervalMinutes: game.intervalMinutes,
      defaultCloseSeconds: game.defaultCloseSeconds,
      maxCloseSeconds: game.intervalMinutes * 60 - 1,
      defaultMaxLiabilityMinor: DEFAULT_MAX_LIABILITY_MINOR,
      defaultOdds: Object.fromEntries(
        LOTTERY_PRIZE_MODES.map((mode) => [mode, ownKeys(game.rules.defaultOdds(mode), game.betTypes)]),
      ) as Record<LotteryPrizeMode, LotteryOdds>,
    };
  });
}

/**
 * The odds keys of the game's own bet types (a key is its bet type, or the bet type and an outcome: `sum:12`): a
 * Vietnamese draw's family prices every region's bet types, and the operator sees only the draw's region's.
 */
function ownKeys(odds: LotteryOdds, betTypes: readonly string[]): LotteryOdds {
  return Object.fromEntries(Object.entries(odds).filter(([key]) => betTypes.includes(key.split(':')[0]!)));
}

/** One row of house.lottery_settings as stored, with its version (every change moves it on). */
export interface StoredLotterySettings {
  brand: string;
  gameCode: string;
  /** The prize modes the row sets; a mode left out pays the rules' default odds. */
  odds: Partial<Record<LotteryPrizeMode, LotteryOdds>>;
  closeSeconds: number;
  maxLiabilityMinor: number;
  enabled: boolean;
  version: number;
}

/** The rows of these brands ('*' for the default brand), default brand first. */
export async function listLotterySettingRows(
  db: HouseExecutor,
  brands: readonly string[],
): Promise<StoredLotterySettings[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT brand, game_code, odds, close_seconds, max_liability_minor, enabled, version
          FROM house.lottery_settings
         WHERE brand IN (SELECT jsonb_array_elements_text(${JSON.stringify(brands)}::jsonb))
         ORDER BY (brand <> '*'), brand, game_code`,
  );
  return rows.map((row) => ({
    brand: row.brand as string,
    gameCode: row.game_code as string,
    odds: row.odds ?? {},
    closeSeconds: toNumber(row.close_seconds),
    maxLiabilityMinor: toNumber(row.max_liability_minor),
    enabled: row.enabled as boolean,
    version: toNumber(row.version),
  }));
}

/** Above this (10,000.00 times the stake) odds are a typing mistake, not a price. */
export const MAX_LOTTERY_ODDS = 1_000_000;

/**
 * Writes a brand's (or '*') settings of a game if the row is still at `expectedVersion` (null: only if there is
 * none yet); answers whether it was. Run it in a transaction: when another change got in first the write is
 * made and then found stale, and the caller rolls it back. A prize mode's odds are laid over the rules' default
 * table, so a mode stored never lacks a bet type (a missing one would refuse every bet of it); a key the rules
 * do not know, or odds that are not whole hundredths above 0, are a RangeError.
 */
export async function setLotterySettingsAtVersion(
  db: HouseExecutor,
  brand: string,
  gameCode: LotteryGameCode,
  settings: {
    odds: Partial<Record<LotteryPrizeMode, LotteryOdds>>;
    closeSeconds: number;
    maxLiabilityMinor: number;
    enabled: boolean;
  },
  expectedVersion: number | null,
): Promise<boolean> {
  const game = LOTTERY_GAMES[gameCode];
  const odds: Partial<Record<LotteryPrizeMode, LotteryOdds>> = {};
  for (const [mode, table] of Object.entries(settings.odds)) {
    if (!(LOTTERY_PRIZE_MODES as readonly string[]).includes(mode)) throw new RangeError(`no prize mode ${mode}`);
    const defaults = game.rules.defaultOdds(mode as LotteryPrizeMode);
    for (const [key, value] of Object.entries(table ?? {})) {
      if (!(key in defaults)) throw new RangeError(`${gameCode} has no bet type ${key}`);
      if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_LOTTERY_ODDS) {
        throw new RangeError(`odds must be whole hundredths from 1 to ${MAX_LOTTERY_ODDS}`);
      }
    }
    odds[mode as LotteryPrizeMode] = { ...defaults, ...table };
  }
  const current = await query<{ version: unknown }>(
    db,
    sql`SELECT version FROM house.lottery_settings WHERE brand = ${brand} AND game_code = ${gameCode} FOR UPDATE`,
  );
  const before = current[0] ? toNumber(current[0].version) : null;
  if (before !== expectedVersion) return false;
  await setLotterySettings(db, brand, gameCode, { ...settings, odds });
  // Two first saves at once both find no row; the later one's upsert moved the version past 0.
  const after = await query<{ version: unknown }>(
    db,
    sql`SELECT version FROM house.lottery_settings WHERE brand = ${brand} AND game_code = ${gameCode}`,
  );
  return toNumber(after[0]!.version) === (expectedVersion === null ? 0 : expectedVersion + 1);
}

/** A draw as the operator sees it: the seed only once it is drawn (before, only its hash is public). */
export interface LotteryDrawAdmin {
  id: number;
  gameCode: string;
  drawNo: string;
  opensAt: string;
  closesAt: string;
  drawsAt: string;
  status: DrawStatus;
  /** Null for a Vietnamese draw: its numbers are the state lottery's, not drawn from a seed of ours. */
  seedHash: string | null;
  seed: string | null;
  result: DrawResult | null;
  drawnAt: string | null;
  settledAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
}

/** Where a page of draws starts: strictly before this draw time and id (newest first). */
export interface DrawKeyset {
  drawsAt: number;
  id: number;
}

/** A game's draws, newest first, `limit` of them before the keyset (the first page without one). */
export async function listLotteryDrawsPage(
  db: HouseExecutor,
  gameCode: string,
  options: { before?: DrawKeyset; limit: number },
): Promise<LotteryDrawAdmin[]> {
  const before = options.before;
  const rows = await query<Record<string, unknown>>(
    db,
    before
      ? sql`SELECT * FROM house.lottery_draws WHERE game_code = ${gameCode}
              AND (draws_at, id) < (${new Date(before.drawsAt).toISOString()}::timestamptz, ${before.id})
            ORDER BY draws_at DESC, id DESC LIMIT ${options.limit}`
      : sql`SELECT * FROM house.lottery_draws WHERE game_code = ${gameCode}
            ORDER BY draws_at DESC, id DESC LIMIT ${options.limit}`,
  );
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return rows.map((row) => {
    const result = (row.result as DrawResult | null) ?? null;
    return {
      id: toNumber(row.id),
      gameCode: row.game_code as string,
      drawNo: row.draw_no as string,
      opensAt: iso(row.opens_at),
      closesAt: iso(row.closes_at),
      drawsAt: iso(row.draws_at),
      status: row.status as DrawStatus,
      seedHash: (row.seed_hash as string | null) ?? null,
      // The commitment holds only while the seed is secret: revealed with the result, never before.
      seed: result === null ? null : ((row.seed as string | null) ?? null),
      result,
      drawnAt: row.drawn_at ? iso(row.drawn_at) : null,
      settledAt: row.settled_at ? iso(row.settled_at) : null,
      voidedAt: row.voided_at ? iso(row.voided_at) : null,
      voidReason: (row.void_reason as string | null | undefined) ?? null,
    };
  });
}

/** A draw's figures for one brand in one currency, from its slips that were taken (debited). */
export interface LotteryDrawReport {
  slips: number;
  /** Slips still waiting for their payout (placed or being credited). */
  openSlips: number;
  stakeMinor: number;
  /** What the settled slips won (written payouts, credited or owed). */
  payoutMinor: number;
}

/** Each draw's report for the brand and currency; a draw without slips of theirs is absent. */
export async function lotteryDrawReports(
  db: HouseExecutor,
  drawIds: readonly number[],
  brand: string,
  currency: string,
): Promise<Map<number, LotteryDrawReport>> {
  if (drawIds.length === 0) return new Map();
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT draw_id, count(*) AS slips,
               count(*) FILTER (WHERE status IN ('placed', 'payout_due')) AS open_slips,
               coalesce(sum(stake_minor), 0) AS stake_minor, coalesce(sum(payout_minor), 0) AS payout_minor
          FROM house.lottery_slips
         WHERE draw_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(drawIds)}::jsonb))::bigint)
           AND brand = ${brand} AND currency = ${currency} AND status IN ('placed', 'payout_due', 'settled')
         GROUP BY draw_id`,
  );
  return new Map(
    rows.map((row) => [
      toNumber(row.draw_id),
      {
        slips: toNumber(row.slips),
        openSlips: toNumber(row.open_slips),
        stakeMinor: toNumber(row.stake_minor),
        payoutMinor: toNumber(row.payout_minor),
      },
    ]),
  );
}
