import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, type TestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { feedDeposit, missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  bindBankAccount,
  drainReferrals,
  inviteMember,
  progressOf,
  referralBreaks,
  referralPaidTo,
  setReferralRules,
  signInFrom,
  stopReferralJobs,
} from './referral-rewards.fixtures';
import { ReferralRewardService } from './referral-rewards.service';

describe(ReferralRewardService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopReferralJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await setReferralRules(t.app, 'parlay');
    await drainReferrals(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const deposit = (member: TestMember, amountMinor: number) =>
    feedDeposit(t.app.db, { merchantId: member.merchantId, memberId: member.id, amountMinor });
  const play = (member: TestMember, validBetMinor: number) =>
    settleRound(t.app.db, { merchantId: member.merchantId, memberId: member.id, game, validBetMinor });
  const openFlags = async (memberId: number) =>
    query<{ id: unknown; kind: string; evidence: unknown; payout_key: string }>(
      t.app.db,
      sql`SELECT id, kind, evidence, payout_key FROM abuse_flags WHERE member_id = ${memberId} AND status = 'open'`,
    );

  describe('qualification', () => {
    it("pays the inviter and the invited member once, when the invited member's deposits and valid bets reach the rules", async () => {
      const inviter = await createTestMember(t.app);
      const invited = await inviteMember(t.app, inviter);
      await deposit(invited, 10_000);
      await play(invited, 4_000);
      await drainReferrals(t.app);
      expect(await progressOf(t.app.db, invited.id)).toEqual({ status: 'counting', deposit: 10_000, turnover: 4_000 });
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 0, total: 0 });

      await play(invited, 1_000);
      await drainReferrals(t.app);
      expect((await progressOf(t.app.db, invited.id))?.status).toBe('paid');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 1, total: 3_000 });
      expect(await referralPaidTo(t.app.db, invited.id)).toEqual({ count: 1, total: 1_000 });
      const [movement] = await query<{ key: string }>(
        t.app.db,
        sql`SELECT idempotency_key AS key FROM wallet_movements WHERE member_id = ${inviter.id} AND kind = 'referral'`,
      );
      expect(movement?.key).toBe(`referral:${invited.id}`);

      // More play, and a second settlement, pay nothing more.
      await deposit(invited, 50_000);
      await play(invited, 9_000);
      await drainReferrals(t.app);
      expect(await t.app.referralRewards.qualify(invited.id)).toBe('settled');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 1, total: 3_000 });
      expect(await referralBreaks(t.app.db, [inviter.id, invited.id])).toEqual([]);

      // The inviter's page shows the progress and what was earned.
      const members = await t.app.accounts.referrals.listMembers(brand, inviter.id, { pageSize: 20 });
      expect(members.list[0]?.progress).toMatchObject({ status: 'paid', rewardMinor: 3_000, depositMinor: 10_000 });
      const summary = await t.app.accounts.referrals.getSummary(brand, inviter.id);
      expect(summary.rewards).toMatchObject({ enabled: true, earnedMinor: 3_000, inviterRewardMinor: 3_000 });
    });

    it('counts members without an inviter for nothing, and pays nothing while the rules are off', async () => {
      const loner = await createTestMember(t.app);
      await deposit(loner, 99_000);
      await drainReferrals(t.app);
      expect(await progressOf(t.app.db, loner.id)).toBeUndefined();

      const inviter = await createTestMember(t.app);
      const invited = await inviteMember(t.app, inviter);
      await setReferralRules(t.app, 'parlay', { enabled: false });
      try {
        await deposit(invited, 20_000);
        await play(invited, 20_000);
        await drainReferrals(t.app);
        expect(await progressOf(t.app.db, invited.id)).toMatchObject({ status: 'counting', deposit: 20_000 });
        expect(await t.app.referralRewards.qualify(invited.id)).toBe('counting');
      } finally {
        await setReferralRules(t.app, 'parlay');
      }
      // Switched on again, the next settlement (the next event, or a call) pays on what was counted.
      expect(await t.app.referralRewards.qualify(invited.id)).toBe('paid');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 1, total: 3_000 });
    });
  });

  describe('abuse matching', () => {
    /** Two members of the brand, and what one shares with the other as the abuse check sees it. */
    const shared = (a: TestMember, b: TestMember) =>
      t.app.abuse.shared(t.app.db, a.merchantId, a.id, { memberId: b.id });

    it('matches a shared sign-in IP, registration IP, bank account and phone, each named with its value', async () => {
      const a = await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1055501234' });
      const b = await createTestMember(t.app, { countryDialingCode: '84', mobileNum: '1055501234' });
      expect(await shared(a, b)).toEqual([{ kind: 'phone', value: '1055501234', memberId: b.id, account: b.account }]);

      const c = await createTestMember(t.app);
      const d = await createTestMember(t.app);
      expect(await shared(c, d)).toEqual([]);
      await signInFrom(t.app, c, '203.0.113.7');
      await signInFrom(t.app, d, '203.0.113.7');
      expect(await shared(c, d)).toEqual([{ kind: 'ip', value: '203.0.113.7', memberId: d.id, account: d.account }]);

      const e = await createTestMember(t.app);
      const f = await createTestMember(t.app);
      await t.app.db.execute(sql`UPDATE members SET register_ip = '198.51.100.9' WHERE id IN (${e.id}, ${f.id})`);
      expect(await shared(e, f)).toEqual([{ kind: 'ip', value: '198.51.100.9', memberId: f.id, account: f.account }]);

      const g = await createTestMember(t.app);
      const h = await createTestMember(t.app);
      await bindBankAccount(t.app, g, '1002003004');
      await bindBankAccount(t.app, h, '1002003004');
      expect(await shared(g, h)).toEqual([
        { kind: 'bank_account', value: 'KB 1002003004', memberId: h.id, account: h.account },
      ]);
    });

    it('never matches an address that says nothing of a person, another brand, or a member outside the scope', async () => {
      const a = await createTestMember(t.app);
      const b = await createTestMember(t.app);
      for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.5', '172.20.1.1', '::1', '']) {
        await signInFrom(t.app, a, ip);
        await signInFrom(t.app, b, ip);
      }
      expect(await shared(a, b)).toEqual([]);

      await createTestBrand(t.app.db, 'abusex', 'abusex.example');
      const elsewhere = await createTestMember(t.app, {
        merchantCode: 'abusex',
        countryDialingCode: '82',
        mobileNum: '1077700000',
      });
      const here = await createTestMember(t.app, { countryDialingCode: '84', mobileNum: '1077700000' });
      await signInFrom(t.app, elsewhere, '203.0.113.99');
      await signInFrom(t.app, here, '203.0.113.99');
      await bindBankAccount(t.app, elsewhere, '5556667778');
      await bindBankAccount(t.app, here, '5556667778');
      expect(await shared(here, elsewhere)).toEqual([]);
      expect(await t.app.abuse.shared(t.app.db, here.merchantId, here.id, { signupPromotionId: 0 })).toEqual([]);

      // A third member of the brand with the same IP is outside the pair's scope.
      const third = await createTestMember(t.app);
      await signInFrom(t.app, third, '203.0.113.99');
      expect(await shared(here, b)).toEqual([]);
      expect((await shared(here, third)).map((item) => item.kind)).toEqual(['ip']);
    });
  });

  describe('held referrals', () => {
    async function heldReferral() {
      const inviter = await createTestMember(t.app);
      const invited = await inviteMember(t.app, inviter);
      await signInFrom(t.app, inviter, '203.0.113.50');
      await signInFrom(t.app, invited, '203.0.113.50');
      await deposit(invited, 10_000);
      await play(invited, 5_000);
      await drainReferrals(t.app);
      const [flag] = await openFlags(inviter.id);
      return { inviter, invited, flagId: toNumber(flag?.id) };
    }

    it('holds the reward of a pair sharing an IP as a flag with its evidence, paid once when released', async () => {
      const { inviter, invited, flagId } = await heldReferral();
      expect((await progressOf(t.app.db, invited.id))?.status).toBe('held');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 0, total: 0 });
      const page = await t.app.abuse.list(brand, { status: 'open', limit: 50 });
      const flag = page.items.find((item) => item.id === flagId)!;
      expect(flag).toMatchObject({
        kind: 'referral',
        memberId: inviter.id,
        matchedMemberIds: [invited.id],
        evidence: [{ kind: 'ip', value: '203.0.113.50', memberId: invited.id }],
        payoutKey: `referral:${invited.id}`,
        amountMinor: 3_000,
        status: 'open',
      });

      const released = await t.app.abuse.release(TEST_ACTOR, brand, flagId, 'Brothers on one network, checked');
      expect(released).toMatchObject({ status: 'released', reason: 'Brothers on one network, checked' });
      expect((await progressOf(t.app.db, invited.id))?.status).toBe('paid');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 1, total: 3_000 });
      expect(await referralPaidTo(t.app.db, invited.id)).toEqual({ count: 1, total: 1_000 });
      await expect(t.app.abuse.reject(TEST_ACTOR, brand, flagId, 'again')).rejects.toMatchObject({
        code: 'ABUSE_FLAG_DECIDED',
      });
      const audit = await query<{ action: string }>(
        t.app.db,
        sql`SELECT action FROM audit_log WHERE target_type = 'abuse_flag' AND target_id = ${String(flagId)}`,
      );
      expect(audit.map((row) => row.action)).toEqual(['abuse.release']);
      expect(await referralBreaks(t.app.db, [inviter.id, invited.id])).toEqual([]);
    });

    it('pays nothing of a rejected flag, ever', async () => {
      const { inviter, invited, flagId } = await heldReferral();
      await t.app.abuse.reject(TEST_ACTOR, brand, flagId, 'One person, two accounts');
      expect((await progressOf(t.app.db, invited.id))?.status).toBe('rejected');
      await play(invited, 5_000);
      await drainReferrals(t.app);
      expect(await t.app.referralRewards.qualify(invited.id)).toBe('settled');
      expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 0, total: 0 });
      const error = await t.app.abuse.release(TEST_ACTOR, brand, flagId, 'changed my mind').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('ABUSE_FLAG_DECIDED');
      const other = (await t.app.merchants.findByCode('abusex')) ?? brand;
      if (other.id !== brand.id) {
        await expect(t.app.abuse.release(TEST_ACTOR, other, flagId, 'x')).rejects.toMatchObject({
          code: 'ABUSE_FLAG_NOT_FOUND',
        });
      }
    });
  });
});
