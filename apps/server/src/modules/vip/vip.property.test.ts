import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { createTestMember } from '../../test/members';
import { createTestApp, type TestApp } from '../../test/app';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  bonusMovementsOf,
  consumeVip,
  depositEvent,
  prepareVipWorld,
  rankOf,
  settleRound,
  TEST_LEVELS,
  type VipWorld,
} from './vip.fixtures';
import { brandDate } from './vip.service';

const DAY = 86_400_000;
const PERIOD_DAYS = 30;
const GRACE_DAYS = 10;
const START = Date.parse('2026-11-10T03:00:00Z');

type Step =
  | { kind: 'bet'; member: number; amount: number }
  | { kind: 'deposit'; member: number; amount: number }
  | { kind: 'advance'; days: number }
  | { kind: 'consume' }
  | { kind: 'review' };

interface MemberModel {
  /** Figures by day index (days since START), applied once consumed. */
  days: Map<number, { bet: number; deposit: number }>;
  pending: { day: number; bet: number; deposit: number }[];
  rank: number;
  /** Day index of the last change; null: never changed (registered on day 0). */
  changedDay: number;
  loweredMonth: string | null;
  bonuses: Map<string, number>;
}

/** What a reader of decision 0046 expects, day by day. */
class VipModel {
  day = 0;
  readonly members: MemberModel[];

  constructor(
    private readonly ids: number[],
    private readonly timeZone: string,
  ) {
    this.members = ids.map(() => ({
      days: new Map(),
      pending: [],
      rank: 0,
      changedDay: 0,
      loweredMonth: null,
      bonuses: new Map(),
    }));
  }

  private figures(member: MemberModel) {
    let bet = 0;
    let deposit = 0;
    for (const [day, value] of member.days) {
      if (day <= this.day && day > this.day - PERIOD_DAYS) {
        bet += value.bet;
        deposit += value.deposit;
      }
    }
    return { bet, deposit };
  }

  private raise(index: number): void {
    const member = this.members[index]!;
    const { bet, deposit } = this.figures(member);
    const target = Math.max(
      ...TEST_LEVELS.filter((level) => level.reachValidBetMinor <= bet && level.reachDepositMinor <= deposit).map(
        (level) => level.rankLevel,
      ),
    );
    if (target <= member.rank) return;
    for (const level of TEST_LEVELS) {
      const key = `vip-upgrade:${this.ids[index]}:${level.rankLevel}`;
      if (level.rankLevel > member.rank && level.rankLevel <= target && level.upgradeBonusMinor > 0) {
        if (!member.bonuses.has(key)) member.bonuses.set(key, level.upgradeBonusMinor);
      }
    }
    member.rank = target;
    member.changedDay = this.day;
  }

  apply(step: Step): void {
    if (step.kind === 'bet' || step.kind === 'deposit') {
      this.members[step.member]!.pending.push({
        day: this.day,
        bet: step.kind === 'bet' ? step.amount : 0,
        deposit: step.kind === 'deposit' ? step.amount : 0,
      });
    } else if (step.kind === 'advance') {
      this.day += step.days;
    } else if (step.kind === 'consume') {
      this.members.forEach((member, index) => {
        if (member.pending.length === 0) return;
        for (const event of member.pending) {
          const day = member.days.get(event.day) ?? { bet: 0, deposit: 0 };
          member.days.set(event.day, { bet: day.bet + event.bet, deposit: day.deposit + event.deposit });
        }
        member.pending = [];
        this.raise(index);
      });
    } else {
      this.review();
    }
  }

  private review(): void {
    const today = brandDate(new Date(START + this.day * DAY), this.timeZone);
    const birthday = brandDate(new Date(START), this.timeZone);
    this.members.forEach((_, index) => this.raise(index));
    this.members.forEach((member) => {
      if (member.rank === 0) return;
      const current = TEST_LEVELS[member.rank]!;
      const { bet, deposit } = this.figures(member);
      if (current.keepValidBetMinor <= bet && current.keepDepositMinor <= deposit) return;
      if (this.day - member.changedDay < GRACE_DAYS) return;
      if (member.loweredMonth !== null && member.loweredMonth >= today.ym) return;
      const target = Math.max(
        0,
        ...TEST_LEVELS.filter(
          (level) =>
            level.rankLevel < member.rank && level.keepValidBetMinor <= bet && level.keepDepositMinor <= deposit,
        ).map((level) => level.rankLevel),
      );
      member.rank = target;
      member.changedDay = this.day;
      member.loweredMonth = today.ym;
    });
    this.members.forEach((member, index) => {
      const level = TEST_LEVELS[member.rank]!;
      const id = this.ids[index];
      if (today.month === birthday.month && today.day === birthday.day && level.birthdayBonusMinor > 0) {
        const key = `vip-birthday:${id}:${today.year}`;
        if (!member.bonuses.has(key)) member.bonuses.set(key, level.birthdayBonusMinor);
      }
      if (level.monthlyBonusMinor > 0) {
        const key = `vip-monthly:${id}:${today.ym}`;
        if (!member.bonuses.has(key)) member.bonuses.set(key, level.monthlyBonusMinor);
      }
    });
  }
}

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      member: fc.integer({ min: 0, max: 1 }),
      amount: fc.constantFrom(300, 1_000, 4_000, 15_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      member: fc.integer({ min: 0, max: 1 }),
      amount: fc.constantFrom(50, 200, 600, 2_000),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 25 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('consume' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('review' as const) }) },
);

describe('VIP ranks against a model', () => {
  let t: TestApp;
  let world: VipWorld;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    world = await prepareVipWorld(t.app, TEST_LEVELS, { periodDays: PERIOD_DAYS, downgradeGraceDays: GRACE_DAYS });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('raises, lowers and pays as the model does; no bonus key is ever paid twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 30 }), async (steps) => {
        world.now.at = new Date(START);
        const birthday = brandDate(new Date(START), world.timeZone);
        const members = [await createTestMember(t.app), await createTestMember(t.app)];
        for (const member of members) {
          await query(
            t.app.db,
            sql`UPDATE members SET created_at = ${new Date(START).toISOString()}::timestamptz,
                  birthday = ${`1990-${String(birthday.month).padStart(2, '0')}-${String(birthday.day).padStart(2, '0')}`}
                WHERE id = ${member.id}`,
          );
        }
        const model = new VipModel(
          members.map((member) => member.id),
          world.timeZone,
        );
        const brand = { merchantId: world.merchantId, timeZone: world.timeZone, currency: 'KRW' };
        for (const step of [...steps, { kind: 'consume' } as const]) {
          model.apply(step);
          if (step.kind === 'bet') await settleRound(t.app.db, world, members[step.member]!.id, step.amount);
          else if (step.kind === 'deposit') await depositEvent(t.app.db, world, members[step.member]!.id, step.amount);
          else if (step.kind === 'advance') world.now.at = new Date(START + model.day * DAY);
          else if (step.kind === 'consume') await consumeVip(t.app, world.vip);
          else {
            // The periodic job's work for this brand, in its order.
            await t.app.db.transaction((tx) => world.vip.upgrade(tx, { merchantId: world.merchantId }));
            await world.vip.reviewDowngrades(world.merchantId);
            await world.vip.payPeriodicBonuses(brand, 'birthday');
            await world.vip.payPeriodicBonuses(brand, 'monthly');
          }
        }
        for (const [index, member] of members.entries()) {
          const expected = model.members[index]!;
          expect(await rankOf(t.app.db, member.id)).toBe(expected.rank);
          const paid = await bonusMovementsOf(t.app.db, member.id);
          expect(new Set(paid.map((bonus) => bonus.key)).size).toBe(paid.length);
          expect(Object.fromEntries(paid.map((bonus) => [bonus.key, bonus.amountMinor]))).toEqual(
            Object.fromEntries(expected.bonuses),
          );
          // Each change row agrees with the rank it left: the last change's level is the member's.
          const [last] = await query(
            t.app.db,
            sql`SELECT to_level FROM vip_level_changes WHERE member_id = ${member.id} ORDER BY id DESC LIMIT 1`,
          );
          if (last) expect(toNumber(last['to_level'])).toBe(expected.rank);
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
