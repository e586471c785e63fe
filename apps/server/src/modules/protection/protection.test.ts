import type { ProtectionSettings } from '@parlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, loginThroughApi, queryRows, signInTestMember } from '../../test/members';
import { insertTestMethod } from '../cashier/cashier.fixtures';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { ProtectionService } from './protection.service';

let t: TestApp;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);
let counter = 1;
const nextIp = () => `10.68.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  await installTestVendor(t.app);
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** A service over the app's database on a clock the test moves. */
function clocked(start = new Date('2026-11-27T12:00:00Z')) {
  const clock = { at: start, now: () => clock.at };
  const service = new ProtectionService(t.app.db, t.app.sessions, t.app.audit, clock);
  return { clock, service, advance: (ms: number) => (clock.at = new Date(clock.at.getTime() + ms)) };
}

function call(authorization: string | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { host: 'localhost', language: 'EN', ...(authorization ? { authorization } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
    remoteAddress: nextIp(),
  });
}

const limitOf = (settings: ProtectionSettings, key: string) => settings.limits.find((l) => l.key === key);
const historyCount = async (memberId: number) =>
  Number(
    (
      await rows<{ n: string }>(sql`SELECT count(*) AS n FROM member_protection_history WHERE member_id = ${memberId}`)
    )[0]?.n,
  );

/** A funded, signed-in member with a launched real-money game. */
async function player(balanceMinor = 100_000) {
  const signedIn = await createFundedPlayer(t.app, balanceMinor);
  const game = await launchFor(t.app, signedIn.authorization);
  const owner = { memberId: signedIn.member.id, merchantId: signedIn.member.merchantId };
  let round = 0;
  const debit = (amountMinor: number) => {
    round += 1;
    const id = `p${owner.memberId}-${round}`;
    return callWallet(t.app, 'debit', {
      playerId: game.playerId,
      currency: 'KRW',
      gameCode: 'G1',
      roundId: id,
      requestId: `${id}-d`,
      transactionId: `${id}-d`,
      sessionToken: game.sessionToken,
      amountMinor,
    });
  };
  const credit = (roundNo: number, amountMinor: number) =>
    callWallet(t.app, 'credit', {
      playerId: game.playerId,
      currency: 'KRW',
      gameCode: 'G1',
      roundId: `p${owner.memberId}-${roundNo}`,
      requestId: `p${owner.memberId}-${roundNo}-c`,
      transactionId: `p${owner.memberId}-${roundNo}-c`,
      amountMinor,
      roundEnded: true,
    });
  return { ...signedIn, game, owner, debit, credit, round: () => round };
}

describe(ProtectionService.name, () => {
  describe('limits over time', () => {
    it('takes a new or lower limit at once and a raise or removal only after 24 hours', async () => {
      const member = await createTestMember(t.app);
      const owner = { memberId: member.id, merchantId: member.merchantId };
      const { service, advance } = clocked();

      let settings = await service.setLimit(owner, 'depositDaily', 50_000);
      expect(limitOf(settings, 'depositDaily')).toMatchObject({ value: 50_000, pending: null });
      settings = await service.setLimit(owner, 'depositDaily', 30_000);
      expect(limitOf(settings, 'depositDaily')).toMatchObject({ value: 30_000, pending: null });

      settings = await service.setLimit(owner, 'depositDaily', 80_000);
      expect(limitOf(settings, 'depositDaily')).toMatchObject({
        value: 30_000,
        pending: { value: 80_000, effectiveAt: '2026-11-28T12:00:00.000Z' },
      });
      advance(24 * HOUR - 1);
      expect(limitOf(await service.getSettings(owner), 'depositDaily')?.value).toBe(30_000);
      advance(1);
      expect(limitOf(await service.getSettings(owner), 'depositDaily')).toMatchObject({ value: 80_000, pending: null });

      settings = await service.setLimit(owner, 'depositDaily', null);
      expect(limitOf(settings, 'depositDaily')).toMatchObject({ value: 80_000, pending: { value: null } });
      // A lowering while a removal waits takes effect and drops the removal.
      settings = await service.setLimit(owner, 'depositDaily', 10_000);
      expect(limitOf(settings, 'depositDaily')).toMatchObject({ value: 10_000, pending: null });

      const history = await rows<{ action: string; actor: string }>(
        sql`SELECT action, actor FROM member_protection_history WHERE member_id = ${member.id} ORDER BY id`,
      );
      expect(history.map((row) => row.action)).toEqual([
        'set',
        'lowered',
        'raiseRequested',
        'applied',
        'removeRequested',
        'lowered',
      ]);
      expect(history.map((row) => row.actor)).toEqual(['member', 'member', 'member', 'system', 'member', 'member']);
    });

    it('applies due changes in the job, and the same value again cancels a waiting raise', async () => {
      const member = await createTestMember(t.app);
      const owner = { memberId: member.id, merchantId: member.merchantId };
      const { service, advance } = clocked();
      await service.setLimit(owner, 'lossWeekly', 1_000);
      await service.setLimit(owner, 'lossWeekly', 5_000);
      await service.setLimit(owner, 'lossWeekly', 1_000);
      expect(limitOf(await service.getSettings(owner), 'lossWeekly')).toMatchObject({ value: 1_000, pending: null });

      await service.setLimit(owner, 'realityCheckMinutes', 30);
      await service.setLimit(owner, 'realityCheckMinutes', 60);
      advance(25 * HOUR);
      expect(await service.applyAllDue()).toBeGreaterThanOrEqual(1);
      const [row] = await rows<{ reality_check_minutes: number }>(
        sql`SELECT reality_check_minutes FROM member_protection WHERE member_id = ${member.id}`,
      );
      expect(row?.reality_check_minutes).toBe(60);
    });

    it('refuses bad input through the call and writes nothing', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      for (const body of [
        { key: 'depositDaily', value: 0 },
        { key: 'depositDaily', value: -5 },
        { key: 'depositDaily', value: 1.5 },
        { key: 'nope', value: 100 },
        { key: 'sessionMinutes', value: 5 },
        { key: 'depositDaily', value: '100' },
      ]) {
        const reply = await call(authorization, 'POST', '/wps/member/protection/limits', body);
        expect(reply.statusCode).toBe(400);
      }
      expect((await call(authorization, 'POST', '/wps/member/protection/time-out', { days: 43 })).json().code).toBe(
        'VALIDATION_FAILED',
      );
      expect(
        (await call(authorization, 'POST', '/wps/member/protection/self-exclusion', { months: 5 })).statusCode,
      ).toBe(400);
      expect(await historyCount(member.id)).toBe(0);
      expect(await rows(sql`SELECT 1 FROM member_protection WHERE member_id = ${member.id}`)).toHaveLength(0);
    });

    it('answers a visitor NOT_LOGGED_IN and a trial account its refusal', async () => {
      expect((await call(null, 'GET', '/wps/member/protection')).json().code).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect((await call(trial.authorization, 'GET', '/wps/member/protection')).json().code).toBe('NEED_TRUE_ACCOUNT');
    });
  });

  describe('deposits', () => {
    it('refuses a deposit past the daily limit with what remains, counting the ledger deposits', async () => {
      const member = await createTestMember(t.app);
      const owner = { memberId: member.id, merchantId: member.merchantId };
      const { service } = clocked(new Date());
      await service.checkDeposit(owner, 10 ** 9);
      await service.setLimit(owner, 'depositDaily', 10_000);
      await service.setLimit(owner, 'depositMonthly', 50_000);
      await service.checkDeposit(owner, 10_000);
      await expect(service.checkDeposit(owner, 10_001)).rejects.toMatchObject({
        code: 'PROTECTION_DEPOSIT_LIMIT',
        value: { remainingMinor: 10_000 },
      });
      // A deposit as the cashier writes it: member +X, the brand's cashier account -X (kind 'deposit').
      await t.app.db.transaction(async (tx) => {
        await t.app.gaming.wallet.credit(tx, {
          memberId: member.id,
          merchantId: member.merchantId,
          currency: 'KRW',
          amountMinor: 7_000,
          kind: 'deposit',
          idempotencyKey: `deposit:test-${member.id}`,
          reason: 'test deposit',
          counterparty: 'cashier',
        });
      });
      await expect(service.checkDeposit(owner, 3_001)).rejects.toMatchObject({ value: { remainingMinor: 3_000 } });
      await service.checkDeposit(owner, 3_000);
      expect(limitOf(await service.getSettings(owner), 'depositDaily')?.usedMinor).toBe(7_000);
    });
  });

  it('refuses a deposit order over the limit through the cashier, open orders counted, opening no order', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const methodId = await insertTestMethod(t.app.db, member.merchantId, {
      name: 'Limit test bank',
      kind: 'manual_bank',
      min: 1,
      max: 1_000_000,
    });
    await t.app.protection.setLimit({ memberId: member.id, merchantId: member.merchantId }, 'depositDaily', 10_000);
    const over = await call(authorization, 'POST', '/wps/member/cashier/deposits', { methodId, amountMinor: 10_001 });
    expect(over.json()).toMatchObject({ code: 'PROTECTION_DEPOSIT_LIMIT', value: { remainingMinor: 10_000 } });
    expect(await rows(sql`SELECT 1 FROM cashier_deposits WHERE member_id = ${member.id}`)).toHaveLength(0);
    const within = await call(authorization, 'POST', '/wps/member/cashier/deposits', { methodId, amountMinor: 6_000 });
    expect(within.statusCode).toBe(200);
    // The open order counts: a second one may bring in only what is left of the limit.
    const second = await call(authorization, 'POST', '/wps/member/cashier/deposits', { methodId, amountMinor: 4_001 });
    expect(second.json()).toMatchObject({ code: 'PROTECTION_DEPOSIT_LIMIT', value: { remainingMinor: 4_000 } });
    expect(await rows(sql`SELECT 1 FROM cashier_deposits WHERE member_id = ${member.id}`)).toHaveLength(1);
    expect(
      (await call(authorization, 'POST', '/wps/member/cashier/deposits', { methodId, amountMinor: 4_000 })).statusCode,
    ).toBe(200);
  });

  describe('the wallet debit', () => {
    it('refuses a stake past the daily loss limit with PROTECTION_LOSS_LIMIT and moves nothing', async () => {
      const p = await player();
      const { service } = clocked(new Date());
      expect((await p.debit(3_000)).status).toBe(200);
      // Before any limit, the page shows today's play from the rounds; the limit then counts it too.
      expect(limitOf(await service.getSettings(p.owner), 'lossDaily')?.usedMinor).toBe(3_000);
      await service.setLimit(p.owner, 'lossDaily', 5_000);
      expect(limitOf(await service.getSettings(p.owner), 'lossDaily')?.usedMinor).toBe(3_000);
      const balanceBefore = await rows<{ b: string }>(
        sql`SELECT balance_minor AS b FROM wallet_accounts WHERE member_id = ${p.owner.memberId} AND owner_type = 'member'`,
      );
      const refused = await p.debit(2_001);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('PROTECTION_LOSS_LIMIT');
      const balanceAfter = await rows<{ b: string }>(
        sql`SELECT balance_minor AS b FROM wallet_accounts WHERE member_id = ${p.owner.memberId} AND owner_type = 'member'`,
      );
      expect(balanceAfter).toEqual(balanceBefore);
      expect(
        await rows(
          sql`SELECT 1 FROM game_rounds WHERE member_id = ${p.owner.memberId} AND round_id = ${`p${p.owner.memberId}-${p.round()}`}`,
        ),
      ).toHaveLength(0);
      // A win brings the net loss down, and the stake fits again.
      expect((await p.credit(1, 1_000)).status).toBe(200);
      expect((await p.debit(2_001)).status).toBe(200);
      expect(limitOf(await service.getSettings(p.owner), 'lossDaily')?.usedMinor).toBe(4_001);
    });

    it('refuses a stake past the wager limit whatever the wins', async () => {
      const p = await player();
      const { service } = clocked(new Date());
      await service.setLimit(p.owner, 'wagerWeekly', 1_000);
      expect((await p.debit(600)).status).toBe(200);
      expect((await p.credit(1, 5_000)).status).toBe(200);
      const refused = await p.debit(401);
      expect(refused.body.code).toBe('PROTECTION_WAGER_LIMIT');
      expect((await p.debit(400)).status).toBe(200);
    });

    it('never lets 20 parallel stakes near the loss limit pass it', async () => {
      const p = await player();
      const { service } = clocked(new Date());
      await service.setLimit(p.owner, 'lossDaily', 1_000);
      const replies = await Promise.all(Array.from({ length: 20 }, () => p.debit(100)));
      const applied = replies.filter((reply) => reply.status === 200);
      expect(applied).toHaveLength(10);
      expect(replies.filter((reply) => reply.body.code === 'PROTECTION_LOSS_LIMIT')).toHaveLength(10);
      const [staked] = await rows<{ s: string }>(
        sql`SELECT coalesce(sum(stake_minor), 0) AS s FROM game_rounds WHERE member_id = ${p.owner.memberId}`,
      );
      expect(Number(staked?.s)).toBe(1_000);
    });
  });

  describe('time-out and self-exclusion', () => {
    it('signs the member out everywhere, refuses sign-in with the reason, and never shortens', async () => {
      const member = await createTestMember(t.app);
      const first = await signInTestMember(t.app, member);
      const second = await signInTestMember(t.app, member);
      const reply = await call(first.authorization, 'POST', '/wps/member/protection/time-out', { days: 7 });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().value.kind).toBe('timeOut');
      for (const session of [first, second]) {
        const after = await call(session.authorization, 'GET', '/wps/member/protection');
        expect(after.json()).toMatchObject({ code: 'NOT_LOGGED_IN', value: { reason: 'timeOut' } });
      }
      const login = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(login.json().code).toBe('PROTECTION_TIMED_OUT');
      expect(login.json().message).toMatch(/ \d{4}-\d{2}-\d{2} \d{2}:\d{2} /);

      const owner = { memberId: member.id, merchantId: member.merchantId };
      const before = await historyCount(member.id);
      await expect(
        t.app.protection.blockByOperator(TEST_ACTOR, owner, { kind: 'timeOut', days: 3 }),
      ).rejects.toMatchObject({ code: 'PROTECTION_BLOCK_SHORTER' });
      expect(await historyCount(member.id)).toBe(before);
      expect(
        await rows(sql`SELECT 1 FROM audit_log WHERE target_id = ${String(member.id)} AND action LIKE 'protection.%'`),
      ).toHaveLength(0);
      await t.app.protection.blockByOperator(TEST_ACTOR, owner, { kind: 'selfExclusion', months: 6 });
      expect(
        await rows(
          sql`SELECT 1 FROM audit_log WHERE target_id = ${String(member.id)} AND action = 'protection.selfExclusion'`,
        ),
      ).toHaveLength(1);
      await expect(rows(sql`DELETE FROM member_protection_blocks WHERE member_id = ${member.id}`)).rejects.toThrow();
    });

    it('lets the member in again once the time-out is over', async () => {
      const member = await createTestMember(t.app);
      const owner = { memberId: member.id, merchantId: member.merchantId };
      const { service, advance } = clocked(new Date());
      await service.takeTimeOut(owner, 1);
      const merchant = { id: member.merchantId, timeZone: 'Asia/Seoul' };
      await expect(service.assertMaySignIn(merchant, member.id)).rejects.toMatchObject({
        code: 'PROTECTION_TIMED_OUT',
      });
      advance(24 * HOUR);
      await service.assertMaySignIn(merchant, member.id);
    });

    it('keeps a self-excluded member out of broadcasts sent meanwhile', async () => {
      const member = await createTestMember(t.app);
      const owner = { memberId: member.id, merchantId: member.merchantId };
      await t.app.protection.selfExclude(owner, 6);
      const other = await createTestMember(t.app);
      const brand = { id: member.merchantId, brand: { timeZone: 'Asia/Seoul' } } as never;
      await t.app.admin.operatorMessages.send(TEST_ACTOR, brand, {
        audience: { kind: 'all' },
        title: 'Weekend bonus',
        body: 'Play more',
      });
      const mailbox = (memberId: number) =>
        t.app.messages.listMessages({ memberId, merchantId: member.merchantId }, { limit: 50 });
      expect(JSON.stringify(await mailbox(other.id))).toContain('Weekend bonus');
      expect(JSON.stringify(await mailbox(member.id))).not.toContain('Weekend bonus');
    });
  });

  describe('session limit and reality check', () => {
    it('ends a session at its limit with the reason, and reports the time and result played', async () => {
      const p = await player();
      await call(p.authorization, 'POST', '/wps/member/protection/limits', { key: 'realityCheckMinutes', value: 30 });
      expect((await p.debit(1_000)).status).toBe(200);
      expect((await p.credit(1, 400)).status).toBe(200);
      const check = (await call(p.authorization, 'GET', '/wps/member/protection/reality-check')).json().value;
      expect(check).toMatchObject({
        intervalMinutes: 30,
        stakeMinor: 1_000,
        winMinor: 400,
        netMinor: -600,
        sessionEndsAt: null,
      });

      const limited = await call(p.authorization, 'POST', '/wps/member/protection/limits', {
        key: 'sessionMinutes',
        value: 60,
      });
      expect(limited.statusCode).toBe(200);
      const [session] = await rows<{ minutes: string }>(
        sql`SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM member_sessions
             WHERE member_id = ${p.owner.memberId} AND revoked_at IS NULL`,
      );
      expect(Math.round(Number(session?.minutes))).toBe(60);
      // The hour passes (the session's sign-in moved back an hour).
      await rows(
        sql`UPDATE member_sessions SET created_at = created_at - interval '61 minutes',
                                       expires_at = expires_at - interval '61 minutes'
             WHERE member_id = ${p.owner.memberId}`,
      );
      const ended = await call(p.authorization, 'GET', '/wps/member/protection');
      expect(ended.json()).toMatchObject({ code: 'NOT_LOGGED_IN', value: { reason: 'sessionLimit' } });
    });
  });
});
