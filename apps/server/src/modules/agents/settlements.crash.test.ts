import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestBrand } from '../../test/brands';
import { createCrashDatabase, freePort, startServer } from '../../test/crash-server';
import { balances, insertContract, insertMember, settlementServices, storedLines } from './settlements.fixtures';
import { AgentSettlementService } from './settlements';

// Contract settlement killed with SIGKILL (decision 0068): the platform's settlement job works through a backlog of
// 5-minute periods (hundreds of lines to pay) and is killed at a later moment each time until a kill lands while it
// pays; after every kill what was committed is whole (a paid line has its one movement, the balances are the paid
// lines'); then the settlement runs again in the test's own process and pays each line left exactly once.

const SLOT_MS = 5 * 60_000;
// 3,300 lines: their payment takes seconds even on a fast machine, longer on a loaded one, so a kill a second later
// each time lands in it.
const PERIODS = 300;
const MIDS = 10;
const BET = 10_000;

interface Books {
  payable: number;
  paid: number;
}

/** What holds after any kill: each paid line booked once by its key, no movement without its line, balances exact. */
async function expectWholeBooks(handle: DatabaseHandle, merchantId: number, agentIds: number[]): Promise<Books> {
  const lines = await storedLines(handle.db, merchantId);
  const paid = lines.filter((line) => line.status === 'paid');
  const moves = await query<{ n: unknown; keyed: unknown }>(
    handle.db,
    sql`SELECT count(*) AS n,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM agent_settlement_lines l
                                              WHERE l.movement_id = m.id AND l.status = 'paid'
                                                AND m.idempotency_key = 'agent-settlement:' || l.id)) AS keyed
        FROM wallet_movements m
        WHERE m.merchant_id = ${merchantId} AND m.kind IN ('agent_dividend', 'agent_salary')`,
  );
  expect({ movements: toNumber(moves[0]?.n), keyed: toNumber(moves[0]?.keyed) }).toEqual({
    movements: paid.length,
    keyed: paid.length,
  });
  const net = new Map<number, number>();
  for (const line of paid) {
    net.set(line.agentId, (net.get(line.agentId) ?? 0) + line.amountMinor);
    if (line.payerId !== null) net.set(line.payerId, (net.get(line.payerId) ?? 0) - line.amountMinor);
  }
  const held = await balances(handle.db, merchantId);
  for (const id of agentIds) expect([id, held.get(id) ?? 0]).toEqual([id, net.get(id) ?? 0]);
  return { payable: lines.filter((line) => line.amountMinor > 0).length, paid: paid.length };
}

describe(AgentSettlementService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('pays each line once when the settlement is killed with SIGKILL mid-payment and run again', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('agent-settlements');
    cleanups.push(database.remove);
    const { options, env } = database;

    // A brand whose top agent (100 bp from the brand) has ten mids (60 bp each) with two players each, who bet in each
    // of 300 five-minute periods of two days ago: 300 × 11 lines to pay. The top earns before it pays (top first): never
    // short.
    let handle = database.handle;
    const code = `scrash${Date.now().toString(36)}`;
    const merchantId = await createTestBrand(handle.db, code, `${code}.test`);
    const base = Math.floor((Date.now() - 2 * 86_400_000) / SLOT_MS) * SLOT_MS;
    const top = await insertMember(handle.db, merchantId, `${code}top`, 1, null);
    const agentIds = [top];
    await insertContract(handle.db, {
      merchantId,
      uplineId: null,
      downlineId: top,
      kind: 'realtime_salary',
      salaryType: 'single_bet',
      period: null,
      tiers: [{ rateBp: 100, minActiveMembers: 0, minValidBetMinor: 0 }],
      activatedAt: new Date(base),
    });
    for (let index = 0; index < MIDS; index += 1) {
      const mid = await insertMember(handle.db, merchantId, `${code}mid${index}`, 2, top);
      agentIds.push(mid);
      await insertContract(handle.db, {
        merchantId,
        uplineId: top,
        downlineId: mid,
        kind: 'realtime_salary',
        salaryType: 'single_bet',
        period: null,
        tiers: [{ rateBp: 60, minActiveMembers: 0, minValidBetMinor: 0 }],
        activatedAt: new Date(base),
      });
      for (const n of [1, 2]) {
        const player = await insertMember(handle.db, merchantId, `${code}mid${index}p${n}`, 0, mid);
        await query(
          handle.db,
          sql`INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor,
                                               payout_minor)
              SELECT ${player}, ${new Date(base).toISOString()}::timestamptz + p * interval '5 minutes', ${merchantId},
                     1, ${BET}, ${BET}, 0
              FROM generate_series(0, ${PERIODS - 1}) p`,
        );
      }
    }
    await handle.close();

    // Killed a second later each time, from its start, until a kill lands while the settlement pays (the server may
    // be starting, settling the periods, or done at a given moment: the machine's speed decides; each start goes on
    // from what the last committed). Not from its first answer: on PGlite the job's first run, which starts as the
    // server does, holds /healthz until it ends. After each kill what was committed is whole.
    const port = await freePort();
    let killedMidWay = false;
    let books: Books = { payable: 0, paid: 0 };
    for (let wait = 3_000; wait <= 60_000; wait += 1_000) {
      const server = startServer(env, port);
      cleanups.push(async () => {
        server.kill('SIGKILL');
      });
      await new Promise((resolve) => setTimeout(resolve, wait));
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      handle = await openDatabase(options);
      try {
        const before = books.paid;
        books = await expectWholeBooks(handle, merchantId, agentIds);
        expect(books.paid).toBeGreaterThanOrEqual(before);
        if (books.paid > 0 && books.paid < PERIODS * (MIDS + 1)) killedMidWay = true;
      } finally {
        await handle.close();
      }
      if (killedMidWay || books.paid === PERIODS * (MIDS + 1)) break;
    }
    expect(killedMidWay).toBe(true);

    // The settlement again, in this process: every line left is paid, once; nothing left due or pending.
    handle = await openDatabase(options);
    try {
      const services = await settlementServices(handle.db);
      await services.settlement(() => new Date()).settleDue();
      expect(await expectWholeBooks(handle, merchantId, agentIds)).toEqual({
        payable: PERIODS * (MIDS + 1),
        paid: PERIODS * (MIDS + 1),
      });
      const lines = await storedLines(handle.db, merchantId);
      expect(lines.filter((line) => line.status === 'due' || line.status === 'pending')).toEqual([]);
      const held = await balances(handle.db, merchantId);
      // The top keeps 100 − 60 bp of each mid's 20,000 a period; each mid 60 bp of it.
      expect(held.get(top)).toBe(PERIODS * MIDS * (200 - 120));
      for (const mid of agentIds.slice(1)) expect(held.get(mid)).toBe(PERIODS * 120);
      // Once more: nothing more is paid.
      await services.settlement(() => new Date()).settleDue();
      expect((await storedLines(handle.db, merchantId)).filter((line) => line.status === 'paid')).toHaveLength(
        PERIODS * (MIDS + 1),
      );
      expect(await balances(handle.db, merchantId)).toEqual(held);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
