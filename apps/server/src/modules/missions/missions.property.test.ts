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
  booksBreaks,
  drainMissions,
  feedDeposit,
  insertTestMission,
  missionGames,
  rewardBreaks,
  rewardsPaidTo,
  settleRound,
  stopMissionJobs,
  type TestGame,
} from './missions.fixtures';
import { addDays, MissionService } from './missions.service';

const MEMBERS = 2;
/** A Monday: the model's day 0. Each moment is 03:00 UTC, the same day in the brand's zone (Seoul, noon). */
const BASE_DAY = '2026-11-02';
const at = (day: number) => new Date(`${addDays(BASE_DAY, day)}T03:00:00.000Z`);

type Command =
  | { op: 'play'; member: number; live: boolean; validBet: number }
  | { op: 'deposit'; member: number; amount: number }
  | { op: 'signIn'; member: number }
  | { op: 'accrue' }
  | { op: 'nextDay'; days: number }
  | { op: 'claim'; member: number; mission: MissionKey };

type MissionKey = 'rounds' | 'wager' | 'deposit' | 'signin';
const MISSIONS: Record<MissionKey, { target: number; reward: number }> = {
  rounds: { target: 3, reward: 100 },
  wager: { target: 1_000, reward: 200 },
  deposit: { target: 500, reward: 300 },
  signin: { target: 2, reward: 400 },
};

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('play' as const),
      member,
      live: fc.boolean(),
      validBet: fc.integer({ min: 0, max: 600 }),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({ op: fc.constant('deposit' as const), member, amount: fc.integer({ min: 1, max: 400 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('signIn' as const), member }), weight: 2 },
  { arbitrary: fc.constant({ op: 'accrue' as const }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('nextDay' as const), days: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant('claim' as const),
      member,
      mission: fc.constantFrom<MissionKey>('rounds', 'wager', 'deposit', 'signin'),
    }),
    weight: 3,
  },
);

/**
 * The model: rounds and deposits wait in the feed until a batch applies them, each to its mission's period of the
 * day it settled (rounds: LIVE only, daily; wager: every type's valid bet, weekly from Monday; deposits: daily);
 * sign-ins count once a day into a campaign's streak, a missed day starting it again, a completed one kept; a claim
 * pays a completed, unclaimed current period once.
 */
interface Row {
  progress: number;
  lastDay: number | null;
  claimed: boolean;
}

function periodStart(mission: MissionKey, day: number): number {
  if (mission === 'wager') return day - (day % 7);
  if (mission === 'signin') return 0;
  return day;
}

describe(`${MissionService.name} against a model`, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopMissionJobs(t.app);
    await installTestVendor(t.app);
    games = await missionGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    expect(brand.brand.timeZone).toMatch(/Seoul|UTC/);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps progress and rewards paid equal to the model, never paying twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        await query(t.app.db, sql`UPDATE missions SET active = false WHERE merchant_id = ${brand.id}`);
        await drainMissions(t.app);
        const ids = {
          rounds: await insertTestMission(t.app.db, brand.id, {
            goal: 'rounds',
            gameType: 'LIVE',
            period: 'daily',
            target: 3,
            rewardMinor: 100,
          }),
          wager: await insertTestMission(t.app.db, brand.id, {
            goal: 'wager',
            period: 'weekly',
            target: 1_000,
            rewardMinor: 200,
          }),
          deposit: await insertTestMission(t.app.db, brand.id, {
            goal: 'deposit',
            period: 'daily',
            target: 500,
            rewardMinor: 300,
          }),
          signin: await insertTestMission(t.app.db, brand.id, {
            goal: 'signin',
            period: 'campaign',
            target: 2,
            rewardMinor: 400,
            startsAt: new Date(`${BASE_DAY}T00:00:00+09:00`).toISOString(),
          }),
        } satisfies Record<MissionKey, number>;
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => createTestMember(t.app)));
        let day = 0;
        const missions = new MissionService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit, () =>
          at(day),
        );
        const rows = new Map<string, Row>();
        const rowOf = (key: MissionKey, who: number, start: number) => {
          const id = `${key}:${who}:${start}`;
          let row = rows.get(id);
          if (!row) {
            row = { progress: 0, lastDay: null, claimed: false };
            rows.set(id, row);
          }
          return row;
        };
        const queue: { who: number; day: number; key: MissionKey; amount: number }[] = [];
        const paid = Array.from({ length: MEMBERS }, () => 0);
        const effective = (key: MissionKey, row: Row) =>
          key !== 'signin' || row.claimed || row.progress >= MISSIONS.signin.target || (row.lastDay ?? -9) >= day - 1
            ? row.progress
            : 0;
        const stateOf = (key: MissionKey, who: number) => {
          const row = rowOf(key, who, periodStart(key, day));
          if (row.claimed) return { progress: effective(key, row), state: 'claimed' };
          const progress = effective(key, row);
          if (progress >= MISSIONS[key].target) return { progress, state: 'claim' };
          if (key === 'signin' && row.lastDay === day) return { progress, state: 'signed' };
          return { progress, state: 'in_process' };
        };

        for (const step of commands) {
          const owner = {
            merchantId: brand.id,
            memberId: members[step.op === 'accrue' || step.op === 'nextDay' ? 0 : step.member]!.id,
          };
          switch (step.op) {
            case 'play':
              await settleRound(t.app.db, {
                ...owner,
                game: step.live ? games.live : games.rng,
                validBetMinor: step.validBet,
                at: at(day),
              });
              if (step.live) queue.push({ who: step.member, day, key: 'rounds', amount: 1 });
              queue.push({ who: step.member, day, key: 'wager', amount: step.validBet });
              break;
            case 'deposit':
              await feedDeposit(t.app.db, { ...owner, amountMinor: step.amount, at: at(day) });
              queue.push({ who: step.member, day, key: 'deposit', amount: step.amount });
              break;
            case 'accrue':
              await drainMissions(t.app);
              for (const event of queue.splice(0)) {
                const row = rowOf(event.key, event.who, periodStart(event.key, event.day));
                row.progress += event.amount;
              }
              break;
            case 'nextDay':
              day += step.days;
              break;
            case 'signIn': {
              await missions.signedIn(t.app.db, { ...owner, isFreePlay: false }, brand.brand.timeZone);
              const row = rowOf('signin', step.member, 0);
              if (
                !row.claimed &&
                row.progress < MISSIONS.signin.target &&
                (row.lastDay === null || row.lastDay < day)
              ) {
                row.progress = row.lastDay === day - 1 ? row.progress + 1 : 1;
                row.lastDay = day;
              }
              break;
            }
            case 'claim': {
              const expected = stateOf(step.mission, step.member).state;
              const outcome = await missions.claim(owner, brand, ids[step.mission], 'EN').then(
                (result) => ({ paid: result.amountMinor }),
                (error: unknown) => {
                  if (!(error instanceof AppError)) throw error;
                  return { code: error.code };
                },
              );
              if (expected === 'claim') {
                expect(outcome).toEqual({ paid: MISSIONS[step.mission].reward });
                rowOf(step.mission, step.member, periodStart(step.mission, day)).claimed = true;
                paid[step.member]! += MISSIONS[step.mission].reward;
              } else {
                expect(outcome).toEqual({
                  code: expected === 'claimed' ? 'MISSION_ALREADY_CLAIMED' : 'MISSION_NOT_COMPLETE',
                });
              }
              break;
            }
          }
          for (let who = 0; who < MEMBERS; who += 1) {
            const owned = { merchantId: brand.id, memberId: members[who]!.id };
            const summary = await missions.summary(owned, brand, 'EN');
            for (const key of Object.keys(ids) as MissionKey[]) {
              const item = summary.items.find((entry) => entry.id === ids[key]);
              expect({ key, progress: item?.progress, state: item?.state }).toEqual({ key, ...stateOf(key, who) });
            }
            expect(await rewardsPaidTo(t.app.db, owned.memberId)).toBe(paid[who]);
          }
        }
        expect(await rewardBreaks(t.app.db)).toEqual([]);
        expect(
          await booksBreaks(
            t.app.db,
            members.map((m) => m.id),
          ),
        ).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
