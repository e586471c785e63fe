import { randomBytes, randomInt } from 'node:crypto';
import type {
  BoDeposit,
  CreateDepositRequest,
  DepositMethodKind,
  DepositOrder,
  DepositPage,
  DepositState,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { MessagesService } from '../messages/index';
import type { SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import type { CashierService, DepositEvent } from './cashier.service';
import * as repository from './cashier.repository';
import type { PaymentProvider } from './providers/index';
import { formatAmount } from '../../lib/amount-format';

/**
 * The seam for the player's deposit limits (the protection module implements it): called before an order is made,
 * it throws the AppError of the limit a deposit of this amount would pass, counting what the member's open orders
 * (`openMinor`) would bring in too. Absent: no limits.
 */
export interface DepositGuard {
  checkDeposit(request: {
    merchantId: number;
    memberId: number;
    currency: string;
    amountMinor: number;
    openMinor: number;
  }): Promise<void>;
}

/**
 * The deposit bonus a member chooses with a deposit (BonusService, decision 0050): checked when the order is made,
 * paid in the credit's transaction if the member is still eligible then.
 */
export interface DepositBonus {
  chooseForDeposit(input: {
    merchantId: number;
    memberId: number;
    code: string;
    creditMinor: number;
    currencyExponent: number;
  }): Promise<number>;
  grantForDeposit(
    tx: Executor,
    input: {
      merchantId: number;
      memberId: number;
      currency: string;
      depositId: number;
      promotionId: number;
      creditMinor: number;
    },
  ): Promise<unknown>;
}

export interface DepositDependencies {
  wallet: WalletService;
  messages: MessagesService;
  settlementFeed: SettlementFeedService;
  audit: AuditService;
}

export interface DepositOptions {
  /** The clock of every time rule (expiry, reconciliation); tests move it. */
  now?: () => Date;
  /** Origin the providers call back on (CASHIER_CALLBACK_URL), before the contract's callback path. */
  callbackBaseUrl?: string;
  depositGuard?: DepositGuard;
}

/** What the member may have open (unpaid) at once: more is an abuse of the providers, not a deposit. */
export const MAX_OPEN_DEPOSITS = 5;
/** How long a manual bank transfer's order waits for finance to find the transfer. */
export const MANUAL_DEPOSIT_HOURS = 24;
/** A provider order's expiry until the provider says its own. */
const PROVIDER_DEPOSIT_MINUTES = 30;
/** The reconciliation asks the provider about an order left pending this long, then at most once a minute. */
export const RECONCILE_AFTER_MS = 60_000;
const RECONCILE_BATCH = 100;
const BANK_REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The member a deposit is for: a signed-in real member of the brand. */
export interface DepositMember {
  id: number;
  merchantId: number;
}
export interface DepositBrand {
  id: number;
  siteUrl: string | null;
  brand: { currency: string; currencyExponent: number };
}

/** What an order ends in, from a provider's callback, the reconciliation's question or finance's review. */
type Outcome =
  | { state: 'credited'; amountMinor: number | null; currency: string | null; providerRef: string | null }
  | { state: 'failed' | 'expired'; reason: string | null };

interface Committed {
  changed: boolean;
  order: repository.DepositRow;
  balanceMinor?: number;
}

/**
 * Deposit orders (decision 0039): created → pending → credited | failed | expired. An order is credited at most once:
 * its row is locked while it is judged, and its ledger movement is keyed 'deposit:<order id>'. A provider's 'paid'
 * credits an order that is not credited yet, even one that failed or expired meanwhile (the money did arrive); a
 * 'failed' or 'expired' closes only an open order, so a late or reordered one changes nothing. The credit, the order's
 * state, the settlement feed's money event and the mailbox message are one transaction; the balance and the unread
 * count are pushed after it commits.
 */
export class DepositService {
  private readonly now: () => Date;
  private guard: DepositGuard | undefined;
  private bonus: DepositBonus | undefined;

  constructor(
    private readonly db: Database,
    private readonly cashier: CashierService,
    private readonly dependencies: DepositDependencies,
    private readonly options: DepositOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.guard = options.depositGuard;
  }

  /** The protection module's deposit limits, when the composition root has them (services.ts). */
  setDepositGuard(guard: DepositGuard): void {
    this.guard = guard;
  }

  /** The deposit bonuses members choose (services.ts). */
  setDepositBonus(bonus: DepositBonus): void {
    this.bonus = bonus;
  }

  /** A new order: the provider's page or QR code, or the brand's account and a unique reference to transfer to. */
  async create(
    merchant: DepositBrand,
    member: DepositMember,
    request: CreateDepositRequest,
    language: 'ko' | 'en',
  ): Promise<DepositOrder> {
    const method = await repository.findMethod(this.db, merchant.id, request.methodId);
    if (!method || !method.active) throw new AppError('CASHIER_METHOD_NOT_FOUND');
    const { amountMinor } = request;
    if (amountMinor < method.minAmountMinor || amountMinor > method.maxAmountMinor) {
      const exponent = merchant.brand.currencyExponent;
      throw new AppError(
        'CASHIER_AMOUNT_OUT_OF_RANGE',
        { minAmountMinor: method.minAmountMinor, maxAmountMinor: method.maxAmountMinor },
        {
          params: {
            min: formatAmount(method.minAmountMinor, exponent),
            max: formatAmount(method.maxAmountMinor, exponent),
          },
        },
      );
    }
    const feeMinor = feeOf(method, amountMinor);
    if (feeMinor >= amountMinor) throw new AppError('CASHIER_AMOUNT_BELOW_FEE');
    if ((await repository.countOpenDeposits(this.db, member.id)) >= MAX_OPEN_DEPOSITS) {
      throw new AppError('CASHIER_TOO_MANY_OPEN_ORDERS');
    }
    let promotionId: number | null = null;
    if (request.promotionCode !== undefined) {
      if (!this.bonus) throw new AppError('BONUS_PROMOTION_NOT_FOUND');
      promotionId = await this.bonus.chooseForDeposit({
        merchantId: merchant.id,
        memberId: member.id,
        code: request.promotionCode,
        creditMinor: amountMinor - feeMinor,
        currencyExponent: merchant.brand.currencyExponent,
      });
    }
    const now = this.now();
    if (this.guard) {
      await this.guard.checkDeposit({
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.brand.currency,
        amountMinor,
        openMinor: await repository.sumOpenDeposits(this.db, member.id, now),
      });
    }

    const base = {
      merchantId: merchant.id,
      memberId: member.id,
      methodId: method.id,
      methodKind: method.kind,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      amountMinor,
      feeMinor,
      now,
      promotionId,
    };
    if (method.kind === 'manual_bank') {
      const id = await this.insertWithFreshNumbers(async (orderNo, bankReference) =>
        repository.insertDeposit(this.db, {
          ...base,
          orderNo,
          providerCode: null,
          state: 'pending',
          bankReference,
          instructions: {
            kind: 'bank',
            bankName: method.bankName ?? '',
            accountNumber: method.bankAccountNumber ?? '',
            holderName: method.bankHolderName ?? '',
            reference: bankReference,
          },
          expiresAt: new Date(now.getTime() + MANUAL_DEPOSIT_HOURS * 3_600_000),
        }),
      );
      return this.getById(merchant.id, id);
    }

    const providerCode = method.providerCode ?? '';
    const provider = await this.cashier.findProvider(providerCode);
    if (!provider) throw new AppError('CASHIER_PROVIDER_UNAVAILABLE');
    const id = await this.insertWithFreshNumbers(async (orderNo) =>
      repository.insertDeposit(this.db, {
        ...base,
        orderNo,
        providerCode,
        state: 'created',
        bankReference: null,
        instructions: null,
        expiresAt: new Date(now.getTime() + PROVIDER_DEPOSIT_MINUTES * 60_000),
      }),
    );
    const order = await this.getRow(merchant.id, id);
    let answer: Awaited<ReturnType<PaymentProvider['createDeposit']>>;
    try {
      answer = await provider.createDeposit({
        orderNo: order.orderNo,
        amountMinor,
        currency: merchant.brand.currency,
        language,
        returnUrl: `${merchant.siteUrl ?? this.callbackBase()}/?mc=depositv2`,
        callbackUrl: `${this.callbackBase()}/wps/cashier/callback/${encodeURIComponent(providerCode)}`,
      });
    } catch (error) {
      // Nothing was paid: the order fails here, and the member is told at once (no mailbox message).
      await this.db.transaction((tx) =>
        repository.setClosed(tx, id, {
          state: 'failed',
          reason: 'provider unavailable',
          reviewedBy: null,
          now: this.now(),
        }),
      );
      throw new AppError('CASHIER_PROVIDER_UNAVAILABLE', undefined, { cause: error });
    }
    await repository.markPending(this.db, id, { ...answer, now: this.now() });
    return this.getById(merchant.id, id);
  }

  /** The member's orders, newest first (keyset by order id, base 36). */
  async list(member: DepositMember, page: { limit: number; cursor?: string | undefined }): Promise<DepositPage> {
    let beforeId: number | null = null;
    if (page.cursor !== undefined) {
      beforeId = /^[0-9a-z]{1,11}$/.test(page.cursor) ? Number.parseInt(page.cursor, 36) : Number.NaN;
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
    }
    const rows = await repository.findMemberDeposits(this.db, member.merchantId, member.id, {
      beforeId,
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: items.map(toOrder),
      nextCursor: rows.length > page.limit && last ? last.id.toString(36) : null,
    };
  }

  /** One of the member's orders. */
  async get(member: DepositMember, orderNo: string): Promise<DepositOrder> {
    const row = await repository.findDeposit(this.db, { merchantId: member.merchantId, memberId: member.id, orderNo });
    if (!row) throw new AppError('CASHIER_ORDER_NOT_FOUND');
    return toOrder(row);
  }

  /** What the member has had credited since a time (for the protection module's deposit limits). */
  async sumCreditedSince(memberId: number, since: Date): Promise<number> {
    return repository.sumCreditedSince(this.db, memberId, since);
  }

  /** A provider's signed notice about one of its orders. Answers whether it changed anything. */
  async applyProviderEvent(providerCode: string, event: DepositEvent): Promise<boolean> {
    const outcome: Outcome =
      event.status === 'paid'
        ? {
            state: 'credited',
            amountMinor: event.amountMinor,
            currency: event.currency,
            providerRef: event.providerRef,
          }
        : { state: event.status, reason: event.status === 'failed' ? 'declined by the payment provider' : null };
    const result = await this.settle({ orderNo: event.orderNo }, outcome, {
      providerCode,
      providerRef: event.providerRef,
      reviewedBy: null,
    });
    return result.changed;
  }

  /**
   * The reconciliation job's run: claims orders left pending past a minute or past their expiry (one instance
   * each: FOR UPDATE SKIP LOCKED), asks their provider, and applies its answer; an order past its expiry that is
   * not paid expires. Safe on several instances; an order the provider cannot be asked about waits for the next run.
   */
  async reconcile(): Promise<{
    claimed: number;
    credited: number;
    failed: number;
    expired: number;
    unanswered: number;
  }> {
    const now = this.now();
    const claimed = await this.db.transaction((tx) =>
      repository.claimDueDeposits(tx, {
        now,
        staleBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
        limit: RECONCILE_BATCH,
      }),
    );
    const counts = { claimed: claimed.length, credited: 0, failed: 0, expired: 0, unanswered: 0 };
    for (const order of claimed) {
      let outcome: Outcome | undefined;
      if (order.providerCode !== null) {
        try {
          const provider = await this.cashier.getProvider(order.providerCode);
          const answer = await provider.queryDeposit(order.orderNo);
          if (answer.status === 'paid') {
            outcome = {
              state: 'credited',
              amountMinor: answer.amountMinor,
              currency: null,
              providerRef: answer.providerRef,
            };
          } else if (answer.status === 'failed') {
            outcome = { state: 'failed', reason: 'declined by the payment provider' };
          } else if (answer.status === 'expired' || order.expired) {
            outcome = { state: 'expired', reason: null };
          }
        } catch {
          counts.unanswered += 1;
          if (order.expired) outcome = { state: 'expired', reason: null };
        }
      } else if (order.expired) {
        outcome = { state: 'expired', reason: null };
      }
      if (!outcome) continue;
      try {
        const result = await this.settle({ id: order.id, merchantId: order.merchantId }, outcome, {
          providerCode: order.providerCode,
          providerRef: null,
          reviewedBy: null,
        });
        if (result.changed) counts[outcome.state === 'credited' ? 'credited' : outcome.state] += 1;
      } catch {
        // A mismatched answer is left for finance; the order stays as it is.
        counts.unanswered += 1;
      }
    }
    return counts;
  }

  /** Finance confirms a manual bank transfer it found: the order is credited (audited). */
  async confirmManual(merchantId: number, orderId: number, actor: Actor): Promise<BoDeposit> {
    const result = await this.settle(
      { id: orderId, merchantId },
      { state: 'credited', amountMinor: null, currency: null, providerRef: null },
      { providerCode: null, providerRef: null, reviewedBy: actorText(actor), manualReview: actor },
    );
    return toBoDeposit(result.order);
  }

  /** Finance rejects a manual bank transfer (no such transfer arrived), with the reason the member is told. */
  async rejectManual(merchantId: number, orderId: number, reason: string, actor: Actor): Promise<BoDeposit> {
    const result = await this.settle(
      { id: orderId, merchantId },
      { state: 'failed', reason },
      { providerCode: null, providerRef: null, reviewedBy: actorText(actor), manualReview: actor },
    );
    return toBoDeposit(result.order);
  }

  /** A brand's orders for the back office, newest first, by state and kind. */
  async listBrandOrders(
    merchantId: number,
    filter: {
      state?: DepositState | undefined;
      kind?: DepositMethodKind | undefined;
      limit: number;
      cursor?: string | undefined;
    },
  ): Promise<{ items: BoDeposit[]; nextCursor: string | null }> {
    let beforeId: number | null = null;
    if (filter.cursor !== undefined) {
      beforeId = /^[0-9a-z]{1,11}$/.test(filter.cursor) ? Number.parseInt(filter.cursor, 36) : Number.NaN;
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
    }
    const rows = await repository.findBrandDeposits(this.db, merchantId, {
      state: filter.state,
      kind: filter.kind,
      beforeId,
      limit: filter.limit + 1,
    });
    const items = rows.slice(0, filter.limit);
    const last = items.at(-1);
    return {
      items: items.map(toBoDeposit),
      nextCursor: rows.length > filter.limit && last ? last.id.toString(36) : null,
    };
  }

  /**
   * Judges one order under its row lock and applies the outcome once: the credit (ledger movement, state, feed event,
   * message) or the close (state, message on failure), or nothing when the order is past it. Pushes the balance and
   * the unread count after the commit.
   */
  private async settle(
    where: { orderNo: string } | { id: number; merchantId: number },
    outcome: Outcome,
    source: {
      providerCode: string | null;
      providerRef: string | null;
      reviewedBy: string | null;
      manualReview?: Actor;
    },
  ): Promise<Committed> {
    const { wallet, messages, settlementFeed, audit } = this.dependencies;
    const committed = await this.db.transaction(async (tx): Promise<Committed> => {
      const order = await repository.lockDeposit(tx, where);
      // Another provider's notice, or one about no order of ours: nothing to judge.
      if (!order || (source.manualReview === undefined && order.providerCode !== source.providerCode)) {
        throw new AppError('CASHIER_ORDER_NOT_FOUND');
      }
      if (source.manualReview !== undefined) {
        const reviewable =
          order.methodKind === 'manual_bank' && (order.state === 'pending' || order.state === 'expired');
        if (!reviewable) throw new AppError('CASHIER_ORDER_NOT_REVIEWABLE');
      }
      const now = this.now();
      const creditMinor = order.amountMinor - order.feeMinor;
      const recipient = { id: order.memberId, merchantId: order.merchantId };
      if (outcome.state === 'credited') {
        if (order.state === 'credited') return { changed: false, order };
        const mismatch =
          (outcome.amountMinor !== null && outcome.amountMinor !== order.amountMinor) ||
          (outcome.currency !== null && outcome.currency !== order.currency) ||
          (outcome.providerRef !== null && order.providerRef !== null && outcome.providerRef !== order.providerRef);
        if (mismatch) throw new AppError('CASHIER_CALLBACK_MISMATCH');
        const posted = await wallet.credit(tx, {
          merchantId: order.merchantId,
          memberId: order.memberId,
          currency: order.currency,
          amountMinor: creditMinor,
          kind: 'deposit',
          counterparty: 'cashier',
          idempotencyKey: `deposit:${order.id}`,
          reason: order.orderNo,
        });
        await repository.setCredited(tx, order.id, {
          movementId: posted.movementId,
          providerRef: outcome.providerRef ?? source.providerRef,
          reviewedBy: source.reviewedBy,
          now,
        });
        if (order.promotionId !== null && this.bonus) {
          await this.bonus.grantForDeposit(tx, {
            merchantId: order.merchantId,
            memberId: order.memberId,
            currency: order.currency,
            depositId: order.id,
            promotionId: order.promotionId,
            creditMinor,
          });
        }
        await settlementFeed.appendMoneyEvent(tx, {
          kind: 'deposit',
          merchantId: order.merchantId,
          memberId: order.memberId,
          currency: order.currency,
          amountMinor: creditMinor,
        });
        await messages.sendSystemMessage(tx, recipient, 'depositCredited', {
          amount: formatAmount(creditMinor, order.currencyExponent),
        });
        if (source.manualReview) {
          await audit.record(tx, {
            actor: source.manualReview,
            merchantId: order.merchantId,
            action: 'cashier.deposit.confirm',
            targetType: 'deposit',
            targetId: order.orderNo,
            before: { state: order.state },
            after: { state: 'credited', creditMinor },
          });
        }
        const after: repository.DepositRow = {
          ...order,
          state: 'credited',
          movementId: posted.movementId,
          providerRef: order.providerRef ?? outcome.providerRef ?? source.providerRef,
          reviewedBy: source.reviewedBy,
          instructions: null,
          creditedAt: now.toISOString(),
          updatedAt: now.toISOString(),
        };
        return { changed: true, order: after, balanceMinor: posted.balanceAfterMinor };
      }
      if (order.state !== 'created' && order.state !== 'pending' && source.manualReview === undefined) {
        return { changed: false, order };
      }
      await repository.setClosed(tx, order.id, {
        state: outcome.state,
        reason: outcome.reason,
        reviewedBy: source.reviewedBy,
        now,
      });
      if (outcome.state === 'failed') {
        await messages.sendSystemMessage(tx, recipient, 'depositFailed', {
          amount: formatAmount(order.amountMinor, order.currencyExponent),
          reason: outcome.reason ?? '-',
        });
      }
      if (source.manualReview) {
        await audit.record(tx, {
          actor: source.manualReview,
          merchantId: order.merchantId,
          action: 'cashier.deposit.reject',
          targetType: 'deposit',
          targetId: order.orderNo,
          before: { state: order.state },
          after: { state: outcome.state, reason: outcome.reason },
        });
      }
      const after: repository.DepositRow = {
        ...order,
        state: outcome.state,
        failureReason: outcome.reason,
        reviewedBy: source.reviewedBy,
        instructions: null,
        updatedAt: now.toISOString(),
      };
      return { changed: true, order: after };
    });
    if (committed.changed) {
      // The cashier account's id, kept once made: the next credits of the brand neither make nor look it up.
      await wallet.prepareBrandAccount(committed.order.merchantId, committed.order.currency, 'cashier');
      const owner = {
        memberId: committed.order.memberId,
        merchantId: committed.order.merchantId,
        currency: committed.order.currency,
      };
      await Promise.all([
        committed.balanceMinor === undefined ? undefined : wallet.announceTotal(owner),
        committed.order.state === 'credited' || committed.order.state === 'failed'
          ? messages.announceUnread({ merchantId: owner.merchantId, memberId: owner.memberId })
          : undefined,
      ]);
    }
    return committed;
  }

  private callbackBase(): string {
    return (this.options.callbackBaseUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  }

  private async getRow(merchantId: number, id: number): Promise<repository.DepositRow> {
    const row = await repository.findDeposit(this.db, { merchantId, id });
    if (!row) throw new AppError('CASHIER_ORDER_NOT_FOUND');
    return row;
  }

  private async getById(merchantId: number, id: number): Promise<DepositOrder> {
    return toOrder(await this.getRow(merchantId, id));
  }

  /** Inserts with a fresh order number (and bank reference), drawing again on the rare collision. */
  private async insertWithFreshNumbers(
    insert: (orderNo: string, bankReference: string) => Promise<number | undefined>,
  ): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const id = await insert(newOrderNo(this.now()), newBankReference());
      if (id !== undefined) return id;
    }
    throw new Error('no free deposit order number after 5 draws');
  }
}

/** The method's fee on an amount: the fixed part plus the per mille part, rounded down. */
export function feeOf(method: { feeFixedMinor: number; feePerMille: number }, amountMinor: number): number {
  return method.feeFixedMinor + Math.floor((amountMinor * method.feePerMille) / 1000);
}

/** `D` + the day (yymmdd, UTC) + 10 random characters: unique by the table's key, unguessable, sortable by day. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `D${day}${randomBytes(8).toString('hex').slice(0, 10).toUpperCase()}`;
}

/** 8 characters a member can type into a bank transfer's memo without confusing 0/O or 1/I. */
function newBankReference(): string {
  let reference = '';
  for (let i = 0; i < 8; i += 1) reference += BANK_REFERENCE_ALPHABET[randomInt(BANK_REFERENCE_ALPHABET.length)];
  return reference;
}

export function toOrder(row: repository.DepositRow): DepositOrder {
  const open = row.state === 'created' || row.state === 'pending';
  return {
    orderNo: row.orderNo,
    methodName: row.methodName,
    methodKind: row.methodKind,
    amountMinor: row.amountMinor,
    feeMinor: row.feeMinor,
    creditMinor: row.amountMinor - row.feeMinor,
    currency: row.currency,
    state: row.state,
    instructions: open ? row.instructions : null,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    creditedAt: row.creditedAt,
  };
}

/** An order as the back office shows it: whose, by which method, and who confirmed or rejected it. */
export function toBoDeposit(row: repository.DepositRow): BoDeposit {
  return {
    id: row.id,
    orderNo: row.orderNo,
    playerId: row.memberId,
    account: row.memberAccount,
    methodName: row.methodName,
    methodKind: row.methodKind,
    providerCode: row.providerCode,
    amountMinor: row.amountMinor,
    feeMinor: row.feeMinor,
    creditMinor: row.amountMinor - row.feeMinor,
    currency: row.currency,
    currencyExponent: row.currencyExponent,
    state: row.state,
    providerRef: row.providerRef,
    bankReference: row.bankReference,
    failureReason: row.failureReason,
    reviewedBy: row.reviewedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    creditedAt: row.creditedAt,
  };
}
