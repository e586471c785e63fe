import type {
  MyVipLevel,
  VipBenefits,
  VipChange,
  VipChangePage,
  VipLevel,
  VipLevels,
  VipProgressItem,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import * as repository from './vip.repository';

/** The VIP ranks' checkpoint in the settlement feed. */
export const VIP_CONSUMER = 'vip';
/** Members a periodic job changes or pays per transaction. */
export const VIP_JOB_BATCH = 100;

export interface VipOwner {
  merchantId: number;
  memberId: number;
}

/** What the cashier asks of the member's rank (decision 0046): the level and its withdrawal limits. */
export interface RankLimits {
  level: number;
  name: string;
  withdrawal: { dailyCount: number | null; dailyMaxMinor: number | null; singleMaxMinor: number | null };
}

/** A level's name, or `VIP<n>` for a rank the brand has not defined (every member's rank before levels exist). */
export function levelName(levels: readonly repository.LevelRow[], rankLevel: number): string {
  return levels.find((level) => level.rankLevel === rankLevel)?.name ?? `VIP${rankLevel}`;
}

/** Idempotency keys of the bonuses: the vip_bonuses row and the wallet movement carry the same one. */
export const bonusKey = {
  upgrade: (memberId: number, rankLevel: number) => `vip-upgrade:${memberId}:${rankLevel}`,
  birthday: (memberId: number, year: number) => `vip-birthday:${memberId}:${year}`,
  monthly: (memberId: number, month: string) => `vip-monthly:${memberId}:${month}`,
};

/** The brand's date of an instant: year, month, day (and the YYYY-MM of its month). */
export function brandDate(at: Date, timeZone: string): { year: number; month: number; day: number; ym: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  const [year, month, day] = parts as [number, number, number];
  return { year, month, day, ym: `${year}-${String(month).padStart(2, '0')}` };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function toBenefits(level: repository.LevelRow): VipBenefits {
  return {
    rebateBp: level.rebateBp,
    withdrawal: {
      dailyCount: level.withdrawalDailyCount,
      dailyMaxMinor: level.withdrawalDailyMaxMinor,
      singleMaxMinor: level.withdrawalSingleMaxMinor,
    },
    upgradeBonusMinor: level.upgradeBonusMinor,
    birthdayBonusMinor: level.birthdayBonusMinor,
    monthlyBonusMinor: level.monthlyBonusMinor,
  };
}

export function toVipLevel(level: repository.LevelRow): VipLevel {
  return {
    rankLevel: level.rankLevel,
    name: level.name,
    reach: { validBetMinor: level.reachValidBetMinor, depositMinor: level.reachDepositMinor },
    keep: { validBetMinor: level.keepValidBetMinor, depositMinor: level.keepDepositMinor },
    benefits: toBenefits(level),
  };
}

export function toChange(row: repository.ChangeRow): VipChange {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    fromLevel: row.fromLevel,
    fromName: row.fromName,
    toLevel: row.toLevel,
    toName: row.toName,
    figures: { validBetMinor: row.validBetMinor, depositMinor: row.depositMinor },
    bonusMinor: row.bonusMinor,
  };
}

function progress(currentMinor: number, targetMinor: number): VipProgressItem {
  const percent = targetMinor <= 0 ? 100 : Math.min(100, Math.floor((currentMinor * 100) / targetMinor));
  return { currentMinor, targetMinor, percent };
}

export function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

/** The feed's `vip` consumer: each batch's valid bets and deposits into the members' days, then the upgrades. */
export class VipFeedConsumer implements FeedConsumer {
  readonly name = VIP_CONSUMER;

  constructor(private readonly ranks: VipService) {}

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    const members = await repository.addBatchFigures(tx, batch.after, batch.last);
    if (members.length > 0) await this.ranks.upgrade(tx, { memberIds: members });
  }
}

/**
 * VIP ranks (decision 0046): a member's figures (valid bets and deposits over the brand's rolling period) raise
 * the level as soon as they reach one, in the feed batch's transaction, paying each level's upgrade bonus once
 * ever; a monthly review lowers a level whose keep figures are not met after the grace days; birthday and
 * monthly bonuses are paid once per key. Every change writes members.rank_level and its vip_level_changes row in
 * one transaction.
 */
export class VipService {
  readonly feedConsumer = new VipFeedConsumer(this);

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** The member's level and its withdrawal limits (null: none of the rank), for the cashier. */
  async levelOf(owner: VipOwner, tx: Executor = this.db): Promise<RankLimits> {
    const member = await repository.findMemberRank(tx, owner.merchantId, owner.memberId);
    const rankLevel = member?.rankLevel ?? 0;
    const level = await repository.findLevel(tx, owner.merchantId, rankLevel);
    return {
      level: rankLevel,
      name: level?.name ?? `VIP${rankLevel}`,
      withdrawal: {
        dailyCount: level?.withdrawalDailyCount ?? null,
        dailyMaxMinor: level?.withdrawalDailyMaxMinor ?? null,
        singleMaxMinor: level?.withdrawalSingleMaxMinor ?? null,
      },
    };
  }

  /**
   * The rebate rates of each brand's levels (basis points of the valid bet by game type; issue 36's cashback reads
   * them when it applies a feed batch and when it shows a member's rates).
   */
  async rebateRates(
    merchantIds: readonly number[],
    tx: Executor = this.db,
  ): Promise<{ merchantId: number; rankLevel: number; name: string; rebateBp: VipBenefits['rebateBp'] }[]> {
    const rates = [];
    for (const merchantId of merchantIds) {
      for (const level of await repository.findLevels(tx, merchantId)) {
        rates.push({ merchantId, rankLevel: level.rankLevel, name: level.name, rebateBp: level.rebateBp });
      }
    }
    return rates;
  }

  async levels(merchant: Merchant): Promise<VipLevels> {
    const [settings, levels] = await Promise.all([
      repository.findSettings(this.db, merchant.id),
      repository.findLevels(this.db, merchant.id),
    ]);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      periodDays: settings.periodDays,
      downgradeGraceDays: settings.downgradeGraceDays,
      levels: levels.map(toVipLevel),
    };
  }

  async myLevel(merchant: Merchant, memberId: number): Promise<MyVipLevel> {
    const now = this.clock();
    const [settings, levels, member, figures, reachedAt] = await Promise.all([
      repository.findSettings(this.db, merchant.id),
      repository.findLevels(this.db, merchant.id),
      repository.findMemberRank(this.db, merchant.id, memberId),
      repository.findFigures(this.db, memberId, now),
      repository.findReachedAt(this.db, memberId),
    ]);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    const current = levels.find((level) => level.rankLevel === member.rankLevel);
    const next = levels.find((level) => level.rankLevel > member.rankLevel);
    const nextProgress = next && {
      rankLevel: next.rankLevel,
      name: next.name,
      validBet: progress(figures.validBetMinor, next.reachValidBetMinor),
      deposit: progress(figures.depositMinor, next.reachDepositMinor),
    };
    const graceFrom = Date.parse(reachedAt ?? member.createdAt) + settings.downgradeGraceDays * 86_400_000;
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      periodDays: settings.periodDays,
      rankLevel: member.rankLevel,
      name: levelName(levels, member.rankLevel),
      reachedAt,
      figures,
      next: nextProgress
        ? { ...nextProgress, percent: Math.min(nextProgress.validBet.percent, nextProgress.deposit.percent) }
        : null,
      keep:
        current && member.rankLevel > 0
          ? {
              validBet: progress(figures.validBetMinor, current.keepValidBetMinor),
              deposit: progress(figures.depositMinor, current.keepDepositMinor),
              met:
                figures.validBetMinor >= current.keepValidBetMinor && figures.depositMinor >= current.keepDepositMinor,
              reviewFrom: new Date(graceFrom).toISOString(),
            }
          : null,
      benefits: current ? toBenefits(current) : null,
    };
  }

  async changes(
    merchant: Merchant,
    memberId: number,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<VipChangePage> {
    const rows = await repository.findChanges(this.db, {
      merchantId: merchant.id,
      memberId,
      beforeId: parseIdCursor(page.cursor),
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit).map(toChange);
    return { items, nextCursor: rows.length > page.limit ? String(items.at(-1)!.id) : null };
  }

  /**
   * Raises each member whose figures reach a higher level to the highest one reached, inside `tx` (the feed
   * batch's, or a sweep's). Each level passed pays its upgrade bonus unless that member was paid it before.
   * Answers how many members rose.
   */
  async upgrade(tx: Executor, scope: { memberIds: number[] } | { merchantId: number }): Promise<number> {
    const now = this.clock();
    const candidates = await repository.findUpgradeCandidates(tx, scope, now);
    const brands = new Map<number, { levels: repository.LevelRow[]; currency: string }>();
    let raised = 0;
    for (const candidate of candidates) {
      let brand = brands.get(candidate.merchantId);
      if (!brand) {
        const [levels, money] = await Promise.all([
          repository.findLevels(tx, candidate.merchantId),
          repository.findBrandMoney(tx, candidate.merchantId),
        ]);
        brand = { levels, currency: money.currency };
        brands.set(candidate.merchantId, brand);
      }
      // Under the member's lock: a downgrade review may have moved the level since the candidates were read.
      const current = await repository.lockMemberRank(tx, candidate.merchantId, candidate.memberId);
      if (current === undefined || candidate.targetLevel <= current) continue;
      const paid = await repository.findPaidUpgradeLevels(tx, candidate.memberId);
      const bonuses = brand.levels.filter(
        (level) =>
          level.rankLevel > current &&
          level.rankLevel <= candidate.targetLevel &&
          level.upgradeBonusMinor > 0 &&
          !paid.has(level.rankLevel),
      );
      const total = bonuses.reduce((sum, level) => sum + level.upgradeBonusMinor, 0);
      const changeId = await repository.insertChange(
        tx,
        {
          merchantId: candidate.merchantId,
          memberId: candidate.memberId,
          kind: 'upgrade',
          fromLevel: current,
          toLevel: candidate.targetLevel,
          fromName: levelName(brand.levels, current),
          toName: levelName(brand.levels, candidate.targetLevel),
          validBetMinor: candidate.validBetMinor,
          depositMinor: candidate.depositMinor,
          at: now,
        },
        total,
      );
      await repository.setMemberRank(tx, candidate.memberId, candidate.targetLevel);
      for (const level of bonuses) {
        await this.payBonus(tx, {
          merchantId: candidate.merchantId,
          memberId: candidate.memberId,
          currency: brand.currency,
          kind: 'upgrade',
          key: bonusKey.upgrade(candidate.memberId, level.rankLevel),
          level,
          amountMinor: level.upgradeBonusMinor,
          changeId,
          at: now,
        });
      }
      raised += 1;
    }
    return raised;
  }

  /** Records a bonus by its key and credits it (wallet kind vip_bonus, the house paying); nothing on a used key. */
  private async payBonus(
    tx: Executor,
    bonus: {
      merchantId: number;
      memberId: number;
      currency: string;
      kind: 'upgrade' | 'birthday' | 'monthly';
      key: string;
      level: { rankLevel: number; name: string };
      amountMinor: number;
      changeId: number | null;
      at: Date;
    },
  ): Promise<boolean> {
    const recorded = await repository.insertBonus(tx, {
      idempotencyKey: bonus.key,
      merchantId: bonus.merchantId,
      memberId: bonus.memberId,
      kind: bonus.kind,
      rankLevel: bonus.level.rankLevel,
      amountMinor: bonus.amountMinor,
      changeId: bonus.changeId,
      at: bonus.at,
    });
    if (!recorded) return false;
    await this.wallet.credit(tx, {
      merchantId: bonus.merchantId,
      memberId: bonus.memberId,
      currency: bonus.currency,
      amountMinor: bonus.amountMinor,
      kind: 'vip_bonus',
      idempotencyKey: bonus.key,
      reason: `VIP ${bonus.kind} bonus: ${bonus.level.name}`,
    });
    return true;
  }

  /**
   * The periodic work of every brand with levels: a sweep of upgrades (a level edited lower is reached without a
   * new round), the downgrade review, and the birthday and monthly bonuses due today. Safe to run on several
   * instances at once: each change locks the member's row and each bonus is keyed.
   */
  async runPeriodic(): Promise<{ upgrades: number; downgrades: number; birthday: number; monthly: number }> {
    const result = { upgrades: 0, downgrades: 0, birthday: 0, monthly: 0 };
    for (const brand of await repository.findBrandsWithLevels(this.db)) {
      result.upgrades += await this.db.transaction((tx) => this.upgrade(tx, { merchantId: brand.merchantId }));
      result.downgrades += await this.reviewDowngrades(brand.merchantId);
      result.birthday += await this.payPeriodicBonuses(brand, 'birthday');
      result.monthly += await this.payPeriodicBonuses(brand, 'monthly');
    }
    return result;
  }

  /**
   * Lowers each member of the brand whose figures no longer keep the level, once the grace days at it have passed
   * and at most once in the brand's month, to the highest lower level whose keep figures are met (0 at worst).
   */
  async reviewDowngrades(merchantId: number): Promise<number> {
    let after = 0;
    let lowered = 0;
    for (;;) {
      const now = this.clock();
      const candidates = await repository.findDowngradeCandidates(this.db, merchantId, now, after, VIP_JOB_BATCH);
      if (candidates.length === 0) return lowered;
      after = candidates.at(-1)!.memberId;
      lowered += await this.db.transaction(async (tx) => {
        const levels = await repository.findLevels(tx, merchantId);
        let done = 0;
        for (const candidate of candidates) {
          const current = await repository.lockMemberRank(tx, merchantId, candidate.memberId);
          // Raised or lowered since it was read: the next review looks again.
          if (current !== candidate.rankLevel) continue;
          await repository.insertChange(
            tx,
            {
              merchantId,
              memberId: candidate.memberId,
              kind: 'downgrade',
              fromLevel: current,
              toLevel: candidate.targetLevel,
              fromName: levelName(levels, current),
              toName: levelName(levels, candidate.targetLevel),
              validBetMinor: candidate.validBetMinor,
              depositMinor: candidate.depositMinor,
              at: now,
            },
            0,
          );
          await repository.setMemberRank(tx, candidate.memberId, candidate.targetLevel);
          done += 1;
        }
        return done;
      });
    }
  }

  /**
   * Pays the birthday bonus (on the member's birthday, the brand's day; once a year) or the monthly bonus (once in
   * each of the brand's months) of the level each member holds.
   */
  async payPeriodicBonuses(
    brand: { merchantId: number; timeZone: string; currency: string },
    kind: 'birthday' | 'monthly',
  ): Promise<number> {
    const now = this.clock();
    const today = brandDate(now, brand.timeZone);
    const keyOf =
      kind === 'birthday'
        ? (memberId: number) => bonusKey.birthday(memberId, today.year)
        : (memberId: number) => bonusKey.monthly(memberId, today.ym);
    const keyPrefix = kind === 'birthday' ? `vip-birthday:` : `vip-monthly:`;
    const keySuffix = kind === 'birthday' ? `:${today.year}` : `:${today.ym}`;
    let after = 0;
    let paid = 0;
    for (;;) {
      const candidates = await repository.findPeriodicBonusCandidates(
        this.db,
        brand.merchantId,
        kind,
        (column) => repository.keyExpression(keyPrefix, column, keySuffix),
        { month: today.month, day: today.day, leapYear: isLeapYear(today.year) },
        after,
        VIP_JOB_BATCH,
      );
      if (candidates.length === 0) return paid;
      after = candidates.at(-1)!.memberId;
      paid += await this.db.transaction(async (tx) => {
        const levels = await repository.findLevels(tx, brand.merchantId);
        let done = 0;
        for (const candidate of candidates) {
          const current = await repository.lockMemberRank(tx, brand.merchantId, candidate.memberId);
          const level = levels.find((row) => row.rankLevel === current);
          const amountMinor = kind === 'birthday' ? level?.birthdayBonusMinor : level?.monthlyBonusMinor;
          if (!level || !amountMinor) continue;
          const recorded = await this.payBonus(tx, {
            merchantId: brand.merchantId,
            memberId: candidate.memberId,
            currency: brand.currency,
            kind,
            key: keyOf(candidate.memberId),
            level,
            amountMinor,
            changeId: null,
            at: now,
          });
          if (recorded) done += 1;
        }
        return done;
      });
    }
  }
}
