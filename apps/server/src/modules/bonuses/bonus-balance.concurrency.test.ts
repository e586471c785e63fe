import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  callWallet,
  checkLedger,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { bonusBooks, bonusesOf, createPromotion, creditDeposit, drainBonuses, orderDeposit } from './bonuses.fixtures';
import { BonusService } from './bonuses.service';

// The separate bonus balance under concurrency (docs/decisions/0063-a-separate-bonus-balance.md): stakes at once never
// take more than both balances hold; a forfeit racing stakes either waits for their rounds or leaves no round staked
// with bonus money; wins racing the wagering that releases the bonus balance leave no bonus money without a bonus.

const PARALLEL = 50;

describe(`${BonusService.name} with a separate bonus balance, under concurrency`, () => {
  let t: TestApp;
  let merchantId: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    await installTestVendor(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await t.app.bonuses.saveSettings(merchantId, { balanceMode: 'separate', version: 0 }, TEST_ACTOR);
    await drainBonuses(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A signed-in member with `depositMinor` deposited and a bonus of the same (100 %, `multiplier` times to wager). */
  async function playerWithBonus(depositMinor: number, multiplier: number) {
    const promotion = await createPromotion(t.app, merchantId, {
      rules: { percentBp: 10_000, maxBonusMinor: 1_000_000, minDepositMinor: 1, wageringMultiplier: multiplier },
    });
    const signedIn = await createFundedPlayer(t.app, 0);
    await creditDeposit(
      t.app,
      signedIn.member,
      await orderDeposit(t.app, signedIn.member, depositMinor, promotion.code),
    );
    const launched = await launchFor(t.app, signedIn.authorization);
    const owner = { merchantId, memberId: signedIn.member.id, currency: 'KRW' };
    return { ...signedIn, launched, owner };
  }

  function stake(p: Awaited<ReturnType<typeof playerWithBonus>>, amountMinor: number) {
    serial += 1;
    return callWallet(t.app, 'debit', {
      requestId: `cq-${serial}`,
      playerId: p.launched.playerId,
      currency: 'KRW',
      transactionId: `ct-${serial}`,
      roundId: `cr-${serial}`,
      gameCode: 'G1',
      sessionToken: p.launched.sessionToken,
      amountMinor,
    });
  }

  const books = async () => {
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
  };

  it(`takes ${PARALLEL} stakes at once from both balances, never more than they hold`, async () => {
    const p = await playerWithBonus(1_000, 10);
    // 1,000 main + 1,000 bonus: 20 stakes of 100 fit, 30 are short.
    const replies = await Promise.all(Array.from({ length: PARALLEL }, () => stake(p, 100)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(20);
    expect(replies.filter((reply) => reply.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(30);
    expect(await t.app.gaming.wallet.findBalance(t.app.db, p.owner)).toBe(0);
    expect(await t.app.gaming.wallet.findBonusBalance(t.app.db, p.owner)).toBe(0);
    const rounds = await query<{ stake: unknown; bonus: unknown }>(
      t.app.db,
      sql`SELECT sum(stake_minor) AS stake, sum(bonus_stake_minor) AS bonus FROM game_rounds
          WHERE member_id = ${p.owner.memberId}`,
    );
    expect([toNumber(rounds[0]?.stake), toNumber(rounds[0]?.bonus)]).toEqual([2_000, 1_000]);
    await books();
  }, 120_000);

  it('lets a forfeit racing stakes either wait for their rounds or leave none staked with bonus money', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const p = await playerWithBonus(1_000, 10);
      const [bonus] = await bonusesOf(t.app.db, p.owner.memberId);
      const merchant = (await t.app.merchants.findByCode('parlay'))!;
      const [forfeit] = await Promise.allSettled([
        t.app.bonuses.forfeit(merchant, p.owner.memberId, { bonusId: bonus!.id, requestId: `cf-${serial}-x` }, 'EN'),
        ...Array.from({ length: 10 }, () => stake(p, 150)),
      ]);
      const bonusRounds = toNumber(
        (
          await query<{ n: unknown }>(
            t.app.db,
            sql`SELECT count(*) AS n FROM game_rounds WHERE member_id = ${p.owner.memberId} AND bonus_stake_minor > 0`,
          )
        )[0]?.n,
      );
      if (forfeit.status === 'fulfilled') {
        // Forfeited first: the bonus balance was taken whole and no later stake reached into it.
        expect(bonusRounds).toBe(0);
        expect(await t.app.gaming.wallet.findBonusBalance(t.app.db, p.owner)).toBe(0);
      } else {
        expect((forfeit.reason as { code?: string }).code).toBe('BONUS_ROUNDS_OPEN');
        expect(bonusRounds).toBeGreaterThan(0);
      }
      await books();
    }
  }, 120_000);

  it('leaves no bonus money without a bonus when wins race the wagering that releases the bonus balance', async () => {
    const p = await playerWithBonus(1_000, 1);
    // Ten rounds of 150 (1,000 from the main balance, 500 from the bonus balance), settled at once with wins while the
    // wagering consumer runs: the bonus (1,000 to wager) completes midway and releases the bonus balance.
    const staked = await Promise.all(Array.from({ length: 10 }, () => stake(p, 150)));
    expect(staked.every((reply) => reply.body.success)).toBe(true);
    const rounds = await query<{ round_id: string }>(
      t.app.db,
      sql`SELECT round_id FROM game_rounds WHERE member_id = ${p.owner.memberId} ORDER BY id`,
    );
    let done = false;
    const consumer = (async () => {
      while (!done) {
        await t.app.bonuses.consumeFeed();
        // Let the credits in between batches (one connection on PGlite serves both in turn).
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      rounds.map((round, index) =>
        callWallet(t.app, 'credit', {
          requestId: `cw-${serial}-${index}`,
          playerId: p.launched.playerId,
          currency: 'KRW',
          transactionId: `cw-${serial}-${index}`,
          roundId: round.round_id,
          gameCode: 'G1',
          amountMinor: 300,
          roundEnded: true,
        }),
      ),
    );
    done = true;
    await consumer;
    await drainBonuses(t.app);
    expect((await bonusesOf(t.app.db, p.owner.memberId)).map((bonus) => bonus.status)).toEqual(['completed']);
    // Every win paid (3,000); the bonus balance (500 left, shares of wins too) is all in the main balance now.
    expect(await t.app.gaming.wallet.findBonusBalance(t.app.db, p.owner)).toBe(0);
    expect(await t.app.gaming.wallet.findBalance(t.app.db, p.owner)).toBe(3_500);
    await books();
  }, 120_000);
});
