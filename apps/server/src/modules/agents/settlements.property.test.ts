import type { ContractKind, ContractTier, SalaryType } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrand } from '../../test/brands';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import {
  balances,
  insertContract,
  insertMember,
  runCounts,
  settlementLedger,
  settlementServices,
  storedLines,
  type SettlementServices,
  type StoredLine,
} from './settlements.fixtures';
import { AgentSettlementService, SETTLEMENT_GRACE_MS } from './settlements';

// Contract settlement over the database (decisions 0067 and 0068) against a model written here, apart from
// settlement-calc: random trees of agents (rates never rising down the tree, one tier or two with member and valid-bet
// requirements) with players under them, figures in the members' slots, hours or days of a few periods (and one
// before the first contract, and after the last period due), contracts of one kind, then settleDue on a set clock.
// Every line as the model works it out (a dividend's loss carried); paid top first, an upline short left pending
// and paid once funded; each agent's balance its funds plus what it earned less what it paid; the brand's payout the
// sum of the agents' net incomes; one run per period, one line per contract and period, one movement per paid line.

const DAY_MS = 86_400_000;
const TIME_ZONE = 'Asia/Seoul';
/** Midnight in Seoul; run k works in the days from FIRST_BASE − 6k days (each run earlier: see `base`). */
const FIRST_BASE = Date.parse('2026-06-01T00:00:00+09:00');

interface KindCase {
  kind: ContractKind;
  rhythm: '5m' | '1h' | 'D';
  sizeMs: number;
  /** Periods due at the clock (0 … due − 1); the generator writes figures from period −1 to 3. */
  due: number;
  table: 'member_figure_slots' | 'member_figure_hours' | 'member_figure_days';
}

const KINDS: KindCase[] = [
  { kind: 'realtime_salary', rhythm: '5m', sizeMs: 5 * 60_000, due: 3, table: 'member_figure_slots' },
  { kind: 'hourly_salary', rhythm: '1h', sizeMs: 3_600_000, due: 2, table: 'member_figure_hours' },
  { kind: 'daily_salary', rhythm: 'D', sizeMs: DAY_MS, due: 2, table: 'member_figure_days' },
  { kind: 'dividend', rhythm: 'D', sizeMs: DAY_MS, due: 3, table: 'member_figure_days' },
];

const agentArbitrary = (index: number) =>
  fc.record({
    // The first agent is a top one; any other is under an earlier one, or a top one itself.
    parent: fc.integer({ min: -1, max: index - 1 }),
    capBp: fc.integer({ min: 100, max: 5_000 }),
    twoTiers: fc.boolean(),
    lowerPercent: fc.integer({ min: 1, max: 100 }),
    minActive: fc.integer({ min: 0, max: 2 }),
    minValidBet: fc.constantFrom(0, 0, 0, 20_000, 100_000),
    moreActive: fc.integer({ min: 0, max: 2 }),
    moreValidBet: fc.constantFrom(0, 0, 50_000),
    contracted: fc.integer({ min: 0, max: 6 }).map((roll) => roll !== 0),
    fundMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
  });

const figureArbitrary = fc.record({
  member: fc.nat(),
  period: fc.integer({ min: -1, max: 3 }),
  offsetPercent: fc.integer({ min: 0, max: 99 }),
  stake: fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 60_000 }), fc.integer({ min: 1_000, max: 60_000 })),
  valid: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
  payout: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120_000 })),
  gameType: fc.constantFrom('LIVE', 'RNG'),
});

const scenarioArbitrary = fc.integer({ min: 1, max: 10 }).chain((agentCount) =>
  fc.record({
    kindCase: fc.constantFrom(...KINDS),
    salaryType: fc.constantFrom<SalaryType>('single_bet', 'loss', 'profit'),
    // The brand's agent setting (a dividend's): a won period's negative base carried to the next, or forgotten.
    carriesLoss: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
    agents: fc.tuple(...Array.from({ length: agentCount }, (_, index) => agentArbitrary(index))),
    players: fc.array(fc.integer({ min: 0, max: agentCount - 1 }), { minLength: 2, maxLength: 12 }),
    figures: fc.array(figureArbitrary, { minLength: 4, maxLength: 40, size: 'medium' }),
  }),
);

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

interface ModelLine {
  contractIndex: number;
  period: number;
  activeMembers: number;
  validBetMinor: number;
  profitLossMinor: number;
  rateBp: number;
  baseMinor: number;
  amountMinor: number;
  carryMinor: number;
}

/** The brand's calendar day of an instant, worked out apart from the database. */
function localDay(at: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

/**
 * The periods due where any member of the brand has figures: the settlement skips the others (nobody played: no line
 * to write, a dividend's carry kept for the next).
 */
function activePeriods(scenario: Scenario): number[] {
  const periods = new Set(scenario.figures.map((figure) => figure.period));
  return Array.from({ length: scenario.kindCase.due }, (_, period) => period).filter((period) => periods.has(period));
}

/** Each agent's top rate: its own draw, never above its upline's. */
function capsOf(scenario: Scenario): number[] {
  const caps: number[] = [];
  scenario.agents.forEach((agent, index) => {
    caps[index] = agent.parent < 0 ? agent.capBp : Math.min(agent.capBp, caps[agent.parent]!);
  });
  return caps;
}

function tiersOf(agent: Scenario['agents'][number], capBp: number): ContractTier[] {
  const top = {
    rateBp: capBp,
    minActiveMembers: agent.minActive + (agent.twoTiers ? agent.moreActive : 0),
    minValidBetMinor: agent.minValidBet + (agent.twoTiers ? agent.moreValidBet : 0),
  };
  if (!agent.twoTiers) return [top];
  const lower = {
    rateBp: Math.max(1, Math.floor((capBp * agent.lowerPercent) / 100)),
    minActiveMembers: agent.minActive,
    minValidBetMinor: agent.minValidBet,
  };
  return [lower, top];
}

/**
 * The lines the settlement should write, worked out from the scenario: each contract's team (every member under its
 * agent at any depth, not the agent), the figures of its members in each period, the best tier met, the base of the
 * kind (a dividend's after the loss carried from its previous period, unless the brand forgets it), and floor(base × rate / 10,000). A line is
 * kept when it pays, carries a loss, or its team played.
 */
function modelLines(scenario: Scenario, contracted: number[], parentOf: (member: number) => number): ModelLine[] {
  const { kindCase } = scenario;
  const memberCount = scenario.agents.length + scenario.players.length;
  const isUnder = (member: number, agent: number): boolean => {
    for (let at = parentOf(member); at >= 0; at = parentOf(at)) if (at === agent) return true;
    return false;
  };
  const caps = capsOf(scenario);
  const lines: ModelLine[] = [];
  const carries = new Map<number, number>();
  for (const period of activePeriods(scenario)) {
    for (const agent of contracted) {
      const validByMember = new Map<number, number>();
      let validBetMinor = 0;
      let profitLossMinor = 0;
      for (const figure of scenario.figures) {
        const member = figure.member % memberCount;
        if (figure.period !== period || !isUnder(member, agent)) continue;
        const valid = figure.valid ? figure.stake : 0;
        validBetMinor += valid;
        profitLossMinor += figure.payout - figure.stake;
        validByMember.set(member, Math.max(validByMember.get(member) ?? 0, valid));
      }
      const activeMembers = [...validByMember.values()].filter((valid) => valid > 0).length;
      const met = tiersOf(scenario.agents[agent]!, caps[agent]!).filter(
        (tier) => activeMembers >= tier.minActiveMembers && validBetMinor >= tier.minValidBetMinor,
      );
      const rateBp = Math.max(0, ...met.map((tier) => tier.rateBp));
      let baseMinor: number;
      if (kindCase.kind === 'dividend') baseMinor = -profitLossMinor + (carries.get(agent) ?? 0);
      else if (scenario.salaryType === 'single_bet') baseMinor = validBetMinor;
      else if (scenario.salaryType === 'profit') baseMinor = Math.max(0, profitLossMinor);
      else baseMinor = Math.max(0, -profitLossMinor);
      const amountMinor = baseMinor > 0 ? Number((BigInt(baseMinor) * BigInt(rateBp)) / 10_000n) : 0;
      const carryMinor = kindCase.kind === 'dividend' && scenario.carriesLoss ? Math.min(0, baseMinor) : 0;
      carries.set(agent, carryMinor);
      if (amountMinor > 0 || carryMinor < 0 || validBetMinor !== 0 || profitLossMinor !== 0) {
        lines.push({
          contractIndex: agent,
          period,
          activeMembers,
          validBetMinor,
          profitLossMinor,
          rateBp,
          baseMinor,
          amountMinor,
          carryMinor,
        });
      }
    }
  }
  return lines;
}

/**
 * What one payment pass does to the lines open (`due` or `pending`), top agents first then by id: the brand pays a
 * top agent's line; an upline pays when its balance covers the line, else the line is pending. Changes `balance`
 * and `status` in place.
 */
function modelPayments(lines: StoredLine[], status: Map<number, string>, balance: Map<number, number>): void {
  const open = lines
    .filter((line) => status.get(line.id) === 'due' || status.get(line.id) === 'pending')
    .sort((a, b) => a.agentLevel - b.agentLevel || a.id - b.id);
  for (const line of open) {
    if (line.payerId !== null) {
      const payerBalance = balance.get(line.payerId) ?? 0;
      if (payerBalance < line.amountMinor) {
        status.set(line.id, 'pending');
        continue;
      }
      balance.set(line.payerId, payerBalance - line.amountMinor);
    }
    balance.set(line.agentId, (balance.get(line.agentId) ?? 0) + line.amountMinor);
    status.set(line.id, 'paid');
  }
}

describe(`${AgentSettlementService.name} against a model`, () => {
  let database: TestDatabase;
  let services: SettlementServices;
  let run = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    services = await settlementServices(database.handle.db);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  async function check(scenario: Scenario): Promise<void> {
    const db = database.handle.db;
    const { kindCase } = scenario;
    run += 1;
    // A fresh brand, in days of its own before every earlier run's: a run's clock never reaches another brand's
    // periods (its settleDue walks every brand; each brand's contracts are removed after its run, too).
    const base = FIRST_BASE - run * 6 * DAY_MS;
    const code = `sprop${run}${Date.now().toString(36)}`;
    const merchantId = await createTestBrand(db, code, `${code}.test`);
    try {
      const ids: number[] = [];
      for (const [index, agent] of scenario.agents.entries()) {
        const upline = agent.parent < 0 ? null : ids[agent.parent]!;
        ids.push(await insertMember(db, merchantId, `${code}a${index}`, upline === null ? 1 : 2, upline));
      }
      for (const [index, parent] of scenario.players.entries()) {
        ids.push(await insertMember(db, merchantId, `${code}p${index}`, 0, ids[parent]!));
      }
      const parentOf = (member: number) =>
        member < scenario.agents.length
          ? scenario.agents[member]!.parent
          : scenario.players[member - scenario.agents.length]!;
      const levelOf = (member: number): number => (parentOf(member) < 0 ? 0 : 1 + levelOf(parentOf(member)));

      // The figures, summed by the table's key as the feed's consumer would have.
      const rows = new Map<
        string,
        { member: number; at: number; day: string; gameType: string; stake: number; valid: number; payout: number }
      >();
      for (const figure of scenario.figures) {
        const member = figure.member % ids.length;
        const inPeriod = Math.floor((kindCase.sizeMs * figure.offsetPercent) / 100);
        const at = base + figure.period * kindCase.sizeMs + (kindCase.rhythm === 'D' ? inPeriod : 0);
        const day = localDay(at);
        const key = kindCase.table === 'member_figure_days' ? `${member}|${day}|${figure.gameType}` : `${member}|${at}`;
        const row = rows.get(key) ?? { member, at, day, gameType: figure.gameType, stake: 0, valid: 0, payout: 0 };
        row.stake += figure.stake;
        row.valid += figure.valid ? figure.stake : 0;
        row.payout += figure.payout;
        rows.set(key, row);
      }
      for (const row of rows.values()) {
        const memberId = ids[row.member]!;
        const at = new Date(row.at).toISOString();
        if (kindCase.table === 'member_figure_days') {
          await query(
            db,
            sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                              payout_minor)
              VALUES (${memberId}, ${row.day}::date, ${row.gameType}, ${merchantId}, 1, ${row.stake}, ${row.valid},
                      ${row.payout})`,
          );
        } else if (kindCase.table === 'member_figure_hours') {
          await query(
            db,
            sql`INSERT INTO member_figure_hours (member_id, hour, merchant_id, rounds, stake_minor, valid_bet_minor,
                                               payout_minor)
              VALUES (${memberId}, ${at}::timestamptz, ${merchantId}, 1, ${row.stake}, ${row.valid}, ${row.payout})`,
          );
        } else {
          await query(
            db,
            sql`INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor,
                                               payout_minor)
              VALUES (${memberId}, ${at}::timestamptz, ${merchantId}, 1, ${row.stake}, ${row.valid}, ${row.payout})`,
          );
        }
      }

      // The contracts, each agent's with its upline (the brand's for a top agent), and the agents' own funds.
      const caps = capsOf(scenario);
      const contracted = scenario.agents.flatMap((agent, index) => (agent.contracted ? [index] : []));
      const contractIds = new Map<number, number>();
      for (const index of contracted) {
        const agent = scenario.agents[index]!;
        contractIds.set(
          await insertContract(db, {
            merchantId,
            uplineId: agent.parent < 0 ? null : ids[agent.parent]!,
            downlineId: ids[index]!,
            kind: kindCase.kind,
            salaryType: kindCase.kind === 'dividend' ? null : scenario.salaryType,
            period: kindCase.kind === 'dividend' ? 'D' : null,
            tiers: tiersOf(agent, caps[index]!),
            activatedAt: new Date(base),
          }),
          index,
        );
      }
      if (!scenario.carriesLoss) {
        await query(
          db,
          sql`INSERT INTO agent_settings (merchant_id, dividend_carries_loss) VALUES (${merchantId}, false)`,
        );
      }
      const funds = new Map<number, number>();
      for (const [index, agent] of scenario.agents.entries()) {
        if (agent.fundMinor === 0) continue;
        funds.set(ids[index]!, agent.fundMinor);
        await services.wallet.credit(db, {
          merchantId,
          memberId: ids[index]!,
          currency: 'KRW',
          amountMinor: agent.fundMinor,
          kind: 'adjustment',
          idempotencyKey: `${code}-fund-${index}`,
        });
      }

      // Settled at the end of the last period due, past the grace: the next one is not due yet.
      const clock = new Date(base + kindCase.due * kindCase.sizeMs + SETTLEMENT_GRACE_MS);
      const settlement = services.settlement(() => clock);
      await settlement.settleDue();

      // Every line as the model has it, one per contract and period.
      const stored = await storedLines(db, merchantId);
      const periodStart = (period: number) => new Date(base + period * kindCase.sizeMs).toISOString();
      const expected = modelLines(scenario, contracted, parentOf).map((line) => ({
        contractId: [...contractIds].find(([, index]) => index === line.contractIndex)![0],
        agentId: ids[line.contractIndex]!,
        payerId:
          scenario.agents[line.contractIndex]!.parent < 0 ? null : ids[scenario.agents[line.contractIndex]!.parent]!,
        agentLevel: levelOf(line.contractIndex),
        periodStart: periodStart(line.period),
        activeMembers: line.activeMembers,
        validBetMinor: line.validBetMinor,
        profitLossMinor: line.profitLossMinor,
        rateBp: line.rateBp,
        baseMinor: line.baseMinor,
        amountMinor: line.amountMinor,
        carryMinor: line.carryMinor,
      }));
      const byKey = (line: { contractId: number; periodStart: string }) => `${line.contractId}|${line.periodStart}`;
      const sortByKey = <T extends { contractId: number; periodStart: string }>(lines: T[]) =>
        [...lines].sort((a, b) => byKey(a).localeCompare(byKey(b)));
      expect(sortByKey(stored.map(({ id: _id, status: _status, movementId: _movement, ...line }) => line))).toEqual(
        sortByKey(expected),
      );
      expect(new Set(stored.map(byKey)).size).toBe(stored.length);

      // One run per period due where someone played, and none after (none at all without a contract).
      const runs = await runCounts(db, merchantId);
      expect([...runs.entries()].sort()).toEqual(
        (contracted.length > 0 ? activePeriods(scenario) : [])
          .map((period) => [`${kindCase.kind}|${kindCase.rhythm}|${periodStart(period)}`, 1])
          .sort(),
      );

      // Paid top first; an upline short leaves the line pending. Then the short uplines funded: paid on the next run.
      const status = new Map(stored.map((line) => [line.id, line.amountMinor > 0 ? 'due' : 'none']));
      const balance = new Map(funds);
      modelPayments(stored, status, balance);
      await expectPaid(merchantId, status, balance);

      const short = new Map<number, number>();
      for (const line of stored) {
        if (status.get(line.id) === 'pending')
          short.set(line.payerId!, (short.get(line.payerId!) ?? 0) + line.amountMinor);
      }
      for (const [memberId, amountMinor] of short) {
        await services.wallet.credit(db, {
          merchantId,
          memberId,
          currency: 'KRW',
          amountMinor,
          kind: 'adjustment',
          idempotencyKey: `${code}-topup-${memberId}`,
        });
        funds.set(memberId, (funds.get(memberId) ?? 0) + amountMinor);
        balance.set(memberId, (balance.get(memberId) ?? 0) + amountMinor);
      }
      await services.settlement(() => clock).settleDue();
      modelPayments(stored, status, balance);
      expect([...status.values()].filter((value) => value === 'pending')).toEqual([]);
      await expectPaid(merchantId, status, balance);

      // Nothing pending: each agent holds its funds plus its net income (what it earned less what it paid out), and
      // the brand paid the sum of those incomes.
      const net = new Map<number, number>();
      for (const line of stored) {
        net.set(line.agentId, (net.get(line.agentId) ?? 0) + line.amountMinor);
        if (line.payerId !== null) net.set(line.payerId, (net.get(line.payerId) ?? 0) - line.amountMinor);
      }
      const held = await balances(db, merchantId);
      for (const id of ids.slice(0, scenario.agents.length)) {
        expect((held.get(id) ?? 0) - (funds.get(id) ?? 0)).toBe(net.get(id) ?? 0);
      }
      const brandPaid = stored
        .filter((line) => line.payerId === null && line.amountMinor > 0)
        .reduce((sum, line) => sum + line.amountMinor, 0);
      expect([...net.values()].reduce((sum, value) => sum + value, 0)).toBe(brandPaid);
    } finally {
      await retire(merchantId);
    }
  }

  /**
   * The brand's settlement rows and contracts removed once checked: every settleDue walks every settling brand, and
   * a failing property's shrinking runs hundreds of scenarios.
   */
  async function retire(merchantId: number): Promise<void> {
    const db = database.handle.db;
    await query(db, sql`DELETE FROM agent_settlement_lines WHERE merchant_id = ${merchantId}`);
    await query(db, sql`DELETE FROM agent_settlement_runs WHERE merchant_id = ${merchantId}`);
    await query(db, sql`DELETE FROM agent_contracts WHERE merchant_id = ${merchantId}`);
  }

  /** The stored statuses and balances as the model's, and the ledger's movements one per paid line. */
  async function expectPaid(merchantId: number, status: Map<number, string>, balance: Map<number, number>) {
    const db = database.handle.db;
    const stored = await storedLines(db, merchantId);
    expect(new Map(stored.map((line) => [line.id, line.status]))).toEqual(status);
    const held = await balances(db, merchantId);
    for (const [memberId, amountMinor] of balance)
      expect([memberId, held.get(memberId) ?? 0]).toEqual([memberId, amountMinor]);
    const paid = stored.filter((line) => line.status === 'paid');
    const ledger = await settlementLedger(db, merchantId);
    expect(ledger).toEqual({
      movements: paid.length,
      keyed: paid.length,
      brandMinor: paid.filter((line) => line.payerId === null).reduce((sum, line) => sum - line.amountMinor, 0),
      unbalanced: 0,
    });
    expect(new Set(paid.map((line) => line.movementId)).size).toBe(paid.length);
  }

  it('writes, pays and books every line as the model does, once, whatever the tree, the figures and the kind', async () => {
    await fc.assert(fc.asyncProperty(scenarioArbitrary, check), { numRuns: 25 });
  }, 120_000);
});
