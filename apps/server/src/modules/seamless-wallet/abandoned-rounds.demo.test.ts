import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_OPEN_ROUNDS, seedDemoOpenRounds } from '../../db/seed-open-rounds';
import { createTestApp, type TestApp } from '../../test/app';
import { checkLedger } from './seamless-wallet.fixtures';

describe(seedDemoOpenRounds.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("writes the demo brand's open rounds once, as the wallet writes a debit; an operator cancels one", async () => {
    expect(await seedDemoOpenRounds(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_OPEN_ROUNDS.length);
    expect(await seedDemoOpenRounds(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);
    const books = {
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    };
    expect(await checkLedger(t.app)).toMatchObject(books);

    const brand = await t.app.merchants.findByCode(DEMO_MERCHANT_CODE);
    const { abandonedRounds } = t.app.gaming;
    const page = await abandonedRounds.listOpenRounds(brand!.id, { limit: 50 });
    // Oldest first: three days, then two.
    expect(page.items).toEqual([
      expect.objectContaining({ account: 'demowaiting1', vassalage: 'DS88', roundId: 'demo-o-1', stakeMinor: 25_000 }),
      expect.objectContaining({
        account: 'demowaiting2',
        vassalage: 'TCG_SEA',
        roundId: 'demo-o-2',
        stakeMinor: 8_000,
      }),
    ]);
    expect(Date.now() - new Date(page.items[0]!.startedAt).getTime()).toBeGreaterThan(2.9 * 86_400_000);

    const closed = await abandonedRounds.closeAbandonedRound(
      { kind: 'cli', osUser: 'test' },
      { vassalage: 'DS88', roundId: 'demo-o-1', outcome: 'cancelled', reason: 'vendor confirmed' },
      { merchantId: brand!.id },
    );
    expect(closed).toMatchObject({ refundedMinor: 25_000, balanceMinor: 100_000 });
    expect(await checkLedger(t.app)).toMatchObject(books);
    expect((await abandonedRounds.listOpenRounds(brand!.id, { limit: 50 })).items).toHaveLength(1);
  });
});
