import { LEADERBOARD_CALLS, type LeaderboardSummary } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  boardGames,
  booksBreaks,
  drainBoards,
  insertTestBoard,
  prizeBreaks,
  prizesPaidTo,
  settleRound,
  stopBoardJobs,
  type TestGame,
} from './leaderboards.fixtures';
import { dayStart, periodOf, shownPeriod } from './leaderboards.period';
import { findUnpaidPeriodStarts, unpaidPeriodStartsQuery } from './leaderboards.repository';
import { dueBefore, LEADERBOARD_PAY_GRACE_MS, LeaderboardService, prizeKey } from './leaderboards.service';

const MINUTE = 60_000;

describe(LeaderboardService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopBoardJobs(t.app);
    await installTestVendor(t.app);
    games = await boardGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await query(t.app.db, sql`UPDATE leaderboards SET active = false WHERE merchant_id = ${brand.id}`);
    await drainBoards(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const serviceAt = (now: () => Date) =>
    new LeaderboardService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit, now);
  const scoresOf = async (leaderboardId: number) =>
    (
      await query<Record<string, unknown>>(
        t.app.db,
        sql`SELECT member_id, period_start::text AS period_start, score FROM leaderboard_scores
            WHERE leaderboard_id = ${leaderboardId} ORDER BY period_start, member_id`,
      )
    ).map((row) => ({
      memberId: toNumber(row['member_id']),
      periodStart: String(row['period_start']),
      score: toNumber(row['score']),
    }));

  describe('periods', () => {
    it("cut days, Monday-to-Sunday weeks and campaigns in the brand's calendar, ending at the next day's start", () => {
      expect(dayStart('2026-11-28', 'Asia/Seoul').toISOString()).toBe('2026-11-27T15:00:00.000Z');
      expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
      expect(periodOf({ period: 'weekly', startsAt: null, endsAt: null }, '2026-11-29', 'Asia/Seoul')).toEqual({
        start: '2026-11-23',
        end: '2026-11-29',
        endsAt: new Date('2026-11-29T15:00:00.000Z'),
      });
      const campaign = {
        period: 'campaign' as const,
        startsAt: '2026-11-20T15:00:00.000Z',
        endsAt: '2026-11-25T15:00:00.000Z',
      };
      expect(periodOf(campaign, '2026-11-22', 'Asia/Seoul')).toEqual({
        start: '2026-11-21',
        end: '2026-11-25',
        endsAt: new Date('2026-11-25T15:00:00.000Z'),
      });
      // After the campaign, its last period is the one shown.
      expect(shownPeriod(campaign, new Date('2026-12-10T00:00:00Z'), 'Asia/Seoul').start).toBe('2026-11-21');
    });
  });

  describe('scores from the settlement feed', () => {
    it('sum valid bets per period and keep the biggest multiplier of a round at the minimum stake', async () => {
      // One after the other: the scores read back in member id order, a before b.
      const a = await createTestMember(t.app);
      const b = await createTestMember(t.app);
      const wager = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', period: 'daily' });
      const live = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', gameType: 'LIVE' });
      const multiplier = await insertTestBoard(t.app.db, brand.id, { measure: 'multiplier', minBetMinor: 1_000 });
      const day1 = new Date('2026-10-05T03:00:00Z');
      const day2 = new Date('2026-10-06T03:00:00Z');
      const play = (member: { id: number }, game: TestGame, stake: number, win: number, at: Date) =>
        settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game,
          stakeMinor: stake,
          winMinor: win,
          at,
        });
      await play(a, games.rng, 1_000, 5_000, day1);
      await play(a, games.live, 2_000, 0, day1);
      // A stake under the minimum: its x100 does not count for the multiplier board.
      await play(a, games.rng, 10, 1_000, day1);
      await play(b, games.live, 4_000, 10_000, day1);
      await play(b, games.rng, 1_000, 1_250, day2);
      await drainBoards(t.app);
      expect(await scoresOf(wager)).toEqual([
        { memberId: a.id, periodStart: '2026-10-05', score: 3_010 },
        { memberId: b.id, periodStart: '2026-10-05', score: 4_000 },
        { memberId: b.id, periodStart: '2026-10-06', score: 1_000 },
      ]);
      expect(await scoresOf(live)).toEqual([
        { memberId: a.id, periodStart: '2026-10-05', score: 2_000 },
        { memberId: b.id, periodStart: '2026-10-05', score: 4_000 },
      ]);
      // x5.00 for a; b's x2.50 on day 1 (x1.25 is its day 2's).
      expect(await scoresOf(multiplier)).toEqual([
        { memberId: a.id, periodStart: '2026-10-05', score: 500 },
        { memberId: b.id, periodStart: '2026-10-05', score: 250 },
        { memberId: b.id, periodStart: '2026-10-06', score: 125 },
      ]);
      // A later batch adds to the sum and raises the biggest multiplier only when bigger.
      await play(a, games.rng, 1_000, 2_000, day1);
      await play(b, games.rng, 2_000, 20_000, day1);
      await drainBoards(t.app);
      expect((await scoresOf(wager))[0]).toEqual({ memberId: a.id, periodStart: '2026-10-05', score: 4_010 });
      expect((await scoresOf(multiplier)).slice(0, 2)).toEqual([
        { memberId: a.id, periodStart: '2026-10-05', score: 500 },
        { memberId: b.id, periodStart: '2026-10-05', score: 1_000 },
      ]);
    });

    it('count nothing before a board starts, after it ends or while it is off', async () => {
      const member = await createTestMember(t.app);
      const board = await insertTestBoard(t.app.db, brand.id, {
        measure: 'valid_bet',
        period: 'campaign',
        startsAt: '2026-09-10T00:00:00.000Z',
        endsAt: '2026-09-12T00:00:00.000Z',
      });
      const off = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', active: false });
      for (const at of [
        '2026-09-09T23:59:59Z',
        '2026-09-10T00:00:00Z',
        '2026-09-11T12:00:00Z',
        '2026-09-12T00:00:00Z',
      ]) {
        await settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game: games.rng,
          stakeMinor: 100,
          at: new Date(at),
        });
      }
      await drainBoards(t.app);
      expect(await scoresOf(board)).toEqual([{ memberId: member.id, periodStart: '2026-09-10', score: 200 }]);
      expect(await scoresOf(off)).toEqual([]);
    });
  });

  describe('the member call', () => {
    it("shows the top 10 masked, the member's own rank and score, ties to who reached it first, and the prizes", async () => {
      const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', prizesMinor: [500, 100] });
      const members = await Promise.all(Array.from({ length: 12 }, () => createTestMember(t.app)));
      const now = Date.now();
      // Member i bets 100 × (i + 1) (the last two tie at 1,100 and 1,100: the earlier ranks first).
      for (const [index, member] of members.entries()) {
        await settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game: games.live,
          stakeMinor: 100 * Math.min(index + 1, 11),
          at: new Date(now - (20 - index) * 1_000),
        });
      }
      await drainBoards(t.app);
      const me = members[0]!;
      const { authorization } = await signInTestMember(t.app, me);
      const reply = await t.app.inject({
        method: 'GET',
        url: LEADERBOARD_CALLS.leaderboard.path,
        headers: { authorization, language: 'KO' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const summary = reply.json<{ value: LeaderboardSummary }>().value;
      const item = summary.items.find((entry) => entry.id === board)!;
      expect(item.title).toBe('테스트 리더보드');
      expect(item.prizesMinor).toEqual([500, 100]);
      expect(item.top).toHaveLength(10);
      expect(item.top.map((row) => row.score)).toEqual([1_100, 1_100, 1_000, 900, 800, 700, 600, 500, 400, 300]);
      expect(item.top[0]!.account).toBe(maskOf(members[10]!.account));
      expect(item.top[1]!.account).toBe(maskOf(members[11]!.account));
      expect(item.top.some((row) => row.isMe)).toBe(false);
      expect(item.me).toEqual({ rank: 12, score: 100 });
      expect(Date.parse(item.endsAt)).toBeGreaterThan(now);
      expect(item.lastPeriod).toBeNull();
      const unauthenticated = await t.app.inject({ method: 'GET', url: LEADERBOARD_CALLS.leaderboard.path });
      expect(unauthenticated.statusCode).toBe(401);
    });
  });

  describe('the payout', () => {
    // Each case's rounds count for its own board only.
    beforeEach(async () => {
      await query(t.app.db, sql`UPDATE leaderboards SET active = false WHERE merchant_id = ${brand.id}`);
    });

    it("pays each rank's prize once after the period's end and grace, ranks past the prizes nothing", async () => {
      const board = await insertTestBoard(t.app.db, brand.id, { measure: 'multiplier', prizesMinor: [700, 300] });
      const members = await Promise.all(Array.from({ length: 3 }, () => createTestMember(t.app)));
      const day = new Date('2026-08-03T03:00:00Z'); // Seoul noon of 2026-08-03; the day ends at 15:00 UTC.
      for (const [index, member] of members.entries()) {
        await settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game: games.rng,
          stakeMinor: 100,
          winMinor: 1_000 * (index + 1),
          at: day,
        });
      }
      await drainBoards(t.app);
      const end = new Date('2026-08-03T15:00:00Z').getTime();
      let now = end + LEADERBOARD_PAY_GRACE_MS - MINUTE;
      const service = serviceAt(() => new Date(now));
      await service.payDue();
      expect(await prizesPaidTo(t.app.db, members[2]!.id)).toBe(0);
      now = end + LEADERBOARD_PAY_GRACE_MS;
      expect((await service.payDue()).paid).toBeGreaterThanOrEqual(1);
      expect(await service.payDue()).toEqual({ paid: 0 });
      expect(await prizesPaidTo(t.app.db, members[2]!.id)).toBe(700);
      expect(await prizesPaidTo(t.app.db, members[1]!.id)).toBe(300);
      expect(await prizesPaidTo(t.app.db, members[0]!.id)).toBe(0);
      const keys = await query<{ idempotency_key: string }>(
        t.app.db,
        sql`SELECT idempotency_key FROM wallet_movements WHERE member_id = ${members[2]!.id} AND kind = 'leaderboard'`,
      );
      expect(keys.map((row) => row.idempotency_key)).toEqual([prizeKey(board, '2026-08-03', 1)]);
      // The member sees the last period's winners.
      const summary = await service.summary({ merchantId: brand.id, memberId: members[1]!.id }, brand, 'EN');
      expect(summary.items.find((item) => item.id === board)!.lastPeriod).toEqual({
        periodStart: '2026-08-03',
        periodEnd: '2026-08-03',
        winners: [
          { rank: 1, account: maskOf(members[2]!.account), score: 3_000, isMe: false, prizeMinor: 700 },
          { rank: 2, account: maskOf(members[1]!.account), score: 2_000, isMe: true, prizeMinor: 300 },
        ],
      });
      // The back office's standings of that period: the ranks, what each was paid.
      const standings = await service.standings(brand, board, '2026-08-03');
      expect(standings.paidMinor).toBe(1_000);
      expect(standings.rows.map((row) => [row.rank, row.memberId, row.prizeMinor])).toEqual([
        [1, members[2]!.id, 700],
        [2, members[1]!.id, 300],
        [3, members[0]!.id, null],
      ]);
      expect(await prizeBreaks(t.app.db)).toEqual([]);
      expect(
        await booksBreaks(
          t.app.db,
          members.map((m) => m.id),
        ),
      ).toEqual([]);
    });

    it("records a closed account's prize and one the wallet refuses, pays the other ranks, and is done", async () => {
      const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', prizesMinor: [700, 300, 100] });
      const [closed, full, paid] = await Promise.all(Array.from({ length: 3 }, () => createTestMember(t.app)));
      for (const [index, member] of [closed!, full!, paid!].entries()) {
        await settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game: games.rng,
          stakeMinor: 3_000 - index * 1_000,
          at: new Date('2026-06-01T03:00:00Z'),
        });
      }
      await drainBoards(t.app);
      await query(t.app.db, sql`UPDATE members SET status = 'closed' WHERE id = ${closed!.id}`);
      // A balance 200 short of the most an amount can be: a prize of 300 would pass it.
      const owner = { merchantId: brand.id, memberId: full!.id, currency: 'KRW' };
      await t.app.db.transaction(async (tx) =>
        t.app.gaming.wallet.credit(tx, {
          ...owner,
          amountMinor: Number.MAX_SAFE_INTEGER - 200 - (await t.app.gaming.wallet.findBalance(tx, owner)),
          kind: 'adjustment',
          idempotencyKey: `lb-full-${full!.id}`,
        }),
      );
      const service = serviceAt(() => new Date('2026-06-03T00:00:00Z'));
      expect(await service.periodsWaiting()).toBe(1);
      expect(await service.payDue()).toEqual({ paid: 1 });
      // Done with it: not waiting, not paid again, the refusals on the standings.
      expect(await service.periodsWaiting()).toBe(0);
      expect(await service.payDue()).toEqual({ paid: 0 });
      expect(await prizesPaidTo(t.app.db, paid!.id)).toBe(100);
      expect(await prizesPaidTo(t.app.db, closed!.id)).toBe(0);
      expect(await prizesPaidTo(t.app.db, full!.id)).toBe(0);
      const standings = await service.standings(brand, board, '2026-06-01');
      expect(standings.paidAt).not.toBeNull();
      expect(standings.paidMinor).toBe(100);
      expect(standings.rows.map((row) => [row.memberId, row.prizeMinor, row.movementId === null, row.refused])).toEqual(
        [
          [closed!.id, 700, true, 'ACCOUNT_DISABLED'],
          [full!.id, 300, true, 'WALLET_BALANCE_LIMIT'],
          [paid!.id, 100, false, null],
        ],
      );
      // Members see the winners paid only.
      const summary = await service.summary({ merchantId: brand.id, memberId: paid!.id }, brand, 'EN');
      expect(summary.items.find((item) => item.id === board)!.lastPeriod!.winners.map((w) => w.rank)).toEqual([3]);
      expect(await prizeBreaks(t.app.db)).toEqual([]);
      expect(await booksBreaks(t.app.db, [closed!.id, full!.id, paid!.id])).toEqual([]);
    });

    it("finds the periods due without reading the running period's scores or those of periods paid", async () => {
      const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', period: 'daily' });
      // Two finished days of one member, the first paid; today (2026-05-06 in Seoul) with 400 members.
      await query(
        t.app.db,
        sql`INSERT INTO leaderboard_scores (leaderboard_id, period_start, member_id, merchant_id, score, reached_at)
            SELECT ${board}::bigint, day::date, member_id, ${brand.id}::bigint, 100, now()
            FROM (VALUES ('2026-05-04'), ('2026-05-05')) days (day), generate_series(1, 300) member_id
            UNION ALL
            SELECT ${board}::bigint, '2026-05-06'::date, member_id, ${brand.id}::bigint, 100, now() FROM generate_series(1, 400) member_id`,
      );
      await query(
        t.app.db,
        sql`INSERT INTO leaderboard_periods (leaderboard_id, period_start, merchant_id, ranked, paid_minor)
            VALUES (${board}, '2026-05-04', ${brand.id}, 0, 0)`,
      );
      const now = new Date('2026-05-06T05:00:00Z');
      const before = dueBefore({ period: 'daily', startsAt: null, endsAt: null }, now, 'Asia/Seoul');
      expect(before).toBe('2026-05-06');
      // Within the grace after the day's end, yesterday is not due yet.
      expect(
        dueBefore({ period: 'daily', startsAt: null, endsAt: null }, new Date('2026-05-05T15:05:00Z'), 'Asia/Seoul'),
      ).toBe('2026-05-05');
      expect(await findUnpaidPeriodStarts(t.app.db, board, before)).toEqual(['2026-05-05']);
      const [explained] = await query<Record<string, unknown>>(
        t.app.db,
        sql`EXPLAIN (ANALYZE, FORMAT JSON) ${unpaidPeriodStartsQuery(board, before)}`,
      );
      const plan = explained!['QUERY PLAN'];
      const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
      // An index probe a distinct period (the due one, then the end), however many members each period has.
      expect(rowsReadFrom(root[0]!.Plan, 'leaderboard_scores')).toBeLessThanOrEqual(3);
      // A campaign is due once its end plus the grace has passed.
      const campaign = {
        period: 'campaign' as const,
        startsAt: '2026-05-01T00:00:00Z',
        endsAt: '2026-05-06T00:00:00Z',
      };
      expect(dueBefore(campaign, new Date('2026-05-06T00:05:00Z'), 'UTC')).toBe('2026-05-01');
      expect(dueBefore(campaign, new Date('2026-05-06T00:10:00Z'), 'UTC')).toBe('2026-05-02');
    });

    it('waits for the rounds settled before the end that the consumer has not counted yet', async () => {
      const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', prizesMinor: [50] });
      const member = await createTestMember(t.app);
      await settleRound(t.app.db, {
        merchantId: brand.id,
        memberId: member.id,
        game: games.rng,
        stakeMinor: 100,
        at: new Date('2026-07-06T03:00:00Z'),
      });
      await drainBoards(t.app);
      // A round of that day settles late, not yet applied.
      await settleRound(t.app.db, {
        merchantId: brand.id,
        memberId: member.id,
        game: games.rng,
        stakeMinor: 100,
        at: new Date('2026-07-06T04:00:00Z'),
      });
      const service = serviceAt(() => new Date('2026-07-08T00:00:00Z'));
      await service.payDue();
      expect(await prizesPaidTo(t.app.db, member.id)).toBe(0);
      await drainBoards(t.app);
      await service.payDue();
      expect(await prizesPaidTo(t.app.db, member.id)).toBe(50);
      const paid = await query<{ score: unknown }>(
        t.app.db,
        sql`SELECT score FROM leaderboard_payouts WHERE leaderboard_id = ${board}`,
      );
      expect(toNumber(paid[0]?.score)).toBe(200);
    });
  });
});

/** The rows a plan's nodes read from `table`, all loops counted (EXPLAIN ANALYZE's JSON). */
function rowsReadFrom(plan: Record<string, unknown>, table: string): number {
  const own = plan['Relation Name'] === table ? Number(plan['Actual Rows']) * Number(plan['Actual Loops']) : 0;
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return children.reduce((sum, child) => sum + rowsReadFrom(child, table), own);
}

function maskOf(account: string): string {
  return `${account.slice(0, 2)}${'*'.repeat(Math.max(1, account.length - 3))}${account.slice(-1)}`;
}
