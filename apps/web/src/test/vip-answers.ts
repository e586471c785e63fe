import {
  MyVipLevelResponseSchema,
  VIP_CALLS,
  VipChangePageResponseSchema,
  VipLevelsResponseSchema,
  type MyVipLevel,
  type VipChangePage,
  type VipLevel,
  type VipLevels,
} from '@parlay/contract';
import { http } from 'msw';
import { ok } from './api';

// The VIP calls as the web tests answer them (/vip and the member centre's playerRank): each value checked by the
// contract's response schema (ok()).

const noLimits = { dailyCount: null, dailyMaxMinor: null, singleMaxMinor: null };

function level(rankLevel: number, name: string, reach: number, overrides: Partial<VipLevel> = {}): VipLevel {
  return {
    rankLevel,
    name,
    reach: { validBetMinor: reach, depositMinor: reach / 2 },
    keep: { validBetMinor: reach / 2, depositMinor: 0 },
    benefits: {
      rebateBp: {},
      withdrawal: noLimits,
      upgradeBonusMinor: 0,
      birthdayBonusMinor: 0,
      monthlyBonusMinor: 0,
    },
    ...overrides,
  };
}

/** Three levels: Bronze (level 0, nothing asked), Silver and Gold. */
export const LEVELS: VipLevels = {
  currency: 'KRW',
  currencyExponent: 0,
  periodDays: 30,
  downgradeGraceDays: 60,
  levels: [
    level(0, 'Bronze', 0),
    level(1, 'Silver', 100_000, {
      benefits: {
        rebateBp: { LIVE: 50, RNG: 80 },
        withdrawal: { dailyCount: 3, dailyMaxMinor: 5_000_000, singleMaxMinor: null },
        upgradeBonusMinor: 10_000,
        birthdayBonusMinor: 20_000,
        monthlyBonusMinor: 0,
      },
    }),
    level(2, 'Gold', 1_000_000),
  ],
};

/** A Silver member a third of the way to Gold in valid bets, with the deposits met. */
export const SILVER: MyVipLevel = {
  currency: 'KRW',
  currencyExponent: 0,
  periodDays: 30,
  rankLevel: 1,
  name: 'Silver',
  reachedAt: '2026-11-20T03:00:00.000Z',
  figures: { validBetMinor: 300_000, depositMinor: 500_000 },
  next: {
    rankLevel: 2,
    name: 'Gold',
    validBet: { currentMinor: 300_000, targetMinor: 1_000_000, percent: 30 },
    deposit: { currentMinor: 500_000, targetMinor: 500_000, percent: 100 },
    percent: 30,
  },
  keep: {
    validBet: { currentMinor: 300_000, targetMinor: 50_000, percent: 100 },
    deposit: { currentMinor: 500_000, targetMinor: 0, percent: 100 },
    met: true,
    reviewFrom: null,
  },
  benefits: LEVELS.levels[1]!.benefits,
};

export const CHANGES: VipChangePage = {
  items: [
    {
      id: 7,
      at: '2026-11-20T03:00:00.000Z',
      kind: 'upgrade',
      fromLevel: 0,
      fromName: 'Bronze',
      toLevel: 1,
      toName: 'Silver',
      figures: { validBetMinor: 120_000, depositMinor: 50_000 },
      bonusMinor: 10_000,
    },
  ],
  nextCursor: null,
};

export const answerLevels = (value: VipLevels = LEVELS) =>
  http.get(VIP_CALLS.levels.path, () => ok(VipLevelsResponseSchema, value));
/** The member's level: a value, or a function of the moment's answer (a value, or a Response such as fail(...)). */
export const answerMine = (value: MyVipLevel | (() => MyVipLevel | Response) = SILVER) =>
  http.get(VIP_CALLS.myLevel.path, () => {
    const answer = typeof value === 'function' ? value() : value;
    return answer instanceof Response ? answer : ok(MyVipLevelResponseSchema, answer);
  });
export const answerChanges = (value: VipChangePage = CHANGES) =>
  http.get(VIP_CALLS.changes.path, () => ok(VipChangePageResponseSchema, value));
