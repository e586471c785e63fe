import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { feedDeposit, missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  drainReferrals,
  inviteMember,
  progressOf,
  referralBreaks,
  referralPaidTo,
  setReferralRules,
  stopReferralJobs,
} from './referral-rewards.fixtures';
import { ReferralRewardService } from './referral-rewards.service';

const RULES = { minDepositMinor: 500, minTurnoverMinor: 1_000, inviterRewardMinor: 700, invitedRewardMinor: 70 };
const INVITED = 2;

type Command =
  | { op: 'deposit'; member: number; amount: number }
  | { op: 'play'; member: number; validBet: number }
  | { op: 'accrue' }
  | { op: 'settle'; member: number }
  | { op: 'switch'; enabled: boolean };

const member = fc.integer({ min: 0, max: INVITED - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('deposit' as const), member, amount: fc.integer({ min: 1, max: 300 }) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ op: fc.constant('play' as const), member, validBet: fc.integer({ min: 0, max: 500 }) }),
    weight: 4,
  },
  { arbitrary: fc.constant({ op: 'accrue' as const }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('settle' as const), member }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('switch' as const), enabled: fc.boolean() }), weight: 1 },
);

/**
 * The model: deposits and valid bets wait in the feed until a batch applies them to the invited member's counts (while
 * it still counts); a batch that brings a member to the rules, with the rules on, pays it, and so does a settlement
 * asked for while the counts reach them. Paid, a member's counts stop and it is never paid again.
 */
interface Modelled {
  deposit: number;
  turnover: number;
  pendingDeposit: number;
  pendingTurnover: number;
  /** Events waiting in the feed: a batch with any (a valid bet of 0 too) settles the member. */
  pendingEvents: number;
  paid: boolean;
}

describe(ReferralRewardService.name, () => {
  let t: TestApp;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopReferralJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    await setReferralRules(t.app, 'parlay', RULES);
    await drainReferrals(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('pays each invited member exactly once, when and only when its counted deposits and valid bets reach the rules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        await setReferralRules(t.app, 'parlay', { ...RULES, enabled: true });
        let enabled = true;
        const inviter = await createTestMember(t.app);
        const invited: TestMember[] = [];
        for (let index = 0; index < INVITED; index += 1) invited.push(await inviteMember(t.app, inviter));
        const model: Modelled[] = invited.map(() => ({
          deposit: 0,
          turnover: 0,
          pendingDeposit: 0,
          pendingTurnover: 0,
          pendingEvents: 0,
          paid: false,
        }));
        const reaches = (row: Modelled) =>
          row.deposit >= RULES.minDepositMinor && row.turnover >= RULES.minTurnoverMinor;

        for (const step of commands) {
          switch (step.op) {
            case 'deposit': {
              const who = invited[step.member]!;
              await feedDeposit(t.app.db, { merchantId: who.merchantId, memberId: who.id, amountMinor: step.amount });
              model[step.member]!.pendingDeposit += step.amount;
              model[step.member]!.pendingEvents += 1;
              break;
            }
            case 'play': {
              const who = invited[step.member]!;
              await settleRound(t.app.db, {
                merchantId: who.merchantId,
                memberId: who.id,
                game,
                validBetMinor: step.validBet,
              });
              model[step.member]!.pendingTurnover += step.validBet;
              model[step.member]!.pendingEvents += 1;
              break;
            }
            case 'accrue': {
              await drainReferrals(t.app);
              for (const row of model) {
                const touched = row.pendingEvents > 0;
                if (!row.paid) {
                  row.deposit += row.pendingDeposit;
                  row.turnover += row.pendingTurnover;
                }
                row.pendingDeposit = 0;
                row.pendingTurnover = 0;
                row.pendingEvents = 0;
                if (touched && enabled && !row.paid && reaches(row)) row.paid = true;
              }
              break;
            }
            case 'settle': {
              const outcome = await t.app.referralRewards.qualify(invited[step.member]!.id);
              const row = model[step.member]!;
              const expected = row.paid ? 'settled' : enabled && reaches(row) ? 'paid' : 'counting';
              // A member the feed has not counted yet has no row: it is still counting.
              expect(outcome).toBe(expected);
              if (expected === 'paid') row.paid = true;
              break;
            }
            case 'switch': {
              await setReferralRules(t.app, 'parlay', { ...RULES, enabled: step.enabled });
              enabled = step.enabled;
              break;
            }
          }
        }
        await drainReferrals(t.app);
        for (const [index, row] of model.entries()) {
          if (!row.paid) {
            row.deposit += row.pendingDeposit;
            row.turnover += row.pendingTurnover;
            if (row.pendingEvents > 0 && enabled && reaches(row)) row.paid = true;
          }
          const stored = await progressOf(t.app.db, invited[index]!.id);
          if (stored) {
            expect(stored).toMatchObject({
              status: row.paid ? 'paid' : 'counting',
              deposit: row.deposit,
              turnover: row.turnover,
            });
          }
          expect(await referralPaidTo(t.app.db, invited[index]!.id)).toEqual(
            row.paid ? { count: 1, total: RULES.invitedRewardMinor } : { count: 0, total: 0 },
          );
        }
        const paidCount = model.filter((row) => row.paid).length;
        expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({
          count: paidCount,
          total: paidCount * RULES.inviterRewardMinor,
        });
        expect(await referralBreaks(t.app.db, [inviter.id, ...invited.map((who) => who.id)])).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
