import {
  AGENT_CALLS,
  type AgentIncome,
  type ContractKind,
  type ContractTier,
  type TeamTransactions,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { AgentSettlementService, SETTLEMENT_GRACE_MS } from './settlements';
import { periodAt } from './settlement-periods';

// Contract settlement (decision 0068) over the database: periods settled once at their end on a clock the test sets,
// lines paid top first (the brand pays the top agent, each agent its direct downline agent), an upline short leaves the
// line pending until it can pay, a second run pays nothing again, and the agent's income reads what was paid.

const SLOT_MS = 5 * 60_000;

describe(AgentSettlementService.name, () => {
  let t: TestApp;
  // top (brand contract) ── mid (top's contract) ── player
  let top: TestMember;
  let mid: TestMember;
  let player: TestMember;
  let merchantId: number;
  // A slot boundary two days ahead of the wall clock: the app's own settlement job (every 30 s, on the real clock)
  // never finds these periods due, only this test's service on its set clock does.
  const t0 = new Date(Math.floor((Date.now() + 2 * 86_400_000) / SLOT_MS) * SLOT_MS);
  let now = t0;
  let service: AgentSettlementService;

  const contract = async (
    downline: TestMember,
    upline: TestMember | null,
    kind: ContractKind,
    tiers: ContractTier[],
    activatedAt: Date,
  ): Promise<number> => {
    const rows = await query<{ id: unknown }>(
      t.app.db,
      sql`INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, period, tiers, top_rate_bp,
                                       status, activated_at)
          VALUES (${merchantId}, ${upline?.id ?? null}::bigint, ${downline.id}, ${kind},
                  ${kind === 'dividend' ? null : 'single_bet'}, ${kind === 'dividend' ? 'D' : null},
                  ${JSON.stringify(tiers)}::jsonb, ${Math.max(...tiers.map((tier) => tier.rateBp))}, 'active',
                  ${activatedAt.toISOString()}::timestamptz)
          RETURNING id`,
    );
    return toNumber(rows[0]?.id);
  };
  const slotBet = async (member: TestMember, slot: Date, validBetMinor: number, payoutMinor = 0) => {
    await query(
      t.app.db,
      sql`INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor)
          VALUES (${member.id}, ${slot.toISOString()}::timestamptz, ${merchantId}, 1, ${validBetMinor},
                  ${validBetMinor}, ${payoutMinor})`,
    );
  };
  const balance = (member: TestMember) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId: member.id, currency: 'KRW' });
  const lines = () =>
    query<{ contract_id: unknown; amount_minor: unknown; status: string; period_start: unknown }>(
      t.app.db,
      sql`SELECT contract_id, amount_minor, status, period_start FROM agent_settlement_lines
          WHERE merchant_id = ${merchantId} ORDER BY period_start, agent_level`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    // The app's own settlement job (every 30 s) would pay open lines between this test's steps: only the test settles.
    await t.app.ready();
    await t.app.housekeeping.agentSettlement?.stop();
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `stop${tag}` });
    mid = await createTestMember(t.app, { agentType: 2, account: `smid${tag}`, uplineId: top.id });
    player = await createTestMember(t.app, { account: `splayer${tag}`, uplineId: mid.id });
    merchantId = top.merchantId;
    service = new AgentSettlementService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit, () => now);
  });
  afterAll(() => t?.close());

  it('settles each ended 5-minute period once and pays the top first, each level keeping the difference', async () => {
    const activated = new Date(t0.getTime() - 2 * SLOT_MS + 1_000);
    await contract(
      top,
      null,
      'realtime_salary',
      [{ rateBp: 100, minActiveMembers: 0, minValidBetMinor: 0 }],
      activated,
    );
    await contract(mid, top, 'realtime_salary', [{ rateBp: 60, minActiveMembers: 0, minValidBetMinor: 0 }], activated);
    const slot = new Date(t0.getTime() - SLOT_MS);
    await slotBet(player, slot, 100_000);

    // The period ending at t0 is not due until the grace has passed.
    now = new Date(t0.getTime() + SETTLEMENT_GRACE_MS - 1);
    const early = await service.settleDue();
    expect(early.settled).toBe(0); // the empty period before it is skipped, this one is not due
    expect(await lines()).toEqual([]);

    now = new Date(t0.getTime() + SETTLEMENT_GRACE_MS);
    const result = await service.settleDue();
    expect(result).toMatchObject({ settled: 1, due: 2, paid: 2, pending: 0 });
    expect((await lines()).map((line) => [toNumber(line.amount_minor), line.status])).toEqual([
      [1_000, 'paid'],
      [600, 'paid'],
    ]);
    expect(await balance(top)).toBe(400);
    expect(await balance(mid)).toBe(600);

    // Again, and on a second service (another instance): nothing more.
    const again = new AgentSettlementService(
      t.app.db,
      t.app.gaming.wallet,
      t.app.settlementFeed,
      t.app.audit,
      () => now,
    );
    expect(await Promise.all([service.settleDue(), again.settleDue()])).toEqual([
      { settled: 0, due: 0, paid: 0, pending: 0 },
      { settled: 0, due: 0, paid: 0, pending: 0 },
    ]);
    expect(await balance(top)).toBe(400);
    expect(await balance(mid)).toBe(600);
  });

  it('leaves a line pending while its upline cannot cover it, and pays it once the upline can', async () => {
    // The brand's tier asks for 5 active members: the top earns nothing this period but owes mid its salary.
    await query(
      t.app.db,
      sql`UPDATE agent_contracts SET tiers = ${JSON.stringify([
        { rateBp: 100, minActiveMembers: 5, minValidBetMinor: 0 },
      ])}::jsonb WHERE downline_id = ${top.id}`,
    );
    // Spend the top's 400 so it is short.
    await t.app.gaming.wallet.debit(t.app.db, {
      merchantId,
      memberId: top.id,
      currency: 'KRW',
      amountMinor: 400,
      kind: 'adjustment',
      idempotencyKey: `test-spend-${top.id}`,
    });
    await slotBet(player, t0, 200_000);
    now = new Date(t0.getTime() + SLOT_MS + SETTLEMENT_GRACE_MS);
    expect(await service.settleDue()).toMatchObject({ settled: 1, due: 1, paid: 0, pending: 1 });
    const pending = (await lines()).at(-1)!;
    expect([toNumber(pending.amount_minor), pending.status]).toEqual([1_200, 'pending']);
    expect(await balance(mid)).toBe(600);

    await t.app.gaming.wallet.credit(t.app.db, {
      merchantId,
      memberId: top.id,
      currency: 'KRW',
      amountMinor: 5_000,
      kind: 'adjustment',
      idempotencyKey: `test-fund-${top.id}`,
    });
    expect(await service.settleDue()).toMatchObject({ settled: 0, paid: 1, pending: 0 });
    expect(await balance(top)).toBe(3_800);
    expect(await balance(mid)).toBe(1_800);
    expect(await service.settleDue()).toMatchObject({ paid: 0, pending: 0 });
  });

  it("answers the agent's income: earned, paid out and pending by kind, lines newest first", async () => {
    const { authorization } = await signInTestMember(t.app, mid);
    const day = periodAt('D', t0, 'Asia/Seoul');
    const from = day.start.toISOString().slice(0, 10);
    const url = `${AGENT_CALLS.agentIncome.path}?from=${addDay(from, -1)}&to=${addDay(from, 1)}`;
    const mine = await t.app.inject({ method: 'GET', url, headers: { authorization } });
    expect(mine.statusCode).toBe(200);
    const income = mine.json<{ value: AgentIncome }>().value;
    expect(income.totals).toMatchObject({ earnedMinor: 1_800, paidOutMinor: 0, pendingInMinor: 0 });
    expect(income.lines.map((line) => [line.direction, line.amountMinor, line.status])).toEqual([
      ['earned', 1_200, 'paid'],
      ['earned', 600, 'paid'],
    ]);

    const topAuth = (await signInTestMember(t.app, top)).authorization;
    const theirs = await t.app.inject({ method: 'GET', url, headers: { authorization: topAuth } });
    const topIncome = theirs.json<{ value: AgentIncome }>().value;
    expect(topIncome.totals).toMatchObject({ earnedMinor: 1_000, paidOutMinor: 1_800, netMinor: -800 });
    expect(topIncome.lines.find((line) => line.direction === 'paid_out')?.agentAccount).toBe(mid.account);

    // The account records: the salaries as "agent income", the upline's payment on both sides.
    const brand = (await t.app.merchants.findByCode(mid.merchantCode))!.brand;
    const record = (member: TestMember) =>
      t.app.gaming.memberTransactions.list(
        { memberId: member.id, merchantId, brand },
        { type: 'agentIncome', pageSize: 20 },
      );
    expect((await record(mid)).list.map((row) => [row.type, row.amountMinor])).toEqual([
      ['agentIncome', 1_200],
      ['agentIncome', 600],
    ]);
    expect((await record(top)).list.map((row) => row.amountMinor)).toEqual([-1_200, -600, 1_000]);

    // The top's team transactions: its sub-agent's salaries as received from it.
    const team = await t.app.inject({
      method: 'GET',
      url: `${AGENT_CALLS.teamTransactions.path}?from=${addDay(from, -1)}&to=${addDay(from, 1)}&type=agentIncome`,
      headers: { authorization: topAuth },
    });
    expect(
      team
        .json<{ value: TeamTransactions }>()
        .value.items.map((item) => [item.account, item.amountMinor, item.counterpartyAccount]),
    ).toEqual([
      [mid.account, 1_200, top.account],
      [mid.account, 600, top.account],
    ]);

    const plain = (await signInTestMember(t.app, player)).authorization;
    const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: plain } });
    expect(refused.json<{ code: string }>().code).toBe('NOT_AGENT');
  });
  it("carries a dividend's won period into the next, unless the brand forgets them", async () => {
    const tag = Date.now().toString(36);
    // Each case on days of its own: a period is settled once for the brand, whoever's contract it holds.
    const settleDays = async (account: string, carries: boolean, daysAhead: number) => {
      await query(
        t.app.db,
        sql`INSERT INTO agent_settings (merchant_id, dividend_carries_loss) VALUES (${merchantId}, ${carries})
            ON CONFLICT (merchant_id) DO UPDATE SET dividend_carries_loss = EXCLUDED.dividend_carries_loss`,
      );
      const agent = await createTestMember(t.app, { agentType: 1, account: `${account}${tag}` });
      const member = await createTestMember(t.app, { account: `${account}p${tag}`, uplineId: agent.id });
      // Two brand days after t0: the team wins 10,000 on the first and loses 30,000 on the second.
      const first = periodAt('D', new Date(t0.getTime() + daysAhead * 86_400_000), 'Asia/Seoul');
      const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(at);
      await contract(
        agent,
        null,
        'dividend',
        [{ rateBp: 1_000, minActiveMembers: 0, minValidBetMinor: 0 }],
        first.start,
      );
      for (const [at, stake, payout] of [
        [first.start, 20_000, 30_000],
        [first.end, 40_000, 10_000],
      ] as const) {
        await query(
          t.app.db,
          sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                             payout_minor)
              VALUES (${member.id}, ${day(at)}::date, 'RNG', ${merchantId}, 1, ${stake}, ${stake}, ${payout})`,
        );
      }
      now = new Date(first.end.getTime() + 86_400_000 + SETTLEMENT_GRACE_MS);
      await service.settleDue();
      return balance(agent);
    };
    // Carried: 30,000 less the 10,000 won before, at 10%. Forgotten: 30,000 at 10%.
    expect(await settleDays('carry', true, 1)).toBe(2_000);
    expect(await settleDays('forget', false, 4)).toBe(3_000);
  });
});

function addDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
