import type { MemberProfitLoss, TeamProfitLoss, TeamProfitLossQuery } from '@parlay/contract';
import { toNumber } from '@parlay/db';
import type { Database } from '../../db/client';
import { checkPeriod } from '../../lib/calendar';
import type { Merchant } from '../merchant/index';
import type { AgentCaller } from './agents.service';
import * as repository from './team-figures.repository';

const figures = (row: Record<string, unknown>) => {
  const betMinor = toNumber(row['stake_minor'] ?? 0);
  const payoutMinor = toNumber(row['payout_minor'] ?? 0);
  return {
    rounds: toNumber(row['rounds'] ?? 0),
    betMinor,
    validBetMinor: toNumber(row['valid_bet_minor'] ?? 0),
    payoutMinor,
    profitLossMinor: payoutMinor - betMinor,
  };
};

/**
 * The agent centre's user profit and loss (palStatementsAgentCopy; decision 0061): over a period of the brand's days,
 * the members of the caller's downline (member_tree, decision 0059; all levels, or the direct ones, searched by
 * account) with any figure, each summed from its days (member_figure_days), with the selection's totals and its
 * figures by game type. Never reads the rounds.
 */
export class TeamProfitLossService {
  constructor(private readonly db: Database) {}

  async profitLoss(
    agent: AgentCaller,
    merchant: Pick<Merchant, 'brand'>,
    request: TeamProfitLossQuery,
  ): Promise<TeamProfitLoss> {
    const { from, to } = checkPeriod(request.from, request.to);
    const { rows, totals, categories } = await repository.findProfitLoss(this.db, {
      agentId: agent.memberId,
      from,
      to,
      direct: request.direct,
      account: request.account,
      after: request.cursor,
      limit: request.limit,
    });

    const items: MemberProfitLoss[] = rows.slice(0, request.limit).map((row) => ({
      id: toNumber(row['id']),
      account: String(row['account']),
      level: toNumber(row['depth']),
      type: toNumber(row['agent_type']),
      ...figures(row),
      depositMinor: toNumber(row['deposit_minor']),
      withdrawalMinor: toNumber(row['withdrawal_minor']),
    }));
    return {
      from,
      to,
      totals: {
        ...figures(totals),
        depositMinor: toNumber(totals['deposit_minor'] ?? 0),
        withdrawalMinor: toNumber(totals['withdrawal_minor'] ?? 0),
        members: toNumber(totals['members'] ?? 0),
      },
      categories: categories.map((row) => ({ gameType: String(row['game_type']), ...figures(row) })),
      items,
      nextCursor: rows.length > request.limit ? items.at(-1)!.account.toLowerCase() : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }
}
