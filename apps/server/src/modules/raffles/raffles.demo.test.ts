import { drawRaffleWinners, hashServerSeed } from '@parlay/fairness';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { missionGames, settleRound } from '../missions/missions.fixtures';
import { stopRaffleJobs } from './raffles.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_MEMBER_ACCOUNT } from '../../db/seed-member-history';
import { DEMO_RAFFLE_CODES, seedDemoRaffles } from '../../db/seed-raffles';

const DAY = 86_400_000;

describe(seedDemoRaffles.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await stopRaffleJobs(t.app);
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('gives the demo brand a raffle on sale the demo member joined and one the real draw drew, once', async () => {
    const brand = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM members WHERE merchant_id = ${brand.id} AND lower(account) = ${DEMO_MEMBER_ACCOUNT}`,
    );
    const memberId = toNumber(row?.id);
    // The demo member's rounds (seed-member-history.ts on a real start): some in each raffle's sale.
    const game = (await missionGames(t.app)).live;
    const unit = 10 ** brand.brand.currencyExponent;
    for (const daysAgo of [16, 15, 1]) {
      await settleRound(t.app.db, {
        merchantId: brand.id,
        memberId,
        game,
        validBetMinor: 25_000 * unit,
        at: new Date(Date.now() - daysAgo * DAY),
      });
    }
    await seedDemoRaffles(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoRaffles(t.app.db, DEMO_MERCHANT_CODE);
    await t.app.raffles.drawDue();

    const items = (await t.app.raffles.list(brand, memberId, 'EN')).items;
    const open = items.find((item) => item.code === DEMO_RAFFLE_CODES.open);
    const drawn = items.find((item) => item.code === DEMO_RAFFLE_CODES.drawn);
    expect(items.filter((item) => Object.values(DEMO_RAFFLE_CODES).includes(item.code as never))).toHaveLength(2);
    expect(open).toMatchObject({ status: 'open', state: 'joined', category: 'raffle' });
    expect(open!.tickets).toBeGreaterThanOrEqual(2);
    expect(Date.parse(open!.saleStartsAt)).toBeLessThan(Date.now());
    expect(Date.parse(open!.drawAt)).toBeGreaterThan(Date.now() + DAY);
    expect(drawn).toMatchObject({ status: 'drawn', tickets: 5 });
    expect(['issued', 'close']).toContain(drawn!.state);

    const proof = await t.app.raffles.proof(brand, drawn!.id, 'EN');
    expect(hashServerSeed(proof.seed)).toBe(drawn!.seedHash);
    expect(proof.entries.length).toBeGreaterThanOrEqual(1);
    const picks = drawRaffleWinners({
      seed: proof.seed,
      raffleId: proof.raffleId,
      prizes: proof.prizes.length,
      counts: proof.entries.map((entry) => entry.count),
    });
    expect(proof.winners.map((winner) => winner.ticket)).toEqual(picks.map((pick) => pick.ticket));
  });
});
