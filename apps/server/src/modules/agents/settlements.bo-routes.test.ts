import {
  BACKOFFICE_CALLS,
  callWithParams,
  type ContractTier,
  type PaySettlementRunResult,
  type SettlementRunLines,
  type SettlementRuns,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { periodAt } from './settlement-periods';
import { AgentSettlementService } from './settlements';

// The back office's contract settlements (decision 0068): the brand's runs with their paid and pending sums, a run's
// lines (brand.read), and a run's pending lines tried again by an operator with brand.write (audited), each paid once.
// The periods are in 2030: the settlement job, which runs in the app, never reaches a period that has not ended, so
// only this file settles them (its retries of the pending line find the payer as short as the test left it).

const DAY = '2030-01-02';
const tiers = (rateBp: number): ContractTier[] => [{ rateBp, minActiveMembers: 0, minValidBetMinor: 0 }];

describe(`${AgentSettlementService.name} in the back office`, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let top: TestMember;
  let sub: TestMember;
  let runId: number;
  let otherRunId: number;

  const insertContract = async (
    merchantId: number,
    uplineId: number | null,
    downlineId: number,
    salaryType: 'loss' | 'single_bet',
    rateBp: number,
  ): Promise<number> => {
    const rows = await query<{ id: unknown }>(
      t.app.db,
      sql`INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, tiers, top_rate_bp,
                                       status, activated_at)
          VALUES (${merchantId}, ${uplineId}::bigint, ${downlineId}, 'daily_salary', ${salaryType},
                  ${JSON.stringify(tiers(rateBp))}::jsonb, ${rateBp}, 'active', '2030-01-01T00:00:00Z')
          RETURNING id`,
    );
    return toNumber(rows[0]?.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    // The app's own settlement job (every 30 s) would pay open lines between this test's steps: only the test settles.
    await t.app.ready();
    await t.app.housekeeping.agentSettlement?.stop();
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const brand = { merchantId: merchant.id, timeZone: merchant.brand.timeZone, currency: merchant.brand.currency };
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `bst${tag}` });
    sub = await createTestMember(t.app, { agentType: 2, account: `bss${tag}`, uplineId: top.id });
    const player = await createTestMember(t.app, { account: `bsp${tag}`, uplineId: sub.id });
    // The brand pays the top 10% of its team's loss (1,000); the top pays its sub-agent 1% of the team's valid bets
    // (10,000), more than the top has: the sub-agent's line is left pending.
    await insertContract(merchant.id, null, top.id, 'loss', 1_000);
    await insertContract(merchant.id, top.id, sub.id, 'single_bet', 100);
    await query(
      t.app.db,
      sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                          payout_minor)
          VALUES (${player.id}, ${DAY}::date, 'RNG', ${merchant.id}, 10, 1000000, 1000000, 990000)`,
    );
    const period = periodAt('D', new Date(`${DAY}T12:00:00+09:00`), brand.timeZone);
    expect(await t.app.agentSettlements.settlePeriod(brand, 'daily_salary', 'D', period)).toBe(2);
    await t.app.agentSettlements.payOpen(brand);
    runId = toNumber(
      (
        await query<{ id: unknown }>(
          t.app.db,
          sql`SELECT run_id AS id FROM agent_settlement_lines WHERE agent_id = ${sub.id}`,
        )
      )[0]?.id,
    );

    // Another brand's run, with a line of its own.
    const otherId = await createTestBrand(t.app.db, `bso${tag}`, `bso${tag}.test`);
    const otherTop = await createTestMember(t.app, { agentType: 1, merchantCode: `bso${tag}` });
    const otherPlayer = await createTestMember(t.app, { merchantCode: `bso${tag}`, uplineId: otherTop.id });
    await insertContract(otherId, null, otherTop.id, 'single_bet', 100);
    await query(
      t.app.db,
      sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                          payout_minor)
          VALUES (${otherPlayer.id}, ${DAY}::date, 'RNG', ${otherId}, 1, 50000, 50000, 0)`,
    );
    const other = { merchantId: otherId, timeZone: 'Asia/Seoul', currency: 'KRW' };
    await t.app.agentSettlements.settlePeriod(other, 'daily_salary', 'D', period);
    otherRunId = toNumber(
      (
        await query<{ id: unknown }>(t.app.db, sql`SELECT id FROM agent_settlement_runs WHERE merchant_id = ${otherId}`)
      )[0]?.id,
    );
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  const call = (cookie: string, api: { method: 'GET' | 'POST'; path: string }, params: object = {}, search = '') =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(api.method === 'POST' ? { payload: {} } : {}),
    });

  const pendingCount = async () =>
    toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM agent_settlement_lines WHERE status IN ('due', 'pending')`,
        )
      )[0]?.n,
    );

  it("lists the brand's runs with their sums, and a run's lines with payer, figures and payment", async () => {
    const list = await call(readOnly, BACKOFFICE_CALLS.agentSettlements, {}, '?kind=daily_salary&pendingOnly=true');
    expect(list.statusCode, list.body).toBe(200);
    const runs = list.json().value as SettlementRuns;
    expect(runs).toMatchObject({ currency: 'KRW', timeZone: 'Asia/Seoul' });
    expect(runs.pendingLines).toBeGreaterThanOrEqual(1);
    expect(runs.pendingMinor).toBeGreaterThanOrEqual(10_000);
    expect(runs.runs.find((run) => run.id === runId)).toMatchObject({
      kind: 'daily_salary',
      rhythm: 'D',
      periodStart: '2030-01-01T15:00:00.000Z',
      periodEnd: '2030-01-02T15:00:00.000Z',
      lines: 2,
      paidLines: 1,
      pendingLines: 1,
      paidMinor: 1_000,
      pendingMinor: 10_000,
      brandPaidMinor: 1_000,
    });
    expect(runs.runs.map((run) => run.id)).not.toContain(otherRunId);
    const older = (await call(admin, BACKOFFICE_CALLS.agentSettlements, {}, `?cursor=${runId}`)).json()
      .value as SettlementRuns;
    expect(older.runs.every((run) => run.id < runId)).toBe(true);
    const dividends = (await call(admin, BACKOFFICE_CALLS.agentSettlements, {}, '?kind=dividend')).json()
      .value as SettlementRuns;
    expect(dividends.runs.map((run) => run.id)).not.toContain(runId);

    const lines = await call(readOnly, BACKOFFICE_CALLS.agentSettlementLines, { runId });
    expect(lines.statusCode, lines.body).toBe(200);
    const value = lines.json().value as SettlementRunLines;
    expect(value.run.id).toBe(runId);
    expect(
      value.lines.map((line) => [line.agentAccount, line.payerAccount, line.rateBp, line.baseMinor, line.amountMinor]),
    ).toEqual([
      [top.account, null, 1_000, 10_000, 1_000],
      [sub.account, top.account, 100, 1_000_000, 10_000],
    ]);
    expect(value.lines.map((line) => [line.status, line.paidAt === null])).toEqual([
      ['paid', false],
      ['pending', true],
    ]);
    expect(value.lines[1]).toMatchObject({
      activeMembers: 1,
      validBetMinor: 1_000_000,
      profitLossMinor: -10_000,
      salaryType: 'single_bet',
    });
  });

  it("answers AGENT_SETTLEMENT_NOT_FOUND for another brand's run, and refuses a read-only operator's pay", async () => {
    const audits = async () =>
      toNumber(
        (
          await query<{ n: unknown }>(
            t.app.db,
            sql`SELECT count(*) AS n FROM audit_log WHERE action = 'agents.settlement_pay'`,
          )
        )[0]?.n,
      );
    const before = { audits: await audits(), pending: await pendingCount() };
    expect((await call(admin, BACKOFFICE_CALLS.agentSettlementLines, { runId: otherRunId })).json().code).toBe(
      'AGENT_SETTLEMENT_NOT_FOUND',
    );
    expect((await call(admin, BACKOFFICE_CALLS.payAgentSettlement, { runId: otherRunId })).json().code).toBe(
      'AGENT_SETTLEMENT_NOT_FOUND',
    );
    expect((await call(readOnly, BACKOFFICE_CALLS.payAgentSettlement, { runId })).json().code).toBe(
      'BO_PERMISSION_DENIED',
    );
    expect(await audits()).toBe(before.audits);
    expect(await pendingCount()).toBe(before.pending);
  });

  const payAudits = () =>
    query<{ before: unknown; after: unknown; target_id: unknown }>(
      t.app.db,
      sql`SELECT before, after, target_id FROM audit_log WHERE action = 'agents.settlement_pay' ORDER BY id`,
    );

  it('pays a pending line once its payer has the money, once, audited', async () => {
    // Still short: nothing paid, the line stays pending.
    const short = await call(admin, BACKOFFICE_CALLS.payAgentSettlement, { runId });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().value).toEqual({ paid: 0, stillPending: 1 } satisfies PaySettlementRunResult);

    await t.app.db.transaction((tx) =>
      t.app.gaming.wallet.credit(tx, {
        memberId: top.id,
        merchantId: top.merchantId,
        currency: 'KRW',
        amountMinor: 20_000,
        kind: 'deposit',
        idempotencyKey: `settlement-bo-deposit-${top.id}`,
        counterparty: 'cashier',
      }),
    );
    // A payment that dies after its movement (a kill, a lost connection) rolls back whole; the operator's request is
    // in the trail all the same, written before the first payment.
    await query(
      t.app.db,
      sql`CREATE FUNCTION test_die_mid_payment() RETURNS trigger LANGUAGE plpgsql
          AS $$ BEGIN RAISE EXCEPTION 'died mid-payment'; END $$`,
    );
    await query(
      t.app.db,
      sql`CREATE TRIGGER test_die_mid_payment BEFORE UPDATE ON agent_settlement_lines
          FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION test_die_mid_payment()`,
    );
    try {
      const died = await call(admin, BACKOFFICE_CALLS.payAgentSettlement, { runId });
      expect(died.statusCode, died.body).toBe(500);
    } finally {
      await query(t.app.db, sql`DROP TRIGGER test_die_mid_payment ON agent_settlement_lines`);
      await query(t.app.db, sql`DROP FUNCTION test_die_mid_payment()`);
    }
    expect((await payAudits()).map((row) => [String(row.target_id), row.before])).toEqual([
      [String(runId), { pendingLines: 1, pendingMinor: 10_000 }],
      [String(runId), { pendingLines: 1, pendingMinor: 10_000 }],
    ]);
    const [line] = await query<{ status: string }>(
      t.app.db,
      sql`SELECT status FROM agent_settlement_lines WHERE agent_id = ${sub.id}`,
    );
    expect(line?.status).toBe('pending');

    const paid = await call(admin, BACKOFFICE_CALLS.payAgentSettlement, { runId });
    expect(paid.json().value).toEqual({ paid: 1, stillPending: 0 } satisfies PaySettlementRunResult);
    const again = await call(admin, BACKOFFICE_CALLS.payAgentSettlement, { runId });
    expect(again.json().value).toEqual({ paid: 0, stillPending: 0 } satisfies PaySettlementRunResult);

    const balance = (member: TestMember) =>
      t.app.gaming.wallet.getBalance({ memberId: member.id, merchantId: member.merchantId, currency: 'KRW' });
    // The top: its 1,000 from the brand and the 20,000 deposit, less the 10,000 it paid; the sub-agent: its 10,000.
    expect(await balance(top)).toBe(11_000);
    expect(await balance(sub)).toBe(10_000);
    const lines = (await call(admin, BACKOFFICE_CALLS.agentSettlementLines, { runId })).json()
      .value as SettlementRunLines;
    expect(lines.run).toMatchObject({ paidLines: 2, pendingLines: 0, paidMinor: 11_000, brandPaidMinor: 1_000 });
    expect(lines.lines[1]?.paidAt).not.toBeNull();

    // Each request audited with what was pending when it was made: the short one, the one that died, the one that
    // paid, and the one that found nothing left.
    expect((await payAudits()).map((row) => [String(row.target_id), row.before, row.after])).toEqual([
      [String(runId), { pendingLines: 1, pendingMinor: 10_000 }, null],
      [String(runId), { pendingLines: 1, pendingMinor: 10_000 }, null],
      [String(runId), { pendingLines: 1, pendingMinor: 10_000 }, null],
      [String(runId), { pendingLines: 0, pendingMinor: 0 }, null],
    ]);
  });

  it('pages the runs by keyset: each page older than the last, the last page without a cursor', async () => {
    // Three more days settled with lines that pay nothing (status none): balances and pending sums stay as they are.
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const [topContract] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM agent_contracts WHERE downline_id = ${top.id}`,
    );
    const added: number[] = [];
    for (const day of ['2031-01-01', '2031-01-02', '2031-01-03']) {
      const [row] = await query<{ id: unknown }>(
        t.app.db,
        sql`INSERT INTO agent_settlement_runs (merchant_id, kind, rhythm, period_start, period_end)
            VALUES (${merchant.id}, 'daily_salary', 'D', ${day}::timestamptz, ${day}::timestamptz + interval '1 day')
            RETURNING id`,
      );
      added.push(toNumber(row?.id));
      await query(
        t.app.db,
        sql`INSERT INTO agent_settlement_lines (run_id, merchant_id, contract_id, agent_id, payer_id, agent_level,
                                                period_start, period_end, active_members, valid_bet_minor,
                                                profit_loss_minor, rate_bp, base_minor, amount_minor, carry_minor, status)
            VALUES (${toNumber(row?.id)}, ${merchant.id}, ${toNumber(topContract?.id)}, ${top.id}, NULL, 0,
                    ${day}::timestamptz, ${day}::timestamptz + interval '1 day', 1, 100, 0, 1000, 0, 0, 0, 'none')`,
      );
    }
    const page = async (search: string) => {
      const reply = await call(readOnly, BACKOFFICE_CALLS.agentSettlements, {}, search);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().value as SettlementRuns;
    };
    const first = await page('?limit=2');
    expect(first.runs.map((run) => run.id)).toEqual([added[2], added[1]]);
    expect(first.nextCursor).toBe(String(added[1]));
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.runs[0]?.id).toBe(added[0]);
    expect(second.runs.every((run) => run.id < added[1]!)).toBe(true);

    // Walked to the end: every run once, newest first, the last page's cursor null.
    const seen = [...first.runs, ...second.runs].map((run) => run.id);
    let cursor = second.nextCursor;
    for (let guard = 0; cursor !== null && guard < 100; guard += 1) {
      const next = await page(`?limit=2&cursor=${cursor}`);
      seen.push(...next.runs.map((run) => run.id));
      cursor = next.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual([...new Set(seen)].sort((a, b) => b - a));
    expect(seen).toContain(runId);
    expect(seen).not.toContain(otherRunId);
    // A page that ends the list exactly has no next page.
    expect((await page(`?limit=${seen.length}`)).nextCursor).toBeNull();

    const bad = await call(readOnly, BACKOFFICE_CALLS.agentSettlements, {}, '?cursor=abc');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
