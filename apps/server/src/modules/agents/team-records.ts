import {
  TEAM_TRANSACTION_TYPES,
  type TeamBets,
  type TeamBetsQuery,
  type TeamTransactions,
  type TeamTransactionsQuery,
  type TeamTransactionType,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkPeriod } from '../../lib/calendar';
import type { BettingService } from '../betting/index';
import type { Merchant } from '../merchant/index';
import { MOVEMENT_KINDS_OF_TYPE } from '../wallet/index';
import type { AgentCaller } from './agents.service';
import * as repository from './team-records.repository';

/** The ledger's kinds of each type the team's transaction details show: the member's own record's mapping. */
const TYPE_OF_KIND = new Map<string, TeamTransactionType>(
  TEAM_TRANSACTION_TYPES.flatMap((type) => MOVEMENT_KINDS_OF_TYPE[type].map((kind) => [kind, type] as const)),
);

/** A movement's place as a cursor: its time (microseconds), number and side, in lower-case base 36. */
function toCursor(key: repository.MovementKey): string {
  return `${BigInt(key.atUs).toString(36)}_${key.id.toString(36)}_${key.side}`;
}

/** Only what toCursor answers. */
function parseCursor(cursor: string): repository.MovementKey {
  const match = /^([0-9a-z]{1,11})_([0-9a-z]{1,11})_([01])$/.exec(cursor);
  const atUs = match ? Number.parseInt(match[1]!, 36) : Number.NaN;
  const id = match ? Number.parseInt(match[2]!, 36) : Number.NaN;
  if (!Number.isSafeInteger(atUs) || !Number.isSafeInteger(id) || id <= 0) throw new AppError('GAME_CURSOR_INVALID');
  return { atUs: String(atUs), id, side: match![3] === '1' ? 1 : 0 };
}

/**
 * The agent centre's team betting (personalHistoryCopy) and transaction details (agentDownlineTransactionDetailsCopy):
 * the rounds and the money movements of the caller's downline (member_tree, decision 0059) at any depth, or of one
 * member of it named by account, over a period of the brand's days, newest first, keyset paged, the first page with
 * the whole period's totals. The rounds are the member records' query over the team (BettingService); the movements'
 * types are the member's account record's (MOVEMENT_KINDS_OF_TYPE), less the rounds' own.
 */
export class TeamRecordsService {
  constructor(
    private readonly db: Database,
    private readonly betting: BettingService,
  ) {}

  async bets(agent: AgentCaller, merchant: Pick<Merchant, 'brand'>, request: TeamBetsQuery): Promise<TeamBets> {
    const { from, to } = checkPeriod(request.from, request.to);
    const memberId = await this.memberOf(agent, request.account);
    const { list, nextCursor, totals } = await this.betting.listTeamRecords(
      { agentId: agent.memberId, memberId },
      {
        pageSize: request.limit,
        cursor: request.cursor,
        status: request.status,
        gameType: request.gameType,
        from,
        to,
      },
      merchant.brand.timeZone,
    );
    return {
      from,
      to,
      totals: totals && {
        rounds: totals.rounds,
        stakeMinor: totals.stakeMinor,
        validBetMinor: totals.validBetMinor,
        winMinor: totals.payoutMinor,
        profitLossMinor: totals.profitMinor,
      },
      items: list.map((round) => ({
        roundId: round.roundId,
        account: round.account,
        gameName: round.gameName,
        gameType: round.gameType,
        vendorName: round.vendorName,
        stakeMinor: round.stakeMinor,
        validBetMinor: round.validBetMinor,
        winMinor: round.winMinor,
        profitLossMinor: round.profitMinor,
        status: round.status,
        startedAt: round.startedAt,
        settledAt: round.settledAt,
      })),
      nextCursor,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }

  async transactions(
    agent: AgentCaller,
    merchant: Pick<Merchant, 'brand'>,
    request: TeamTransactionsQuery,
  ): Promise<TeamTransactions> {
    const { from, to } = checkPeriod(request.from, request.to);
    const before = request.cursor === undefined ? null : parseCursor(request.cursor);
    const memberId = await this.memberOf(agent, request.account);
    const filter: repository.TeamMovementFilter = {
      agentId: agent.memberId,
      memberId,
      kinds: request.type ? MOVEMENT_KINDS_OF_TYPE[request.type] : [...TYPE_OF_KIND.keys()],
      period: { from, to, timeZone: merchant.brand.timeZone },
    };
    const [rows, sums] = await Promise.all([
      repository.findTeamMovements(this.db, filter, { before, limit: request.limit + 1 }),
      before === null ? repository.sumTeamMovements(this.db, filter) : null,
    ]);
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    return {
      from,
      to,
      totals: sums && totalsOf(sums),
      items: page.map((row) => ({
        transactionNo: String(row.id),
        account: row.account,
        type: TYPE_OF_KIND.get(row.kind) ?? 'adjustment',
        amountMinor: row.amountMinor,
        counterpartyAccount: row.counterpartyAccount,
        at: row.createdAt,
      })),
      nextCursor: rows.length > request.limit && last ? toCursor(last) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }

  /** The member the request names by account, which must be in the caller's downline; none named: undefined. */
  private async memberOf(agent: AgentCaller, account: string | undefined): Promise<number | undefined> {
    if (account === undefined) return undefined;
    const memberId = await repository.findDownlineMemberId(this.db, agent.memberId, account);
    if (memberId === undefined) throw new AppError('AGENT_NOT_IN_DOWNLINE');
    return memberId;
  }
}

/** The sums by kind as the totals by type, in TEAM_TRANSACTION_TYPES' order; a type with no movement is left out. */
function totalsOf(
  sums: { kind: string; count: number; amountMinor: number }[],
): NonNullable<TeamTransactions['totals']> {
  const byType = new Map<TeamTransactionType, { count: number; amountMinor: number }>();
  for (const sum of sums) {
    const type = TYPE_OF_KIND.get(sum.kind) ?? 'adjustment';
    const total = byType.get(type) ?? { count: 0, amountMinor: 0 };
    byType.set(type, { count: total.count + sum.count, amountMinor: total.amountMinor + sum.amountMinor });
  }
  const types = TEAM_TRANSACTION_TYPES.filter((type) => byType.has(type)).map((type) => ({
    type,
    ...byType.get(type)!,
  }));
  return {
    count: types.reduce((count, type) => count + type.count, 0),
    amountMinor: types.reduce((amount, type) => amount + type.amountMinor, 0),
    byType: types,
  };
}
