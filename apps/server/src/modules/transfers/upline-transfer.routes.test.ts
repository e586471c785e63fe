import { TRANSFER_CALLS, WALLET_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember } from '../../test/members';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  countWritten,
  createMemberUnderAgent,
  fund,
  mainBalance,
  setPaymentPassword,
  TEST_PAYMENT_PASSWORD,
} from './upline-transfer.fixtures';
import { UplineTransferService } from './upline-transfer.service';

let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${(requests += 1)}`;

describe(UplineTransferService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const send = (authorization: string | undefined, body: Record<string, unknown>, host = 'localhost') =>
    t.app.inject({
      method: 'POST',
      url: TRANSFER_CALLS.transferUpline.path,
      headers: { host, language: 'EN', ...(authorization ? { authorization } : {}) },
      payload: body,
    });
  const overview = (authorization: string) =>
    t.app.inject({ method: 'GET', url: TRANSFER_CALLS.uplineOverview.path, headers: { authorization } });

  /** Sends and checks the refusal's code, and that nothing was written nor moved. */
  const expectRefused = async (
    player: { member: { id: number }; authorization: string },
    body: Record<string, unknown>,
    code: string,
    host?: string,
  ) => {
    const before = {
      written: await countWritten(t.app, player.member.id),
      balance: await mainBalance(t.app, player.member.id),
    };
    const response = await send(player.authorization, body, host);
    expect(response.json().code).toBe(code);
    expect(await countWritten(t.app, player.member.id)).toEqual(before.written);
    expect(await mainBalance(t.app, player.member.id)).toBe(before.balance);
  };

  it('moves the amount from the member to the upline agent as one movement, and shows it in both records', async () => {
    const player = await createMemberUnderAgent(t.app, 50_000);
    const response = await send(player.authorization, {
      amountMinor: 12_000,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId: requestId(),
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().value;
    expect(result).toMatchObject({ amountMinor: 12_000, uplineAccount: player.agent.account, balanceMinor: 38_000 });
    expect(result.repeated).toBe(false);
    expect(await mainBalance(t.app, player.member.id)).toBe(38_000);
    expect(await mainBalance(t.app, player.agent.id)).toBe(12_000);
    expect(await countWritten(t.app, player.member.id)).toEqual({ movements: 1, transfers: 1 });
    expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });

    // The sender's record: -12,000; the upline's: +12,000, the same transaction number.
    const sent = await t.app.inject({
      method: 'GET',
      url: `${WALLET_CALLS.memberTransactions.path}?type=uplineTransfer`,
      headers: { authorization: player.authorization },
    });
    expect(sent.json().value.list).toMatchObject([
      { transactionNo: result.transferNo, type: 'uplineTransfer', amountMinor: -12_000, balanceAfterMinor: 38_000 },
    ]);
    const agent = await signInTestMember(t.app, { ...player.agent });
    const received = await t.app.inject({
      method: 'GET',
      url: WALLET_CALLS.memberTransactions.path,
      headers: { authorization: agent.authorization },
    });
    expect(received.json().value.list).toMatchObject([
      { transactionNo: result.transferNo, type: 'uplineTransfer', amountMinor: 12_000, balanceAfterMinor: 12_000 },
    ]);

    const seen = (await overview(player.authorization)).json().value;
    expect(seen).toMatchObject({
      upline: { account: player.agent.account },
      sentTodayMinor: 12_000,
      balanceMinor: 38_000,
      currency: 'KRW',
    });
  });

  it("pages the upline's record of received transfers by its cursor, beside the upline's own movements", async () => {
    const first = await createMemberUnderAgent(t.app, 50_000);
    const second = await signInTestMember(t.app, { uplineId: first.agent.id });
    await setPaymentPassword(t.app, second.member.id);
    await fund(t.app, second.member, 50_000);
    await fund(t.app, first.agent, 7_000);
    const sent: string[] = [];
    for (const [player, amountMinor] of [
      [first, 1_000],
      [second, 2_000],
      [first, 3_000],
    ] as const) {
      const reply = await send(player.authorization, {
        amountMinor,
        paymentPassword: TEST_PAYMENT_PASSWORD,
        requestId: requestId(),
      });
      sent.push(reply.json().value.transferNo);
    }
    const agent = await signInTestMember(t.app, { ...first.agent });
    const page = async (cursor?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${WALLET_CALLS.memberTransactions.path}?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { authorization: agent.authorization },
        })
      ).json().value;
    const one = await page();
    const two = await page(one.nextCursor);
    const rows = [...one.list, ...two.list];
    expect(rows.map((row: { transactionNo: string }) => row.transactionNo).slice(0, 3)).toEqual([...sent].reverse());
    expect(rows.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([3_000, 2_000, 1_000, 7_000]);
    expect(rows.map((row: { balanceAfterMinor: number }) => row.balanceAfterMinor)).toEqual([
      13_000, 10_000, 8_000, 7_000,
    ]);
    expect(two.nextCursor).toBeNull();
    // The sender's record holds only its own: the other member's transfer to the same upline is not in it.
    const mine = await t.app.inject({
      method: 'GET',
      url: `${WALLET_CALLS.memberTransactions.path}?type=uplineTransfer`,
      headers: { authorization: first.authorization },
    });
    expect(mine.json().value.list.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([-3_000, -1_000]);
  });

  it('answers a repeated requestId with the first transfer and moves nothing more; another amount is refused', async () => {
    const player = await createMemberUnderAgent(t.app, 50_000);
    const id = requestId();
    const body = { amountMinor: 5_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: id };
    const first = (await send(player.authorization, body)).json().value;
    const again = (await send(player.authorization, body)).json().value;
    expect(again).toMatchObject({ transferNo: first.transferNo, repeated: true, balanceMinor: 45_000 });
    expect(await countWritten(t.app, player.member.id)).toEqual({ movements: 1, transfers: 1 });
    await expectRefused(player, { ...body, amountMinor: 6_000 }, 'TRANSFER_REQUEST_CONFLICT');
  });

  it('refuses a member without an upline, and writes nothing', async () => {
    const player = await signInTestMember(t.app);
    await setPaymentPassword(t.app, player.member.id);
    await fund(t.app, player.member, 10_000);
    await expectRefused(
      player,
      { amountMinor: 2_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: requestId() },
      'TRANSFER_NO_UPLINE',
    );
    expect((await overview(player.authorization)).json().value.upline).toBeNull();
  });

  it("never has an upline of another brand, and refuses a member's call on another brand's host", async () => {
    await createTestBrand(t.app.db, 'othert', 'other-transfer.example');
    const stranger = await createTestMember(t.app, { merchantCode: 'othert', agentType: 1 });
    // The downline tree refuses an upline of another brand (decision 0059), so money cannot cross brands this way.
    await expect(createTestMember(t.app, { uplineId: stranger.id })).rejects.toMatchObject({
      cause: { message: 'AGENT_UPLINE_OTHER_BRAND' },
    });
    const body = { amountMinor: 2_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: requestId() };
    // The session is of the demo brand: on the other brand's host it is no session at all.
    const underAgent = await createMemberUnderAgent(t.app, 10_000);
    const response = await send(underAgent.authorization, body, 'other-transfer.example');
    expect(response.json().code).toBe('NOT_LOGGED_IN');
    expect(await countWritten(t.app, underAgent.member.id)).toEqual({ movements: 0, transfers: 0 });
  });

  it('refuses a locked upline, a wrong payment password and one never set, writing nothing', async () => {
    const locked = await createTestMember(t.app, { agentType: 1, status: 'locked' });
    const underLocked = await signInTestMember(t.app, { uplineId: locked.id });
    await setPaymentPassword(t.app, underLocked.member.id);
    await fund(t.app, underLocked.member, 10_000);
    const body = { amountMinor: 2_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: requestId() };
    await expectRefused(underLocked, body, 'TRANSFER_UPLINE_UNAVAILABLE');

    const player = await createMemberUnderAgent(t.app, 10_000);
    await expectRefused(player, { ...body, paymentPassword: '000000' }, 'PAYMENT_PASSWORD_WRONG');
    const agent = await createTestMember(t.app, { agentType: 1 });
    const noPassword = await signInTestMember(t.app, { uplineId: agent.id });
    await fund(t.app, noPassword.member, 10_000);
    await expectRefused(noPassword, body, 'PAYMENT_PASSWORD_NOT_SET');
  });

  it("refuses amounts outside the brand's limits, over the daily total, and over the balance", async () => {
    await t.app.db.execute(sql`INSERT INTO member_transfer_limits (merchant_id, min_minor, max_minor, daily_max_minor)
      SELECT id, 1000, 20000, 30000 FROM merchants WHERE code = 'parlay'
      ON CONFLICT (merchant_id) DO UPDATE SET min_minor = 1000, max_minor = 20000, daily_max_minor = 30000`);
    try {
      const player = await createMemberUnderAgent(t.app, 100_000);
      const body = (amountMinor: number) => ({
        amountMinor,
        paymentPassword: TEST_PAYMENT_PASSWORD,
        requestId: requestId(),
      });
      await expectRefused(player, body(999), 'TRANSFER_BELOW_MIN');
      await expectRefused(player, body(20_001), 'TRANSFER_ABOVE_MAX');
      expect((await send(player.authorization, body(20_000))).statusCode).toBe(200);
      const refused = await send(player.authorization, body(10_001));
      expect(refused.json()).toMatchObject({ code: 'TRANSFER_DAILY_LIMIT', value: { leftMinor: 10_000 } });
      expect((await send(player.authorization, body(10_000))).statusCode).toBe(200);
      expect(await mainBalance(t.app, player.member.id)).toBe(70_000);

      const poor = await createMemberUnderAgent(t.app, 1_500);
      await expectRefused(poor, body(2_000), 'TRANSFER_INSUFFICIENT_BALANCE');
      expect(await mainBalance(t.app, poor.agent.id)).toBe(0);
    } finally {
      await t.app.db.execute(sql`DELETE FROM member_transfer_limits`);
    }
  });

  it('refuses bad input with a translated error and a visitor or trial account, writing nothing', async () => {
    const player = await createMemberUnderAgent(t.app, 10_000);
    for (const amountMinor of [0, -5, 1.5, '2000']) {
      await expectRefused(
        player,
        { amountMinor, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: requestId() },
        'VALIDATION_FAILED',
      );
    }
    const body = { amountMinor: 2_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: requestId() };
    expect((await send(undefined, body)).json().code).toBe('NOT_LOGGED_IN');
    const trial = await signInTestMember(t.app, { agentType: 4 });
    expect((await send(trial.authorization, body)).json().code).toBe('NEED_TRUE_ACCOUNT');
  });
});
