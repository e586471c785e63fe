import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ReportsService } from './reports.service';
import type { SettlementFeedService } from '../settlement-feed/index';

/**
 * Test fixtures of the reports: the aggregates as a reader would work them out from a scan of the rounds
 * (in JavaScript, with Intl for the brand's days and hours, apart from the consumer's SQL), the aggregates
 * as stored, and a settled round written directly (a day in the past, as the seed writes them).
 */

/** Figures keyed by the aggregate's key (merchant|day|vendor|game and the like). */
export type FigureMap = Map<string, { turnover: number; validBet: number; payout: number; rounds: number }>;

export interface MoneyEventRecord {
  kind: 'deposit' | 'withdrawal';
  merchantId: number;
  amountMinor: number;
  /** When its transaction committed, as the feed records it (ISO). */
  at: string;
}

export interface Aggregates {
  gameDays: FigureMap;
  /** merchant|day|vendor|category: the day's rollup (migration 0052). */
  vendorDays: FigureMap;
  gameHours: FigureMap;
  brandDays: FigureMap;
  brandHours: FigureMap;
  /** merchant|day|kind → amount and count. */
  money: Map<string, { amount: number; count: number }>;
  /** merchant|scope|day → the day's players. */
  players: Map<string, number>;
}

function localParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), minute: get('minute'), second: get('second') };
}

/** The brand's day of a moment (YYYY-MM-DD). */
export function dayOf(at: Date, timeZone: string): string {
  const { year, month, day } = localParts(at, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The start of the brand's hour a moment is in (ISO): the moment less its local minutes and seconds. */
export function hourOf(at: Date, timeZone: string): string {
  const { minute, second } = localParts(at, timeZone);
  return new Date(at.getTime() - ((minute * 60 + second) * 1000 + at.getUTCMilliseconds())).toISOString();
}

function add(map: FigureMap, key: string, figures: { turnover: number; validBet: number; payout: number }) {
  const current = map.get(key) ?? { turnover: 0, validBet: 0, payout: 0, rounds: 0 };
  current.turnover += figures.turnover;
  current.validBet += figures.validBet;
  current.payout += figures.payout;
  current.rounds += 1;
  map.set(key, current);
}

export interface ScannedRound {
  merchantId: number;
  memberId: number;
  vendorId: number;
  gameId: number;
  gameType: string;
  stake: number;
  validBet: number;
  payout: number;
  settledAt: Date;
  timeZone: string;
}

/** Every settled round, with its brand's time zone and its game's category. */
export async function scanSettledRounds(db: Executor): Promise<ScannedRound[]> {
  const rows = await query(
    db,
    sql`SELECT r.merchant_id, r.member_id, r.vendor_id, coalesce(r.game_id, 0) AS game_id,
               coalesce(g.game_type, '') AS game_type, r.stake_minor, r.valid_bet_minor, r.win_minor, r.settled_at,
               m.time_zone
        FROM game_rounds r JOIN merchants m ON m.id = r.merchant_id LEFT JOIN games g ON g.id = r.game_id
        WHERE r.status = 'settled'`,
  );
  return rows.map((row) => ({
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    vendorId: toNumber(row['vendor_id']),
    gameId: toNumber(row['game_id']),
    gameType: String(row['game_type']),
    stake: toNumber(row['stake_minor']),
    validBet: toNumber(row['valid_bet_minor']),
    payout: toNumber(row['win_minor']),
    settledAt: new Date(toIso(row['settled_at'])),
    timeZone: String(row['time_zone']),
  }));
}

/** The aggregates a scan of the rounds (and the deposits and withdrawals recorded) gives. */
export function aggregatesOf(rounds: ScannedRound[], money: MoneyEventRecord[], timeZones: Map<number, string>) {
  const expected: Aggregates = {
    gameDays: new Map(),
    vendorDays: new Map(),
    gameHours: new Map(),
    brandDays: new Map(),
    brandHours: new Map(),
    money: new Map(),
    players: new Map(),
  };
  const sets = new Map<string, Set<number>>();
  for (const round of rounds) {
    const day = dayOf(round.settledAt, round.timeZone);
    const hour = hourOf(round.settledAt, round.timeZone);
    const figures = { turnover: round.stake, validBet: round.validBet, payout: round.payout };
    add(expected.gameDays, `${round.merchantId}|${day}|${round.vendorId}|${round.gameId}`, figures);
    add(expected.vendorDays, `${round.merchantId}|${day}|${round.vendorId}|${round.gameType}`, figures);
    add(expected.gameHours, `${round.merchantId}|${hour}|${round.vendorId}|${round.gameId}`, figures);
    add(expected.brandDays, `${round.merchantId}|${day}`, figures);
    add(expected.brandHours, `${round.merchantId}|${hour}`, figures);
    if (round.stake > 0) {
      for (const scope of ['*', `v:${round.vendorId}`, `c:${round.gameType}`, `g:${round.gameId}`]) {
        const key = `${round.merchantId}|${scope}|${day}`;
        const set = sets.get(key) ?? new Set<number>();
        set.add(round.memberId);
        sets.set(key, set);
      }
    }
  }
  for (const event of money) {
    const day = dayOf(new Date(event.at), timeZones.get(event.merchantId) ?? 'UTC');
    const key = `${event.merchantId}|${day}|${event.kind}`;
    const current = expected.money.get(key) ?? { amount: 0, count: 0 };
    current.amount += event.amountMinor;
    current.count += 1;
    expected.money.set(key, current);
  }
  for (const [key, set] of sets) expected.players.set(key, set.size);
  return { expected, sets };
}

/** The distinct players of days `from`..`to` (both included) of one scope, from the scan's day sets. */
export function periodPlayersOf(
  sets: Map<string, Set<number>>,
  merchantId: number,
  scope: string,
  from: string,
  to: string,
): number {
  const members = new Set<number>();
  for (const [key, set] of sets) {
    const [merchant, keyScope, day] = key.split('|');
    if (Number(merchant) === merchantId && keyScope === scope && day! >= from && day! <= to) {
      for (const member of set) members.add(member);
    }
  }
  return members.size;
}

function figureRows(rows: Record<string, unknown>[], key: (row: Record<string, unknown>) => string): FigureMap {
  const map: FigureMap = new Map();
  for (const row of rows) {
    const figures = {
      turnover: toNumber(row['turnover_minor']),
      validBet: toNumber(row['valid_bet_minor']),
      payout: toNumber(row['payout_minor']),
      rounds: toNumber(row['rounds']),
    };
    // Rows that hold only sign-ups or the cashier's figures have no rounds to compare.
    if (figures.rounds === 0 && figures.turnover === 0 && figures.payout === 0) continue;
    map.set(key(row), figures);
  }
  return map;
}

/** The aggregates as the reports' consumer stored them. */
export async function readAggregates(db: Executor): Promise<Aggregates> {
  const gameDays = await query(db, sql`SELECT *, day::text AS day FROM report_game_days`);
  const vendorDays = await query(db, sql`SELECT *, day::text AS day FROM report_vendor_days`);
  const gameHours = await query(db, sql`SELECT * FROM report_game_hours`);
  const brandDays = await query(db, sql`SELECT *, day::text AS day FROM report_brand_days`);
  const brandHours = await query(db, sql`SELECT * FROM report_brand_hours`);
  const gaps = await query(
    db,
    sql`SELECT merchant_id, scope, day::text AS day, sum(players) AS players FROM report_player_gaps
        GROUP BY merchant_id, scope, day HAVING sum(players) <> 0`,
  );
  const money = new Map<string, { amount: number; count: number }>();
  for (const row of brandDays) {
    for (const kind of ['deposit', 'withdrawal'] as const) {
      const count = toNumber(row[`${kind}s`]);
      if (count > 0) {
        money.set(`${toNumber(row['merchant_id'])}|${String(row['day'])}|${kind}`, {
          amount: toNumber(row[`${kind}_minor`]),
          count,
        });
      }
    }
  }
  return {
    gameDays: figureRows(
      gameDays,
      (row) =>
        `${toNumber(row['merchant_id'])}|${String(row['day'])}|${toNumber(row['vendor_id'])}|${toNumber(row['game_id'])}`,
    ),
    vendorDays: figureRows(
      vendorDays,
      (row) =>
        `${toNumber(row['merchant_id'])}|${String(row['day'])}|${toNumber(row['vendor_id'])}|${String(row['game_type'])}`,
    ),
    gameHours: figureRows(
      gameHours,
      (row) =>
        `${toNumber(row['merchant_id'])}|${toIso(row['hour'])}|${toNumber(row['vendor_id'])}|${toNumber(row['game_id'])}`,
    ),
    brandDays: figureRows(brandDays, (row) => `${toNumber(row['merchant_id'])}|${String(row['day'])}`),
    brandHours: figureRows(brandHours, (row) => `${toNumber(row['merchant_id'])}|${toIso(row['hour'])}`),
    money,
    players: new Map(
      gaps.map((row) => [
        `${toNumber(row['merchant_id'])}|${String(row['scope'])}|${String(row['day'])}`,
        toNumber(row['players']),
      ]),
    ),
  };
}

/** The maps as sorted entries, for a readable comparison in a test's failure. */
export function sorted<T>(map: Map<string, T>): [string, T][] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export interface DirectRound {
  merchantId: number;
  memberId: number;
  vendorId: number;
  gameId: number;
  gameCode: string;
  currency: string;
  roundId: string;
  stakeMinor: number;
  winMinor: number;
  settledAt: Date;
}

/**
 * A settled round written directly, as the seed writes the demo brand's past: the trigger on game_rounds
 * puts it in the feed like any round that settles. Only the round: no money moves.
 */
export async function insertSettledRound(db: Executor, round: DirectRound): Promise<void> {
  await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                 win_minor, valid_bet_minor, status, started_at, settled_at)
        VALUES (${round.vendorId}, ${round.roundId}, ${round.merchantId}, ${round.memberId}, ${round.gameId},
                ${round.gameCode}, ${round.currency}, ${round.stakeMinor}, ${round.winMinor}, ${round.stakeMinor},
                'settled', ${round.settledAt.toISOString()}::timestamptz, ${round.settledAt.toISOString()}::timestamptz)`,
  );
}

/** The text of the same insert, for a test that runs it on a connection of its own (an open transaction). */
export function settledRoundStatement(round: DirectRound): { text: string; values: unknown[] } {
  return {
    text: `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
             stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, 'settled', $10, $10)`,
    values: [
      round.vendorId,
      round.roundId,
      round.merchantId,
      round.memberId,
      round.gameId,
      round.gameCode,
      round.currency,
      round.stakeMinor,
      round.winMinor,
      round.settledAt.toISOString(),
    ],
  };
}

/**
 * Applies the feed until no row is left after the reports' checkpoint. "Caught up" alone is not enough: a
 * row is ready only once every transaction of the cluster older than it has ended (decision 0034), and a
 * test running beside this one on the same PostgreSQL may hold one open for a moment.
 */
export async function consumeAll(reports: ReportsService, feed: SettlementFeedService): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await reports.consumeFeed();
    if ((await feed.describe(reports.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}
