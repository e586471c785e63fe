import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { drainPoints, ledgerBreaks, pointGames, settleRound, type TestGame } from './points.fixtures';
import { PointsService } from './points.service';

const MEMBERS = 3;

type Command =
  | { op: 'play'; member: number; live: boolean; validBet: number }
  | { op: 'accrue'; batchSize: number }
  | { op: 'adjust'; member: number; points: number; key: number }
  | { op: 'debit'; member: number; points: number; key: number };

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('play' as const),
    member,
    live: fc.boolean(),
    validBet: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ op: fc.constant('accrue' as const), batchSize: fc.integer({ min: 1, max: 5 }) }),
  // Keys from a small range, so that repeats (the same entry again, or a key reused for another) happen.
  fc.record({
    op: fc.constant('adjust' as const),
    member,
    points: fc.integer({ min: 1, max: 200_000 }),
    key: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    op: fc.constant('debit' as const),
    member,
    points: fc.integer({ min: 1, max: 300_000 }),
    key: fc.integer({ min: 0, max: 6 }),
  }),
);

/** floor(valid bet × rate) of a KRW round at the specification's rates, in points minor. */
const earned = (live: boolean, validBet: number) => Math.floor((validBet * (live ? 7000 : 12000) * 100) / 10_000);

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

  it('keeps balance = sum of entries, never below 0, over accrual, adjustments and debits', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        run += 1;
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => createTestMember(t.app)));
        // The model: what each member's balance must be once every settled round is accrued, and the keys used.
        const accrued = new Map<number, number>();
        const moved = new Map<number, number>();
        const keys = new Map<string, { member: number; points: number }>();
        const pending: { member: number; points: number }[] = [];
        const expectedBalance = (index: number) => (accrued.get(index) ?? 0) + (moved.get(index) ?? 0);

        for (const step of commands) {
          const owner = { merchantId, memberId: members['member' in step ? step.member : 0]!.id };
          if (step.op === 'play') {
            await settleRound(t.app.db, {
              ...owner,
              game: step.live ? games.live : games.rng,
              validBetMinor: step.validBet,
            });
            pending.push({ member: step.member, points: earned(step.live, step.validBet) });
          } else if (step.op === 'accrue') {
            // Another test's rows may stand between; what this run settled is all taken in by the drain.
            await t.app.points.consumeFeed({ batchSize: step.batchSize, maxBatches: 1 });
            await drainPoints(t.app);
            for (const round of pending.splice(0)) {
              accrued.set(round.member, (accrued.get(round.member) ?? 0) + round.points);
            }
          } else {
            const sign = step.op === 'adjust' ? 1 : -1;
            const key = `model-${run}-${step.key}`;
            const input = {
              ...owner,
              pointsMinor: step.points,
              type: 'adjustment' as const,
              idempotencyKey: key,
            };
            const used = keys.get(key);
            const attempt = t.app.db.transaction((tx) =>
              sign > 0 ? t.app.points.credit(tx, input) : t.app.points.debit(tx, input),
            );
            if (used && (used.member !== step.member || used.points !== sign * step.points)) {
              await expect(attempt).rejects.toMatchObject({ code: 'POINTS_KEY_REUSED' });
            } else if (used) {
              expect((await attempt)?.replayed).toBe(true);
            } else {
              const result = await attempt;
              const before = expectedBalance(step.member);
              if (sign < 0 && before < step.points) {
                expect(result).toBeUndefined();
              } else {
                expect(result?.balanceAfterMinor).toBe(before + sign * step.points);
                moved.set(step.member, (moved.get(step.member) ?? 0) + sign * step.points);
                keys.set(key, { member: step.member, points: sign * step.points });
              }
            }
          }
          for (let index = 0; index < MEMBERS; index += 1) {
            const balance = await t.app.points.balanceOf({ merchantId, memberId: members[index]!.id });
            expect(balance).toBe(expectedBalance(index));
            expect(balance).toBeGreaterThanOrEqual(0);
          }
        }
        await drainPoints(t.app);
        for (const round of pending.splice(0)) {
          accrued.set(round.member, (accrued.get(round.member) ?? 0) + round.points);
        }
        for (let index = 0; index < MEMBERS; index += 1) {
          expect(await t.app.points.balanceOf({ merchantId, memberId: members[index]!.id })).toBe(
            expectedBalance(index),
          );
        }
        expect(await ledgerBreaks(t.app.db)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
