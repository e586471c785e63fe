import {
  MEMBER_PERIOD_MAX_DAYS,
  type BoPointAdjustmentRequest,
  type BoPointConfig,
  type BoPointLedger,
  type BoPointLedgerQuery,
  type BoSavePointConfigRequest,
  type MemberPointConfig,
  type MemberPointEntries,
  type MemberTransactionsWithPointsQuery,
  type PointBalance,
  type PointConfig,
  type PointEntry,
  type PointEntryType,
  type PointPeriod,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { actorText } from '../audit/index';
import type { Merchant } from '../merchant/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import * as repository from './points.repository';

/** The points' checkpoint in the settlement feed. */
export const POINTS_CONSUMER = 'points';

/** A member of a brand: whose points. */
export interface PointOwner {
  merchantId: number;
  memberId: number;
}

export interface PointMoveInput extends PointOwner {
  /** Above 0: what the entry adds (credit) or takes (debit). */
  pointsMinor: number;
  type: PointEntryType;
  /** One entry per key, ever: a repeat answers the first entry and writes nothing. */
  idempotencyKey: string;
  reason?: string | undefined;
  ref?: string | undefined;
  /** Who wrote it, for an operator's adjustment ('operator:<id>'). */
  createdBy?: string | undefined;
}

export interface PointMoveResult {
  entryId: string;
  balanceAfterMinor: number;
  /** The key had been used: this is the first entry, nothing was written now. */
  replayed: boolean;
}

/**
 * The accrual of the settlement feed (decision 0044): each batch's rounds and credited deposits earn points at
 * their brand's rates, written set-based in the batch's transaction, which moves the checkpoint too: a round
 * counts once across instances and restarts.
 */
export class PointsFeedConsumer implements FeedConsumer {
  readonly name = POINTS_CONSUMER;

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    await repository.accrueBatch(tx, batch.after, batch.last);
  }
}

/** Today's date (YYYY-MM-DD) in a time zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The period holding `today`: the day, its ISO week (Monday first), its half-month (1-15, 16-end), its month. */
export function periodOf(period: PointPeriod, today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const monthStart = today.slice(0, 8) + '01';
  const monthEnd = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  switch (period) {
    case 'daily':
      return { from: today, to: today };
    case 'weekly': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case 'twiceMonthly':
      return day <= 15
        ? { from: monthStart, to: today.slice(0, 8) + '15' }
        : { from: today.slice(0, 8) + '16', to: monthEnd };
    case 'monthly':
      return { from: monthStart, to: monthEnd };
  }
}

function isDay(value: string): boolean {
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

/** Both ends or neither; real days, in order, at most MEMBER_PERIOD_MAX_DAYS days (as the money record). */
function checkPeriod(from: string | undefined, to: string | undefined): { from: string; to: string } | null {
  if (from === undefined && to === undefined) return null;
  if (from === undefined || to === undefined || !isDay(from) || !isDay(to)) throw new AppError('WALLET_PERIOD_INVALID');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1 || days > MEMBER_PERIOD_MAX_DAYS) throw new AppError('WALLET_PERIOD_INVALID');
  return { from, to };
}

/** The cursor is the page's last entry id in base 36; only what this service answers is taken. */
function parseCursor(
  cursor: string | undefined,
  code: 'GAME_CURSOR_INVALID' | 'VALIDATION_FAILED',
): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw code === 'GAME_CURSOR_INVALID'
      ? new AppError(code)
      : new AppError(code, { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

function toPointEntry(row: repository.PointEntryRow): PointEntry {
  return {
    transactionNo: `P${row.id}`,
    type: row.type,
    pointsMinor: row.pointsMinor,
    balanceAfterPointsMinor: row.balanceAfterPointsMinor,
    at: row.createdAt,
    ref: row.ref,
    note: row.reason,
  };
}

function publicConfig(row: repository.PointConfigRow): PointConfig {
  return {
    enabled: row.enabled,
    rates: row.rates,
    depositRateBp: row.depositRateBp,
    period: row.period,
    conversionMinorPerPoint: row.conversionMinorPerPoint,
    conversionMinPointsMinor: row.conversionMinPointsMinor,
  };
}

/**
 * Points (decision 0044): a ledger of its own, apart from money. Every change of a member's points is an entry
 * written under the member's account lock with the balance after it, keyed once; the balance never goes below
 * 0. The mall (redeem, refunds, conversion) and the VIP module write through credit and debit, in their own
 * transactions.
 */
export class PointsService {
  readonly feedConsumer = new PointsFeedConsumer();

  constructor(
    private readonly db: Database,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  /** Applies what settled since the points' checkpoint (the settlement-feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** Adds points inside the caller's transaction; a key already used answers its first entry. */
  async credit(tx: Executor, input: PointMoveInput): Promise<PointMoveResult> {
    return (await this.move(tx, input, 1)) as PointMoveResult;
  }

  /** Takes points under the account's row lock; undefined when the balance is short (nothing written). */
  debit(tx: Executor, input: PointMoveInput): Promise<PointMoveResult | undefined> {
    return this.move(tx, input, -1);
  }

  private async move(tx: Executor, input: PointMoveInput, sign: 1 | -1): Promise<PointMoveResult | undefined> {
    if (!Number.isSafeInteger(input.pointsMinor) || input.pointsMinor <= 0) {
      throw new Error(`points must be a positive integer, got ${input.pointsMinor}`);
    }
    // The lock first: a concurrent writer of the same key waits here, then finds the entry below.
    const balance = await repository.lockAccount(tx, input.merchantId, input.memberId);
    const existing = await repository.findEntryByKey(tx, input.idempotencyKey);
    if (existing) {
      if (
        existing.memberId !== input.memberId ||
        existing.type !== input.type ||
        existing.pointsMinor !== sign * input.pointsMinor
      ) {
        throw new AppError('POINTS_KEY_REUSED');
      }
      return { entryId: String(existing.id), balanceAfterMinor: existing.balanceAfterPointsMinor, replayed: true };
    }
    if (sign < 0 && balance < input.pointsMinor) return undefined;
    const entry = await repository.writeEntry(tx, {
      ...input,
      pointsMinor: sign * input.pointsMinor,
    });
    return { entryId: String(entry.id), balanceAfterMinor: entry.balanceAfterPointsMinor, replayed: false };
  }

  balanceOf(owner: PointOwner, tx?: Executor): Promise<number> {
    return repository.findBalance(tx ?? this.db, owner.memberId);
  }

  /** The brand's point configuration (its saved one, or the specification's rates). */
  async configOf(merchantId: number, tx?: Executor): Promise<PointConfig> {
    return publicConfig(await repository.findConfig(tx ?? this.db, merchantId));
  }

  /** MCS2_getPointConfig. */
  async memberConfig(merchant: Merchant): Promise<MemberPointConfig> {
    return {
      ...(await this.configOf(merchant.id)),
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** MCS2_getPointBalance: the balance and what the brand's current period earned. */
  async memberBalance(owner: PointOwner, merchant: Merchant): Promise<PointBalance> {
    const config = await repository.findConfig(this.db, merchant.id);
    const period = periodOf(config.period, localDate(this.clock.now(), merchant.brand.timeZone));
    const [balance, earned] = await Promise.all([
      repository.findBalance(this.db, owner.memberId),
      repository.sumEarned(this.db, owner.memberId, { ...period, timeZone: merchant.brand.timeZone }),
    ]);
    return {
      balancePointsMinor: balance,
      period: config.period,
      periodFrom: period.from,
      periodTo: period.to,
      periodEarnedPointsMinor: earned,
    };
  }

  /** ODSFE2_MemTransDet with ledger=points: the member's entries, newest first, keyset paged. */
  async memberEntries(
    owner: PointOwner,
    merchant: Merchant,
    query: MemberTransactionsWithPointsQuery,
  ): Promise<MemberPointEntries> {
    const period = checkPeriod(query.from, query.to);
    const rows = await repository.findEntries(this.db, {
      memberId: owner.memberId,
      type: query.pointType,
      period: period ? { ...period, timeZone: merchant.brand.timeZone } : undefined,
      beforeId: parseCursor(query.cursor, 'GAME_CURSOR_INVALID'),
      limit: query.pageSize + 1,
    });
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    return {
      ledger: 'points',
      list: page.map(toPointEntry),
      nextCursor: rows.length > query.pageSize && last ? last.id.toString(36) : null,
    };
  }

  async boConfig(merchant: Merchant): Promise<BoPointConfig> {
    const row = await repository.findConfig(this.db, merchant.id);
    return {
      ...publicConfig(row),
      version: row.version,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** Saves the brand's configuration if nobody saved since `version` was read (else BO_CHANGED_SINCE_OPENED). */
  async saveConfig(actor: Actor, merchant: Merchant, request: BoSavePointConfigRequest): Promise<BoPointConfig> {
    const { version, ...config } = request;
    await this.db.transaction(async (tx) => {
      const before = publicConfig(await repository.findConfig(tx, merchant.id));
      const saved = await repository.saveConfig(tx, merchant.id, config, version, actorText(actor));
      if (saved === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'points.config',
        targetType: 'brand',
        targetId: merchant.code,
        before,
        after: { ...config, version: saved },
      });
    });
    return this.boConfig(merchant);
  }

  /** A member's balance and a page of entries, newest first. */
  async ledger(merchant: Merchant, memberId: number, query: BoPointLedgerQuery): Promise<BoPointLedger> {
    const account = await repository.findMemberAccount(this.db, merchant.id, memberId);
    if (account === undefined) throw new AppError('POINTS_MEMBER_NOT_FOUND');
    const rows = await repository.findEntries(this.db, {
      memberId,
      type: query.type,
      beforeId: parseCursor(query.cursor, 'VALIDATION_FAILED'),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      memberId,
      account,
      balancePointsMinor: await repository.findBalance(this.db, memberId),
      items: page.map(toPointEntry),
      nextCursor: rows.length > query.limit && last ? last.id.toString(36) : null,
    };
  }

  /**
   * An operator's manual adjustment: one entry per form key (a repeated submit answers the first and audits
   * nothing more), audited in the entry's transaction; a take below 0 is POINTS_INSUFFICIENT and writes nothing.
   */
  async adjust(
    actor: Actor,
    merchant: Merchant,
    memberId: number,
    request: BoPointAdjustmentRequest,
  ): Promise<{ entry: PointEntry; balancePointsMinor: number }> {
    return this.db.transaction(async (tx) => {
      const account = await repository.findMemberAccount(tx, merchant.id, memberId);
      if (account === undefined) throw new AppError('POINTS_MEMBER_NOT_FOUND');
      const input: PointMoveInput = {
        merchantId: merchant.id,
        memberId,
        pointsMinor: Math.abs(request.pointsMinor),
        type: 'adjustment',
        // The form's key, scoped to the brand: it can meet no key the platform writes.
        idempotencyKey: `bo:${merchant.id}:${request.idempotencyKey}`,
        reason: request.reason,
        createdBy: actorText(actor),
      };
      const result = request.pointsMinor > 0 ? await this.credit(tx, input) : await this.debit(tx, input);
      if (!result) {
        throw new AppError('POINTS_INSUFFICIENT', { balancePointsMinor: await repository.findBalance(tx, memberId) });
      }
      if (!result.replayed) {
        await this.audit.record(tx, {
          actor,
          merchantId: merchant.id,
          action: 'points.adjust',
          targetType: 'member',
          targetId: memberId,
          before: { balancePointsMinor: result.balanceAfterMinor - request.pointsMinor },
          after: {
            balancePointsMinor: result.balanceAfterMinor,
            pointsMinor: request.pointsMinor,
            reason: request.reason,
            entryId: result.entryId,
          },
        });
      }
      const entry = await repository.findEntryByKey(tx, input.idempotencyKey);
      if (!entry) throw new Error('the adjustment entry is missing');
      return { entry: toPointEntry(entry), balancePointsMinor: await repository.findBalance(tx, memberId) };
    });
  }
}
