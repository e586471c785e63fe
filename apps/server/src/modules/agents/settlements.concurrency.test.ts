import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
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
} from './settlements.fixtures';
import { AgentSettlementService, SETTLEMENT_GRACE_MS, type SettleResult } from './settlements';

// Contract settlement under concurrency (decision 0068): several instances of the platform, on one clock, settling a
// backlog of 5-minute periods at once while an upline is short, then again once it is funded. Each period gets one run
// (settled by one call), each line one movement at most, and the balances come out exact. On PGlite by default, and
// on PostgreSQL with DATABASE_URL (where the instances really race: SKIP LOCKED, the run's unique key).

const SLOT_MS = 5 * 60_000;
/** Periods due, half of them with the whole tree playing (even), half with mid1's team only (odd). */
const PERIODS = 40;
const CALLS = 10;
const INSTANCES = 3;
const BET = 10_000;

describe(`${AgentSettlementService.name} under concurrency`, () => {
  let database: TestDatabase;
  let services: SettlementServices;
  let merchantId: number;
  // top ── mid1 ── low1a, low1b ── two players each
  //    └── mid2 ── low2a, low2b ── two players each
  const agents: Record<'top' | 'mid1' | 'mid2' | 'low1a' | 'low1b' | 'low2a' | 'low2b', number> = {
    top: 0,
    mid1: 0,
    mid2: 0,
    low1a: 0,
    low1b: 0,
    low2a: 0,
    low2b: 0,
  };
  // Well before anything the seed writes: its contracts' periods never reach this clock.
  const base = Date.parse('2026-03-02T00:00:00Z');
  const clock = new Date(base + PERIODS * SLOT_MS + SETTLEMENT_GRACE_MS);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    services = await settlementServices(db);
    const code = `sconc${Date.now().toString(36)}`;
    merchantId = await createTestBrand(db, code, `${code}.test`);
    agents.top = await insertMember(db, merchantId, `${code}top`, 1, null);
    agents.mid1 = await insertMember(db, merchantId, `${code}mid1`, 2, agents.top);
    agents.mid2 = await insertMember(db, merchantId, `${code}mid2`, 2, agents.top);
    agents.low1a = await insertMember(db, merchantId, `${code}low1a`, 2, agents.mid1);
    agents.low1b = await insertMember(db, merchantId, `${code}low1b`, 2, agents.mid1);
    agents.low2a = await insertMember(db, merchantId, `${code}low2a`, 2, agents.mid2);
    agents.low2b = await insertMember(db, merchantId, `${code}low2b`, 2, agents.mid2);
    const slots: string[] = [];
    for (const low of ['low1a', 'low1b', 'low2a', 'low2b'] as const) {
      for (const n of [1, 2]) {
        const player = await insertMember(db, merchantId, `${code}${low}p${n}`, 0, agents[low]);
        for (let period = 0; period < PERIODS; period += 1) {
          // mid2's team plays in the even periods only.
          if (low.startsWith('low2') && period % 2 === 1) continue;
          slots.push(
            `(${player}, '${new Date(base + period * SLOT_MS).toISOString()}', ${merchantId}, 1, ${BET}, ${BET}, 0)`,
          );
        }
      }
    }
    await query(
      db,
      sql.raw(`INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor,
                                                payout_minor) VALUES ${slots.join(', ')}`),
    );
    // 100 bp on the whole team, once 6 of its members bet (met in the even periods only); 80 bp the mids, 50 the lows.
    const contract = (downlineId: number, uplineId: number | null, rateBp: number, minActiveMembers = 0) =>
      insertContract(db, {
        merchantId,
        uplineId,
        downlineId,
        kind: 'realtime_salary',
        salaryType: 'single_bet',
        period: null,
        tiers: [{ rateBp, minActiveMembers, minValidBetMinor: 0 }],
        activatedAt: new Date(base),
      });
    await contract(agents.top, null, 100, 6);
    await contract(agents.mid1, agents.top, 80);
    await contract(agents.mid2, agents.top, 80);
    await contract(agents.low1a, agents.mid1, 50);
    await contract(agents.low1b, agents.mid1, 50);
    await contract(agents.low2a, agents.mid2, 50);
    await contract(agents.low2b, agents.mid2, 50);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  /** CALLS settleDue calls at once, spread over INSTANCES instances on the one clock. */
  async function settleAtOnce(): Promise<SettleResult[]> {
    const instances = Array.from({ length: INSTANCES }, () => services.settlement(() => clock));
    return Promise.all(Array.from({ length: CALLS }, (_, index) => instances[index % INSTANCES]!.settleDue()));
  }

  /** What holds whatever the interleaving: one run a period, a line a contract and period, paid once, books exact. */
  async function expectBooksWhole(funds: ReadonlyMap<number, number>) {
    const db = database.handle.db;
    const runs = await runCounts(db, merchantId);
    expect(runs.size).toBe(PERIODS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const lines = await storedLines(db, merchantId);
    expect(new Set(lines.map((line) => `${line.contractId}|${line.periodStart}`)).size).toBe(lines.length);
    // Every line tried: none left `due`.
    expect(lines.filter((line) => line.status === 'due')).toEqual([]);
    const paid = lines.filter((line) => line.status === 'paid');
    const net = new Map(funds);
    for (const line of paid) {
      net.set(line.agentId, (net.get(line.agentId) ?? 0) + line.amountMinor);
      if (line.payerId !== null) net.set(line.payerId, (net.get(line.payerId) ?? 0) - line.amountMinor);
    }
    const held = await balances(db, merchantId);
    for (const id of Object.values(agents)) expect([id, held.get(id) ?? 0]).toEqual([id, net.get(id) ?? 0]);
    const brandPaid = paid.filter((line) => line.payerId === null).reduce((sum, line) => sum + line.amountMinor, 0);
    expect(await settlementLedger(db, merchantId)).toEqual({
      movements: paid.length,
      keyed: paid.length,
      brandMinor: 0 - brandPaid,
      unbalanced: 0,
    });
    // Each paid line's movement is the one its key names.
    const keyed = await query<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agent_settlement_lines l JOIN wallet_movements m ON m.id = l.movement_id
          WHERE l.merchant_id = ${merchantId} AND m.idempotency_key = 'agent-settlement:' || l.id`,
    );
    expect(toNumber(keyed[0]?.n)).toBe(paid.length);
    return lines;
  }

  it(`settles each period once and pays each line once when ${CALLS} runs on ${INSTANCES} instances meet`, async () => {
    const results = await settleAtOnce();
    // Each period settled by exactly one of the calls; each line paid by one.
    expect(results.reduce((sum, result) => sum + result.settled, 0)).toBe(PERIODS);
    const lines = await expectBooksWhole(new Map());
    expect(results.reduce((sum, result) => sum + result.paid, 0)).toBe(
      lines.filter((line) => line.status === 'paid').length,
    );
    // The top earns nothing in the odd periods but owes mid1: short, some of its lines wait.
    expect(lines.filter((line) => line.status === 'pending').length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.amountMinor > 0)).toHaveLength(
      PERIODS / 2 + PERIODS + PERIODS / 2 + 2 * PERIODS + 2 * (PERIODS / 2),
    );
  }, 120_000);

  it('pays every waiting line once the short upline is funded, to the exact balances', async () => {
    // The top keeps 800 − 640 in an even period and owes 320 in an odd one: 80 a period over all.
    const fund = 80 * PERIODS;
    await services.wallet.credit(database.handle.db, {
      merchantId,
      memberId: agents.top,
      currency: 'KRW',
      amountMinor: fund,
      kind: 'adjustment',
      idempotencyKey: `sconc-fund-${agents.top}`,
    });
    const results = await settleAtOnce();
    expect(results.reduce((sum, result) => sum + result.settled, 0)).toBe(0);
    // A line tried by one instance while another still pays its payer's own line waits for the next run.
    await services.settlement(() => clock).settleDue();
    const lines = await expectBooksWhole(new Map([[agents.top, fund]]));
    expect(lines.filter((line) => line.status === 'pending')).toEqual([]);
    const held = await balances(database.handle.db, merchantId);
    expect(Object.fromEntries(Object.entries(agents).map(([name, id]) => [name, held.get(id) ?? 0]))).toEqual({
      top: 0,
      mid1: (320 - 200) * PERIODS,
      mid2: ((320 - 200) * PERIODS) / 2,
      low1a: 100 * PERIODS,
      low1b: 100 * PERIODS,
      low2a: (100 * PERIODS) / 2,
      low2b: (100 * PERIODS) / 2,
    });
    // The brand paid the top's 800 of each even period: the sum of every agent's net income.
    const brandPaid = lines.filter((line) => line.payerId === null).reduce((sum, line) => sum + line.amountMinor, 0);
    expect(brandPaid).toBe(800 * (PERIODS / 2));
    expect([...held.values()].reduce((sum, value) => sum + value, 0) - fund).toBe(brandPaid);
    // Nothing more to do, on any instance.
    expect(await settleAtOnce()).toEqual(
      Array.from({ length: CALLS }, () => ({ settled: 0, due: 0, paid: 0, pending: 0 })),
    );
  }, 120_000);
});
