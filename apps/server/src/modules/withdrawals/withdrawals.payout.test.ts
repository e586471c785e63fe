import { startTestSandbox, type TestSandbox } from '@parlay/payment-sandbox/test-support';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import { PAYOUT_RECONCILE_AFTER_MS, WithdrawalReviewService } from './withdrawal-review.service';
import {
  bindAccount,
  checkWithdrawalLedger,
  createWithdrawer,
  requestWithdrawal,
  setWithdrawalSettings,
} from './withdrawals.fixtures';

// Approval through the provider end to end: the brand's provider is the real sandbox service (on a clock the test
// moves), asked by the cashier's registry as services.ts wires it; its signed payout result comes back through the
// cashier's callback route (handed to the app as a request), which passes payout events to the withdrawals.
describe(`${WithdrawalReviewService.name} with the sandbox provider`, () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  let merchant: Merchant;
  // On: the platform answers the sandbox's callbacks 503, as a server that is down would (the sandbox retries).
  let callbacksDown = false;
  let callbacksDelivered = 0;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await startTestSandbox({
      rules: { payoutDelayMs: 1_000, payoutFailDigit: '9' },
      transport: async (url, request) => {
        if (callbacksDown) return { status: 503, body: '' };
        callbacksDelivered += 1;
        const response = await t.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers: { ...request.headers, host: 'localhost' },
          payload: request.body,
        });
        return { status: response.statusCode, body: response.body };
      },
    });
    // The demo brand offers the sandbox (its deposit method 'Sandbox pay'), which pays out too.
    await t.app.cashier.registerProvider(sandbox.registration);
    await setWithdrawalSettings(t.app, { minMinor: 1_000, dailyCount: 50 });
    merchant = (await t.app.merchants.findByCode('parlay'))!;
  }, 180_000);
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  }, 60_000);

  async function approved(accountNumber: string) {
    const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
    const accountId = await bindAccount(t.app, who, accountNumber);
    const response = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 20_000 });
    const id = response.json<{ value: { id: number } }>().value.id;
    const row = await t.app.withdrawals.review.get(merchant, id);
    const paying = await t.app.withdrawals.review.approve(TEST_ACTOR, merchant, id, {
      version: row.version,
      payout: 'provider',
    });
    return { who, id, paying };
  }
  const payouts = (memberId: number) =>
    query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId} AND kind = 'withdrawal_payout'`,
    ).then((rows) => toNumber(rows[0]!.n));

  it('pays through the provider: paying until its signed result arrives, then paid once, the hold gone', async () => {
    const { who, id, paying } = await approved('12345678');
    expect(paying).toMatchObject({ status: 'paying', payoutMethod: 'provider' });
    await sandbox.time.advance(1_000);
    const paid = await t.app.withdrawals.review.get(merchant, id);
    expect(paid.status).toBe('paid');
    expect(await payouts(who.member.id)).toBe(1);
    expect(await checkWithdrawalLedger(t.app)).toEqual({
      unbalancedMovements: 0,
      negativeBalances: 0,
      balanceMismatches: 0,
      holdGap: 0,
    });
  });

  it("leaves a payout the bank refused failed, the amount still held, for finance's next step", async () => {
    const { who, id } = await approved('12345679');
    await sandbox.time.advance(1_000);
    const failed = await t.app.withdrawals.review.get(merchant, id);
    expect(failed.status).toBe('payout_failed');
    expect(failed.payoutFailure).toBeTruthy();
    expect(await payouts(who.member.id)).toBe(0);
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0 });
    const rejected = await t.app.withdrawals.review.reject(TEST_ACTOR, merchant, id, {
      version: failed.version,
      reason: 'The bank refused the account',
    });
    expect(rejected.status).toBe('rejected');
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0 });
  });

  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('asks the provider about a payout whose result was lost, pays it once, and ignores the late callback', async () => {
    const { who, id } = await approved('22345678');
    callbacksDown = true;
    try {
      await sandbox.time.advance(1_000);
    } finally {
      callbacksDown = false;
    }
    expect((await t.app.withdrawals.review.get(merchant, id)).status).toBe('paying');

    // Not yet stale: nobody asks.
    const early = await t.app.withdrawals.review.reconcilePayouts(
      minutesFromNow(PAYOUT_RECONCILE_AFTER_MS / 60_000 - 1),
    );
    expect(early.claimed).toBe(0);
    const later = await t.app.withdrawals.review.reconcilePayouts(
      minutesFromNow(PAYOUT_RECONCILE_AFTER_MS / 60_000 + 1),
    );
    expect(later.paid).toBeGreaterThanOrEqual(1);
    expect((await t.app.withdrawals.review.get(merchant, id)).status).toBe('paid');
    expect(await payouts(who.member.id)).toBe(1);

    // The sandbox's retried callback arrives after (its first retry is 2 s later): nothing more moves.
    const delivered = callbacksDelivered;
    await sandbox.time.advance(3_000);
    expect(callbacksDelivered).toBeGreaterThan(delivered);
    expect(await payouts(who.member.id)).toBe(1);
    expect(await checkWithdrawalLedger(t.app)).toEqual({
      unbalancedMovements: 0,
      negativeBalances: 0,
      balanceMismatches: 0,
      holdGap: 0,
    });
  });

  it('turns a payout that never reached the provider failed, still held; the retry pays it once', async () => {
    const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
    const accountId = await bindAccount(t.app, who, '32345678');
    const response = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 20_000 });
    const id = response.json<{ value: { id: number } }>().value.id;
    // What a server killed between the approval's commit and the provider's call leaves behind.
    await query(
      t.app.db,
      sql`UPDATE withdrawal_requests SET status = 'paying', payout_method = 'provider', reviewed_at = now(),
            version = version + 1
          WHERE id = ${id}`,
    );
    const result = await t.app.withdrawals.review.reconcilePayouts(
      minutesFromNow(PAYOUT_RECONCILE_AFTER_MS / 60_000 + 1),
    );
    expect(result, JSON.stringify(result)).toMatchObject({ failed: 1 });
    const failed = await t.app.withdrawals.review.get(merchant, id);
    expect(failed).toMatchObject({ status: 'payout_failed', payoutFailure: 'NOT_FOUND' });
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0 });

    await t.app.withdrawals.review.retryPayout(TEST_ACTOR, merchant, id, { version: failed.version });
    // Just sent again: not stale, so the next run does not ask about it yet.
    expect((await t.app.withdrawals.review.reconcilePayouts(minutesFromNow(1))).claimed).toBe(0);
    await sandbox.time.advance(1_000);
    expect((await t.app.withdrawals.review.get(merchant, id)).status).toBe('paid');
    expect(await payouts(who.member.id)).toBe(1);
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0, unbalancedMovements: 0 });
  });
});
