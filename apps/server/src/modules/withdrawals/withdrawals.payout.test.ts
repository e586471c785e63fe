import { startTestSandbox, type TestSandbox } from '@parlay/payment-sandbox/test-support';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import { WithdrawalReviewService } from './withdrawal-review.service';
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

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await startTestSandbox({
      rules: { payoutDelayMs: 1_000, payoutFailDigit: '9' },
      transport: async (url, request) => {
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
});
