import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
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
import { LeaderboardService } from './leaderboards.service';

const RUNS = 50;

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

  const instance = (now: Date) =>
    new LeaderboardService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit, () => now);

  it(`pays each prize of a finished period once when ${RUNS} payout runs of two instances start at once`, async () => {
    const prizes = [5_000, 3_000, 2_000, 1_000, 500];
    const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', prizesMinor: prizes });
    const members = await Promise.all(Array.from({ length: 8 }, () => createTestMember(t.app)));
    // Two periods (days) finished: each member's bet differs, so the ranks are known.
    for (const day of ['2026-06-01', '2026-06-02']) {
      for (const [index, member] of members.entries()) {
        await settleRound(t.app.db, {
          merchantId: brand.id,
          memberId: member.id,
          game: games.rng,
          stakeMinor: 1_000 + index * 10,
          at: new Date(`${day}T03:00:00Z`),
        });
      }
    }
    await drainBoards(t.app);
    const now = new Date('2026-06-10T00:00:00Z');
    const [first, second] = [instance(now), instance(now)];
    const results = await Promise.all(
      Array.from({ length: RUNS }, (_, index) => (index % 2 === 0 ? first : second).payDue()),
    );
    expect(results.reduce((sum, result) => sum + result.paid, 0)).toBe(2);
    // The best bettor (the last member) is first on both days.
    for (const [rank, prize] of prizes.entries()) {
      expect(await prizesPaidTo(t.app.db, members[members.length - 1 - rank]!.id)).toBe(prize * 2);
    }
    expect(await prizesPaidTo(t.app.db, members[0]!.id)).toBe(0);
    const movements = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM wallet_movements WHERE kind = 'leaderboard'
            AND idempotency_key LIKE ${`leaderboard:${board}:%`}`,
    );
    expect(toNumber(movements[0]?.n)).toBe(prizes.length * 2);
    expect(await prizeBreaks(t.app.db)).toEqual([]);
    expect(
      await booksBreaks(
        t.app.db,
        members.map((member) => member.id),
      ),
    ).toEqual([]);
  }, 120_000);

  it('counts each round once when two instances apply the feed while rounds settle', async () => {
    const board = await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', period: 'weekly' });
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestMember(t.app)));
    const other = new LeaderboardService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit);
    let settling = true;
    const consumers = [t.app.leaderboards, other].map(async (leaderboards) => {
      while (settling) await leaderboards.consumeFeed({ batchSize: 7 });
    });
    const expected = new Map<number, number>();
    const at = new Date();
    await Promise.all(
      members.map(async (member, index) => {
        for (let round = 0; round < 20; round += 1) {
          const stake = 1_000 + index * 137 + round * 11;
          await settleRound(t.app.db, {
            merchantId: brand.id,
            memberId: member.id,
            game: games.live,
            stakeMinor: stake,
            at,
          });
          expected.set(member.id, (expected.get(member.id) ?? 0) + stake);
        }
      }),
    );
    settling = false;
    await Promise.all(consumers);
    await drainBoards(t.app);
    const rows = await query<{ member_id: unknown; score: unknown }>(
      t.app.db,
      sql`SELECT member_id, score FROM leaderboard_scores WHERE leaderboard_id = ${board}`,
    );
    expect(new Map(rows.map((row) => [toNumber(row.member_id), toNumber(row.score)]))).toEqual(expected);
  }, 120_000);
});
