import { REBATE_CALLS, WALLET_CALLS, type MemberRebates } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  drainRebates,
  payoutBreaks,
  rebateGames,
  rebateOf,
  rebatesPaidTo,
  setTestRates,
  settleRound,
  stopRebateJobs,
  type TestGame,
} from './rebates.fixtures';
import { periodOf, RebateService, rebatesPaidBetween, startOfDay } from './rebates.service';

const DAY = 86_400_000;

describe(RebateService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let games: { rng: TestGame; live: TestGame };
  /** The test's clock for the services it makes: move `clock.at` to move time. */
  const clock = { at: new Date() };
  let clocked: RebateService;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRebateJobs(t.app);
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.vipPeriodic?.stop();
    await installTestVendor(t.app);
    games = await rebateGames(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await setTestRates(t.app.db, merchantId);
    // The brand's defaults (weekly, no auto-pay) rather than the demo's saved settings; the seed's rounds counted.
    await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
    await drainRebates(t.app);
    clocked = new RebateService(
      t.app.db,
      t.app.gaming.wallet,
      t.app.vip.ranks,
      t.app.settlementFeed,
      t.app.audit,
      () => clock.at,
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const summaryOf = async (authorization: string) => {
    const reply = await t.app.inject({ method: 'GET', url: REBATE_CALLS.summary.path, headers: { authorization } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ value: MemberRebates }>().value;
  };
  const claim = (authorization: string, requestId: string, host = 'localhost') =>
    t.app.inject({
      method: 'POST',
      url: REBATE_CALLS.claim.path,
      headers: { authorization, host },
      payload: { requestId },
    });

  describe('periods', () => {
    it("cut Monday-to-Sunday weeks and days, and find the brand's midnight", () => {
      expect(periodOf('weekly', '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
      expect(periodOf('weekly', '2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
      expect(periodOf('daily', '2026-11-28')).toEqual({ start: '2026-11-28', end: '2026-11-28' });
      expect(startOfDay('2026-11-30', 'Asia/Seoul').toISOString()).toBe('2026-11-29T15:00:00.000Z');
      expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
      expect(startOfDay('2026-11-30', 'UTC').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    });
  });

  describe('accrual and claim', () => {
    it("accrues at the member's level's rates by game type and pays a finished period once", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const lastWeek = new Date(Date.now() - 8 * DAY);
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 12_345, at: lastWeek });
      await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 999, at: lastWeek });
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 5_000 });
      await drainRebates(t.app);
      // Level 1 from now: the next rounds earn its rates.
      await query(t.app.db, sql`UPDATE members SET rank_level = 1 WHERE id = ${member.id}`);
      await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 3_000 });
      await drainRebates(t.app);

      const before = await summaryOf(authorization);
      expect(before).toMatchObject({ period: 'weekly', rankLevel: 1, rates: { LIVE: 200, RNG: 150 }, paid: [] });
      expect(before.current.categories).toEqual([
        { gameType: 'LIVE', validBetMinor: 5_000, rebateMinor: rebateOf(0, 'LIVE', 5_000) },
        { gameType: 'RNG', validBetMinor: 3_000, rebateMinor: rebateOf(1, 'RNG', 3_000) },
      ]);
      const past = rebateOf(0, 'LIVE', 12_345) + rebateOf(0, 'RNG', 999);
      expect(before.claimable).toHaveLength(1);
      expect(before.claimable[0]).toMatchObject({ validBetMinor: 13_344, rebateMinor: past });
      expect(before.claimableMinor).toBe(past);

      const balance = await t.app.gaming.wallet.getBalance({ ...owner, currency: 'KRW' });
      const first = await claim(authorization, 'claim-one-0001');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value).toMatchObject({ amountMinor: past, balanceMinor: balance + past });
      // The same request again answers the first; another finds nothing left.
      const again = await claim(authorization, 'claim-one-0001');
      expect(again.json().value).toEqual(first.json().value);
      const other = await claim(authorization, 'claim-one-0002');
      expect({ status: other.statusCode, code: other.json().code }).toEqual({
        status: 409,
        code: 'REBATE_NOTHING_TO_CLAIM',
      });
      expect(await rebatesPaidTo(t.app.db, member.id)).toBe(past);
      // What an agent's income page reads as its own cashback: paid in the range, nothing before it.
      const claimedAt = Date.now();
      const around = (fromMs: number, toMs: number) =>
        rebatesPaidBetween(t.app.db, member.id, new Date(claimedAt + fromMs), new Date(claimedAt + toMs));
      expect(await around(-60_000, 60_000)).toBe(past);
      expect(await around(-120_000, -60_000)).toBe(0);
      const after = await summaryOf(authorization);
      expect(after.claimable).toEqual([]);
      expect(after.paid).toEqual([expect.objectContaining({ amountMinor: past, way: 'claim' })]);
      // The account record shows it as a rebate.
      const record = await t.app.inject({
        method: 'GET',
        url: `${WALLET_CALLS.memberTransactions.path}?type=rebate`,
        headers: { authorization },
      });
      expect(record.json().value.list.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([past]);
      expect(await payoutBreaks(t.app.db)).toEqual([]);
    });

    it('keeps a just-finished period settling for its grace minutes, then lets it be claimed', async () => {
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const brand = (await t.app.merchants.findByCode('parlay'))!;
      // A Sunday 23:50 in Seoul, and the Monday 00:05 and 00:11 after it.
      const sunday = new Date('2026-11-22T14:50:00Z');
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 10_000, at: sunday });
      await drainRebates(t.app);
      clock.at = new Date('2026-11-22T15:05:00Z');
      const early = await clocked.memberSummary(owner, brand);
      expect(early.current.periodStart).toBe('2026-11-23');
      expect(early.claimable).toEqual([]);
      expect(early.settling).toEqual([
        expect.objectContaining({
          periodStart: '2026-11-16',
          periodEnd: '2026-11-22',
          rebateMinor: 100,
          claimableFrom: '2026-11-22T15:10:00.000Z',
        }),
      ]);
      await expect(clocked.claim(owner, brand, 'grace-claim-1')).rejects.toMatchObject({
        code: 'REBATE_NOTHING_TO_CLAIM',
      });
      clock.at = new Date('2026-11-22T15:11:00Z');
      const paid = await clocked.claim(owner, brand, 'grace-claim-2');
      expect(paid.paid).toEqual([expect.objectContaining({ periodStart: '2026-11-16', amountMinor: 100 })]);
    });

    it('accrues nothing while the brand has paused cashback, and counts no valid bet of 0', async () => {
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      await query(t.app.db, sql`INSERT INTO rebate_settings (merchant_id, enabled) VALUES (${merchantId}, false)`);
      expect((await t.app.rebates.boSettings((await t.app.merchants.findByCode('parlay'))!)).enabled).toBe(false);
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 10_000 });
      await drainRebates(t.app);
      await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 0 });
      await drainRebates(t.app);
      const rows = await query(t.app.db, sql`SELECT 1 FROM rebate_accruals WHERE member_id = ${member.id}`);
      expect(rows).toEqual([]);
    });
  });

  describe('auto-pay', () => {
    it("pays every member's finished periods for a brand that chose it, once, beside a claim", async () => {
      // One after the other: the first has the lower id.
      const members = [await createTestMember(t.app), await createTestMember(t.app)];
      const lastWeek = new Date(Date.now() - 8 * DAY);
      for (const member of members) {
        await settleRound(t.app.db, {
          merchantId,
          memberId: member.id,
          game: games.live,
          validBetMinor: 20_000,
          at: lastWeek,
        });
      }
      await drainRebates(t.app);
      const brand = (await t.app.merchants.findByCode('parlay'))!;
      clock.at = new Date();
      // Not chosen: nothing paid.
      expect((await clocked.payDue()).paid).toBe(0);
      await query(t.app.db, sql`INSERT INTO rebate_settings (merchant_id, auto_pay) VALUES (${merchantId}, true)`);
      try {
        const first = members[0]!;
        await clocked.claim({ merchantId, memberId: first.id }, brand, 'before-auto-1');
        const result = await clocked.payDue();
        expect(result.paid).toBeGreaterThanOrEqual(1);
        expect((await clocked.payDue()).paid).toBe(0);
        for (const member of members) expect(await rebatesPaidTo(t.app.db, member.id)).toBe(200);
        const ways = await query<{ way: string }>(
          t.app.db,
          sql`SELECT way FROM rebate_payouts WHERE member_id IN (${members[0]!.id}, ${members[1]!.id}) ORDER BY member_id`,
        );
        expect(ways.map((row) => row.way)).toEqual(['claim', 'auto']);
      } finally {
        await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
      }
      expect(await payoutBreaks(t.app.db)).toEqual([]);
    });
  });

  describe('settings', () => {
    it('keeps the period in force until the next Monday, then accrues by the new one', async () => {
      const brand = (await t.app.merchants.findByCode('parlay'))!;
      const actor = { kind: 'cli' as const, osUser: 'test' };
      clock.at = new Date('2026-11-25T03:00:00Z'); // a Wednesday in Seoul
      const saved = await clocked.saveSettings(actor, brand, {
        version: 0,
        enabled: true,
        period: 'daily',
        autoPay: false,
      });
      expect(saved).toMatchObject({ period: 'weekly', pendingPeriod: 'daily', pendingFrom: '2026-11-30', version: 1 });
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 1_000, at: clock.at });
      await settleRound(t.app.db, {
        ...owner,
        game: games.live,
        validBetMinor: 2_000,
        at: new Date('2026-12-01T03:00:00Z'),
      });
      await drainRebates(t.app);
      const rows = await query<{ period_start: string; period_end: string }>(
        t.app.db,
        sql`SELECT period_start::text, period_end::text FROM rebate_accruals WHERE member_id = ${member.id}
            ORDER BY period_start`,
      );
      expect(rows).toEqual([
        { period_start: '2026-11-23', period_end: '2026-11-29' },
        { period_start: '2026-12-01', period_end: '2026-12-01' },
      ]);
      clock.at = new Date('2026-12-01T03:00:00Z');
      expect(await clocked.boSettings(brand)).toMatchObject({ period: 'daily', pendingPeriod: null });
      await expect(
        clocked.saveSettings(actor, brand, { version: 0, enabled: true, period: 'daily', autoPay: true }),
      ).rejects.toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED' });
      await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
    });
  });

  describe('member calls', () => {
    it('refuse a visitor, a trial account and a token on another brand', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: REBATE_CALLS.summary.path });
      expect(visitor.json().code).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      for (const reply of [
        await t.app.inject({
          method: 'GET',
          url: REBATE_CALLS.summary.path,
          headers: { authorization: trial.authorization },
        }),
        await claim(trial.authorization, 'trial-claim-1'),
      ]) {
        expect({ status: reply.statusCode, code: reply.json().code }).toEqual({
          status: 403,
          code: 'NEED_TRUE_ACCOUNT',
        });
      }
      await createTestBrand(t.app.db, 'rebother', 'rebates-other.test');
      const { member, authorization } = await signInTestMember(t.app);
      await settleRound(t.app.db, {
        merchantId,
        memberId: member.id,
        game: games.live,
        validBetMinor: 50_000,
        at: new Date(Date.now() - 8 * DAY),
      });
      await drainRebates(t.app);
      const elsewhere = await claim(authorization, 'elsewhere-claim-1', 'rebates-other.test');
      expect({ status: elsewhere.statusCode, code: elsewhere.json().code }).toEqual({
        status: 401,
        code: 'NOT_LOGGED_IN',
      });
      const stranger = await signInTestMember(t.app, { merchantCode: 'rebother' });
      const theirs = await claim(stranger.authorization, 'stranger-claim-1', 'rebates-other.test');
      expect(theirs.json().code).toBe('REBATE_NOTHING_TO_CLAIM');
      expect(await rebatesPaidTo(t.app.db, member.id)).toBe(0);
      const bad = await claim(authorization, 'x');
      expect({ status: bad.statusCode, code: bad.json().code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      const count = await query<{ n: unknown }>(
        t.app.db,
        sql`SELECT count(*) AS n FROM rebate_payouts WHERE member_id = ${member.id}`,
      );
      expect(toNumber(count[0]?.n)).toBe(0);
    });
  });
});
