import { randomBytes, randomUUID } from 'node:crypto';
import { keepRecent, type CallbackSender, type SandboxEvent } from './callbacks';
import type { SandboxTime } from './time';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired';
export type PayoutStatus = 'pending' | 'paid' | 'failed';
export type PayerChoice = 'pay' | 'fail' | 'abandon';

export interface Merchant {
  key: string;
  secret: string;
}

export interface DepositOrder {
  merchantKey: string;
  orderNo: string;
  providerRef: string;
  amountMinor: number;
  currency: string;
  language: 'ko' | 'en';
  returnUrl: string;
  callbackUrl: string;
  /** The hosted page's path segment: unguessable, unlike the order number. */
  pageToken: string;
  status: OrderStatus;
  /** The payer chose abandon: the page says so; the order stays pending until it expires. */
  abandoned: boolean;
  createdAt: number;
  expiresAt: number;
  completedAt: number | null;
}

export interface Payout {
  merchantKey: string;
  payoutNo: string;
  providerRef: string;
  amountMinor: number;
  currency: string;
  bankCode: string;
  accountNumber: string;
  holderName: string;
  callbackUrl: string;
  status: PayoutStatus;
  reason: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface SandboxRules {
  /** How long a deposit order can be paid. */
  orderTtlMs: number;
  /** How long after its creation a payout succeeds or fails. */
  payoutDelayMs: number;
  /** A payout to an account number ending in this digit fails (reason ACCOUNT_REJECTED); '' fails none. */
  payoutFailDigit: string;
}

export const DEFAULT_RULES: SandboxRules = { orderTtlMs: 15 * 60 * 1000, payoutDelayMs: 5000, payoutFailDigit: '9' };

/** The reason a failed payout gives when the account number ends in the failing digit. */
export const PAYOUT_REJECTED_REASON = 'ACCOUNT_REJECTED';

export class SandboxError extends Error {
  constructor(
    readonly code: 'ORDER_CONFLICT' | 'PAYOUT_CONFLICT' | 'NOT_FOUND' | 'ORDER_CLOSED',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * References carry randomness, never a counter: the state lives in memory, and a sandbox started again must
 * not hand out a reference the platform already credited under (docs/decisions/0040-payment-sandbox.md).
 */
function newReference(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** Deposit orders and payouts, in memory, and what happens to them as time passes. */
export class SandboxService {
  private readonly merchants = new Map<string, Merchant>();
  private readonly orders = new Map<string, DepositOrder>();
  private readonly ordersByToken = new Map<string, DepositOrder>();
  private readonly payouts = new Map<string, Payout>();
  /** The events raised (the latest RECENT_LIMIT), in the order they happened (their deliveries may arrive in another). */
  readonly events: SandboxEvent[] = [];

  constructor(
    private readonly options: {
      time: SandboxTime;
      rules: SandboxRules;
      callbacks: CallbackSender;
      publicUrl: string;
    },
  ) {}

  addMerchant(merchant: Merchant): void {
    this.merchants.set(merchant.key, merchant);
  }

  findMerchant(key: string): Merchant | undefined {
    return this.merchants.get(key);
  }

  /** For a sandbox whose port is chosen on listening (tests): the hosted page's origin once known. */
  setPublicUrl(publicUrl: string): void {
    this.options.publicUrl = publicUrl.replace(/\/+$/, '');
  }

  paymentUrlOf(order: DepositOrder): string {
    return `${this.options.publicUrl}/pay/${order.pageToken}`;
  }

  /** Creates an order, or answers the same one when the platform asks again with the same details. */
  createDeposit(
    merchantKey: string,
    request: Pick<DepositOrder, 'orderNo' | 'amountMinor' | 'currency' | 'language' | 'returnUrl' | 'callbackUrl'>,
  ): { order: DepositOrder; created: boolean } {
    const existing = this.orders.get(`${merchantKey}:${request.orderNo}`);
    if (existing) {
      if (existing.amountMinor !== request.amountMinor || existing.currency !== request.currency) {
        throw new SandboxError('ORDER_CONFLICT', 409, 'an order with this number exists with other details');
      }
      return { order: existing, created: false };
    }
    const now = this.options.time.now();
    const order: DepositOrder = {
      ...request,
      merchantKey,
      providerRef: newReference('SBD'),
      pageToken: randomBytes(18).toString('base64url'),
      status: 'pending',
      abandoned: false,
      createdAt: now,
      expiresAt: now + this.options.rules.orderTtlMs,
      completedAt: null,
    };
    this.orders.set(`${merchantKey}:${order.orderNo}`, order);
    this.ordersByToken.set(order.pageToken, order);
    this.options.time.schedule(this.options.rules.orderTtlMs, async () => this.expire(order));
    return { order, created: true };
  }

  findDeposit(merchantKey: string, orderNo: string): DepositOrder | undefined {
    return this.orders.get(`${merchantKey}:${orderNo}`);
  }

  findDepositByToken(token: string): DepositOrder | undefined {
    return this.ordersByToken.get(token);
  }

  /** The payer's choice on the hosted page. Pay and fail close the order and raise its event. */
  choose(order: DepositOrder, choice: PayerChoice): void {
    if (order.status !== 'pending' || this.options.time.now() >= order.expiresAt) {
      throw new SandboxError('ORDER_CLOSED', 409, 'the order is no longer open');
    }
    if (choice === 'abandon') {
      order.abandoned = true;
      return;
    }
    this.close(order, choice === 'pay' ? 'paid' : 'failed');
  }

  private expire(order: DepositOrder): void {
    if (order.status === 'pending') this.close(order, 'expired');
  }

  private close(order: DepositOrder, status: 'paid' | 'failed' | 'expired'): void {
    order.status = status;
    order.completedAt = this.options.time.now();
    this.raise(order.merchantKey, order.callbackUrl, {
      eventId: `evt_${randomUUID()}`,
      type: 'deposit',
      orderNo: order.orderNo,
      providerRef: order.providerRef,
      status,
      amountMinor: order.amountMinor,
      currency: order.currency,
      occurredAt: new Date(order.completedAt).toISOString(),
    });
  }

  createPayout(
    merchantKey: string,
    request: Pick<
      Payout,
      'payoutNo' | 'amountMinor' | 'currency' | 'bankCode' | 'accountNumber' | 'holderName' | 'callbackUrl'
    >,
  ): { payout: Payout; created: boolean } {
    const existing = this.payouts.get(`${merchantKey}:${request.payoutNo}`);
    if (existing) {
      const same =
        existing.amountMinor === request.amountMinor &&
        existing.currency === request.currency &&
        existing.accountNumber === request.accountNumber;
      if (!same) throw new SandboxError('PAYOUT_CONFLICT', 409, 'a payout with this number exists with other details');
      return { payout: existing, created: false };
    }
    const payout: Payout = {
      ...request,
      merchantKey,
      providerRef: newReference('SBP'),
      status: 'pending',
      reason: null,
      createdAt: this.options.time.now(),
      completedAt: null,
    };
    this.payouts.set(`${merchantKey}:${payout.payoutNo}`, payout);
    this.options.time.schedule(this.options.rules.payoutDelayMs, async () => this.settle(payout));
    return { payout, created: true };
  }

  findPayout(merchantKey: string, payoutNo: string): Payout | undefined {
    return this.payouts.get(`${merchantKey}:${payoutNo}`);
  }

  private settle(payout: Payout): void {
    const digit = this.options.rules.payoutFailDigit;
    const fails = digit !== '' && payout.accountNumber.endsWith(digit);
    payout.status = fails ? 'failed' : 'paid';
    payout.reason = fails ? PAYOUT_REJECTED_REASON : null;
    payout.completedAt = this.options.time.now();
    this.raise(payout.merchantKey, payout.callbackUrl, {
      eventId: `evt_${randomUUID()}`,
      type: 'payout',
      payoutNo: payout.payoutNo,
      providerRef: payout.providerRef,
      status: payout.status,
      reason: payout.reason,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
      occurredAt: new Date(payout.completedAt).toISOString(),
    });
  }

  private raise(merchantKey: string, callbackUrl: string, event: SandboxEvent): void {
    keepRecent(this.events, event);
    const merchant = this.merchants.get(merchantKey);
    // A merchant is never removed while the sandbox runs; the check keeps the types honest.
    if (!merchant) return;
    this.options.callbacks.send(event, { callbackUrl, merchantKey, secret: merchant.secret });
  }
}
