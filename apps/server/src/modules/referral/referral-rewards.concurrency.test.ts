import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { feedDeposit, missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  drainReferrals,
  inviteMember,
  referralBreaks,
  referralPaidTo,
  setReferralRules,
  signInFrom,
  stopReferralJobs,
} from './referral-rewards.fixtures';
import { ReferralRewardService } from './referral-rewards.service';

const CALLS = 50;

describe(ReferralRewardService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopReferralJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await setReferralRules(t.app, 'parlay');
    await drainReferrals(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** An invited member whose counts reach the rules, counted while the rules were off: due, not yet settled. */
  async function due() {
    const inviter = await createTestMember(t.app);
    const invited = await inviteMember(t.app, inviter);
    await setReferralRules(t.app, 'parlay', { enabled: false });
    await feedDeposit(t.app.db, { merchantId: brand.id, memberId: invited.id, amountMinor: 10_000 });
    await settleRound(t.app.db, { merchantId: brand.id, memberId: invited.id, game, validBetMinor: 5_000 });
    await drainReferrals(t.app);
    await setReferralRules(t.app, 'parlay');
    return { inviter, invited };
  }

  it(`pays a qualified invited member once when ${CALLS} settlements and a feed run arrive at once`, async () => {
    const { inviter, invited } = await due();
    await settleRound(t.app.db, { merchantId: brand.id, memberId: invited.id, game, validBetMinor: 1 });
    const other = new ReferralRewardService(
      t.app.db,
      t.app.gaming.wallet,
      t.app.settlementFeed,
      t.app.audit,
      t.app.abuse,
    );
    const outcomes = await Promise.all([
      ...Array.from({ length: CALLS }, () => t.app.referralRewards.qualify(invited.id)),
      t.app.referralRewards.consumeFeed().then(() => 'feed' as const),
      other.consumeFeed().then(() => 'feed' as const),
    ]);
    const paid = outcomes.filter((outcome) => outcome === 'paid').length;
    expect(paid).toBeLessThanOrEqual(1);
    await drainReferrals(t.app);
    expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 1, total: 3_000 });
    expect(await referralPaidTo(t.app.db, invited.id)).toEqual({ count: 1, total: 1_000 });
    expect(await referralBreaks(t.app.db, [inviter.id, invited.id])).toEqual([]);
  }, 120_000);

  it(`pays a held reward once when ${CALLS} releases (and rejects) of its flag arrive at once`, async () => {
    const inviter = await createTestMember(t.app);
    const invited = await inviteMember(t.app, inviter);
    await signInFrom(t.app, inviter, '203.0.113.200');
    await signInFrom(t.app, invited, '203.0.113.200');
    await feedDeposit(t.app.db, { merchantId: brand.id, memberId: invited.id, amountMinor: 10_000 });
    await settleRound(t.app.db, { merchantId: brand.id, memberId: invited.id, game, validBetMinor: 5_000 });
    await drainReferrals(t.app);
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM abuse_flags WHERE member_id = ${inviter.id}`,
    );
    expect(row).toBeDefined();
    const flag = { id: toNumber(row!.id) };
    const results = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, index) =>
        index % 10 === 9
          ? t.app.abuse.reject(TEST_ACTOR, brand, flag.id, 'parallel reject')
          : t.app.abuse.release(TEST_ACTOR, brand, flag.id, 'parallel release'),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(AppError);
        expect((result.reason as AppError).code).toBe('ABUSE_FLAG_DECIDED');
      }
    }
    const released = results.findIndex((result) => result.status === 'fulfilled') % 10 !== 9;
    expect(await referralPaidTo(t.app.db, inviter.id)).toEqual(
      released ? { count: 1, total: 3_000 } : { count: 0, total: 0 },
    );
    expect(await referralBreaks(t.app.db, [inviter.id, invited.id])).toEqual([]);
  }, 120_000);
});
