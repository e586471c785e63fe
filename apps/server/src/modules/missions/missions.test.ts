import { ERRORS, MISSION_CALLS, WALLET_CALLS, type ClaimMissionResult, type MissionSummary } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, loginThroughApi, signInTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  booksBreaks,
  drainMissions,
  feedDeposit,
  insertTestMission,
  missionGames,
  rewardBreaks,
  rewardsPaidTo,
  settleRound,
  stopMissionJobs,
  type TestGame,
} from './missions.fixtures';
import { localDay, MissionService, periodOf } from './missions.service';

const DAY = 86_400_000;

describe(MissionService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopMissionJobs(t.app);
    await installTestVendor(t.app);
    games = await missionGames(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    // The demo missions stay out of these tests' counts.
    await query(t.app.db, sql`UPDATE missions SET active = false WHERE merchant_id = ${merchantId}`);
    await drainMissions(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const summaryOf = async (authorization: string, language = 'EN') => {
    const reply = await t.app.inject({
      method: 'GET',
      url: MISSION_CALLS.summary.path,
      headers: { authorization, language },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ value: MissionSummary }>().value;
  };
  const claim = (authorization: string, missionId: unknown, language = 'EN') =>
    t.app.inject({
      method: 'POST',
      url: MISSION_CALLS.claim.path,
      headers: { authorization, language },
      payload: { missionId },
    });
  const itemOf = (summary: MissionSummary, id: number) => summary.items.find((item) => item.id === id);
  const movementsOf = async (memberId: number) =>
    toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId}`,
        )
      )[0]?.n,
    );

  describe('periods', () => {
    it("cut days, Monday-to-Sunday weeks and campaigns in the brand's calendar", () => {
      const campaign = { period: 'campaign' as const, startsAt: '2026-11-20T15:00:00.000Z', endsAt: null };
      expect(periodOf({ period: 'daily', startsAt: null, endsAt: null }, '2026-11-28', 'UTC')).toEqual({
        start: '2026-11-28',
        end: '2026-11-28',
      });
      expect(periodOf({ period: 'weekly', startsAt: null, endsAt: null }, '2026-11-29', 'UTC')).toEqual({
        start: '2026-11-23',
        end: '2026-11-29',
      });
      // 15:00 UTC is the next midnight in Seoul; an end at a midnight leaves the day before as the last.
      expect(periodOf(campaign, '2026-11-28', 'Asia/Seoul')).toEqual({ start: '2026-11-21', end: null });
      expect(periodOf({ ...campaign, endsAt: '2026-11-30T15:00:00.000Z' }, '2026-11-28', 'Asia/Seoul').end).toBe(
        '2026-11-30',
      );
    });
  });

  describe('progress and claim', () => {
    it('counts rounds of the game type in this period, pays a completed mission once and shows it', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const missionId = await insertTestMission(t.app.db, merchantId, {
        goal: 'rounds',
        gameType: 'LIVE',
        target: 3,
        period: 'daily',
        rewardMinor: 1_500,
      });
      // Yesterday's rounds and another type's count nothing today.
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 100, at: new Date(Date.now() - DAY) });
      await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 100 });
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 0 });
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 100 });
      await drainMissions(t.app);
      const before = await summaryOf(authorization);
      expect(itemOf(before, missionId)).toMatchObject({ progress: 2, target: 3, state: 'in_process' });
      expect(before.readyCount).toBe(0);

      const balance = await t.app.gaming.wallet.getBalance({ ...owner, currency: 'KRW' });
      const early = await claim(authorization, missionId);
      expect(early.json()).toMatchObject({
        success: false,
        code: 'MISSION_NOT_COMPLETE',
        message: ERRORS.MISSION_NOT_COMPLETE.en,
      });

      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 100 });
      await drainMissions(t.app);
      const ready = await summaryOf(authorization, 'KO');
      expect(itemOf(ready, missionId)).toMatchObject({ progress: 3, state: 'claim', title: '테스트 미션' });
      expect(ready.readyCount).toBe(1);
      expect(ready.items[0]?.id).toBe(missionId);

      const paid = await claim(authorization, missionId);
      expect(paid.statusCode, paid.body).toBe(200);
      const result = paid.json<{ value: ClaimMissionResult }>().value;
      expect(result).toMatchObject({ amountMinor: 1_500, balanceMinor: balance + 1_500 });
      expect(result.mission).toMatchObject({ id: missionId, state: 'claimed', progress: 3 });
      expect(result.mission.claimedAt).not.toBeNull();

      const movements = await movementsOf(member.id);
      const again = await claim(authorization, missionId, 'KO');
      expect(again.json()).toMatchObject({
        success: false,
        code: 'MISSION_ALREADY_CLAIMED',
        message: ERRORS.MISSION_ALREADY_CLAIMED.ko,
      });
      expect(await movementsOf(member.id)).toBe(movements);
      expect(await rewardsPaidTo(t.app.db, member.id)).toBe(1_500);
      expect(itemOf(await summaryOf(authorization), missionId)?.state).toBe('claimed');
      expect((await summaryOf(authorization)).readyCount).toBe(0);

      // The account record shows the reward as a mission movement.
      const records = await t.app.inject({
        method: 'GET',
        url: `${WALLET_CALLS.memberTransactions.path}?type=mission`,
        headers: { authorization },
      });
      expect(records.statusCode, records.body).toBe(200);
      expect(records.json().value.list).toEqual([
        expect.objectContaining({ type: 'mission', amountMinor: 1_500, balanceAfterMinor: balance + 1_500 }),
      ]);
      expect(await rewardBreaks(t.app.db)).toEqual([]);
      expect(await booksBreaks(t.app.db, [member.id])).toEqual([]);
    });

    it('sums valid bets of every type and credited deposits', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const wager = await insertTestMission(t.app.db, merchantId, { goal: 'wager', target: 5_000, period: 'weekly' });
      const deposit = await insertTestMission(t.app.db, merchantId, { goal: 'deposit', target: 10_000 });
      await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 2_000 });
      await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 3_500 });
      await feedDeposit(t.app.db, { ...owner, amountMinor: 7_000 });
      await drainMissions(t.app);
      const summary = await summaryOf(authorization);
      expect(itemOf(summary, wager)).toMatchObject({ progress: 5_500, state: 'claim', period: 'weekly' });
      expect(itemOf(summary, deposit)).toMatchObject({ progress: 7_000, state: 'in_process' });
      expect(summary.readyCount).toBe(1);
    });

    it('shows a mission not started as coming soon and an ended one as closed, neither claimable', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const later = await insertTestMission(t.app.db, merchantId, {
        goal: 'rounds',
        target: 1,
        startsAt: new Date(Date.now() + DAY).toISOString(),
      });
      const ended = await insertTestMission(t.app.db, merchantId, {
        goal: 'rounds',
        target: 1,
        startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
        endsAt: new Date(Date.now() - 60_000).toISOString(),
      });
      await settleRound(t.app.db, { merchantId, memberId: member.id, game: games.live, validBetMinor: 10 });
      await drainMissions(t.app);
      const summary = await summaryOf(authorization);
      expect(itemOf(summary, later)).toMatchObject({ state: 'coming_soon', progress: 0 });
      expect(itemOf(summary, ended)).toMatchObject({ state: 'close' });
      const states = summary.items.map((item) => item.state);
      expect(states.indexOf('coming_soon')).toBeLessThan(states.lastIndexOf('close'));
      for (const missionId of [later, ended]) {
        expect((await claim(authorization, missionId)).json().code).toBe('MISSION_NOT_COMPLETE');
      }
      expect(await movementsOf(member.id)).toBe(0);
    });

    it('refuses an unknown, switched-off or other brand’s mission, and a malformed request, changing nothing', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const off = await insertTestMission(t.app.db, merchantId, { goal: 'rounds', target: 1, active: false });
      const otherId = await createTestBrand(t.app.db, `ms${process.pid}`, `ms${process.pid}.example`);
      const theirs = await insertTestMission(t.app.db, otherId, { goal: 'rounds', target: 1 });
      await settleRound(t.app.db, { merchantId, memberId: member.id, game: games.live, validBetMinor: 10 });
      await drainMissions(t.app);
      for (const [missionId, language] of [
        [9_999_999, 'EN'],
        [off, 'KO'],
        [theirs, 'EN'],
      ] as const) {
        const reply = await claim(authorization, missionId, language);
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toMatchObject({
          code: 'MISSION_NOT_FOUND',
          message: language === 'KO' ? ERRORS.MISSION_NOT_FOUND.ko : ERRORS.MISSION_NOT_FOUND.en,
        });
      }
      expect((await claim(authorization, 'one')).json().code).toBe('VALIDATION_FAILED');
      expect((await claim(authorization, 0)).json().code).toBe('VALIDATION_FAILED');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: MISSION_CALLS.claim.path,
        payload: { missionId: off },
      });
      expect(anonymous.json().code).toBe('NOT_LOGGED_IN');
      expect(await movementsOf(member.id)).toBe(0);
      const rows = await query(
        t.app.db,
        sql`SELECT 1 FROM mission_progress WHERE member_id = ${member.id} AND claimed_at IS NOT NULL`,
      );
      expect(rows).toEqual([]);
      expect(itemOf(await summaryOf(authorization), off)).toBeUndefined();
    });
  });

  describe('sign-in', () => {
    it('counts a sign-in once a brand day, through the real sign-in', async () => {
      const member = await createTestMember(t.app, { merchantCode: 'parlay' });
      const missionId = await insertTestMission(t.app.db, merchantId, {
        goal: 'signin',
        target: 3,
        period: 'campaign',
        startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
      });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const login = await loginThroughApi(t.app, { username: member.account, password: member.password });
        expect(login.statusCode, login.body).toBe(200);
      }
      const { authorization } = await signInTestMember(t.app, member);
      expect(itemOf(await summaryOf(authorization), missionId)).toMatchObject({ progress: 1, state: 'signed' });
    });

    it('adds a day that follows the last, starts again after a missed day, and keeps a completed streak', async () => {
      const clock = { at: new Date('2026-11-20T03:00:00.000Z') };
      const missions = new MissionService(
        t.app.db,
        t.app.gaming.wallet,
        t.app.settlementFeed,
        t.app.audit,
        () => clock.at,
      );
      const brand = (await t.app.merchants.findByCode('parlay'))!;
      const { member } = await signInTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const missionId = await insertTestMission(t.app.db, merchantId, {
        goal: 'signin',
        target: 3,
        period: 'campaign',
        startsAt: '2026-11-01T00:00:00.000Z',
      });
      const signIn = async (at: string) => {
        clock.at = new Date(at);
        await missions.signedIn(t.app.db, { ...owner, isFreePlay: false }, brand.brand.timeZone);
      };
      const progress = async () => (await missions.summary(owner, brand, 'EN')).items.find((i) => i.id === missionId)!;
      const zone = brand.brand.timeZone;
      await signIn('2026-11-20T03:00:00.000Z');
      await signIn('2026-11-21T03:00:00.000Z');
      expect(await progress()).toMatchObject({ progress: 2, state: 'signed' });
      // A day missed: the streak shows broken, and the next sign-in starts it at 1.
      clock.at = new Date('2026-11-23T03:00:00.000Z');
      expect(await progress()).toMatchObject({ progress: 0, state: 'in_process' });
      await signIn('2026-11-23T03:00:00.000Z');
      await signIn('2026-11-24T03:00:00.000Z');
      await signIn('2026-11-25T03:00:00.000Z');
      expect(await progress()).toMatchObject({ progress: 3, state: 'claim' });
      // Completed, it waits for the claim whatever days pass.
      clock.at = new Date('2026-11-28T03:00:00.000Z');
      expect(await progress()).toMatchObject({ progress: 3, state: 'claim' });
      expect(localDay(clock.at, zone)).toBe('2026-11-28');
      const paid = await missions.claim(owner, brand, missionId, 'EN');
      expect(paid).toMatchObject({ amountMinor: 1_000, mission: { state: 'claimed' } });
      await signIn('2026-11-29T03:00:00.000Z');
      expect(await progress()).toMatchObject({ progress: 3, state: 'claimed' });
      // Guests of free play count nothing.
      const guest = await createTestMember(t.app, { merchantCode: 'parlay', isFreePlay: true });
      await missions.signedIn(t.app.db, { merchantId, memberId: guest.id, isFreePlay: true }, zone);
      expect(await query(t.app.db, sql`SELECT 1 FROM mission_progress WHERE member_id = ${guest.id}`)).toEqual([]);
    });
  });
});
