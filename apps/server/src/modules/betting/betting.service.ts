import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './betting.repository';

export type { RoundKey, StakeInput, RoundRow } from './betting.repository';

export interface BettingRecord {
  roundId: string;
  vassalage: string;
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

/**
 * Rounds as vendors report them. The seamless wallet records stakes and wins here inside its own
 * transaction; members read their betting records, and the winner board reads settled wins.
 */
export class BettingService {
  constructor(private readonly db: Database) {}

  addStake(executor: Executor, input: repository.StakeInput): Promise<boolean> {
    return repository.addStake(executor, input);
  }

  addWin(
    executor: Executor,
    input: repository.StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
  ): Promise<boolean> {
    return repository.addWin(executor, input);
  }

  removeStake(executor: Executor, key: repository.RoundKey, amountMinor: number): Promise<boolean> {
    return repository.removeStake(executor, key, amountMinor);
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

  async findBiggestWins(merchantId: number, options: { hours: number; limit: number; gameType?: string | undefined }) {
    const rows = await repository.findBiggestWins(this.db, merchantId, {
      since: new Date(Date.now() - options.hours * 3_600_000),
      limit: options.limit,
      ...(options.gameType ? { gameType: options.gameType } : {}),
    });
    return rows.map((row) => ({ ...row, account: maskAccount(row.account) }));
  }
}
