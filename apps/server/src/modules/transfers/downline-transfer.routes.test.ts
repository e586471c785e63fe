import { TRANSFER_CALLS, WALLET_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { DownlineTransferService } from './downline-transfer.service';
import { countWritten, fund, mainBalance, setPaymentPassword, TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';

let requests = 0;
const requestId = () => `dreq-${Date.now().toString(36)}-${(requests += 1)}`;

describe(DownlineTransferService.name, () => {
  let t: TestApp;
  // agent ─┬─ direct
  //        └─ sub (agent) ── deep        other ── outsider;  brand-b: agentB ── foreigner
  let agent: { member: TestMember; authorization: string };
  let direct: TestMember;
  let deep: TestMember;
  let outsider: TestMember;
  let foreigner: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    await createTestBrand(t.app.db, 'transfer-b', 'transfer-b.test');
    agent = await signInTestMember(t.app, { agentType: 1 });
    await setPaymentPassword(t.app, agent.member.id);
    await fund(t.app, agent.member, 100_000);
    direct = await createTestMember(t.app, { uplineId: agent.member.id });
    const sub = await createTestMember(t.app, { agentType: 2, uplineId: agent.member.id });
    deep = await createTestMember(t.app, { uplineId: sub.id });
    const other = await createTestMember(t.app, { agentType: 1 });
    outsider = await createTestMember(t.app, { uplineId: other.id });
    const agentB = await createTestMember(t.app, { agentType: 1, merchantCode: 'transfer-b' });
    foreigner = await createTestMember(t.app, { merchantCode: 'transfer-b', uplineId: agentB.id });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const send = (authorization: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: TRANSFER_CALLS.transferDownline.path,
      headers: { language: 'EN', authorization },
      payload: body,
    });
  const body = (memberId: number, amountMinor = 5_000) => ({
    memberId,
    amountMinor,
    paymentPassword: TEST_PAYMENT_PASSWORD,
    requestId: requestId(),
  });

  /** Sends and checks the refusal's code, and that nothing was written nor moved. */
  const expectRefused = async (authorization: string, payload: Record<string, unknown>, code: string) => {
    const before = {
      written: await countWritten(t.app, agent.member.id, 'downline'),
      balance: await mainBalance(t.app, agent.member.id),
    };
    const response = await send(authorization, payload);
    expect(response.json().code, response.body).toBe(code);
    expect(await countWritten(t.app, agent.member.id, 'downline')).toEqual(before.written);
    expect(await mainBalance(t.app, agent.member.id)).toBe(before.balance);
  };

  it("moves the amount from the agent to a member at any depth, and shows it in both members' records", async () => {
    const response = await send(agent.authorization, body(deep.id, 12_000));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().value;
    expect(result).toMatchObject({ amountMinor: 12_000, downlineAccount: deep.account, repeated: false });
    expect(await mainBalance(t.app, deep.id)).toBe(12_000);
    expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });

    const sent = await t.app.inject({
      method: 'GET',
      url: `${WALLET_CALLS.memberTransactions.path}?type=downlineTransfer`,
      headers: { authorization: agent.authorization },
    });
    expect(sent.json().value.list).toMatchObject([
      { transactionNo: result.transferNo, type: 'downlineTransfer', amountMinor: -12_000 },
    ]);
    const receiver = await signInTestMember(t.app, deep);
    const received = await t.app.inject({
      method: 'GET',
      url: WALLET_CALLS.memberTransactions.path,
      headers: { authorization: receiver.authorization },
    });
    expect(received.json().value.list).toMatchObject([
      { transactionNo: result.transferNo, type: 'downlineTransfer', amountMinor: 12_000, balanceAfterMinor: 12_000 },
    ]);

    const overview = await t.app.inject({
      method: 'GET',
      url: TRANSFER_CALLS.downlineOverview.path,
      headers: { authorization: agent.authorization },
    });
    expect(overview.json().value).toMatchObject({ scope: 'any', sentTodayMinor: 12_000, currency: 'KRW' });
  });

  it('refuses members outside the downline, whoever they are, with one code and nothing moved', async () => {
    for (const memberId of [outsider.id, foreigner.id, agent.member.id, 999_999_999]) {
      await expectRefused(agent.authorization, body(memberId), 'AGENT_NOT_IN_DOWNLINE');
    }
  });

  it('sends to direct members only on a brand that says so, and never to a closed account', async () => {
    await t.app.db.execute(sql`INSERT INTO member_transfer_limits (merchant_id, min_minor, max_minor, daily_max_minor,
                                                                 downline_scope)
      SELECT id, 1000, 1000000, 5000000, 'direct' FROM merchants WHERE code = 'parlay'`);
    try {
      await expectRefused(agent.authorization, body(deep.id), 'TRANSFER_DOWNLINE_DIRECT_ONLY');
      expect((await send(agent.authorization, body(direct.id))).statusCode).toBe(200);
    } finally {
      await t.app.db.execute(sql`DELETE FROM member_transfer_limits`);
    }
    const closed = await createTestMember(t.app, { uplineId: agent.member.id, status: 'closed' });
    await expectRefused(agent.authorization, body(closed.id), 'TRANSFER_DOWNLINE_UNAVAILABLE');
    await expectRefused(
      agent.authorization,
      { ...body(direct.id), paymentPassword: '000000' },
      'PAYMENT_PASSWORD_WRONG',
    );
  });

  it('is for agents only: a plain member and a trial account are refused', async () => {
    const plain = await signInTestMember(t.app, { uplineId: agent.member.id });
    expect((await send(plain.authorization, body(direct.id))).json().code).toBe('NOT_AGENT');
    const trial = await signInTestMember(t.app, { agentType: 4 });
    expect((await send(trial.authorization, body(direct.id))).json().code).toBe('NEED_TRUE_ACCOUNT');
  });
});
