import {
  BACKOFFICE_CALLS,
  callWithParams,
  MESSAGE_CALLS,
  WITHDRAWAL_CALLS,
  type BoWithdrawal,
  type MessagePage,
  type Page,
  type Withdrawal,
  type WithdrawalSettingsView,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import type { PayoutProvider } from './withdrawal-review.service';
import {
  bindAccount,
  callMember,
  checkWithdrawalLedger,
  createWithdrawer,
  requestWithdrawal,
  setWithdrawalSettings,
  type Withdrawer,
} from './withdrawals.fixtures';
import { withdrawalsBackofficeRoutes } from './withdrawals.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

/** A provider that answers as it is told: the payouts it was asked for, and whether to refuse the next one. */
function testProvider() {
  const asked: string[] = [];
  const provider: PayoutProvider & { refuseNext: boolean } = {
    code: 'testpay',
    refuseNext: false,
    async createPayout(req) {
      asked.push(req.payoutNo);
      if (provider.refuseNext) {
        provider.refuseNext = false;
        throw new Error('bank unreachable');
      }
      return { providerRef: `ref-${req.payoutNo}` };
    },
    // Its results come only through the callbacks these tests send.
    async queryPayout(payoutNo) {
      return { status: 'pending', providerRef: asked.includes(payoutNo) ? `ref-${payoutNo}` : null, reason: null };
    },
  };
  return { provider, asked };
}

describe(withdrawalsBackofficeRoutes.name, () => {
  let t: TestApp;
  let finance: string;
  let support: string;
  let readOnly: string;
  const payouts = testProvider();

  beforeAll(async () => {
    t = await createTestApp();
    await setWithdrawalSettings(t.app, {
      minMinor: 1_000,
      maxMinor: 1_000_000,
      dailyCount: 50,
      largeAmountMinor: 100_000,
    });
    t.app.withdrawals.review.setPayoutGateway({
      payoutProviderOf: async () => ({ provider: payouts.provider, callbackUrl: 'http://127.0.0.1/cb' }),
    });
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const count = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(t.app.db, statement))[0]!.n);
  const auditRows = () => count(sql`SELECT count(*) AS n FROM audit_log WHERE action LIKE 'withdrawal.%'`);
  const movementsOf = (memberId: number) =>
    query<{ kind: string; amount_minor: unknown }>(
      t.app.db,
      sql`SELECT kind, amount_minor FROM wallet_movements WHERE member_id = ${memberId} ORDER BY id`,
    );
  const balanceOf = async (memberId: number) =>
    toNumber(
      (
        await query<{ b: unknown }>(
          t.app.db,
          sql`SELECT balance_minor AS b FROM wallet_accounts WHERE owner_type = 'member' AND member_id = ${memberId}`,
        )
      )[0]!.b,
    );
  const mailboxTitles = async (who: Withdrawer) =>
    value<MessagePage>(
      await t.app.inject({
        method: 'GET',
        url: MESSAGE_CALLS.messages.path,
        headers: { host: 'localhost', authorization: who.authorization },
      }),
    ).items.map((message) => message.title);

  async function requested(amountMinor = 20_000, accountNumber?: string) {
    const who = await createWithdrawer(t.app, { depositMinor: 300_000, betMinor: 300_000 });
    const accountId = await bindAccount(t.app, who, accountNumber);
    const withdrawal = value<Withdrawal>(
      await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor }),
    );
    const row = value<Page<BoWithdrawal>>(await call(finance, BACKOFFICE_CALLS.withdrawalQueue)).items.find(
      (item) => item.id === withdrawal.id,
    )!;
    return { who, row };
  }
  const act = (api: Api, id: number, payload: unknown, cookie = finance) =>
    call(cookie, api, { withdrawalId: id }, payload);

  it('lists the review queue with the risk flags: new account, large amount, shared account and IP', async () => {
    const first = await requested(150_000, '99990000111');
    expect(first.row).toMatchObject({
      status: 'requested',
      accountNumber: '99990000111',
      account: first.who.member.account,
    });
    expect(first.row.riskFlags).toEqual(expect.arrayContaining(['newBankAccount', 'largeAmount']));
    expect(first.row.riskFlags).not.toContain('sharedBankAccount');
    const second = await requested(20_000, '99990000111');
    expect(second.row.riskFlags).toEqual(expect.arrayContaining(['newBankAccount', 'sharedBankAccount', 'sharedIp']));
    expect(second.row.riskFlags).not.toContain('largeAmount');
  });

  it('flags turnover short when a counted round is cancelled after the request', async () => {
    const { who, row } = await requested();
    expect(row.riskFlags).not.toContain('turnoverShort');
    await query(
      t.app.db,
      sql`UPDATE game_rounds SET status = 'cancelled', valid_bet_minor = 0 WHERE member_id = ${who.member.id}`,
    );
    const again = value<Page<BoWithdrawal>>(await call(finance, BACKOFFICE_CALLS.withdrawalQueue)).items.find(
      (item) => item.id === row.id,
    )!;
    expect(again.riskFlags).toContain('turnoverShort');
  });

  it('approves by hand and marks paid: the hold leaves for the cashier account, mailbox and audit told', async () => {
    const { who, row } = await requested(20_000);
    const approved = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, { version: row.version, payout: 'manual' }),
    );
    expect(approved).toMatchObject({ status: 'approved', payoutMethod: 'manual' });
    expect(await mailboxTitles(who)).toContain('출금 승인');
    const paid = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.markWithdrawalPaid, row.id, { version: approved.version }),
    );
    expect(paid.status).toBe('paid');
    expect((await movementsOf(who.member.id)).map((movement) => movement.kind)).toEqual(
      expect.arrayContaining(['withdrawal_hold', 'withdrawal_payout']),
    );
    expect(
      await count(
        sql`SELECT count(*) AS n FROM settlement_feed WHERE kind = 'withdrawal' AND member_id = ${who.member.id}`,
      ),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*) AS n FROM audit_log WHERE action IN ('withdrawal.approve', 'withdrawal.markPaid')
      AND target_id = ${String(row.id)}`),
    ).toBe(2);
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({
      unbalancedMovements: 0,
      holdGap: 0,
      negativeBalances: 0,
    });
  });

  it('rejects with a reason: the hold comes back, the member is told, and a second step is refused', async () => {
    const { who, row } = await requested(20_000);
    const before = await balanceOf(who.member.id);
    const rejected = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.rejectWithdrawal, row.id, { version: row.version, reason: 'Documents needed' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Documents needed' });
    expect(await balanceOf(who.member.id)).toBe(before + 20_000);
    expect(await mailboxTitles(who)).toContain('출금 거절');
    const audits = await auditRows();
    const again = await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, {
      version: rejected.version,
      payout: 'manual',
    });
    expect(codeOf(again)).toBe('WITHDRAWAL_WRONG_STATE');
    expect(await auditRows()).toBe(audits);
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ unbalancedMovements: 0, holdGap: 0 });
  });

  it('refuses a stale version, and operators without the permission, writing nothing', async () => {
    const { row } = await requested();
    const audits = await auditRows();
    const stale = await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, { version: row.version + 1, payout: 'manual' });
    expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
    const bySupport = await act(
      BACKOFFICE_CALLS.rejectWithdrawal,
      row.id,
      { version: row.version, reason: 'no' },
      support,
    );
    expect(bySupport.statusCode).toBe(403);
    expect((await call(readOnly, BACKOFFICE_CALLS.withdrawalQueue)).statusCode).toBe(403);
    expect(await auditRows()).toBe(audits);
  });

  it('pays through the provider: paying, then paid on its result (once, however often it comes)', async () => {
    const { who, row } = await requested(30_000);
    const paying = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, { version: row.version, payout: 'provider' }),
    );
    expect(paying).toMatchObject({ status: 'paying', payoutMethod: 'provider' });
    const payoutNo = payouts.asked.at(-1)!;
    const event = { payoutNo, providerRef: `ref-${payoutNo}`, status: 'paid' as const, reason: null, eventId: 'e1' };
    await t.app.withdrawals.review.onPayoutEvent(event);
    await t.app.withdrawals.review.onPayoutEvent({ ...event, eventId: 'e2' });
    await t.app.withdrawals.review.onPayoutEvent({ ...event, status: 'failed', eventId: 'e3' });
    const paid = value<Page<BoWithdrawal>>(
      await call(finance, BACKOFFICE_CALLS.withdrawalQueue, {}, undefined, '?queue=done'),
    ).items.find((item) => item.id === row.id)!;
    expect(paid.status).toBe('paid');
    expect((await movementsOf(who.member.id)).filter((movement) => movement.kind === 'withdrawal_payout')).toHaveLength(
      1,
    );
  });

  it('leaves a refused payout failed with the hold kept, then retries it under the same payout number', async () => {
    const { row } = await requested(25_000);
    payouts.provider.refuseNext = true;
    value(await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, { version: row.version, payout: 'provider' }));
    const failed = value<Page<BoWithdrawal>>(
      await call(finance, BACKOFFICE_CALLS.withdrawalQueue, {}, undefined, '?queue=payout'),
    ).items.find((item) => item.id === row.id)!;
    expect(failed).toMatchObject({ status: 'payout_failed', payoutFailure: 'bank unreachable' });
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0 });
    const retried = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.retryWithdrawalPayout, row.id, { version: failed.version }),
    );
    expect(retried.status).toBe('paying');
    expect(payouts.asked.slice(-2)).toEqual([payouts.asked.at(-1), payouts.asked.at(-1)]);
  });

  it('resolves a case with a reason and a refund no larger than what is missing', async () => {
    const { who, row } = await requested(40_000);
    const approved = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.approveWithdrawal, row.id, { version: row.version, payout: 'manual' }),
    );
    value(await act(BACKOFFICE_CALLS.markWithdrawalPaid, row.id, { version: approved.version }));
    const image = new PNG({ width: 40, height: 40 });
    value(
      await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.uploadProof, {
        params: { withdrawalId: row.id },
        payload: PNG.sync.write(image),
        headers: { 'content-type': 'image/png' },
      }),
    );
    value(
      await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.confirmWithdrawal, {
        params: { withdrawalId: row.id },
        payload: { outcome: 'partlyReceived', missingMinor: 10_000 },
      }),
    );
    const cases = value<Page<BoWithdrawal>>(
      await call(finance, BACKOFFICE_CALLS.withdrawalQueue, {}, undefined, '?queue=cases'),
    );
    const open = cases.items.find((item) => item.id === row.id)!;
    expect(open).toMatchObject({ status: 'partly_received', missingMinor: 10_000, caseStatus: 'open' });
    const proof = await call(finance, BACKOFFICE_CALLS.withdrawalProof, {
      withdrawalId: row.id,
      proofId: open.proofIds[0]!,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');

    const audits = await auditRows();
    const tooMuch = await act(BACKOFFICE_CALLS.resolveWithdrawalCase, row.id, {
      version: open.version,
      reason: 'Bank confirmed',
      refundMinor: 10_001,
    });
    expect(codeOf(tooMuch)).toBe('WITHDRAWAL_REFUND_TOO_LARGE');
    expect(await auditRows()).toBe(audits);
    const before = await balanceOf(who.member.id);
    const resolved = value<BoWithdrawal>(
      await act(BACKOFFICE_CALLS.resolveWithdrawalCase, row.id, {
        version: open.version,
        reason: 'Bank confirmed',
        refundMinor: 10_000,
      }),
    );
    expect(resolved).toMatchObject({ caseStatus: 'resolved', caseRefundMinor: 10_000, caseReason: 'Bank confirmed' });
    expect(await balanceOf(who.member.id)).toBe(before + 10_000);
    const again = await act(BACKOFFICE_CALLS.resolveWithdrawalCase, row.id, {
      version: resolved.version,
      reason: 'Again',
      refundMinor: 1,
    });
    expect(codeOf(again)).toBe('WITHDRAWAL_CASE_CLOSED');
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ unbalancedMovements: 0, holdGap: 0 });
  });

  it('saves the settings with their version, audited; a stale save is refused', async () => {
    const view = value<WithdrawalSettingsView>(await call(finance, BACKOFFICE_CALLS.withdrawalSettings));
    expect(view.defaultBanks.map((bank) => bank.code)).toContain('KB');
    const { defaultBanks: _banks, currency: _currency, ...settings } = view;
    const saved = value<WithdrawalSettingsView>(
      await call(finance, BACKOFFICE_CALLS.saveWithdrawalSettings, {}, { ...settings, dailyCount: 7 }),
    );
    expect(saved).toMatchObject({ dailyCount: 7, version: view.version + 1 });
    const stale = await call(finance, BACKOFFICE_CALLS.saveWithdrawalSettings, {}, { ...settings, dailyCount: 9 });
    expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
    const bad = await call(
      finance,
      BACKOFFICE_CALLS.saveWithdrawalSettings,
      {},
      { ...settings, version: saved.version, minMinor: 10, maxMinor: 5 },
    );
    expect(bad.statusCode).toBe(400);
  });
});
