import {
  type BoBonusSettings,
  type BoSaveBonusSettingsRequest,
  BONUS_PROMOTION_KINDS,
  type BoCreatePromotionRequest,
  type BoMemberBonus,
  type BoMemberBonusListQuery,
  type BoMemberBonusPage,
  type BonusRules,
  type BoPromotion,
  type BoPromotionListQuery,
  type BoPromotionPage,
  type BoUpdatePromotionRequest,
  type PromotionKind,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './bonuses.repository';
import { parseIdCursor, type BonusBrand, type BonusService } from './bonuses.service';

function toBoPromotion(row: repository.PromotionRow): BoPromotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    category: row.category,
    titleKo: row.titleKo,
    titleEn: row.titleEn,
    summaryKo: row.summaryKo,
    summaryEn: row.summaryEn,
    rules: row.rules,
    audience: row.audience,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    active: row.active,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toBoMemberBonus(row: repository.BonusRow): BoMemberBonus {
  return {
    id: row.id,
    memberId: row.memberId,
    account: row.memberAccount,
    promotionId: row.promotionId,
    promotionCode: row.promotionCode,
    source: row.source,
    depositOrderNo: row.depositOrderNo,
    amountMinor: row.amountMinor,
    wageringRequiredMinor: row.wageringRequiredMinor,
    wageringDoneMinor: row.wageringDoneMinor,
    progressPercent:
      row.wageringRequiredMinor <= 0 || row.status === 'completed'
        ? 100
        : Math.min(100, Math.floor((row.wageringDoneMinor * 100) / row.wageringRequiredMinor)),
    status: row.status,
    balanceMode: row.balanceMode,
    takenBackMinor: row.takenBackMinor,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    finishedAt: row.finishedAt,
  };
}

/**
 * A deposit bonus pays a share of the deposit, a sign-up bonus and an application (decision 0052) a fixed amount;
 * dates run forwards.
 */
function checkRules(kind: PromotionKind, rules: BonusRules, startsAt: string | null, endsAt: string | null): void {
  const fits =
    kind === 'deposit_bonus'
      ? rules.percentBp !== null && rules.fixedMinor === null
      : kind === 'signup_bonus' || kind === 'application'
        ? rules.fixedMinor !== null && rules.fixedMinor > 0 && rules.percentBp === null
        : false;
  if (!fits) throw new AppError('BONUS_RULES_INVALID', { kind });
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'endsAt', message: 'after startsAt' }] });
  }
}

/**
 * The back office's bonuses (decision 0050): a brand's promotions, added, edited and switched off with the version
 * opened, each change audited in its transaction; its members' bonuses, and the cancel of an active one.
 */
export class BonusAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly bonuses: BonusService,
  ) {}

  async promotions(merchant: BonusBrand, query: BoPromotionListQuery): Promise<BoPromotionPage> {
    const rows = await repository.findPromotions(this.db, merchant.id, {
      // The bonus kinds only: raffles have their page, and cashback's and the missions' rows are the hub's.
      kinds: query.kind ? [query.kind] : BONUS_PROMOTION_KINDS,
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    return {
      items: items.map(toBoPromotion),
      nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  async create(actor: Actor, merchant: BonusBrand, request: BoCreatePromotionRequest): Promise<BoPromotion> {
    checkRules(request.kind, request.rules, request.startsAt, request.endsAt);
    const id = await this.db.transaction(async (tx) => {
      const id = await repository.insertPromotion(tx, { merchantId: merchant.id, ...request });
      if (id === undefined) throw new AppError('BONUS_PROMOTION_CODE_TAKEN');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'bonuses.promotion.create',
        targetType: 'promotion',
        targetId: request.code,
        after: request,
      });
      return id;
    });
    return toBoPromotion((await repository.findPromotion(this.db, merchant.id, id))!);
  }

  async update(
    actor: Actor,
    merchant: BonusBrand,
    promotionId: number,
    request: BoUpdatePromotionRequest,
  ): Promise<BoPromotion> {
    const before = await repository.findPromotion(this.db, merchant.id, promotionId);
    if (!before) throw new AppError('BONUS_PROMOTION_NOT_FOUND');
    checkRules(before.kind, request.rules, request.startsAt, request.endsAt);
    const { version, ...fields } = request;
    await this.save(actor, merchant, before, version, fields, 'bonuses.promotion.update');
    return toBoPromotion((await repository.findPromotion(this.db, merchant.id, promotionId))!);
  }

  async deactivate(actor: Actor, merchant: BonusBrand, promotionId: number, version: number): Promise<BoPromotion> {
    const before = await repository.findPromotion(this.db, merchant.id, promotionId);
    if (!before) throw new AppError('BONUS_PROMOTION_NOT_FOUND');
    const {
      id: _id,
      merchantId: _m,
      code: _c,
      kind: _k,
      version: _v,
      createdAt: _a,
      updatedAt: _u,
      ...fields
    } = before;
    await this.save(actor, merchant, before, version, { ...fields, active: false }, 'bonuses.promotion.deactivate');
    return toBoPromotion((await repository.findPromotion(this.db, merchant.id, promotionId))!);
  }

  async memberBonuses(merchant: BonusBrand, query: BoMemberBonusListQuery): Promise<BoMemberBonusPage> {
    let memberId: number | undefined;
    if (query.account !== undefined) {
      memberId = await repository.findMemberIdByAccount(this.db, merchant.id, query.account);
      if (memberId === undefined) {
        return {
          items: [],
          nextCursor: null,
          currency: merchant.brand.currency,
          currencyExponent: merchant.brand.currencyExponent,
        };
      }
    }
    const rows = await repository.findBrandBonuses(this.db, merchant.id, {
      ...(memberId === undefined ? {} : { memberId }),
      ...(query.status ? { status: query.status } : {}),
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    return {
      items: items.map(toBoMemberBonus),
      nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  async cancel(actor: Actor, merchant: BonusBrand, bonusId: number, reason: string): Promise<BoMemberBonus> {
    return toBoMemberBonus(await this.bonuses.cancel(merchant.id, bonusId, reason, actor));
  }

  /** Where the brand pays bonus money (decision 0063). */
  settings(merchant: BonusBrand): Promise<BoBonusSettings> {
    return this.bonuses.getSettings(merchant.id);
  }

  /** Saves where the brand pays bonus money, with the version it was opened at (audited). */
  saveSettings(actor: Actor, merchant: BonusBrand, request: BoSaveBonusSettingsRequest): Promise<BoBonusSettings> {
    return this.bonuses.saveSettings(merchant.id, request, actor);
  }

  private async save(
    actor: Actor,
    merchant: BonusBrand,
    before: repository.PromotionRow,
    version: number,
    fields: Omit<repository.PromotionInput, 'merchantId' | 'code' | 'kind'>,
    action: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repository.updatePromotion(tx, before.id, version, fields, merchant.id))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action,
        targetType: 'promotion',
        targetId: before.code,
        before: { ...toBoPromotion(before) },
        after: fields,
      });
    });
  }
}
