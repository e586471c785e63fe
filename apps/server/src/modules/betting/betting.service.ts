import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkPeriod } from '../../lib/calendar';
import * as repository from './betting.repository';

export type { RoundKey, StakeInput, RoundRow, LockedRound, OpenRoundRow, TeamScope } from './betting.repository';

export interface BettingRecord {
  roundId: string;
  vassalage: string;
  vendorName: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  validBetMinor: number;
  profitMinor: number;
  status: 'open' | 'settled' | 'cancelled';
  startedAt: string;
  settledAt: string | null;
}

function toRecord(row: repository.RoundRow): BettingRecord {
  return {
    roundId: row.roundId,
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameCode: row.gameCode,
    gameName: row.gameName,
    gameType: row.gameType,
    currency: row.currency,
    stakeMinor: row.stakeMinor,
    winMinor: row.winMinor,
    validBetMinor: row.validBetMinor,
    profitMinor: row.status === 'settled' ? row.winMinor - row.stakeMinor : 0,
    status: row.status,
    startedAt: row.startedAt,
    settledAt: row.settledAt,
  };
}

/** The day after (or before) a YYYY-MM-DD day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A page's cursor: the last round's start (microseconds) and id, each in lower-case base 36. */
function toCursor(row: repository.RoundRow): string {
  return `${BigInt(row.startedUs).toString(36)}_${row.id.toString(36)}`;
}

/** Only what toCursor answers, never the digits a string starts with. */
function parseCursor(cursor: string): { startedUs: string; id: number } {
  const match = /^([0-9a-z]{1,11})_([0-9a-z]{1,11})$/.exec(cursor);
  if (!match) throw new AppError('GAME_CURSOR_INVALID');
  const startedUs = Number.parseInt(match[1]!, 36);
  const id = Number.parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(startedUs) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('GAME_CURSOR_INVALID');
  }
  return { startedUs: String(startedUs), id };
}

/** `a**e`: enough of an account name for a winner board without exposing it. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account.slice(0, 1)}*`;
  return `${account.slice(0, 2)}${'*'.repeat(Math.max(1, account.length - 3))}${account.slice(-1)}`;
}

export interface BoardQuery {
  hours: number;
  limit: number;
  gameType?: string | undefined;
}

/**
 * How long a winner board is answered from memory. Every visitor of a brand's lobby asks for the same
 * board, and reading it sorts the window's settled rounds: once per brand and query in this time is enough.
 */
export const BOARD_TTL_MS = 15_000;

/**
 * A round still open this long after it started was probably abandoned by its vendor: the metrics count
 * it, and `npm run admin -- rounds open` lists it by default (decision 0021).
 */
export const ABANDONED_ROUND_AFTER_MS = 24 * 3_600_000;

/**
 * Rounds as vendors report them. The seamless wallet records stakes and wins here inside its own
 * transaction; members read their betting records, and the winner board reads settled wins.
 */
export class BettingService {
  /** Winner boards by brand and query; concurrent misses share one read (lru-cache's fetch). */
  private readonly boards: LRUCache<string, repository.BoardRow[], { merchantId: number; query: BoardQuery }>;

  /** `clock` (milliseconds, like performance.now) lets a test move time past the board's TTL. */
  constructor(
    private readonly db: Database,
    options: { clock?: { now(): number } } = {},
  ) {
    this.boards = new LRUCache({
      max: 500,
      ttl: BOARD_TTL_MS,
      // Read the clock at each look-up rather than keep it for a millisecond: a test's clock moves at once.
      ttlResolution: 0,
      ...(options.clock ? { perf: options.clock } : {}),
      fetchMethod: (_key, _stale, { context }) => this.readBiggestWins(context.merchantId, context.query),
    });
  }

  addStake(executor: Executor, input: repository.StakeInput): Promise<boolean> {
    return repository.addStake(executor, input);
  }

  addWin(
    executor: Executor,
    input: repository.StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
  ): Promise<boolean> {
    return repository.addWin(executor, input);
  }

  /**
   * A round credit's win: only an open round of the member with a stake takes it. Answers the round's stakes (the
   * part the bonus balance paid splits the win, decision 0063).
   */
  addRoundWin(
    executor: Executor,
    input: repository.StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
  ): Promise<repository.RoundStakes | 'closed' | 'no_stake'> {
    return repository.addRoundWin(executor, input);
  }

  /** The part of a stake just added that the bonus balance paid (decision 0063). */
  addBonusStake(executor: Executor, key: repository.RoundKey, bonusAmountMinor: number): Promise<void> {
    return repository.addBonusStake(executor, key, bonusAmountMinor);
  }

  removeStake(
    executor: Executor,
    key: repository.RoundKey,
    amountMinor: number,
    bonusAmountMinor = 0,
  ): Promise<boolean> {
    return repository.removeStake(executor, key, amountMinor, bonusAmountMinor);
  }

  /** Locks a round for its closing transaction (an operator's cancel or settle). */
  lockRound(executor: Executor, vendorId: number, roundId: string): Promise<repository.LockedRound | undefined> {
    return repository.lockRound(executor, vendorId, roundId);
  }

  closeRound(executor: Executor, id: number, outcome: 'cancelled' | 'settled', reason: string): Promise<boolean> {
    return repository.closeRound(executor, id, outcome, reason);
  }

  /** How many rounds have been open for longer than `olderThanMs` (a gauge an operator alerts on). */
  countOpenRounds(olderThanMs: number): Promise<number> {
    return repository.countOpenRounds(this.db, new Date(Date.now() - olderThanMs));
  }

  /** Rounds open for longer than `olderThanMs`, oldest first: the ones an operator may have to close. */
  listOpenRounds(options: { olderThanMs: number; merchantId?: number | undefined; limit: number }) {
    return repository.findOpenRounds(this.db, {
      startedBefore: new Date(Date.now() - options.olderThanMs),
      merchantId: options.merchantId,
      limit: options.limit,
    });
  }

  /**
   * A member's rounds by the filters of BettingRecordsQuery, newest started first, keyset paged; the first page
   * of a period carries the totals of every round it matches. `timeZone` is the brand's, whose days the period
   * names.
   */
  async listRecords(
    memberId: number,
    options: {
      pageSize: number;
      cursor?: string | undefined;
      status?: string | undefined;
      vassalage?: string | undefined;
      gameType?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
    timeZone = 'UTC',
  ): Promise<{ list: BettingRecord[]; nextCursor: string | null; totals: repository.FiguresRow | null }> {
    const before = options.cursor === undefined ? null : parseCursor(options.cursor);
    const period =
      options.from === undefined && options.to === undefined
        ? undefined
        : { ...checkPeriod(options.from, options.to), timeZone };
    const filter: repository.RoundFilter = {
      status: options.status,
      vassalage: options.vassalage,
      gameType: options.gameType,
      period,
    };
    const [rows, totals] = await Promise.all([
      repository.findMemberRounds(this.db, memberId, { ...filter, before, limit: options.pageSize + 1 }),
      period && before === null ? repository.sumMemberRounds(this.db, memberId, filter) : null,
    ]);
    const page = rows.slice(0, options.pageSize);
    const last = page.at(-1);
    return {
      list: page.map(toRecord),
      nextCursor: rows.length > options.pageSize && last ? toCursor(last) : null,
      totals,
    };
  }

  /**
   * A team's rounds (the agent centre's team betting: every member under `scope.agentId`, or one of them, whom the
   * caller checked is in that downline) over a period of the brand's days, by the member records' filters and keyset;
   * the first page carries the totals of every round the filter matches.
   */
  async listTeamRecords(
    scope: repository.TeamScope,
    options: {
      pageSize: number;
      cursor?: string | undefined;
      status?: string | undefined;
      gameType?: string | undefined;
      from: string;
      to: string;
    },
    timeZone: string,
  ): Promise<{
    list: (BettingRecord & { account: string })[];
    nextCursor: string | null;
    totals: repository.FiguresRow | null;
  }> {
    const before = options.cursor === undefined ? null : parseCursor(options.cursor);
    const filter: repository.RoundFilter = {
      status: options.status,
      gameType: options.gameType,
      period: { ...checkPeriod(options.from, options.to), timeZone },
    };
    const [rows, totals] = await Promise.all([
      repository.findTeamRounds(this.db, scope, { ...filter, before, limit: options.pageSize + 1 }),
      before === null ? repository.sumTeamRounds(this.db, scope, filter) : null,
    ]);
    const page = rows.slice(0, options.pageSize);
    const last = page.at(-1);
    return {
      list: page.map((row) => ({ ...toRecord(row), account: row.account })),
      nextCursor: rows.length > options.pageSize && last ? toCursor(last) : null,
      totals,
    };
  }

  /**
   * A member's profit and loss over a period of the brand's days: settled rounds by the day they settled on
   * (every day of the period listed, oldest first) and by category (the most staked first), and their totals.
   */
  async getProfit(
    memberId: number,
    query: { from: string; to: string },
    brand: { timeZone: string; currency: string },
  ) {
    const { from, to } = checkPeriod(query.from, query.to);
    const rows = await repository.sumMemberProfit(this.db, memberId, { from, to, timeZone: brand.timeZone });
    const empty = (): repository.FiguresRow => ({
      rounds: 0,
      stakeMinor: 0,
      validBetMinor: 0,
      payoutMinor: 0,
      profitMinor: 0,
    });
    const add = (into: repository.FiguresRow, row: repository.FiguresRow) => {
      into.rounds += row.rounds;
      into.stakeMinor += row.stakeMinor;
      into.validBetMinor += row.validBetMinor;
      into.payoutMinor += row.payoutMinor;
      into.profitMinor += row.profitMinor;
    };
    const totals = empty();
    const days = new Map<string, repository.FiguresRow>();
    for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, empty());
    const categories = new Map<string, repository.FiguresRow>();
    for (const row of rows) {
      add(totals, row);
      const day = days.get(row.day);
      if (day) add(day, row);
      let category = categories.get(row.gameType);
      if (!category) categories.set(row.gameType, (category = empty()));
      add(category, row);
    }
    return {
      from,
      to,
      currency: brand.currency,
      totals,
      days: [...days].map(([day, figures]) => ({ day, ...figures })),
      categories: [...categories]
        .map(([gameType, figures]) => ({ gameType, ...figures }))
        .sort((a, b) => b.stakeMinor - a.stakeMinor || a.gameType.localeCompare(b.gameType)),
    };
  }

  async getRecordDetail(memberId: number, vassalage: string, roundId: string) {
    const row = await repository.findMemberRound(this.db, memberId, vassalage, roundId);
    if (!row) throw new AppError('WALLET_ROUND_NOT_FOUND');
    const transactions = await repository.findRoundTransactions(this.db, memberId, vassalage, roundId);
    return { ...toRecord(row), transactions, detail: row.detail };
  }

  sumOpenStakes(memberId: number): Promise<{ stakeMinor: number; rounds: number }> {
    return repository.sumOpenStakes(this.db, memberId);
  }

  /** The biggest settled wins of a brand in the last `hours`, accounts masked; at most BOARD_TTL_MS old. */
  async findBiggestWins(merchantId: number, query: BoardQuery): Promise<repository.BoardRow[]> {
    const key = `${merchantId}|${query.hours}|${query.limit}|${query.gameType ?? ''}`;
    return (await this.boards.fetch(key, { context: { merchantId, query } })) ?? [];
  }

  private async readBiggestWins(merchantId: number, query: BoardQuery): Promise<repository.BoardRow[]> {
    const rows = await repository.findBiggestWins(this.db, merchantId, {
      since: new Date(Date.now() - query.hours * 3_600_000),
      limit: query.limit,
      ...(query.gameType ? { gameType: query.gameType } : {}),
    });
    return rows.map((row) => ({ ...row, account: maskAccount(row.account) }));
  }
}
