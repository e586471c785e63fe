import type { MemberProfitLoss, TeamProfitLoss, TeamProfitLossQuery } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkPeriod } from '../../lib/calendar';
import type { Merchant } from '../merchant/index';
import { prefixPattern } from './agents.repository';
import type { AgentCaller } from './agents.service';

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

const SUMS = sql`coalesce(sum(d.rounds), 0) AS rounds, coalesce(sum(d.stake_minor), 0) AS stake_minor,
                 coalesce(sum(d.valid_bet_minor), 0) AS valid_bet_minor,
                 coalesce(sum(d.payout_minor), 0) AS payout_minor`;
const MONEY = sql`coalesce(sum(d.deposit_minor), 0) AS deposit_minor,
                  coalesce(sum(d.withdrawal_minor), 0) AS withdrawal_minor`;

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
    const conditions: SQL[] = [sql`t.ancestor_id = ${agent.memberId}`, sql`t.depth > 0`];
    if (request.direct) conditions.push(sql`t.depth = 1`);
    if (request.account) conditions.push(sql`lower(m.account) COLLATE "C" LIKE ${prefixPattern(request.account)}`);
    const selection = sql.join(conditions, sql` AND `);
    const days = sql`d.member_id = m.id AND d.day BETWEEN ${from}::date AND ${to}::date`;
    const after = request.cursor ? sql`AND lower(m.account) COLLATE "C" > ${request.cursor}` : sql``;

    const [rows, totals, categories] = await Promise.all([
      query(
        this.db,
        sql`SELECT m.id, m.account, t.depth, m.agent_type, ${SUMS}, ${MONEY}
            FROM member_tree t
            JOIN members m ON m.id = t.descendant_id
            JOIN member_figure_days d ON ${days}
            WHERE ${selection} ${after}
            GROUP BY m.id, m.account, t.depth, m.agent_type
            ORDER BY lower(m.account) COLLATE "C"
            LIMIT ${request.limit + 1}`,
      ),
      query(
        this.db,
        sql`SELECT ${SUMS}, ${MONEY}, count(DISTINCT d.member_id) AS members
            FROM member_tree t
            JOIN members m ON m.id = t.descendant_id
            JOIN member_figure_days d ON ${days}
            WHERE ${selection}`,
      ),
      query(
        this.db,
        sql`SELECT d.game_type, ${SUMS}
            FROM member_tree t
            JOIN members m ON m.id = t.descendant_id
            JOIN member_figure_days d ON ${days}
            WHERE ${selection} AND d.game_type <> ''
            GROUP BY d.game_type
            ORDER BY sum(d.valid_bet_minor) DESC, d.game_type`,
      ),
    ]);

    const items: MemberProfitLoss[] = rows.slice(0, request.limit).map((row) => ({
      id: toNumber(row['id']),
      account: String(row['account']),
      level: toNumber(row['depth']),
      type: toNumber(row['agent_type']),
      ...figures(row),
      depositMinor: toNumber(row['deposit_minor']),
      withdrawalMinor: toNumber(row['withdrawal_minor']),
    }));
    const total = totals[0] ?? {};
    return {
      from,
      to,
      totals: {
        ...figures(total),
        depositMinor: toNumber(total['deposit_minor'] ?? 0),
        withdrawalMinor: toNumber(total['withdrawal_minor'] ?? 0),
        members: toNumber(total['members'] ?? 0),
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
