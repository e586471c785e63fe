import { POINT_CALLS, WALLET_CALLS, type MemberPointEntries, type PointBalance } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { drainPoints, ledgerBreaks, pointGames, settleRound, type TestGame } from './points.fixtures';
import { periodOf, PointsService } from './points.service';

describe(PointsService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let games: { rng: TestGame; live: TestGame };

  const entriesOf = (memberId: number) =>
    query<{ type: string; points_minor: unknown; balance_after_points_minor: unknown }>(
      t.app.db,
      sql`SELECT type, points_minor, balance_after_points_minor FROM point_entries WHERE member_id = ${memberId}
          ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.pointsFeed?.stop();
    await installTestVendor(t.app);
    games = await pointGames(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    // Whatever the seed settled is counted before the tests start.
    await drainPoints(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  describe('accrual', () => {
    it('earns floor(valid bet × rate) per round, one entry per member and category a batch, counted once', async () => {
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      // LIVE 0.70 and RNG 1.20 a won (KRW, exponent 0): 0.70 × 1001 = 700.70 → 70070; 1.20 × 333 = 399.60 → 39960.
      // In one transaction, so the feed shows the three rounds together: on a PostgreSQL server another database's
      // open transaction may hold back rows committed after it began, and split them over two batches.
      await t.app.db.transaction(async (tx) => {
        await settleRound(tx, { ...owner, game: games.live, validBetMinor: 1001 });
        await settleRound(tx, { ...owner, game: games.live, validBetMinor: 1 });
        await settleRound(tx, { ...owner, game: games.rng, validBetMinor: 333 });
      });
      await drainPoints(t.app);
      await drainPoints(t.app);
      const entries = await entriesOf(member.id);
      expect(entries.map((entry) => [entry.type, toNumber(entry.points_minor)]).sort()).toEqual([
        ['live', 70070 + 70],
        ['slots', 39960],
      ]);
      expect(await t.app.points.balanceOf(owner)).toBe(70140 + 39960);
      expect(await ledgerBreaks(t.app.db)).toEqual([]);
    });

    it("follows the brand's saved rates, and earns nothing while points are off", async () => {
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      const config = await t.app.points.configOf(merchantId);
      await t.app.db.execute(
        sql`INSERT INTO point_configs (merchant_id, enabled, rates, period)
            VALUES (${merchantId}, true, ${JSON.stringify({ ...config.rates, LIVE: 15000 })}::jsonb, 'weekly')
            ON CONFLICT (merchant_id) DO UPDATE SET rates = EXCLUDED.rates, enabled = true`,
      );
      try {
        await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 10 });
        await drainPoints(t.app);
        expect(await t.app.points.balanceOf(owner)).toBe(1500);
        await t.app.db.execute(sql`UPDATE point_configs SET enabled = false WHERE merchant_id = ${merchantId}`);
        await settleRound(t.app.db, { ...owner, game: games.live, validBetMinor: 10 });
        await drainPoints(t.app);
        expect(await t.app.points.balanceOf(owner)).toBe(1500);
      } finally {
        await t.app.db.execute(sql`DELETE FROM point_configs WHERE merchant_id = ${merchantId}`);
      }
    });
  });

  describe('credit and debit', () => {
    it('write one entry per key, answer the first on a repeat, and refuse a key used for another entry', async () => {
      const member = await createTestMember(t.app);
      const input = { merchantId, memberId: member.id, type: 'adjustment' as const, idempotencyKey: `k-${member.id}` };
      const first = await t.app.db.transaction((tx) => t.app.points.credit(tx, { ...input, pointsMinor: 500 }));
      const again = await t.app.db.transaction((tx) => t.app.points.credit(tx, { ...input, pointsMinor: 500 }));
      expect(again).toEqual({ ...first, replayed: true });
      await expect(
        t.app.db.transaction((tx) => t.app.points.credit(tx, { ...input, pointsMinor: 501 })),
      ).rejects.toMatchObject({ code: 'POINTS_KEY_REUSED' });
      expect((await entriesOf(member.id)).length).toBe(1);
    });

    it('takes points only when the balance holds them, and writes nothing when it is short', async () => {
      const member = await createTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      await t.app.db.transaction((tx) =>
        t.app.points.credit(tx, { ...owner, pointsMinor: 300, type: 'adjustment', idempotencyKey: `c-${member.id}` }),
      );
      const short = await t.app.db.transaction((tx) =>
        t.app.points.debit(tx, { ...owner, pointsMinor: 301, type: 'redeem', idempotencyKey: `d1-${member.id}` }),
      );
      expect(short).toBeUndefined();
      const taken = await t.app.db.transaction((tx) =>
        t.app.points.debit(tx, { ...owner, pointsMinor: 300, type: 'redeem', idempotencyKey: `d2-${member.id}` }),
      );
      expect(taken?.balanceAfterMinor).toBe(0);
      expect((await entriesOf(member.id)).map((entry) => toNumber(entry.points_minor))).toEqual([300, -300]);
    });

    it('keeps entries append-only: an update or delete is refused by the database', async () => {
      const member = await createTestMember(t.app);
      await t.app.db.transaction((tx) =>
        t.app.points.credit(tx, {
          merchantId,
          memberId: member.id,
          pointsMinor: 1,
          type: 'adjustment',
          idempotencyKey: `a-${member.id}`,
        }),
      );
      const refused = { cause: { message: expect.stringContaining('point_entries is append-only') } };
      await expect(
        t.app.db.execute(sql`UPDATE point_entries SET points_minor = 2 WHERE member_id = ${member.id}`),
      ).rejects.toMatchObject(refused);
      await expect(
        t.app.db.execute(sql`DELETE FROM point_entries WHERE member_id = ${member.id}`),
      ).rejects.toMatchObject(refused);
    });
  });

  describe('periods', () => {
    it('cut days, ISO weeks, half-months and months', () => {
      expect(periodOf('daily', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
      expect(periodOf('weekly', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
      expect(periodOf('twiceMonthly', '2026-02-15')).toEqual({ from: '2026-02-01', to: '2026-02-15' });
      expect(periodOf('twiceMonthly', '2028-02-16')).toEqual({ from: '2028-02-16', to: '2028-02-29' });
      expect(periodOf('monthly', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    });
  });

  describe('member calls', () => {
    it("answer the member's balance, the brand's config, and the point entries of the account record", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const owner = { merchantId, memberId: member.id };
      await settleRound(t.app.db, { ...owner, game: games.rng, validBetMinor: 100 });
      await drainPoints(t.app);
      for (let index = 0; index < 3; index += 1) {
        await t.app.db.transaction((tx) =>
          t.app.points.credit(tx, {
            ...owner,
            pointsMinor: 1 + index,
            type: 'adjustment',
            idempotencyKey: `m-${member.id}-${index}`,
            reason: 'goodwill',
          }),
        );
      }
      const balance = await t.app.inject({ method: 'GET', url: POINT_CALLS.balance.path, headers: { authorization } });
      expect(balance.statusCode, balance.body).toBe(200);
      const value = balance.json<{ value: PointBalance }>().value;
      expect(value).toMatchObject({ balancePointsMinor: 12000 + 6, period: 'monthly', periodEarnedPointsMinor: 12000 });

      const config = await t.app.inject({ method: 'GET', url: POINT_CALLS.config.path, headers: { authorization } });
      expect(config.json<{ value: { rates: Record<string, number | null> } }>().value.rates).toMatchObject({
        LIVE: 7000,
        SPORTS: 10000,
        FISH: 12000,
        RNG: 12000,
        PVP: 10000,
      });

      const url = `${WALLET_CALLS.memberTransactions.path}?ledger=points&pageSize=2`;
      const first = (await t.app.inject({ method: 'GET', url, headers: { authorization } })).json<{
        value: MemberPointEntries;
      }>().value;
      expect(first.ledger).toBe('points');
      expect(first.list.map((entry) => [entry.type, entry.pointsMinor, entry.note])).toEqual([
        ['adjustment', 3, 'goodwill'],
        ['adjustment', 2, 'goodwill'],
      ]);
      const second = (
        await t.app.inject({ method: 'GET', url: `${url}&cursor=${first.nextCursor}`, headers: { authorization } })
      ).json<{ value: MemberPointEntries }>().value;
      expect(second.list.map((entry) => entry.pointsMinor)).toEqual([1, 12000]);
      expect(second.nextCursor).toBeNull();
      const slots = (
        await t.app.inject({ method: 'GET', url: `${url}&pointType=slots`, headers: { authorization } })
      ).json<{ value: MemberPointEntries }>().value;
      expect(slots.list.map((entry) => entry.balanceAfterPointsMinor)).toEqual([12000]);
      // Without the option the record is the money, as before.
      const money = await t.app.inject({
        method: 'GET',
        url: WALLET_CALLS.memberTransactions.path,
        headers: { authorization },
      });
      expect(money.json<{ value: Record<string, unknown> }>().value).not.toHaveProperty('ledger');
    });

    it('refuse a visitor', async () => {
      const response = await t.app.inject({ method: 'GET', url: POINT_CALLS.balance.path });
      expect(response.statusCode).toBe(401);
    });
  });
});
