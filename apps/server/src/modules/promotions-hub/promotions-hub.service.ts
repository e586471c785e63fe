import {
  BONUS_PROMOTION_KINDS,
  BonusRulesSchema,
  type ActivityState,
  type HubPromotion,
  type PromotionAction,
  type PromotionDetail,
  type PromotionHub,
  type PromotionKind,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import { AppError } from '../../lib/app-error';
import * as repository from './promotions-hub.repository';

/**
 * A kind's module answers the member's state of its promotions (decision 0058): given the brand, the member (null
 * for a visitor, who gets the dates' state) and the ids of the brand's rows of that kind, a state per id. An id it
 * leaves out gets the dates' state. Each provider lives in its kind's module (bonuses, applications, raffles), so
 * the hub knows no other module's tables.
 */
export type PromotionStateProvider = (
  db: Executor,
  merchant: Merchant,
  memberId: number | null,
  promotionIds: readonly number[],
) => Promise<Map<number, ActivityState>>;

/** The providers by kind; a kind without one (cashback, mission today) shows by its dates. */
export type PromotionStateProviders = Partial<Record<PromotionKind, PromotionStateProvider>>;

/** The brand a hub call is about. */
export type HubBrand = Merchant;

const BONUS_KINDS = new Set<PromotionKind>(BONUS_PROMOTION_KINDS);

/** The state by the dates alone: not started, ended, else open to join. */
export function dateStateOf(row: { startsAt: string | null; endsAt: string | null }, now: Date): ActivityState {
  if (row.startsAt !== null && Date.parse(row.startsAt) > now.getTime()) return 'coming_soon';
  if (row.endsAt !== null && Date.parse(row.endsAt) <= now.getTime()) return 'close';
  return 'join';
}

/**
 * The one action a state allows. A visitor signs in to join (or registers, for a sign-up bonus, which registration
 * pays); a member deposits to join a deposit bonus, applies to an application (again after a rejection), goes to the
 * raffle's section, or opens the member-centre page of cashback, missions or a bonus paid.
 */
export function actionOf(kind: PromotionKind, state: ActivityState, isMember: boolean): PromotionAction {
  if (state === 'coming_soon' || state === 'close') return 'none';
  if (!isMember) return state === 'join' ? (kind === 'signup_bonus' ? 'register' : 'login') : 'none';
  switch (kind) {
    case 'deposit_bonus':
      return state === 'join' ? 'deposit' : state === 'claimed' ? 'bonusDetails' : 'none';
    case 'signup_bonus':
      return state === 'claimed' ? 'bonusDetails' : 'none';
    case 'application':
      return state === 'join' || state === 'rejected' ? 'apply' : state === 'issued' ? 'bonusDetails' : 'none';
    case 'raffle':
      return 'raffle';
    case 'cashback':
      return 'manualRebate';
    case 'mission':
      return 'missionLeaderboard';
  }
}

/** Open ones first (any state but coming_soon and close), then coming soon, then closed. */
function rankOf(state: ActivityState): number {
  return state === 'coming_soon' ? 1 : state === 'close' ? 2 : 0;
}

/**
 * The promotions hub (docs/decisions/0058-promotions-hub-and-reward-centre.md): every switched-on promotion row of the
 * brand, whatever its kind, with its texts in the language asked, its dates, the member's state (asked of the kind's
 * provider) and the one action that state allows. It pays nothing and writes nothing: each action is the kind's own
 * call (a deposit, an application, a raffle's join, a claim).
 */
export class PromotionHubService {
  constructor(
    private readonly db: Database,
    private readonly providers: PromotionStateProviders,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async hub(merchant: HubBrand, memberId: number | null, language: TranslatedLanguage): Promise<PromotionHub> {
    const now = this.clock();
    const rows = await repository.findHubPromotions(this.db, merchant.id, now);
    const states = await this.statesOf(merchant, memberId, rows, now);
    const items = rows
      .map((row) => this.toHubPromotion(row, states.get(row.id)!, memberId !== null, language))
      .sort((a, b) => rankOf(a.state) - rankOf(b.state));
    const categories = [...new Set(items.map((item) => item.category))];
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      categories,
      items,
    };
  }

  async detail(
    merchant: HubBrand,
    memberId: number | null,
    code: string,
    language: TranslatedLanguage,
  ): Promise<PromotionDetail> {
    const row = await repository.findHubPromotion(this.db, merchant.id, code);
    if (!row) throw new AppError('PROMOTION_NOT_FOUND');
    const states = await this.statesOf(merchant, memberId, [row], this.clock());
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      promotion: this.toHubPromotion(row, states.get(row.id)!, memberId !== null, language),
    };
  }

  /** Each kind's provider asked once for its rows; the dates' state for what it does not answer. */
  private async statesOf(
    merchant: Merchant,
    memberId: number | null,
    rows: readonly repository.HubPromotionRow[],
    now: Date,
  ): Promise<Map<number, ActivityState>> {
    const byKind = new Map<PromotionKind, number[]>();
    for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.id]);
    const asked: Promise<Map<number, ActivityState>>[] = [];
    for (const [kind, ids] of byKind) {
      const provider = this.providers[kind];
      if (provider) asked.push(provider(this.db, merchant, memberId, ids));
    }
    const states = new Map<number, ActivityState>();
    for (const answer of await Promise.all(asked)) for (const [id, state] of answer) states.set(id, state);
    for (const row of rows) if (!states.has(row.id)) states.set(row.id, dateStateOf(row, now));
    return states;
  }

  private toHubPromotion(
    row: repository.HubPromotionRow,
    state: ActivityState,
    isMember: boolean,
    language: TranslatedLanguage,
  ): HubPromotion {
    const rules = BONUS_KINDS.has(row.kind) ? BonusRulesSchema.safeParse(row.rules) : undefined;
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      category: row.category,
      title: language === 'KO' ? row.titleKo : row.titleEn,
      summary: language === 'KO' ? row.summaryKo : row.summaryEn,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      audience: row.audience,
      state,
      action: actionOf(row.kind, state, isMember),
      rules: rules?.success
        ? {
            percentBp: rules.data.percentBp,
            maxBonusMinor: rules.data.maxBonusMinor,
            fixedMinor: rules.data.fixedMinor,
            minDepositMinor: rules.data.minDepositMinor,
            wageringMultiplier: rules.data.wageringMultiplier,
            expiryDays: rules.data.expiryDays,
          }
        : null,
    };
  }
}
