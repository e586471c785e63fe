import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { booksBreaks, endSale, insertTestRaffle, prizeBreaks, stopRaffleJobs } from './raffles.fixtures';
import { RaffleService } from './raffles.service';

const JOINS = 50;
const RAFFLES = 6;

describe(RaffleService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRaffleJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    brand = (await t.app.merchants.findByCode('parlay'))!;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it(`joins a member once when ${JOINS} joins of it arrive at once`, async () => {
    const member = await createTestMember(t.app);
    const raffleId = await insertTestRaffle(t.app.db, brand.id);
    const owner = { merchantId: brand.id, memberId: member.id };
    const results = await Promise.all(
      Array.from({ length: JOINS }, () => t.app.raffles.join(owner, brand, raffleId, 'EN')),
    );
    expect(results.filter((result) => result.joinedNow)).toHaveLength(1);
    expect(results.every((result) => result.raffle.state === 'joined')).toBe(true);
    const rows = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM raffle_entrants WHERE raffle_id = ${raffleId} AND member_id = ${member.id}`,
    );
    expect(toNumber(rows[0]?.n)).toBe(1);
  }, 120_000);

  it('draws each raffle once and pays each prize once when two instances draw at the same time', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => createTestMember(t.app)));
    for (const [index, member] of members.entries()) {
      await settleRound(t.app.db, {
        merchantId: brand.id,
        memberId: member.id,
        game,
        validBetMinor: 100 * (index + 1),
      });
    }
    const raffleIds: number[] = [];
    for (let index = 0; index < RAFFLES; index += 1) {
      const raffleId = await insertTestRaffle(t.app.db, brand.id, { prizes: [3_000, 2_000, 1_000] });
      for (const member of members) {
        await t.app.raffles.join({ merchantId: brand.id, memberId: member.id }, brand, raffleId, 'EN');
      }
      await endSale(t.app.db, raffleId);
      raffleIds.push(raffleId);
    }
    const other = new RaffleService(t.app.db, t.app.gaming.wallet, t.app.audit, t.app.messages);
    const [first, second] = await Promise.all([t.app.raffles.drawDue(), other.drawDue()]);
    expect(first.drawn + second.drawn).toBe(RAFFLES);

    const ids = `{${raffleIds.join(',')}}`;
    const drawn = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM raffles WHERE promotion_id = ANY(${ids}::bigint[]) AND status = 'drawn'`,
    );
    expect(toNumber(drawn[0]?.n)).toBe(RAFFLES);
    const movements = await query<{ n: unknown; total: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n, coalesce(sum(w.amount_minor), 0) AS total FROM wallet_movements w
          WHERE w.kind = 'raffle' AND w.idempotency_key LIKE ANY (
            SELECT 'raffle:' || id || ':%' FROM unnest(${ids}::bigint[]) AS r (id))`,
    );
    expect(toNumber(movements[0]?.n)).toBe(RAFFLES * 3);
    expect(toNumber(movements[0]?.total)).toBe(RAFFLES * 6_000);
    expect(await prizeBreaks(t.app.db)).toEqual([]);
    expect(await booksBreaks(t.app.db)).toEqual([]);
  }, 120_000);
});
