import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './betting.repository';

export type { RoundKey, StakeInput, RoundRow, LockedRound, OpenRoundRow } from './betting.repository';

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

  /** A round credit's win: only an open round of the member with a stake takes it. */
  addRoundWin(
    executor: Executor,
    input: repository.StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
  ): Promise<'added' | 'closed' | 'no_stake'> {
    return repository.addRoundWin(executor, input);
  }

  removeStake(executor: Executor, key: repository.RoundKey, amountMinor: number): Promise<boolean> {
    return repository.removeStake(executor, key, amountMinor);
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

  async listRecords(
    memberId: number,
    options: {
      pageSize: number;
      cursor?: string | undefined;
      status?: string | undefined;
      vassalage?: string | undefined;
    },
  ): Promise<{ list: BettingRecord[]; nextCursor: string | null }> {
    let beforeId: number | null = null;
    if (options.cursor !== undefined) {
      // Only what nextCursor answers: a round id in lower-case base 36, not the digits a string starts with.
      if (!/^[0-9a-z]{1,11}$/.test(options.cursor)) throw new AppError('GAME_CURSOR_INVALID');
      beforeId = Number.parseInt(options.cursor, 36);
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) throw new AppError('GAME_CURSOR_INVALID');
    }
    const rows = await repository.findMemberRounds(this.db, memberId, {
      beforeId,
      limit: options.pageSize + 1,
      ...(options.status ? { status: options.status } : {}),
      ...(options.vassalage ? { vassalage: options.vassalage } : {}),
    });
    const page = rows.slice(0, options.pageSize);
    const last = page.at(-1);
    return {
      list: page.map(toRecord),
      nextCursor: rows.length > options.pageSize && last ? last.id.toString(36) : null,
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
