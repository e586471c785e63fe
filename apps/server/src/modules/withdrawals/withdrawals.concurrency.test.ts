import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  bindAccount,
  checkWithdrawalLedger,
  createWithdrawer,
  setWithdrawalSettings,
  type Withdrawer,
} from './withdrawals.fixtures';
import { WithdrawalService } from './withdrawals.service';

const COPIES = 50;

// The race needs several connections: on the embedded PGlite (one connection) the calls run one after another, so
// only a run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(WithdrawalService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setWithdrawalSettings(t.app, {
      minMinor: 1_000,
      maxMinor: 1_000_000,
      dailyCount: 100,
      paymentPasswordRequired: false,
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  // Straight to the service: the route's per-client rate limit would answer most copies before the race.
  const request = async (who: Withdrawer, body: { bankAccountId: number; amountMinor: number; requestId: string }) => {
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const member = { ...who.member, sessionId: 0 };
    try {
      return { code: 'held', id: (await t.app.withdrawals.requests.request(merchant, member, body, '127.0.0.1')).id };
    } catch (error) {
      return { code: (error as { code?: string }).code ?? String(error), id: 0 };
    }
  };

  it(`never holds more than the balance under ${COPIES} requests at once: as many go through as the money covers`, async () => {
    const who = await createWithdrawer(t.app, { depositMinor: 100_000, betMinor: 100_000 });
    const accountId = await bindAccount(t.app, who);
    const replies = await Promise.all(
      Array.from({ length: COPIES }, (_, index) =>
        request(who, { bankAccountId: accountId, amountMinor: 7_000, requestId: `race-${index}-0000` }),
      ),
    );
    const codes = replies.map((reply) => reply.code);
    expect(codes.filter((code) => code !== 'held' && code !== 'WITHDRAWAL_INSUFFICIENT_BALANCE')).toEqual([]);
    expect(codes.filter((code) => code === 'held')).toHaveLength(14);
    expect(codes.filter((code) => code !== 'held').every((code) => code === 'WITHDRAWAL_INSUFFICIENT_BALANCE')).toBe(
      true,
    );
    const held = toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT coalesce(sum(amount_minor), 0) AS n FROM withdrawal_requests WHERE member_id = ${who.member.id}`,
        )
      )[0]!.n,
    );
    expect(held).toBe(98_000);
    expect(await checkWithdrawalLedger(t.app)).toEqual({
      unbalancedMovements: 0,
      negativeBalances: 0,
      balanceMismatches: 0,
      holdGap: 0,
    });
  });

  it('holds once when the same request comes many times at once, and answers every copy with it', async () => {
    const who = await createWithdrawer(t.app, { depositMinor: 100_000, betMinor: 100_000 });
    const accountId = await bindAccount(t.app, who);
    const replies = await Promise.all(
      Array.from({ length: 16 }, () =>
        request(who, { bankAccountId: accountId, amountMinor: 30_000, requestId: 'same-race-0001' }),
      ),
    );
    expect(replies.map((reply) => reply.code)).toEqual(replies.map(() => 'held'));
    const ids = new Set(replies.map((reply) => reply.id));
    expect(ids.size).toBe(1);
    const holds = toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${who.member.id} AND kind = 'withdrawal_hold'`,
        )
      )[0]!.n,
    );
    expect(holds).toBe(1);
  });
});
