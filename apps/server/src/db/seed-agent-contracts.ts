import { query, toNumber } from '@parlay/db';
import type { ContractTerms } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';

/** A tier list: each rate with its requirements rising. */
const tiers = (...levels: [rateBp: number, minActiveMembers: number, minValidBetMinor: number][]) =>
  levels.map(([rateBp, minActiveMembers, minValidBetMinor]) => ({ rateBp, minActiveMembers, minValidBetMinor }));

/** The demo brand's contracts with its top agent `agent`, one of each kind. */
export const DEMO_BRAND_CONTRACTS: ContractTerms[] = [
  {
    kind: 'dividend',
    salaryType: null,
    period: 'W',
    tiers: tiers([2_000, 0, 0], [3_000, 3, 1_000_000], [4_000, 5, 5_000_000]),
  },
  { kind: 'daily_salary', salaryType: 'single_bet', period: null, tiers: tiers([50, 0, 0], [100, 3, 500_000]) },
  { kind: 'hourly_salary', salaryType: 'single_bet', period: null, tiers: tiers([30, 0, 0], [60, 2, 100_000]) },
  { kind: 'realtime_salary', salaryType: 'single_bet', period: null, tiers: tiers([20, 0, 0], [40, 2, 50_000]) },
];

/**
 * The demo agent's contracts (decision 0066), so that each contract page shows real data on a fresh `npm start`: the
 * brand's contract of each kind with `agent`; `agent` gives `subagent` an active weekly dividend and an active daily
 * salary (which replaced an earlier one: history), and `subagent` offers `subagent2` a dividend still waiting for its
 * answer. The real-time and hourly salaries of `subagent` are left for the journeys to offer. The settlement job pays
 * their periods from the demo players' history on the first start (the agent centre's income, the records). After
 * seedDemoDownline. Idempotent: nothing is written when `agent` has a contract already. Returns the contracts written.
 */
export async function seedDemoContracts(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await query<{ merchant_id: unknown; agent: unknown; sub: unknown; sub2: unknown }>(
      tx,
      sql`SELECT b.id AS merchant_id, a.id AS agent, s.id AS sub, s2.id AS sub2
            FROM merchants b
            JOIN members a ON a.merchant_id = b.id AND lower(a.account) = 'agent'
            JOIN members s ON s.merchant_id = b.id AND lower(s.account) = 'subagent'
            JOIN members s2 ON s2.merchant_id = b.id AND lower(s2.account) = 'subagent2'
           WHERE b.code = ${merchantCode}
             AND NOT EXISTS (SELECT 1 FROM agent_contracts c WHERE c.downline_id = a.id)`,
    );
    const row = ids[0];
    if (!row) return 0;
    const merchantId = toNumber(row.merchant_id);
    const [agent, sub, sub2] = [toNumber(row.agent), toNumber(row.sub), toNumber(row.sub2)];
    let written = 0;
    const write = async (
      upline: number | null,
      downline: number,
      terms: ContractTerms,
      state: { status: 'active' | 'offered' | 'terminated'; endReason?: 'replaced'; daysAgo: number },
    ) => {
      await insert(tx, merchantId, upline, downline, terms, state);
      written += 1;
    };
    // The salaries by the hour and by 5 minutes came two days ago: the settlement (decision 0068) pays their periods
    // since, and the daily salary's and the dividend's over the weeks of history before.
    for (const terms of DEMO_BRAND_CONTRACTS) {
      const recent = terms.kind === 'hourly_salary' || terms.kind === 'realtime_salary';
      await write(null, agent, terms, { status: 'active', daysAgo: recent ? 2 : 40 });
    }
    const dividend = DEMO_BRAND_CONTRACTS[0]!;
    const daily = DEMO_BRAND_CONTRACTS[1]!;
    await write(
      agent,
      sub,
      { ...dividend, tiers: tiers([1_500, 0, 0], [2_500, 3, 1_000_000]) },
      { status: 'active', daysAgo: 30 },
    );
    await write(
      agent,
      sub,
      { ...daily, tiers: tiers([30, 0, 0]) },
      { status: 'terminated', endReason: 'replaced', daysAgo: 25 },
    );
    await write(
      agent,
      sub,
      { ...daily, tiers: tiers([40, 0, 0], [80, 3, 500_000]) },
      { status: 'active', daysAgo: 10 },
    );
    await write(
      sub,
      sub2,
      { ...dividend, tiers: tiers([1_000, 0, 0], [2_000, 2, 500_000]) },
      { status: 'offered', daysAgo: 1 },
    );
    return written;
  });
}

async function insert(
  tx: Executor,
  merchantId: number,
  uplineId: number | null,
  downlineId: number,
  terms: ContractTerms,
  state: { status: 'active' | 'offered' | 'terminated'; endReason?: 'replaced'; daysAgo: number },
): Promise<void> {
  const created = sql`now() - ${`${state.daysAgo} days`}::interval`;
  const rows = await query<{ id: unknown }>(
    tx,
    sql`INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, period, tiers, top_rate_bp,
                                     status, end_reason, created_at, activated_at, ended_at)
        VALUES (${merchantId}, ${uplineId}, ${downlineId}, ${terms.kind}, ${terms.salaryType}, ${terms.period},
                ${JSON.stringify(terms.tiers)}::jsonb, ${terms.tiers.at(-1)!.rateBp}, ${state.status},
                ${state.endReason ?? null}, ${created},
                ${state.status === 'offered' ? sql`NULL` : created},
                ${state.status === 'terminated' ? sql`now() - interval '10 days'` : sql`NULL`})
        RETURNING id`,
  );
  const id = toNumber(rows[0]?.id);
  const actor = uplineId === null ? 'system' : `member:${uplineId}`;
  await query(
    tx,
    sql`INSERT INTO agent_contract_events (contract_id, action, actor, at)
        VALUES (${id}, ${uplineId === null ? 'brand' : 'offer'}, ${actor}, ${created})`,
  );
  if (state.status !== 'offered' && uplineId !== null) {
    await query(
      tx,
      sql`INSERT INTO agent_contract_events (contract_id, action, actor, at)
          VALUES (${id}, 'accept', ${`member:${downlineId}`}, ${created})`,
    );
  }
}
