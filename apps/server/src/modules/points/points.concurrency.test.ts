import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { drainPoints, ledgerBreaks, pointGames, settleRound, type TestGame } from './points.fixtures';
import { PointsService } from './points.service';

const PLAYERS = 8;
const ROUNDS_EACH = 30;

describe(PointsService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.pointsFeed?.stop();
    await installTestVendor(t.app);
    games = await pointGames(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await drainPoints(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('counts each round once when two instances consume while rounds settle', async () => {
    const members = await Promise.all(Array.from({ length: PLAYERS }, () => createTestMember(t.app)));
    // A second instance: its own service over the same database and feed, as another server process has.
    const other = new PointsService(t.app.db, t.app.settlementFeed, t.app.audit);
    let settling = true;
    const consumers = [t.app.points, other].map(async (points) => {
      while (settling) await points.consumeFeed({ batchSize: 7 });
    });
    const expected = new Map<number, number>();
    await Promise.all(
      members.map(async (member, index) => {
        for (let round = 0; round < ROUNDS_EACH; round += 1) {
          const live = (index + round) % 2 === 0;
          const validBet = 100 + index * 13 + round;
          await settleRound(t.app.db, {
            merchantId,
            memberId: member.id,
            game: live ? games.live : games.rng,
            validBetMinor: validBet,
          });
          const points = Math.floor((validBet * (live ? 7000 : 12000) * 100) / 10_000);
          expected.set(member.id, (expected.get(member.id) ?? 0) + points);
        }
      }),
    );
    settling = false;
    await Promise.all(consumers);
    await drainPoints(t.app);
    for (const member of members) {
      expect(await t.app.points.balanceOf({ merchantId, memberId: member.id })).toBe(expected.get(member.id));
    }
    expect(await ledgerBreaks(t.app.db)).toEqual([]);
  }, 120_000);

  it('never overdraws: of 20 parallel debits of 100 on a balance of 1,000, exactly 10 succeed', async () => {
    const member = await createTestMember(t.app);
    const owner = { merchantId, memberId: member.id };
    await t.app.db.transaction((tx) =>
      t.app.points.credit(tx, { ...owner, pointsMinor: 1_000, type: 'adjustment', idempotencyKey: `cc-${member.id}` }),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.app.db.transaction((tx) =>
          t.app.points.debit(tx, {
            ...owner,
            pointsMinor: 100,
            type: 'redeem',
            idempotencyKey: `cd-${member.id}-${index}`,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await t.app.points.balanceOf(owner)).toBe(0);
    const rows = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM point_entries WHERE member_id = ${member.id}`,
    );
    expect(toNumber(rows[0]?.n)).toBe(11);
    expect(await ledgerBreaks(t.app.db)).toEqual([]);
  }, 60_000);
});
