import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  drainRebates,
  payoutBreaks,
  rebateGames,
  rebatesPaidTo,
  setTestRates,
  settleRound,
  stopRebateJobs,
  type TestGame,
} from './rebates.fixtures';
import { RebateService } from './rebates.service';

const CLAIMS = 50;
const DAY = 86_400_000;

describe(RebateService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopRebateJobs(t.app);
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.vipPeriodic?.stop();
    await installTestVendor(t.app);
    games = await rebateGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await setTestRates(t.app.db, brand.id);
    await drainRebates(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A member with two finished periods to claim: 200 and 100. */
  async function memberWithRebates() {
    const member = await createTestMember(t.app);
    const owner = { merchantId: brand.id, memberId: member.id };
    await settleRound(t.app.db, {
      ...owner,
      game: games.live,
      validBetMinor: 20_000,
      at: new Date(Date.now() - 8 * DAY),
    });
    await settleRound(t.app.db, {
      ...owner,
      game: games.live,
      validBetMinor: 10_000,
      at: new Date(Date.now() - 15 * DAY),
    });
    await drainRebates(t.app);
    return owner;
  }

  const movementsOf = async (memberId: number) =>
    toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId} AND kind = 'rebate'`,
        )
      )[0]?.n,
    );

  it(`pays each period once when ${CLAIMS} claims of the member arrive at once`, async () => {
    const owner = await memberWithRebates();
    const results = await Promise.allSettled(
      Array.from({ length: CLAIMS }, (_, index) =>
        t.app.rebates.claim(owner, brand, `parallel-${owner.memberId}-${index}`),
      ),
    );
    const paid = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(paid).toHaveLength(1);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).code).toBe('REBATE_NOTHING_TO_CLAIM');
    }
    expect(await rebatesPaidTo(t.app.db, owner.memberId)).toBe(300);
    expect(await movementsOf(owner.memberId)).toBe(2);
    expect(await payoutBreaks(t.app.db)).toEqual([]);
  }, 120_000);

  it(`answers ${CLAIMS} copies of one request with the same payouts, paid once, beside auto-pay`, async () => {
    const owner = await memberWithRebates();
    await query(
      t.app.db,
      sql`INSERT INTO rebate_settings (merchant_id, auto_pay) VALUES (${brand.id}, true)
          ON CONFLICT (merchant_id) DO UPDATE SET auto_pay = true`,
    );
    try {
      const results = await Promise.allSettled([
        ...Array.from({ length: CLAIMS }, () => t.app.rebates.claim(owner, brand, `same-${owner.memberId}`)),
        t.app.rebates.payDue(),
      ]);
      const answers = results
        .slice(0, CLAIMS)
        .filter((result) => result.status === 'fulfilled')
        .map((result) => (result as PromiseFulfilledResult<{ amountMinor: number }>).value.amountMinor);
      // Auto-pay may have taken the periods first: then every claim finds nothing; else every claim answers 300.
      expect(new Set(answers).size).toBeLessThanOrEqual(1);
      if (answers.length > 0) expect(answers).toHaveLength(CLAIMS);
      expect(await rebatesPaidTo(t.app.db, owner.memberId)).toBe(300);
      expect(await movementsOf(owner.memberId)).toBe(2);
    } finally {
      await query(t.app.db, sql`UPDATE rebate_settings SET auto_pay = false WHERE merchant_id = ${brand.id}`);
    }
    expect(await payoutBreaks(t.app.db)).toEqual([]);
  }, 120_000);

  it('counts each round once when two instances apply the feed while rounds settle', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestMember(t.app)));
    const other = new RebateService(t.app.db, t.app.gaming.wallet, t.app.vip.ranks, t.app.settlementFeed, t.app.audit);
    let settling = true;
    const consumers = [t.app.rebates, other].map(async (rebates) => {
      while (settling) await rebates.consumeFeed({ batchSize: 7 });
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
          expected.set(member.id, (expected.get(member.id) ?? 0) + Math.floor((validBet * 100) / 10_000));
        }
      }),
    );
    settling = false;
    await Promise.all(consumers);
    await drainRebates(t.app);
    for (const member of members) {
      const rows = await query<{ total: unknown }>(
        t.app.db,
        sql`SELECT coalesce(sum(rebate_minor), 0) AS total FROM rebate_accruals WHERE member_id = ${member.id}`,
      );
      expect(toNumber(rows[0]?.total)).toBe(expected.get(member.id));
    }
  }, 120_000);
});
