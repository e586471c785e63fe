import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  booksBreaks,
  drainMissions,
  insertTestMission,
  missionGames,
  rewardBreaks,
  rewardsPaidTo,
  settleRound,
  stopMissionJobs,
  type TestGame,
} from './missions.fixtures';
import { MissionService } from './missions.service';

const CLAIMS = 50;

describe(MissionService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopMissionJobs(t.app);
    await installTestVendor(t.app);
    games = await missionGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await drainMissions(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it(`pays a completed mission once when ${CLAIMS} claims of the member arrive at once`, async () => {
    const member = await createTestMember(t.app);
    const owner = { merchantId: brand.id, memberId: member.id };
    const missionId = await insertTestMission(t.app.db, brand.id, { goal: 'rounds', target: 2, rewardMinor: 2_500 });
    await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 100 });
    await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 100 });
    await drainMissions(t.app);
    const results = await Promise.allSettled(
      Array.from({ length: CLAIMS }, () => t.app.missions.claim(owner, brand, missionId, 'EN')),
    );
    const paid = results.filter((result) => result.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    for (const result of results.filter((entry) => entry.status === 'rejected')) {
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).code).toBe('MISSION_ALREADY_CLAIMED');
    }
    expect(await rewardsPaidTo(t.app.db, member.id)).toBe(2_500);
    const movements = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${member.id} AND kind = 'mission'`,
    );
    expect(toNumber(movements[0]?.n)).toBe(1);
    expect(await rewardBreaks(t.app.db)).toEqual([]);
    expect(await booksBreaks(t.app.db, [member.id])).toEqual([]);
  }, 120_000);

  it('counts each round once when two instances apply the feed while rounds settle', async () => {
    const missionId = await insertTestMission(t.app.db, brand.id, { goal: 'wager', target: 10_000_000 });
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestMember(t.app)));
    const other = new MissionService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit);
    let settling = true;
    const consumers = [t.app.missions, other].map(async (missions) => {
      while (settling) await missions.consumeFeed({ batchSize: 7 });
    });
    const expected = new Map<number, number>();
    await Promise.all(
      members.map(async (member, index) => {
        for (let round = 0; round < 20; round += 1) {
          const validBet = 1_000 + index * 137 + round * 11;
          await settleRound(t.app.db, {
            merchantId: brand.id,
            memberId: member.id,
            game: games.live,
            validBetMinor: validBet,
          });
          expected.set(member.id, (expected.get(member.id) ?? 0) + validBet);
        }
      }),
    );
    settling = false;
    await Promise.all(consumers);
    await drainMissions(t.app);
    for (const member of members) {
      const rows = await query<{ total: unknown }>(
        t.app.db,
        sql`SELECT coalesce(sum(progress), 0) AS total FROM mission_progress
            WHERE mission_id = ${missionId} AND member_id = ${member.id}`,
      );
      expect(toNumber(rows[0]?.total)).toBe(expected.get(member.id));
    }
  }, 120_000);
});
