import fc from 'fast-check';
import { query } from '@parlay/db';
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
  rebateOf,
  rebatesPaidTo,
  setTestRates,
  settleRound,
  stopRebateJobs,
  type TestGame,
} from './rebates.fixtures';
import { RebateService } from './rebates.service';

const MEMBERS = 3;
const DAY = 86_400_000;

type Command =
  | { op: 'play'; member: number; live: boolean; validBet: number; past: boolean }
  | { op: 'accrue'; batchSize: number }
  | { op: 'levelUp'; member: number }
  | { op: 'claim'; member: number; key: number };

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('play' as const),
      member,
      live: fc.boolean(),
      validBet: fc.integer({ min: 0, max: 50_000 }),
      past: fc.boolean(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ op: fc.constant('accrue' as const), batchSize: fc.integer({ min: 1, max: 4 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('levelUp' as const), member }), weight: 1 },
  // Keys from a small range, so that a member repeats a request.
  {
    arbitrary: fc.record({ op: fc.constant('claim' as const), member, key: fc.integer({ min: 0, max: 3 }) }),
    weight: 2,
  },
);

/**
 * The model: rounds wait in the feed in order; a batch adds each round's rebate at its member's level when the batch
 * applies, to the finished period (past) or the current one; a claim pays the finished period's accrual once (a
 * repeat of its request answers the same), and a finished period's rounds applied after its payment stay unpaid.
 */
interface Model {
  queue: { member: number; live: boolean; validBet: number; past: boolean }[];
  level: number[];
  pastAccrued: number[];
  pastPaid: (number | null)[];
  requests: Map<string, number>;
}

describe(RebateService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopRebateJobs(t.app);
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.vipPeriodic?.stop();
    await t.app.housekeeping.pointsFeed?.stop();
    await installTestVendor(t.app);
    games = await rebateGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await setTestRates(t.app.db, brand.id);
    await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${brand.id}`);
    await drainRebates(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('pays each member exactly the model: rates at the batch, each finished period once, never the current', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 24 }), async (commands) => {
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => createTestMember(t.app)));
        const model: Model = {
          queue: [],
          level: members.map(() => 0),
          pastAccrued: members.map(() => 0),
          pastPaid: members.map(() => null),
          requests: new Map(),
        };
        const owner = (index: number) => ({ merchantId: brand.id, memberId: members[index]!.id });
        for (const step of commands) {
          switch (step.op) {
            case 'play': {
              await settleRound(t.app.db, {
                ...owner(step.member),
                game: step.live ? games.live : games.rng,
                validBetMinor: step.validBet,
                at: step.past ? new Date(Date.now() - 8 * DAY) : new Date(),
              });
              model.queue.push(step);
              break;
            }
            case 'accrue': {
              // The rounds the batch took: those of ended transactions, in the feed's order.
              const { applied } = await t.app.rebates.consumeFeed({ batchSize: step.batchSize, maxBatches: 1 });
              for (const round of model.queue.splice(0, applied)) {
                if (!round.past) continue;
                const rebate = rebateOf(model.level[round.member]!, round.live ? 'LIVE' : 'RNG', round.validBet);
                model.pastAccrued[round.member] = model.pastAccrued[round.member]! + rebate;
              }
              break;
            }
            case 'levelUp': {
              await query(t.app.db, sql`UPDATE members SET rank_level = 1 WHERE id = ${members[step.member]!.id}`);
              model.level[step.member] = 1;
              break;
            }
            case 'claim': {
              const requestId = `model-${members[step.member]!.id}-${step.key}`;
              const earlier = model.requests.get(requestId);
              let expected: number | 'none';
              if (earlier !== undefined) expected = earlier;
              else if (model.pastPaid[step.member] === null && model.pastAccrued[step.member]! > 0) {
                expected = model.pastAccrued[step.member]!;
              } else expected = 'none';
              try {
                const result = await t.app.rebates.claim(owner(step.member), brand, requestId);
                expect(result.amountMinor).toBe(expected);
                if (earlier === undefined) {
                  model.pastPaid[step.member] = result.amountMinor;
                  model.requests.set(requestId, result.amountMinor);
                }
              } catch (error) {
                expect(error).toBeInstanceOf(AppError);
                expect((error as AppError).code).toBe('REBATE_NOTHING_TO_CLAIM');
                expect(expected).toBe('none');
              }
              break;
            }
          }
        }
        for (const [index, who] of members.entries()) {
          expect(await rebatesPaidTo(t.app.db, who.id)).toBe(model.pastPaid[index] ?? 0);
        }
        // Whatever is left in the feed applied: nothing current is ever claimable, the rest once.
        await drainRebates(t.app);
        expect(await payoutBreaks(t.app.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
