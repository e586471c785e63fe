import {
  WITHDRAWAL_HELD_STATUSES,
  type ApproveWithdrawalRequest,
  type BoWithdrawal,
  type BoWithdrawalsQuery,
  type MarkWithdrawalPaidRequest,
  type Page,
  type RejectWithdrawalRequest,
  type ResolveWithdrawalCaseRequest,
  type WithdrawalRiskFlag,
  type WithdrawalStatus,
} from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import type { SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import { formatAmount } from '../../lib/amount-format';
import * as repository from './withdrawals.repository';

/** A payment provider as a payout needs it (modules/cashier/providers/provider.ts's PaymentProvider). */
export interface PayoutProvider {
  readonly code: string;
  createPayout(req: {
    payoutNo: string;
    amountMinor: number;
    currency: string;
    bankCode: string;
    accountNumber: string;
    holderName: string;
    callbackUrl: string;
  }): Promise<{ providerRef: string }>;
  /** What the provider knows of a payout; one it never received answers failed. */
  queryPayout(payoutNo: string): Promise<{
    status: 'pending' | 'paid' | 'failed';
    providerRef: string | null;
    reason: string | null;
  }>;
}

/** Finds the brand's provider that pays out, and where its results are to be sent (the cashier's callback route). */
export interface PayoutGateway {
  payoutProviderOf(merchantId: number): Promise<{ provider: PayoutProvider; callbackUrl: string } | undefined>;
}

/** A payout's result as the cashier's callback route hands it on (ProviderEvent of type 'payout'). */
export interface PayoutEvent {
  payoutNo: string;
  providerRef: string;
  status: 'paid' | 'failed';
  reason: string | null;
  eventId: string;
}

/** What the platform calls a withdrawal's payout at the provider: one number per withdrawal, so a retry is the same. */
export function payoutNoOf(id: number): string {
  return `WD${String(id).padStart(8, '0')}`;
}

function idOfPayoutNo(payoutNo: string): number | undefined {
  const match = /^WD(\d{1,15})$/.exec(payoutNo);
  return match ? Number(match[1]) : undefined;
}

/** A payout left paying this long (its result lost, or never sent) is asked about at its provider. */
export const PAYOUT_RECONCILE_AFTER_MS = 5 * 60_000;
const PAYOUT_RECONCILE_BATCH = 50;

const QUEUES: Record<'review' | 'payout' | 'done', WithdrawalStatus[]> = {
  review: ['requested'],
  payout: ['approved', 'paying', 'payout_failed'],
  done: ['paid', 'confirmed_received', 'partly_received', 'not_received', 'auto_received', 'rejected'],
};

const actorText = (actor: Actor) =>
  actor.kind === 'operator' ? `operator:${actor.operatorId}` : `cli:${actor.osUser}`;

/**
 * Finance's side of withdrawals (decision 0041): the review queue with its risk flags, approval (paid through the
 * brand's provider, or by hand), rejection (the hold goes back), the provider's payout results, and the cases a
 * member's "partly" or "not received" opens, resolved with a reason and maybe a refund. Every operator's step is
 * audited in its transaction; a stale `version` is refused with BO_CHANGED_SINCE_OPENED and changes nothing.
 */
export class WithdrawalReviewService {
  private gateway: PayoutGateway | undefined;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly messages: MessagesService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The cashier's providers (services.ts sets it once the cashier is built); without it, payouts are by hand. */
  setPayoutGateway(gateway: PayoutGateway): void {
    this.gateway = gateway;
  }

  async list(merchant: Merchant, query: BoWithdrawalsQuery): Promise<Page<BoWithdrawal>> {
    const limit = query.limit;
    const beforeId = query.cursor === undefined ? null : Number(query.cursor);
    if (beforeId !== null && (!Number.isSafeInteger(beforeId) || beforeId <= 0)) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const queue = query.queue;
    const filter =
      queue === 'cases'
        ? { caseStatus: 'open' as const }
        : queue === 'resolved'
          ? { caseStatus: 'resolved' as const }
          : { statuses: QUEUES[queue] };
    const rows = await repository.findQueue(this.db, merchant.id, filter, { beforeId, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const settings = await repository.findSettings(this.db, merchant.id);
    return {
      items: await Promise.all(items.map((row) => this.withFlags(row, settings))),
      nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null,
    };
  }

  async get(merchant: Merchant, id: number): Promise<BoWithdrawal> {
    const row = await repository.findRequest(this.db, merchant.id, id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return this.withFlags(row, await repository.findSettings(this.db, merchant.id));
  }

  /**
   * Approves a requested withdrawal. `provider`: it goes to paying and the brand's provider is asked to pay it after
   * the commit (its result comes back through onPayoutEvent); `manual`: it waits, approved, for finance to pay it
   * outside and mark it paid. The member's mailbox gets "withdrawal approved".
   */
  async approve(
    actor: Actor,
    merchant: Merchant,
    id: number,
    request: ApproveWithdrawalRequest,
  ): Promise<BoWithdrawal> {
    const payout = request.payout === 'provider' ? await this.providerOf(merchant) : undefined;
    const now = this.clock().toISOString();
    const row = await this.step(
      merchant,
      id,
      async (tx, before) => {
        const moved = await repository.moveRequest(
          tx,
          { merchantId: merchant.id, id, from: ['requested'], version: request.version },
          payout
            ? sql`status = 'paying', payout_method = 'provider', payout_provider = ${payout.provider.code},
                reviewed_by = ${actorText(actor)}, reviewed_at = ${now}::timestamptz`
            : sql`status = 'approved', payout_method = 'manual', reviewed_by = ${actorText(actor)},
                reviewed_at = ${now}::timestamptz`,
        );
        if (!moved) return false;
        await this.messages.sendSystemMessage(
          tx,
          { id: before.memberId, merchantId: merchant.id },
          'withdrawalApproved',
          {
            amount: formatAmount(before.amountMinor, merchant.brand.currencyExponent),
          },
        );
        await this.record(tx, actor, merchant, 'withdrawal.approve', before, { payout: request.payout });
        return true;
      },
      request.version,
    );
    await this.messages.announceUnread({ merchantId: merchant.id, memberId: row.memberId });
    if (payout) await this.sendPayout(row, payout);
    return this.get(merchant, id);
  }

  /** Rejects a withdrawal not yet paid (requested, approved, or its payout failed): the hold goes back. */
  async reject(actor: Actor, merchant: Merchant, id: number, request: RejectWithdrawalRequest): Promise<BoWithdrawal> {
    await this.wallet.prepareBrandAccount(merchant.id, merchant.brand.currency, 'withdrawal_hold');
    const now = this.clock().toISOString();
    const row = await this.step(
      merchant,
      id,
      async (tx, before) => {
        const moved = await repository.moveRequest(
          tx,
          { merchantId: merchant.id, id, from: ['requested', 'approved', 'payout_failed'], version: request.version },
          sql`status = 'rejected', reject_reason = ${request.reason}, reviewed_by = ${actorText(actor)},
            reviewed_at = ${now}::timestamptz`,
        );
        if (!moved) return false;
        await this.wallet.credit(tx, {
          memberId: before.memberId,
          merchantId: merchant.id,
          currency: before.currency,
          amountMinor: before.amountMinor,
          kind: 'withdrawal_release',
          counterparty: 'withdrawal_hold',
          idempotencyKey: `withdrawal-release:${id}`,
          reason: request.reason,
        });
        await this.messages.sendSystemMessage(
          tx,
          { id: before.memberId, merchantId: merchant.id },
          'withdrawalRejected',
          {
            amount: formatAmount(before.amountMinor, merchant.brand.currencyExponent),
            reason: request.reason,
          },
        );
        await this.record(tx, actor, merchant, 'withdrawal.reject', before, { reason: request.reason });
        return true;
      },
      request.version,
    );
    await this.announce(row);
    return this.get(merchant, id);
  }

  /** Finance paid it outside the platform (an approved one, or one whose provider payout failed). */
  async markPaid(
    actor: Actor,
    merchant: Merchant,
    id: number,
    request: MarkWithdrawalPaidRequest,
  ): Promise<BoWithdrawal> {
    await this.prepareAccounts(merchant);
    await this.step(
      merchant,
      id,
      async (tx, before) => {
        const paid = await this.pay(tx, merchant, before, ['approved', 'payout_failed'], {
          version: request.version,
          reference: request.reference ?? null,
          manual: true,
        });
        if (!paid) return false;
        await this.record(tx, actor, merchant, 'withdrawal.markPaid', before, { reference: request.reference ?? null });
        return true;
      },
      request.version,
    );
    return this.get(merchant, id);
  }

  /** Asks the provider again (a failed payout, or one left paying): the same payout number, so it pays once. */
  async retryPayout(actor: Actor, merchant: Merchant, id: number, request: { version: number }): Promise<BoWithdrawal> {
    const payout = await this.providerOf(merchant);
    const row = await this.step(
      merchant,
      id,
      async (tx, before) => {
        const moved = await repository.moveRequest(
          tx,
          { merchantId: merchant.id, id, from: ['payout_failed', 'paying'], version: request.version },
          sql`status = 'paying', payout_method = 'provider', payout_provider = ${payout.provider.code},
            payout_failure = NULL, payout_checked_at = ${this.clock().toISOString()}::timestamptz`,
        );
        if (!moved) return false;
        await this.record(tx, actor, merchant, 'withdrawal.retryPayout', before, {});
        return true;
      },
      request.version,
    );
    await this.sendPayout(row, payout);
    return this.get(merchant, id);
  }

  /**
   * A payout's result from the provider (through the cashier's callback route). Paid: the held money leaves
   * (withdrawal_hold → cashier), the feed gets the withdrawal, the member's time to confirm starts. Failed: it waits
   * for finance (retry, pay by hand, or reject). A repeat, or a result for a withdrawal no longer paying, changes
   * nothing.
   */
  async onPayoutEvent(event: PayoutEvent): Promise<void> {
    const id = idOfPayoutNo(event.payoutNo);
    if (id === undefined) return;
    await this.applyPayoutResult(id, event);
  }

  /**
   * The payouts' reconciliation (jobs/withdrawal-payout-reconciliation.ts, decision 0041): each withdrawal left
   * paying for PAYOUT_RECONCILE_AFTER_MS, its result lost or the server stopped between the approval's commit and
   * the provider's call, is asked about at its provider under its payout number. Paid: paid once, as its callback
   * would have; failed, or unknown to the provider: payout_failed, the amount still held, for finance (a retry sends
   * the same payout number, so it is paid once); pending: asked again later. Safe on several instances.
   */
  async reconcilePayouts(
    now: Date = this.clock(),
  ): Promise<{ claimed: number; paid: number; failed: number; unanswered: number }> {
    const claimed = await this.db.transaction((tx) =>
      repository.claimStalePayouts(tx, {
        now,
        staleBefore: new Date(now.getTime() - PAYOUT_RECONCILE_AFTER_MS),
        limit: PAYOUT_RECONCILE_BATCH,
      }),
    );
    const counts = { claimed: claimed.length, paid: 0, failed: 0, unanswered: 0 };
    for (const { id, merchantId } of claimed) {
      try {
        const payout = await this.gateway?.payoutProviderOf(merchantId);
        if (!payout) {
          counts.unanswered += 1;
          continue;
        }
        const answer = await payout.provider.queryPayout(payoutNoOf(id));
        if (answer.status === 'pending') continue;
        if (await this.applyPayoutResult(id, { ...answer, status: answer.status })) counts[answer.status] += 1;
      } catch {
        // The provider could not be asked: the next run asks again.
        counts.unanswered += 1;
      }
    }
    return counts;
  }

  /** A payout's result, from its callback or the reconciliation: applied once to a withdrawal still paying. */
  private async applyPayoutResult(
    id: number,
    result: { status: 'paid' | 'failed'; providerRef: string | null; reason: string | null },
  ): Promise<boolean> {
    const found = await repository.findRequestAnyBrand(this.db, id);
    if (!found || found.status !== 'paying') return false;
    if (result.status === 'failed') {
      const moved = await this.db.transaction((tx) =>
        repository.moveRequest(
          tx,
          { merchantId: found.merchantId, id, from: ['paying'] },
          sql`status = 'payout_failed', payout_failure = ${(result.reason ?? 'failed').slice(0, 500)},
              payout_ref = coalesce(${result.providerRef}, payout_ref)`,
        ),
      );
      return moved !== undefined;
    }
    await this.wallet.prepareBrandAccount(found.merchantId, found.currency, 'withdrawal_hold');
    await this.wallet.prepareBrandAccount(found.merchantId, found.currency, 'cashier');
    return this.db.transaction((tx) =>
      this.pay(tx, { id: found.merchantId }, found, ['paying'], { reference: result.providerRef, manual: false }),
    );
  }

  /** Resolves an open case with a reason and, where the operator decides, a refund credited to the member. */
  async resolveCase(
    actor: Actor,
    merchant: Merchant,
    id: number,
    request: ResolveWithdrawalCaseRequest,
  ): Promise<BoWithdrawal> {
    const refund = request.refundMinor ?? 0;
    await this.wallet.prepareBrandAccount(merchant.id, merchant.brand.currency, 'cashier');
    const now = this.clock().toISOString();
    const row = await this.step(
      merchant,
      id,
      async (tx, before) => {
        if (before.caseStatus !== 'open') throw new AppError('WITHDRAWAL_CASE_CLOSED');
        const most = before.status === 'partly_received' ? (before.missingMinor ?? 0) : before.amountMinor;
        if (refund > most) throw new AppError('WITHDRAWAL_REFUND_TOO_LARGE');
        const moved = await repository.moveRequest(
          tx,
          { merchantId: merchant.id, id, from: ['partly_received', 'not_received'], version: request.version },
          sql`case_status = 'resolved', case_reason = ${request.reason}, case_refund_minor = ${refund},
            case_resolved_by = ${actorText(actor)}, case_resolved_at = ${now}::timestamptz`,
        );
        if (!moved) return false;
        if (refund > 0) {
          await this.wallet.credit(tx, {
            memberId: before.memberId,
            merchantId: merchant.id,
            currency: before.currency,
            amountMinor: refund,
            kind: 'withdrawal_refund',
            counterparty: 'cashier',
            idempotencyKey: `withdrawal-refund:${id}`,
            reason: request.reason,
          });
        }
        await this.record(tx, actor, merchant, 'withdrawal.resolveCase', before, { reason: request.reason, refund });
        return true;
      },
      request.version,
    );
    if (refund > 0) await this.announce(row);
    return this.get(merchant, id);
  }

  async readProof(merchant: Merchant, withdrawalId: number, proofId: number) {
    const proof = await repository.findProof(this.db, merchant.id, withdrawalId, proofId);
    if (!proof) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return proof;
  }

  /** Runs `change` in a transaction; false from it: the row moved since (or never could), refused without a trace. */
  private async step(
    merchant: Merchant,
    id: number,
    change: (tx: Executor, before: repository.RequestRow) => Promise<boolean>,
    version: number,
  ): Promise<repository.RequestRow> {
    const before = await repository.findRequest(this.db, merchant.id, id);
    if (!before) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const done = await this.db.transaction((tx) => change(tx, before));
    if (!done) {
      const now = await repository.findRequest(this.db, merchant.id, id);
      if (now && now.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED');
      throw new AppError('WITHDRAWAL_WRONG_STATE', { status: now?.status });
    }
    return before;
  }

  /** Paid: the held amount leaves for the cashier account, and the feed counts the withdrawal. */
  private async pay(
    tx: Executor,
    merchant: { id: number },
    row: repository.RequestRow,
    from: WithdrawalStatus[],
    options: { version?: number; reference: string | null; manual: boolean },
  ): Promise<boolean> {
    const settings = await repository.findSettings(tx, merchant.id);
    const now = this.clock();
    const due = new Date(now.getTime() + settings.confirmMinutes * 60_000);
    const moved = await repository.moveRequest(
      tx,
      {
        merchantId: merchant.id,
        id: row.id,
        from,
        ...(options.version === undefined ? {} : { version: options.version }),
      },
      sql`status = 'paid', paid_at = ${now.toISOString()}::timestamptz, confirm_due_at = ${due.toISOString()}::timestamptz,
          payout_ref = coalesce(${options.reference}, payout_ref),
          payout_method = ${options.manual ? 'manual' : 'provider'}`,
    );
    if (!moved) return false;
    await this.wallet.moveBetweenBrandAccounts(tx, {
      merchantId: merchant.id,
      memberId: row.memberId,
      currency: row.currency,
      amountMinor: row.amountMinor,
      from: 'withdrawal_hold',
      to: 'cashier',
      kind: 'withdrawal_payout',
      idempotencyKey: `withdrawal-payout:${row.id}`,
      reason: `withdrawal ${row.id}`,
    });
    await this.feed.appendMoneyEvent(tx, {
      kind: 'withdrawal',
      merchantId: merchant.id,
      memberId: row.memberId,
      currency: row.currency,
      amountMinor: row.amountMinor,
    });
    return true;
  }

  private async sendPayout(
    row: repository.RequestRow,
    payout: { provider: PayoutProvider; callbackUrl: string },
  ): Promise<void> {
    try {
      const { providerRef } = await payout.provider.createPayout({
        payoutNo: payoutNoOf(row.id),
        amountMinor: row.amountMinor,
        currency: row.currency,
        bankCode: row.bankCode,
        accountNumber: row.accountNumber,
        holderName: row.holderName,
        callbackUrl: payout.callbackUrl,
      });
      await this.db.transaction((tx) =>
        repository.moveRequest(
          tx,
          { merchantId: row.merchantId, id: row.id, from: ['paying', 'paid'] },
          sql`payout_ref = coalesce(payout_ref, ${providerRef})`,
        ),
      );
    } catch (error) {
      // Refused or unreachable: finance sees it failed and decides (retry, by hand, reject); the hold stays.
      const reason = error instanceof Error ? error.message : String(error);
      await this.db.transaction((tx) =>
        repository.moveRequest(
          tx,
          { merchantId: row.merchantId, id: row.id, from: ['paying'] },
          sql`status = 'payout_failed', payout_failure = ${reason.slice(0, 500)}`,
        ),
      );
    }
  }

  private async providerOf(merchant: Merchant) {
    const payout = await this.gateway?.payoutProviderOf(merchant.id);
    if (!payout) throw new AppError('WITHDRAWAL_NO_PAYOUT_PROVIDER');
    return payout;
  }

  private async prepareAccounts(merchant: Merchant): Promise<void> {
    await this.wallet.prepareBrandAccount(merchant.id, merchant.brand.currency, 'withdrawal_hold');
    await this.wallet.prepareBrandAccount(merchant.id, merchant.brand.currency, 'cashier');
  }

  private async announce(row: repository.RequestRow): Promise<void> {
    await this.wallet.announceTotal({ memberId: row.memberId, merchantId: row.merchantId, currency: row.currency });
    await this.messages.announceUnread({ merchantId: row.merchantId, memberId: row.memberId });
  }

  private async record(
    tx: Executor,
    actor: Actor,
    merchant: Merchant,
    action: string,
    before: repository.RequestRow,
    after: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(tx, {
      actor,
      merchantId: merchant.id,
      action,
      targetType: 'withdrawal',
      targetId: before.id,
      before: { status: before.status, amountMinor: before.amountMinor, account: before.account },
      after,
    });
  }

  private async withFlags(row: repository.RequestRow, settings: repository.SettingsRow): Promise<BoWithdrawal> {
    const flags: WithdrawalRiskFlag[] = [...(await repository.findRiskFacts(this.db, row))];
    if (row.amountMinor >= settings.largeAmountMinor) flags.push('largeAmount');
    if (WITHDRAWAL_HELD_STATUSES.includes(row.status) && settings.turnoverPercent > 0) {
      const turnover = await repository.computeTurnover(
        this.db,
        row.memberId,
        settings.turnoverPercent,
        new Date(row.createdAt),
      );
      if (turnover.shortMinor > 0) flags.push('turnoverShort');
    }
    const order = ['newBankAccount', 'largeAmount', 'sharedBankAccount', 'sharedIp', 'turnoverShort'];
    return {
      id: row.id,
      memberId: row.memberId,
      account: row.account,
      amountMinor: row.amountMinor,
      currency: row.currency,
      status: row.status,
      bankCode: row.bankCode,
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      holderName: row.holderName,
      ip: row.ip,
      turnoverRequiredMinor: row.turnoverRequiredMinor,
      turnoverWageredMinor: row.turnoverWageredMinor,
      riskFlags: flags.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      payoutMethod: row.payoutMethod,
      payoutFailure: row.payoutFailure,
      rejectReason: row.rejectReason,
      reviewedBy: row.reviewedBy,
      createdAt: row.createdAt,
      reviewedAt: row.reviewedAt,
      paidAt: row.paidAt,
      confirmedAt: row.confirmedAt,
      missingMinor: row.missingMinor,
      memberNote: row.memberNote,
      caseStatus: row.caseStatus,
      caseReason: row.caseReason,
      caseRefundMinor: row.caseRefundMinor,
      proofIds: row.proofIds,
      version: row.version,
    };
  }
}
