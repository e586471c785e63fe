import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The figures of settled rounds, as every aggregate holds them. */
export interface RoundFigures {
  turnoverMinor: number;
  validBetMinor: number;
  payoutMinor: number;
  rounds: number;
}

/** A brand's figures over some days or one hour: the rounds', and the cashier's (zero until it exists). */
export interface BrandFigures extends RoundFigures {
  signups: number;
  depositMinor: number;
  deposits: number;
  withdrawalMinor: number;
  withdrawals: number;
}

type Raw = Record<string, unknown>;

function toRoundFigures(row: Raw): RoundFigures {
  return {
    turnoverMinor: toNumber(row['turnover_minor'] ?? 0),
    validBetMinor: toNumber(row['valid_bet_minor'] ?? 0),
    payoutMinor: toNumber(row['payout_minor'] ?? 0),
    rounds: toNumber(row['rounds'] ?? 0),
  };
}

function toBrandFigures(row: Raw): BrandFigures {
  return {
    ...toRoundFigures(row),
    signups: toNumber(row['signups'] ?? 0),
    depositMinor: toNumber(row['deposit_minor'] ?? 0),
    deposits: toNumber(row['deposits'] ?? 0),
    withdrawalMinor: toNumber(row['withdrawal_minor'] ?? 0),
    withdrawals: toNumber(row['withdrawals'] ?? 0),
  };
}

const SUM_ROUND_FIGURES = sql`sum(turnover_minor) AS turnover_minor, sum(valid_bet_minor) AS valid_bet_minor,
  sum(payout_minor) AS payout_minor, sum(rounds) AS rounds`;
const SUM_MONEY_FIGURES = sql`sum(deposit_minor) AS deposit_minor, sum(deposits) AS deposits,
  sum(withdrawal_minor) AS withdrawal_minor, sum(withdrawals) AS withdrawals`;

/** A brand's figures over days `from`..`to` (dates in its time zone, both included). */
export async function sumBrandDays(db: Executor, merchantId: number, from: string, to: string): Promise<BrandFigures> {
  const rows = await query(
    db,
    sql`SELECT ${SUM_ROUND_FIGURES}, ${SUM_MONEY_FIGURES}, sum(signups) AS signups
        FROM report_brand_days WHERE merchant_id = ${merchantId} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  return toBrandFigures(rows[0] ?? {});
}

/** A brand's days `from`..`to` that have a row, in order (a day with nothing has none). */
export async function findBrandDays(
  db: Executor,
  merchantId: number,
  from: string,
  to: string,
): Promise<(BrandFigures & { day: string })[]> {
  const rows = await query(
    db,
    sql`SELECT day::text AS day, turnover_minor, valid_bet_minor, payout_minor, rounds, signups, deposit_minor, deposits,
               withdrawal_minor, withdrawals
        FROM report_brand_days WHERE merchant_id = ${merchantId} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY day`,
  );
  return rows.map((row) => ({ day: String(row['day']), ...toBrandFigures(row) }));
}

/**
 * The hours of days `from`..`to` in the brand's time zone (23 or 25 on a day clocks change), each with the
 * brand's figures of that hour (zero when it has no row).
 */
export async function findBrandHours(
  db: Executor,
  merchantId: number,
  timeZone: string,
  from: string,
  to: string,
): Promise<(BrandFigures & { hour: string })[]> {
  const rows = await query(
    db,
    sql`SELECT h.hour, r.turnover_minor, r.valid_bet_minor, r.payout_minor, r.rounds, r.deposit_minor, r.deposits,
               r.withdrawal_minor, r.withdrawals
        FROM generate_series(${from}::date::timestamp AT TIME ZONE ${timeZone},
                             (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone} - interval '1 hour',
                             interval '1 hour') h (hour)
        LEFT JOIN report_brand_hours r ON r.merchant_id = ${merchantId} AND r.hour = h.hour
        ORDER BY h.hour`,
  );
  return rows.map((row) => ({ hour: toIso(row['hour']), ...toBrandFigures(row) }));
}

/** The players of each day `from`..`to` in one scope ('*' the brand), by day; a day nobody played is absent. */
export async function countPlayersByDay(
  db: Executor,
  merchantId: number,
  scope: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await query<{ day: string; players: unknown }>(
    db,
    sql`SELECT day::text AS day, sum(players) AS players FROM report_player_gaps
        WHERE merchant_id = ${merchantId} AND scope = ${scope} AND day BETWEEN ${from}::date AND ${to}::date
        GROUP BY day`,
  );
  return new Map(rows.map((row) => [row.day, toNumber(row.players)]));
}

/**
 * The distinct players of days `from`..`to` in each scope of a kind ('*', or every 'v:' or 'c:' scope): a
 * member counts on its first day in the period, the day whose gap reaches back before `from` (migration 0048).
 */
export async function countPeriodPlayers(
  db: Executor,
  merchantId: number,
  scopes: '*' | 'v:' | 'c:',
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const scopeTest =
    scopes === '*' ? sql`scope = '*'` : sql`scope >= ${scopes} AND scope < ${scopes.slice(0, -1) + ';'}`;
  const rows = await query<{ scope: string; players: unknown }>(
    db,
    sql`SELECT scope, sum(players) AS players FROM report_player_gaps
        WHERE merchant_id = ${merchantId} AND ${scopeTest} AND day BETWEEN ${from}::date AND ${to}::date
          AND (gap = 0 OR gap > day - ${from}::date)
        GROUP BY scope`,
  );
  return new Map(rows.map((row) => [row.scope, toNumber(row.players)]));
}

export interface CategoryFigures extends RoundFigures {
  gameType: string;
}

/** A brand's figures of days `from`..`to` by game category, largest turnover first (the day's rollup, 0052). */
export async function sumByCategory(
  db: Executor,
  merchantId: number,
  from: string,
  to: string,
): Promise<CategoryFigures[]> {
  const rows = await query(
    db,
    sql`SELECT game_type, ${SUM_ROUND_FIGURES} FROM report_vendor_days
        WHERE merchant_id = ${merchantId} AND day BETWEEN ${from}::date AND ${to}::date
        GROUP BY game_type ORDER BY sum(turnover_minor) DESC, game_type`,
  );
  return rows.map((row) => ({ gameType: String(row['game_type']), ...toRoundFigures(row) }));
}

export interface VendorFigures extends RoundFigures {
  vendorId: number;
  vassalage: string;
  vendorName: string;
}

/** A brand's figures of days `from`..`to` by vendor, largest turnover first. */
export async function sumByVendor(
  db: Executor,
  merchantId: number,
  from: string,
  to: string,
): Promise<VendorFigures[]> {
  const rows = await query(
    db,
    sql`SELECT s.vendor_id, v.code, v.name, s.turnover_minor, s.valid_bet_minor, s.payout_minor, s.rounds
        FROM (SELECT vendor_id, ${SUM_ROUND_FIGURES} FROM report_vendor_days
              WHERE merchant_id = ${merchantId} AND day BETWEEN ${from}::date AND ${to}::date
              GROUP BY vendor_id) s
        LEFT JOIN game_vendors v ON v.id = s.vendor_id
        ORDER BY s.turnover_minor DESC, s.vendor_id`,
  );
  return rows.map((row) => ({
    vendorId: toNumber(row['vendor_id']),
    vassalage: (row['code'] as string | null) ?? '',
    vendorName: (row['name'] as string | null) ?? '',
    ...toRoundFigures(row),
  }));
}

export type ReportLevel = 'brand' | 'vendor' | 'category' | 'game';

/** Where a page of report rows starts: after this row, in the order day, then key, both descending. */
export interface ReportKey {
  day: string;
  /** The row's key after its day: nothing (brand), the vendor id, the category, or the vendor and game ids. */
  key: (string | number)[];
}

export interface ReportRow extends BrandFigures {
  day: string;
  vendorId: number | null;
  vassalage: string | null;
  vendorName: string | null;
  gameId: number | null;
  gameCode: string | null;
  gameName: string | null;
  gameType: string | null;
  players: number;
  /** The key a page that starts after this row gives. */
  next: ReportKey;
}

export interface ReportFilter {
  level: ReportLevel;
  from: string;
  to: string;
  vendorId?: number | undefined;
  gameType?: string | undefined;
}

/** The players of a row's day in a scope: the day's gap counts summed (a few index entries). */
function playersOf(merchantId: number, scope: SQL, day: SQL): SQL {
  return sql`(SELECT coalesce(sum(p.players), 0) FROM report_player_gaps p
              WHERE p.merchant_id = ${merchantId} AND p.scope = ${scope} AND p.day = ${day})`;
}

/**
 * One page of daily report rows of a brand at a level (brand, vendor, category or game), newest day first,
 * after `start` (keyset: page 500 reads what page 1 does). Each level reads only the aggregates: the vendor and
 * category levels the day's rollup by vendor and category, the game level the game rows.
 */
export async function findReportRows(
  db: Executor,
  merchantId: number,
  filter: ReportFilter,
  start: ReportKey | null,
  limit: number,
): Promise<ReportRow[]> {
  const range = sql`merchant_id = ${merchantId} AND day BETWEEN ${filter.from}::date AND ${filter.to}::date`;
  const filters = sql.join(
    [
      filter.vendorId === undefined ? sql`` : sql` AND vendor_id = ${filter.vendorId}`,
      filter.gameType === undefined ? sql`` : sql` AND game_type = ${filter.gameType}`,
    ],
    sql``,
  );
  let statement: SQL;
  switch (filter.level) {
    case 'brand': {
      const after = start === null ? sql`` : sql` AND d.day < ${start.day}::date`;
      statement = sql`SELECT d.day::text AS day, turnover_minor, valid_bet_minor, payout_minor, rounds, signups,
                             deposit_minor, deposits, withdrawal_minor, withdrawals,
                             ${playersOf(merchantId, sql`'*'`, sql`d.day`)} AS players
                      FROM report_brand_days d WHERE ${range}${after}
                      ORDER BY d.day DESC LIMIT ${limit}`;
      break;
    }
    case 'vendor': {
      const after =
        start === null ? sql`` : sql` AND (day, vendor_id) < (${start.day}::date, ${Number(start.key[0])}::bigint)`;
      statement = sql`SELECT s.day::text AS day, s.vendor_id, s.turnover_minor, s.valid_bet_minor, s.payout_minor,
                             s.rounds, v.code AS vassalage, v.name AS vendor_name,
                             ${playersOf(merchantId, sql`'v:' || s.vendor_id`, sql`s.day`)} AS players
                      FROM (SELECT day, vendor_id, ${SUM_ROUND_FIGURES} FROM report_vendor_days
                            WHERE ${range}${filters}${after}
                            GROUP BY day, vendor_id ORDER BY day DESC, vendor_id DESC LIMIT ${limit}) s
                      LEFT JOIN game_vendors v ON v.id = s.vendor_id
                      ORDER BY s.day DESC, s.vendor_id DESC`;
      break;
    }
    case 'category': {
      const after = start === null ? sql`` : sql` AND (day, game_type) < (${start.day}::date, ${String(start.key[0])})`;
      statement = sql`SELECT s.day::text AS day, s.game_type, s.turnover_minor, s.valid_bet_minor, s.payout_minor,
                             s.rounds, ${playersOf(merchantId, sql`'c:' || s.game_type`, sql`s.day`)} AS players
                      FROM (SELECT day, game_type, ${SUM_ROUND_FIGURES} FROM report_vendor_days
                            WHERE ${range}${filters}${after}
                            GROUP BY day, game_type ORDER BY day DESC, game_type DESC LIMIT ${limit}) s
                      ORDER BY s.day DESC, s.game_type DESC`;
      break;
    }
    case 'game': {
      const after =
        start === null
          ? sql``
          : sql` AND (day, vendor_id, game_id) < (${start.day}::date, ${Number(start.key[0])}::bigint, ${Number(start.key[1])}::bigint)`;
      statement = sql`SELECT d.day::text AS day, d.vendor_id, d.game_id, d.game_type, d.turnover_minor, d.valid_bet_minor,
                             d.payout_minor, d.rounds, v.code AS vassalage, v.name AS vendor_name, g.code AS game_code,
                             g.game_name, ${playersOf(merchantId, sql`'g:' || d.game_id`, sql`d.day`)} AS players
                      FROM (SELECT * FROM report_game_days WHERE ${range}${filters}${after}
                            ORDER BY day DESC, vendor_id DESC, game_id DESC LIMIT ${limit}) d
                      LEFT JOIN game_vendors v ON v.id = d.vendor_id
                      LEFT JOIN games g ON g.id = d.game_id
                      ORDER BY d.day DESC, d.vendor_id DESC, d.game_id DESC`;
      break;
    }
  }
  const rows = await query(db, statement);
  return rows.map((row) => {
    const day = String(row['day']);
    const vendorId = row['vendor_id'] === undefined || row['vendor_id'] === null ? null : toNumber(row['vendor_id']);
    const gameId = row['game_id'] === undefined || row['game_id'] === null ? null : toNumber(row['game_id']);
    const gameType = (row['game_type'] as string | null | undefined) ?? null;
    const key: (string | number)[] =
      filter.level === 'vendor'
        ? [vendorId ?? 0]
        : filter.level === 'category'
          ? [gameType ?? '']
          : filter.level === 'game'
            ? [vendorId ?? 0, gameId ?? 0]
            : [];
    return {
      day,
      vendorId,
      vassalage: (row['vassalage'] as string | null | undefined) ?? null,
      vendorName: (row['vendor_name'] as string | null | undefined) ?? null,
      gameId,
      gameCode: (row['game_code'] as string | null | undefined) ?? null,
      gameName: (row['game_name'] as string | null | undefined) ?? null,
      gameType,
      players: toNumber(row['players'] ?? 0),
      ...toBrandFigures(row),
      next: { day, key },
    };
  });
}

/** A vendor's id by its code (vassalage), for a report's filter. */
export async function findVendorId(db: Executor, vassalage: string): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(db, sql`SELECT id FROM game_vendors WHERE code = ${vassalage}`);
  return rows[0] ? toNumber(rows[0].id) : undefined;
}
