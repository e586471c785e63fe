import type {
  BoVipChange,
  BoVipLevel,
  BoVipLevels,
  CreateVipLevelRequest,
  Page,
  BoVipMember,
  SaveVipSettingsRequest,
  UpdateVipLevelRequest,
  VipSettingsView,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { Merchant } from '../merchant/index';
import * as repository from './vip.repository';
import { parseIdCursor, toChange, toVipLevel } from './vip.service';

type LevelFields = Omit<CreateVipLevelRequest, 'rankLevel'> & { rankLevel: number };

function toInput(level: LevelFields): repository.LevelInput {
  return {
    rankLevel: level.rankLevel,
    name: level.name,
    reachValidBetMinor: level.reach.validBetMinor,
    reachDepositMinor: level.reach.depositMinor,
    keepValidBetMinor: level.keep.validBetMinor,
    keepDepositMinor: level.keep.depositMinor,
    rebateBp: level.benefits.rebateBp,
    withdrawalDailyCount: level.benefits.withdrawal.dailyCount,
    withdrawalDailyMaxMinor: level.benefits.withdrawal.dailyMaxMinor,
    withdrawalSingleMaxMinor: level.benefits.withdrawal.singleMaxMinor,
    upgradeBonusMinor: level.benefits.upgradeBonusMinor,
    birthdayBonusMinor: level.benefits.birthdayBonusMinor,
    monthlyBonusMinor: level.benefits.monthlyBonusMinor,
  };
}

/**
 * The rules a brand's levels keep (decision 0046): level 0 asks nothing; each level asks at least what the level
 * below asks to reach it, and at most what the level above asks.
 */
export function checkLevelOrder(levels: readonly repository.LevelInput[], level: repository.LevelInput): void {
  if (
    level.rankLevel === 0 &&
    (level.reachValidBetMinor > 0 ||
      level.reachDepositMinor > 0 ||
      level.keepValidBetMinor > 0 ||
      level.keepDepositMinor > 0)
  ) {
    throw new AppError('VIP_BASE_LEVEL_REQUIREMENTS');
  }
  const below = levels.filter((other) => other.rankLevel < level.rankLevel).at(-1);
  const above = levels.find((other) => other.rankLevel > level.rankLevel);
  const asksLess = (low: repository.LevelInput, high: repository.LevelInput) =>
    high.reachValidBetMinor < low.reachValidBetMinor || high.reachDepositMinor < low.reachDepositMinor;
  if ((below && asksLess(below, level)) || (above && asksLess(level, above))) throw new AppError('VIP_LEVEL_ORDER');
}

interface MemberListQuery {
  limit: number;
  cursor?: string | undefined;
  rankLevel?: number | undefined;
  account?: string | undefined;
}
interface ChangeQuery {
  limit: number;
  cursor?: string | undefined;
  account?: string | undefined;
  kind?: 'upgrade' | 'downgrade' | undefined;
}

const MEMBER_CURSOR = /^(\d{1,2})\.(\d{1,18})$/;

/** The back office's VIP pages: levels and benefits, settings (audited, versioned), members by level, changes. */
export class VipAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async levels(merchant: Merchant): Promise<BoVipLevels> {
    const [settings, levels, counts] = await Promise.all([
      repository.findSettings(this.db, merchant.id),
      repository.findLevels(this.db, merchant.id),
      repository.countMembersByLevel(this.db, merchant.id),
    ]);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      settings,
      levels: levels.map((level) => this.toBoLevel(level, counts.get(level.rankLevel) ?? 0)),
    };
  }

  private toBoLevel(level: repository.LevelRow, memberCount: number): BoVipLevel {
    return { ...toVipLevel(level), memberCount, updatedAt: level.updatedAt, version: level.version };
  }

  private async levelView(executor: Executor, merchantId: number, rankLevel: number): Promise<BoVipLevel> {
    const [level, counts] = await Promise.all([
      repository.findLevel(executor, merchantId, rankLevel),
      repository.countMembersByLevel(executor, merchantId),
    ]);
    if (!level) throw new AppError('VIP_LEVEL_NOT_FOUND');
    return this.toBoLevel(level, counts.get(rankLevel) ?? 0);
  }

  /** Adds a level above the existing ones or between them; level 0 first. Audited. */
  async createLevel(actor: Actor, merchant: Merchant, request: CreateVipLevelRequest): Promise<BoVipLevel> {
    const input = toInput(request);
    await this.db.transaction(async (tx) => {
      const levels = await repository.lockLevels(tx, merchant.id);
      if (levels.some((level) => level.rankLevel === input.rankLevel)) throw new AppError('VIP_LEVEL_EXISTS');
      if (input.rankLevel > 0 && !levels.some((level) => level.rankLevel === input.rankLevel - 1)) {
        throw new AppError('VIP_LEVEL_GAP');
      }
      checkLevelOrder(levels, input);
      if (!(await repository.insertLevel(tx, merchant.id, input))) throw new AppError('VIP_LEVEL_EXISTS');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'vip.level.create',
        targetType: 'vipLevel',
        targetId: input.rankLevel,
        after: input,
      });
    });
    return this.levelView(this.db, merchant.id, input.rankLevel);
  }

  /** Saves a level if nobody saved it since `version` (else BO_CHANGED_SINCE_OPENED). Audited. */
  async updateLevel(
    actor: Actor,
    merchant: Merchant,
    rankLevel: number,
    request: UpdateVipLevelRequest,
  ): Promise<BoVipLevel> {
    const { version, ...fields } = request;
    const input = toInput({ ...fields, rankLevel });
    await this.db.transaction(async (tx) => {
      const levels = await repository.lockLevels(tx, merchant.id);
      const before = levels.find((level) => level.rankLevel === rankLevel);
      if (!before) throw new AppError('VIP_LEVEL_NOT_FOUND');
      if (before.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED');
      checkLevelOrder(
        levels.filter((level) => level.rankLevel !== rankLevel),
        input,
      );
      const saved = await repository.updateLevel(tx, merchant.id, input, version);
      if (saved === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
      const { merchantId: _merchantId, updatedAt: _updatedAt, ...previous } = before;
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'vip.level.update',
        targetType: 'vipLevel',
        targetId: rankLevel,
        before: previous,
        after: { ...input, version: saved },
      });
    });
    return this.levelView(this.db, merchant.id, rankLevel);
  }

  /** Saves the rolling period and downgrade grace with the version they were opened at. Audited. */
  async saveSettings(actor: Actor, merchant: Merchant, request: SaveVipSettingsRequest): Promise<VipSettingsView> {
    const { version, ...settings } = request;
    await this.db.transaction(async (tx) => {
      const before = await repository.findSettings(tx, merchant.id);
      const saved = await repository.saveSettings(tx, merchant.id, settings, version);
      if (saved === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'vip.settings',
        targetType: 'brand',
        targetId: merchant.code,
        before,
        after: { ...settings, version: saved },
      });
    });
    return repository.findSettings(this.db, merchant.id);
  }

  async members(merchant: Merchant, query: MemberListQuery): Promise<Page<BoVipMember>> {
    const limit = query.limit;
    let after: { rankLevel: number; id: number } | null = null;
    if (query.cursor !== undefined) {
      const match = MEMBER_CURSOR.exec(query.cursor);
      if (!match) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
      after = { rankLevel: Number(match[1]), id: Number(match[2]) };
    }
    const rows = await repository.findMembers(this.db, {
      merchantId: merchant.id,
      rankLevel: query.rankLevel,
      account: query.account,
      after,
      limit: limit + 1,
      now: this.clock(),
    });
    const items = rows.slice(0, limit).map((row) => ({
      memberId: row.memberId,
      account: row.account,
      rankLevel: row.rankLevel,
      levelName: row.levelName ?? `VIP${row.rankLevel}`,
      reachedAt: row.reachedAt,
      figures: { validBetMinor: row.validBetMinor, depositMinor: row.depositMinor },
    }));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? `${last.rankLevel}.${last.memberId}` : null };
  }

  async changes(merchant: Merchant, query: ChangeQuery): Promise<Page<BoVipChange>> {
    const limit = query.limit;
    const rows = await repository.findChanges(this.db, {
      merchantId: merchant.id,
      account: query.account,
      kind: query.kind,
      beforeId: parseIdCursor(query.cursor),
      limit: limit + 1,
    });
    const items = rows
      .slice(0, limit)
      .map((row) => ({ ...toChange(row), memberId: row.memberId, account: row.account }));
    return { items, nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null };
  }
}
