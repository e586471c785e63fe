import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { createTestMember } from '../test/members';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_LEADERBOARD_CODES, payDemoLeaderboards, seedDemoLeaderboards } from './seed-leaderboards';

const DAY = 86_400_000;

describe(seedDemoLeaderboards.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.leaderboardPayout?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("gives the demo brand WEEKLYBET and BIGWIN, once, scored from rounds, last week's prizes paid", async () => {
    await seedDemoLeaderboards(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoLeaderboards(t.app.db, DEMO_MERCHANT_CODE);
    const brand = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const [game] = await query<{ id: unknown; vendor_id: unknown }>(
      t.app.db,
      sql`WITH v AS (INSERT INTO game_vendors (code, name, game_types, wallet_secret)
                     VALUES ('LBSEED', 'Leaderboard seed vendor', '{RNG}', 'unused') RETURNING id)
          INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
          SELECT id, 'LB1', 'LB1', 'lb1', 'RNG' FROM v RETURNING id, vendor_id`,
    );
    let serial = 0;
    // A settled round of the member (the feed's trigger writes its row), at `at`.
    const settleRound = async (memberId: number, stakeMinor: number, winMinor: number, at: Date) => {
      serial += 1;
      await query(
        t.app.db,
        sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                     stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
            VALUES (${toNumber(game?.vendor_id)}, ${`lbseed-${serial}`}, ${brand.id}, ${memberId},
                    ${toNumber(game?.id)}, 'LB1', 'KRW', ${stakeMinor}, ${winMinor}, ${stakeMinor}, 'settled',
                    ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
      );
    };
    const [first, second] = [await createTestMember(t.app), await createTestMember(t.app)];
    const exponent = 10 ** brand.brand.currencyExponent;
    // Last week's rounds (8 days ago is always in it) and one now.
    const lastWeek = new Date(Date.now() - 8 * DAY);
    await settleRound(first.id, 2_000 * exponent, 10_000 * exponent, lastWeek);
    await settleRound(second.id, 1_000 * exponent, 0, lastWeek);
    await settleRound(second.id, 500 * exponent, 0, new Date());
    expect(await payDemoLeaderboards(t.app.leaderboards, t.app.settlementFeed)).toBe(2);
    expect(await payDemoLeaderboards(t.app.leaderboards, t.app.settlementFeed)).toBe(0);

    const summary = await t.app.leaderboards.summary({ merchantId: brand.id, memberId: second.id }, brand, 'EN');
    const byCode = new Map(summary.items.map((item) => [item.code, item]));
    expect(byCode.get(DEMO_LEADERBOARD_CODES.wager)).toMatchObject({
      title: 'Weekly wager race',
      measure: 'valid_bet',
      period: 'weekly',
      prizesMinor: [50_000, 30_000, 20_000, 10_000, 5_000].map((prize) => prize * exponent),
      me: { rank: 1, score: 500 * exponent },
    });
    expect(byCode.get(DEMO_LEADERBOARD_CODES.wager)!.lastPeriod!.winners.map((row) => row.prizeMinor)).toEqual([
      50_000 * exponent,
      30_000 * exponent,
    ]);
    expect(byCode.get(DEMO_LEADERBOARD_CODES.multiplier)).toMatchObject({
      measure: 'multiplier',
      minBetMinor: 1_000 * exponent,
      me: null,
      lastPeriod: { winners: [{ rank: 1, score: 500, prizeMinor: 30_000 * exponent, isMe: false }] },
    });
  });
});
