import {
  GAME_TYPES,
  type BoRebatePayoutPage,
  type BoRebatePayoutsQuery,
  type BoRebateSettings,
  type BoSaveRebateSettingsRequest,
  type ClaimRebatesResult,
  type GameType,
  type MemberRebates,
  type RebatePayout,
  type RebatePeriod,
  type RebatePeriodKind,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addDays, localDay } from '../../lib/calendar';
import type { Actor, AuditService } from '../audit/index';
import { actorText } from '../audit/index';
import type { Merchant } from '../merchant/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { VipService } from '../vip/index';
import type { WalletService } from '../wallet/index';
import * as repository from './rebates.repository';

/** Cashback's checkpoint in the settlement feed. */
export const REBATES_CONSUMER = 'rebates';
/**
 * Minutes after a period's end before it may be paid: a round settled in its last seconds reaches the feed's
 * consumer a moment later (about a second; decision 0034), and must count in the period before it is paid.
 */
export const REBATE_GRACE_MINUTES = 10;
/** Periods a claim or an auto-pay transaction pays at most. */
export const REBATE_PAY_BATCH = 100;
/** Payouts the member's page lists. */
const PAID_SHOWN = 20;

/** A member of a brand: whose cashback. */
export interface RebateOwner {
  merchantId: number;
  memberId: number;
}

export { addDays, localDay };

/** The member's cashback paid in [from, to) (an agent's income page shows it beside its contracts' lines). */
export function rebatesPaidBetween(db: Executor, memberId: number, from: Date, to: Date): Promise<number> {
  return repository.sumPaidBetween(db, memberId, from, to);
}

/** The Monday of a day's ISO week. */
export function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The period (first and last day) holding `day`, as the accrual's SQL places a round (rebates.repository.ts). */
export function periodOf(kind: RebatePeriodKind, day: string): { start: string; end: string } {
  if (kind === 'daily') return { start: day, end: day };
  const start = mondayOf(day);
  return { start, end: addDays(start, 6) };
}

/** The period kind in force on a day: a saved change waits for its Monday. */
export function kindOn(settings: repository.RebateSettingsRow, day: string): RebatePeriodKind {
  return settings.pendingPeriod !== null && settings.pendingFrom !== null && day >= settings.pendingFrom
    ? settings.pendingPeriod
    : settings.period;
}

/** The instant a brand's day begins (its midnight), found by stepping from UTC midnight by the zone's offset. */
export function startOfDay(day: string, timeZone: string): Date {
  let guess = Date.parse(`${day}T00:00:00Z`);
  for (let step = 0; step < 3; step += 1) {
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(guess))
      .replace(', ', 'T');
    const shown = Date.parse(`${local}:00Z`);
    const wanted = Date.parse(`${day}T00:00:00Z`);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

function isGameType(value: string): value is GameType {
  return (GAME_TYPES as readonly string[]).includes(value);
}

function toPeriod(row: repository.PeriodRow): RebatePeriod {
  return {
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    endsAt: row.endsAt,
    validBetMinor: row.validBetMinor,
    rebateMinor: row.rebateMinor,
    categories: row.categories
      .filter((category) => isGameType(category.gameType))
      .map((category) => ({
        gameType: category.gameType as GameType,
        validBetMinor: category.validBetMinor,
        rebateMinor: category.rebateMinor,
      })),
  };
}

function toPayout(row: repository.PayoutRow): RebatePayout {
  return {
    id: row.id,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    validBetMinor: row.validBetMinor,
    amountMinor: row.amountMinor,
    way: row.way,
    paidAt: row.paidAt,
  };
}

/**
 * The accrual of the settlement feed (decision 0051): each batch's settled rounds add their valid bet and rebate to
 * the members' periods, set-based, in the batch's transaction, which moves the checkpoint too: a round counts once
 * across instances and restarts. The rates are those of each member's VIP level when the batch applies.
 */
export class RebatesFeedConsumer implements FeedConsumer {
  readonly name = REBATES_CONSUMER;

  constructor(private readonly vip: Pick<VipService, 'rebateRates'>) {}

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    const merchantIds = [...new Set(batch.events.filter((event) => event.kind === 'round').map((e) => e.merchantId))];
    if (merchantIds.length === 0) return;
    const rates: repository.RateRow[] = [];
    for (const level of await this.vip.rebateRates(merchantIds, tx)) {
      for (const [gameType, bp] of Object.entries(level.rebateBp)) {
        if (typeof bp === 'number' && bp > 0) {
          rates.push({ merchantId: level.merchantId, rankLevel: level.rankLevel, gameType, bp });
        }
      }
    }
    await repository.accrueBatch(tx, batch.after, batch.last, rates);
  }
}

/**
 * Cashback (manualRebate; decision 0051): the rebate of each member's valid bets at the rates of the member's VIP
 * level, summed per period of the brand (weekly from Monday, or daily, in its time zone); a finished period is paid
 * once, by its key rebate:<memberId>:<periodStart> (the payout row and the wallet movement, kind `rebate`), when the
 * member claims it or by the brand's auto-pay.
 */
export class RebateService {
  readonly feedConsumer: RebatesFeedConsumer;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly vip: Pick<VipService, 'rebateRates' | 'levelOf'>,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.feedConsumer = new RebatesFeedConsumer(vip);
  }

  /** Applies what settled since cashback's checkpoint (its feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** GET /wps/member/rebates: the period accruing now, the finished ones to claim, the last ones paid. */
  async memberSummary(owner: RebateOwner, merchant: Merchant): Promise<MemberRebates> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const now = this.clock();
    const settings = await repository.findSettings(this.db, merchant.id);
    const today = localDay(now, timeZone);
    const kind = kindOn(settings, today);
    const period = periodOf(kind, today);
    const [rank, levels, current, unpaid, paid] = await Promise.all([
      this.vip.levelOf(owner),
      this.vip.rebateRates([merchant.id]),
      repository.findPeriod(this.db, owner.memberId, period.start, timeZone),
      repository.findUnpaidFinished(this.db, owner.memberId, timeZone, now),
      repository.findMemberPayouts(this.db, owner.memberId, PAID_SHOWN),
    ]);
    const graceMs = REBATE_GRACE_MINUTES * 60_000;
    const claimable = unpaid.filter((row) => Date.parse(row.endsAt) + graceMs <= now.getTime()).map(toPeriod);
    const settling = unpaid
      .filter((row) => Date.parse(row.endsAt) + graceMs > now.getTime())
      .map((row) => ({
        ...toPeriod(row),
        claimableFrom: new Date(Date.parse(row.endsAt) + graceMs).toISOString(),
      }));
    return {
      currency,
      currencyExponent,
      timeZone,
      enabled: settings.enabled,
      period: kind,
      autoPay: settings.autoPay,
      rankLevel: rank.level,
      rankName: rank.name,
      rates: levels.find((level) => level.rankLevel === rank.level)?.rebateBp ?? {},
      current: current
        ? toPeriod(current)
        : {
            periodStart: period.start,
            periodEnd: period.end,
            endsAt: startOfDay(addDays(period.end, 1), timeZone).toISOString(),
            validBetMinor: 0,
            rebateMinor: 0,
            categories: [],
          },
      settling,
      claimable,
      claimableMinor: claimable.reduce((sum, row) => sum + row.rebateMinor, 0),
      paid: paid.map(toPayout),
    };
  }

  /**
   * The member's claim: every finished period past its grace and unpaid is recorded and credited, in one
   * transaction, each once by its key (a claim at the same moment finds the period recorded and pays nothing of
   * it). A repeat of the requestId answers the first claim's payouts; nothing to pay is REBATE_NOTHING_TO_CLAIM.
   */
  async claim(owner: RebateOwner, merchant: Merchant, requestId: string): Promise<ClaimRebatesResult> {
    const { currency, timeZone } = merchant.brand;
    const walletOwner = { ...owner, currency };
    const dueBefore = new Date(this.clock().getTime() - REBATE_GRACE_MINUTES * 60_000);
    const outcome = await this.db.transaction(async (tx) => {
      const earlier = await repository.findPayoutsOfRequest(tx, owner.memberId, requestId);
      if (earlier.length > 0) return { rows: earlier, fresh: false };
      const rows = await repository.recordDuePayouts(tx, {
        merchantId: owner.merchantId,
        memberId: owner.memberId,
        timeZone,
        dueBefore,
        way: 'claim',
        requestId,
        limit: REBATE_PAY_BATCH,
      });
      for (const row of rows) await this.credit(tx, row, currency);
      if (rows.length > 0) return { rows, fresh: true };
      // A copy of this request committed while this one waited on its keys: answer it.
      const replay = await repository.findPayoutsOfRequest(tx, owner.memberId, requestId);
      if (replay.length > 0) return { rows: replay, fresh: false };
      throw new AppError('REBATE_NOTHING_TO_CLAIM');
    });
    const balanceMinor = await this.wallet.findBalance(this.db, walletOwner);
    if (outcome.fresh) this.wallet.announce(walletOwner, await this.wallet.getBalance(walletOwner));
    return {
      paid: outcome.rows.map(toPayout),
      amountMinor: outcome.rows.reduce((sum, row) => sum + row.amountMinor, 0),
      balanceMinor,
    };
  }

  private async credit(tx: Executor, row: repository.PayoutRow, currency: string): Promise<void> {
    await this.wallet.credit(tx, {
      merchantId: row.merchantId,
      memberId: row.memberId,
      currency,
      amountMinor: row.amountMinor,
      kind: 'rebate',
      idempotencyKey: row.idempotencyKey,
      reason: `Cashback ${row.periodStart}..${row.periodEnd}`,
    });
  }

  /**
   * Auto-pay: for each brand that chose it, every finished period past its grace and unpaid is paid (way `auto`),
   * a hundred a transaction. Safe beside claims and other instances: each period is recorded once by its key.
   */
  async payDue(): Promise<{ paid: number; amountMinor: number }> {
    const result = { paid: 0, amountMinor: 0 };
    const dueBefore = new Date(this.clock().getTime() - REBATE_GRACE_MINUTES * 60_000);
    for (const brand of await repository.findAutoPayBrands(this.db)) {
      for (;;) {
        const rows = await this.db.transaction(async (tx) => {
          const recorded = await repository.recordDuePayouts(tx, {
            merchantId: brand.merchantId,
            timeZone: brand.timeZone,
            dueBefore,
            way: 'auto',
            requestId: null,
            limit: REBATE_PAY_BATCH,
          });
          for (const row of recorded) await this.credit(tx, row, brand.currency);
          return recorded;
        });
        for (const memberId of new Set(rows.map((row) => row.memberId))) {
          await this.wallet.announceTotal({ merchantId: brand.merchantId, memberId, currency: brand.currency });
        }
        result.paid += rows.length;
        result.amountMinor += rows.reduce((sum, row) => sum + row.amountMinor, 0);
        if (rows.length < REBATE_PAY_BATCH) break;
      }
    }
    return result;
  }

  async boSettings(merchant: Merchant): Promise<BoRebateSettings> {
    const settings = this.folded(await repository.findSettings(this.db, merchant.id), merchant);
    const levels = await this.vip.rebateRates([merchant.id]);
    return {
      enabled: settings.enabled,
      period: settings.period,
      autoPay: settings.autoPay,
      pendingPeriod: settings.pendingPeriod,
      pendingFrom: settings.pendingFrom,
      version: settings.version,
      updatedAt: settings.updatedAt,
      updatedBy: settings.updatedBy,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
      levels: levels.map((level) => ({ rankLevel: level.rankLevel, name: level.name, rebateBp: level.rebateBp })),
    };
  }

  /** The settings with a change whose Monday has come folded into the period in force. */
  private folded(settings: repository.RebateSettingsRow, merchant: Merchant): repository.RebateSettingsRow {
    const today = localDay(this.clock(), merchant.brand.timeZone);
    if (settings.pendingPeriod === null || settings.pendingFrom === null || settings.pendingFrom > today) {
      return settings;
    }
    return { ...settings, period: settings.pendingPeriod, pendingPeriod: null, pendingFrom: null };
  }

  /**
   * Saves the brand's settings if nobody saved since `version` was read (else BO_CHANGED_SINCE_OPENED), audited in
   * the same transaction. A new period takes effect on the brand's next Monday, where the week and the day in force
   * both end: the current period stays whole.
   */
  async saveSettings(
    actor: Actor,
    merchant: Merchant,
    request: BoSaveRebateSettingsRequest,
  ): Promise<BoRebateSettings> {
    await this.db.transaction(async (tx) => {
      const stored = await repository.findSettings(tx, merchant.id);
      const before = this.folded(stored, merchant);
      const today = localDay(this.clock(), merchant.brand.timeZone);
      const change = request.period !== before.period;
      const values: repository.SettingsValues = {
        enabled: request.enabled,
        autoPay: request.autoPay,
        period: before.period,
        pendingPeriod: change ? request.period : null,
        pendingFrom: change ? addDays(mondayOf(today), 7) : null,
      };
      const saved = await repository.saveSettings(tx, merchant.id, values, request.version, actorText(actor));
      if (saved === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'rebates.settings',
        targetType: 'brand',
        targetId: merchant.code,
        before: {
          enabled: before.enabled,
          period: before.period,
          autoPay: before.autoPay,
          pendingPeriod: before.pendingPeriod,
          pendingFrom: before.pendingFrom,
        },
        after: { ...values, version: saved },
      });
    });
    return this.boSettings(merchant);
  }

  /** The brand's rebates paid, newest first (keyset by id), optionally of one member's login. */
  async boPayouts(merchant: Merchant, query: BoRebatePayoutsQuery): Promise<BoRebatePayoutPage> {
    let beforeId: number | undefined;
    if (query.cursor !== undefined) {
      beforeId = /^\d{1,15}$/.test(query.cursor) ? Number(query.cursor) : Number.NaN;
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
    }
    const rows = await repository.findBrandPayouts(this.db, {
      merchantId: merchant.id,
      account: query.account,
      beforeId,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      items: page.map((row) => ({ ...toPayout(row), memberId: row.memberId, account: row.account })),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }
}
