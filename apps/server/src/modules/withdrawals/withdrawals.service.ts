import {
  WITHDRAWAL_PROOF_LIMITS,
  type ConfirmWithdrawalRequest,
  type CreateWithdrawalRequest,
  type Withdrawal,
  type WithdrawalOverview,
  type WithdrawalPage,
} from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage, type Merchant } from '../merchant/index';
import type { AuthenticatedMember } from '../session/index';
import type { WalletOwner, WalletService } from '../wallet/index';
import { toBankAccount, type PaymentPasswordCheck } from './bank-accounts.service';
import { formatAmount } from '../../lib/amount-format';
import { banksOf, maskAccountNumber } from './withdrawal-format';
import * as repository from './withdrawals.repository';

/** Paid withdrawals turned auto_received per statement of the job. */
export const AUTO_RECEIPT_BATCH = 500;

export function toWithdrawal(row: repository.RequestRow): Withdrawal {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    confirmDueAt: row.confirmDueAt,
    confirmedAt: row.confirmedAt,
    missingMinor: row.missingMinor,
    rejectReason: row.rejectReason,
    caseStatus: row.caseStatus,
    caseReason: row.caseReason,
    caseRefundMinor: row.caseRefundMinor,
    proofCount: row.proofIds.length,
  };
}

/** The member's VIP level limits (VipService.levelOf, decision 0046): the tighter of them and the brand's apply. */
export interface RankLimitsSource {
  levelOf(owner: { merchantId: number; memberId: number }): Promise<{
    withdrawal: { dailyCount: number | null; dailyMaxMinor: number | null; singleMaxMinor: number | null };
  }>;
}

/** The brand's maximum and daily count, tightened by the rank's where it has one. */
async function limitsOf(
  settings: { maxMinor: number; dailyCount: number },
  ranks: RankLimitsSource | null,
  owner: { merchantId: number; memberId: number },
): Promise<{ maxMinor: number; dailyCount: number; dailyMaxMinor: number | null }> {
  const rank = ranks ? (await ranks.levelOf(owner)).withdrawal : null;
  return {
    maxMinor: Math.min(settings.maxMinor, rank?.singleMaxMinor ?? Number.MAX_SAFE_INTEGER),
    dailyCount: Math.min(settings.dailyCount, rank?.dailyCount ?? Number.MAX_SAFE_INTEGER),
    dailyMaxMinor: rank?.dailyMaxMinor ?? null,
  };
}

/** The identity check a withdrawal above the brand's threshold needs (KycService.requireVerifiedFor, decision 0043). */
export interface IdentityCheck {
  requireVerifiedFor(owner: { merchantId: number; memberId: number }, amountMinor: number): Promise<void>;
}

/**
 * The bonus wagering lock (BonusService, decision 0050), read in the withdrawal's transaction after its hold: the bonus
 * money of the member's active bonuses, which a withdrawal may not take, and their wagering still short.
 */
export interface BonusWageringLock {
  withdrawalLock(tx: Executor, memberId: number): Promise<{ lockedMinor: number; shortMinor: number }>;
}

function ownerOf(merchant: Merchant, member: AuthenticatedMember): WalletOwner {
  return { memberId: member.id, merchantId: merchant.id, currency: merchant.brand.currency };
}

/**
 * The member's withdrawals (decision 0041). A request passes the brand's rules (payment password, minimum,
 * maximum, daily count, turnover), then holds its amount in the ledger (member → the brand's withdrawal_hold
 * account) in the transaction that writes it; the member cannot take it back. Once paid, the member confirms:
 * received, partly received (the missing amount) or not received (with proof); not confirmed in time, the job
 * counts it received (autoReceive).
 */
export class WithdrawalService {
  private bonusLock: BonusWageringLock | null = null;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly paymentPasswords: PaymentPasswordCheck,
    private readonly clock: () => Date = () => new Date(),
    private readonly identity: IdentityCheck | null = null,
    private readonly ranks: RankLimitsSource | null = null,
  ) {}

  /** The bonuses' wagering lock (services.ts). */
  setBonusLock(lock: BonusWageringLock): void {
    this.bonusLock = lock;
  }

  async overview(merchant: Merchant, member: AuthenticatedMember, language: string): Promise<WithdrawalOverview> {
    const owner = ownerOf(merchant, member);
    const [settings, accounts, facts, balance] = await Promise.all([
      repository.findSettings(this.db, merchant.id),
      repository.findBankAccounts(this.db, merchant.id, member.id),
      repository.findMemberFacts(this.db, merchant.id, member.id),
      this.wallet.findBalance(this.db, owner),
    ]);
    const limits = await limitsOf(settings, this.ranks, { merchantId: merchant.id, memberId: member.id });
    const [usedToday, turnover] = await Promise.all([
      repository.countRequestsOnDay(this.db, member.id, merchant.brand.timeZone, this.clock()),
      repository.computeTurnover(this.db, member.id, settings.turnoverPercent, null),
    ]);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      balanceMinor: balance,
      rules: {
        minMinor: settings.minMinor,
        maxMinor: limits.maxMinor,
        dailyCount: limits.dailyCount,
        usedToday,
        paymentPasswordRequired: settings.paymentPasswordRequired,
        maxBankAccounts: settings.maxBankAccounts,
        confirmMinutes: settings.confirmMinutes,
      },
      turnover: {
        percent: settings.turnoverPercent,
        requiredMinor: turnover.requiredMinor,
        wageredMinor: turnover.requiredMinor - turnover.shortMinor,
        shortMinor: turnover.shortMinor,
      },
      banks: banksOf(settings.banks, merchant.brand.currency, language),
      bankAccounts: accounts.map(toBankAccount),
      payeeNameSet: Boolean(facts?.payeeName),
      paymentPasswordSet: facts?.paymentPasswordSet ?? false,
    };
  }

  /**
   * Asks for a withdrawal. A repeat of a `requestId` answers the first request and holds nothing more. The rules
   * are decided with the member's row locked, so parallel requests of one member count and hold one after another.
   */
  async request(
    merchant: Merchant,
    member: AuthenticatedMember,
    request: CreateWithdrawalRequest,
    ip: string,
  ): Promise<Withdrawal> {
    const previous = await repository.findRequestByKey(this.db, member.id, request.requestId);
    if (previous) return toWithdrawal(previous);
    const settings = await repository.findSettings(this.db, merchant.id);
    const limits = await limitsOf(settings, this.ranks, { merchantId: merchant.id, memberId: member.id });
    const exponent = merchant.brand.currencyExponent;
    if (request.amountMinor < settings.minMinor) {
      throw new AppError(
        'WITHDRAWAL_BELOW_MIN',
        { minMinor: settings.minMinor },
        { params: { min: formatAmount(settings.minMinor, exponent) } },
      );
    }
    if (request.amountMinor > limits.maxMinor) {
      throw new AppError(
        'WITHDRAWAL_ABOVE_MAX',
        { maxMinor: limits.maxMinor },
        { params: { max: formatAmount(limits.maxMinor, exponent) } },
      );
    }
    await this.identity?.requireVerifiedFor({ merchantId: merchant.id, memberId: member.id }, request.amountMinor);
    const account = await repository.findBankAccount(this.db, merchant.id, member.id, request.bankAccountId);
    if (!account) throw new AppError('WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND');
    if (settings.paymentPasswordRequired) {
      if (!request.paymentPassword) throw new AppError('WITHDRAWAL_PAYMENT_PASSWORD_REQUIRED');
      // Its own transaction (a wrong try is counted even though nothing else happens): before the one that holds.
      await this.paymentPasswords.verifyPaymentPassword(member, request.paymentPassword);
    }
    const owner = ownerOf(merchant, member);
    await this.wallet.prepareBrandAccount(merchant.id, owner.currency, 'withdrawal_hold');
    const now = this.clock();
    const id = await this.db.transaction(async (tx) => {
      if (!(await repository.lockMember(tx, merchant.id, member.id))) throw new AppError('NOT_LOGGED_IN');
      // Under the lock: a copy of this request that got here first has committed.
      const raced = await repository.findRequestByKey(tx, member.id, request.requestId);
      if (raced) return raced.id;
      const used = await repository.countRequestsOnDay(tx, member.id, merchant.brand.timeZone, now);
      if (used >= limits.dailyCount) {
        throw new AppError(
          'WITHDRAWAL_DAILY_COUNT',
          { dailyCount: limits.dailyCount },
          { params: { count: limits.dailyCount } },
        );
      }
      if (limits.dailyMaxMinor !== null) {
        const asked = await repository.sumRequestsOnDay(tx, member.id, merchant.brand.timeZone, now);
        if (asked + request.amountMinor > limits.dailyMaxMinor) {
          const remainingMinor = Math.max(0, limits.dailyMaxMinor - asked);
          throw new AppError(
            'WITHDRAWAL_DAILY_AMOUNT',
            { remainingMinor },
            { params: { remaining: formatAmount(remainingMinor, exponent) } },
          );
        }
      }
      const turnover = await repository.computeTurnover(tx, member.id, settings.turnoverPercent, null);
      if (turnover.shortMinor > 0) {
        throw new AppError(
          'WITHDRAWAL_TURNOVER_SHORT',
          { shortMinor: turnover.shortMinor, requiredMinor: turnover.requiredMinor },
          { params: { short: formatAmount(turnover.shortMinor, exponent) } },
        );
      }
      const id = await repository.insertRequest(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        bankAccountId: account.id,
        requestId: request.requestId,
        currency: owner.currency,
        amountMinor: request.amountMinor,
        ip,
        turnoverRequiredMinor: turnover.requiredMinor,
        turnoverWageredMinor: turnover.requiredMinor - turnover.shortMinor,
        now,
      });
      const held = await this.wallet.debit(tx, {
        ...owner,
        amountMinor: request.amountMinor,
        kind: 'withdrawal_hold',
        counterparty: 'withdrawal_hold',
        idempotencyKey: `withdrawal-hold:${id}`,
        reason: `withdrawal ${id}`,
      });
      if (!held) throw new AppError('WITHDRAWAL_INSUFFICIENT_BALANCE');
      // After the hold, which locked the balance: a bonus paid before it is seen here, and one paid after it was
      // not in the balance the hold took from (decision 0050). The bonus money stays until its wagering is met.
      const bonus = await this.bonusLock?.withdrawalLock(tx, member.id);
      if (bonus && bonus.lockedMinor > held.balanceAfterMinor) {
        const availableMinor = Math.max(0, held.balanceAfterMinor + request.amountMinor - bonus.lockedMinor);
        throw new AppError(
          'WITHDRAWAL_BONUS_WAGERING',
          { shortMinor: bonus.shortMinor, lockedMinor: bonus.lockedMinor, availableMinor },
          {
            params: {
              short: formatAmount(bonus.shortMinor, exponent),
              available: formatAmount(availableMinor, exponent),
            },
          },
        );
      }
      return id;
    });
    await this.wallet.announceTotal(owner);
    return toWithdrawal((await repository.findRequest(this.db, merchant.id, id, member.id))!);
  }

  async list(
    merchant: Merchant,
    member: AuthenticatedMember,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<WithdrawalPage> {
    const beforeId = page.cursor === undefined ? null : Number(page.cursor);
    if (beforeId !== null && (!Number.isSafeInteger(beforeId) || beforeId <= 0)) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const rows = await repository.findMemberRequests(this.db, merchant.id, member.id, {
      beforeId,
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit);
    return {
      items: items.map(toWithdrawal),
      nextCursor: rows.length > page.limit ? String(items.at(-1)!.id) : null,
    };
  }

  /**
   * Adds a proof image to a paid withdrawal (before its confirmation) or to its open case: a PNG or JPEG by its
   * bytes, encoded again, at most WITHDRAWAL_PROOF_LIMITS.maxFiles a withdrawal.
   */
  async uploadProof(
    merchant: Merchant,
    member: AuthenticatedMember,
    withdrawalId: number,
    upload: Buffer,
  ): Promise<{ proofCount: number }> {
    if (!(await repository.findRequest(this.db, merchant.id, withdrawalId, member.id))) {
      throw new AppError('WITHDRAWAL_NOT_FOUND');
    }
    const image = checkImage('withdrawalProof', upload);
    return this.db.transaction(async (tx) => {
      // Locks the row (the count below is then this upload's alone).
      const locked = await repository.moveRequest(
        tx,
        {
          merchantId: merchant.id,
          id: withdrawalId,
          memberId: member.id,
          from: ['paid', 'partly_received', 'not_received'],
        },
        sql`member_note = member_note`,
      );
      if (!locked) throw new AppError('WITHDRAWAL_WRONG_STATE');
      const row = (await repository.findRequest(tx, merchant.id, withdrawalId, member.id))!;
      if (row.status !== 'paid' && row.caseStatus !== 'open') throw new AppError('WITHDRAWAL_WRONG_STATE');
      const count = await repository.countProofs(tx, withdrawalId);
      if (count >= WITHDRAWAL_PROOF_LIMITS.maxFiles) {
        throw new AppError(
          'WITHDRAWAL_PROOF_LIMIT',
          { max: WITHDRAWAL_PROOF_LIMITS.maxFiles },
          { params: { max: WITHDRAWAL_PROOF_LIMITS.maxFiles } },
        );
      }
      await repository.insertProof(tx, withdrawalId, image);
      return { proofCount: count + 1 };
    });
  }

  /**
   * The member's word on a paid withdrawal: received; partly received, with the amount that did not arrive; not
   * received, with at least one proof uploaded. The last two open a case in the finance queue.
   */
  async confirm(
    merchant: Merchant,
    member: AuthenticatedMember,
    withdrawalId: number,
    request: ConfirmWithdrawalRequest,
  ): Promise<Withdrawal> {
    const row = await repository.findRequest(this.db, merchant.id, withdrawalId, member.id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'paid') throw new AppError('WITHDRAWAL_WRONG_STATE', { status: row.status });
    const now = this.clock().toISOString();
    const note = request.note ?? null;
    let set;
    if (request.outcome === 'received') {
      set = sql`status = 'confirmed_received', confirmed_at = ${now}::timestamptz, member_note = ${note}`;
    } else if (request.outcome === 'partlyReceived') {
      const missing = request.missingMinor;
      if (missing === undefined || missing >= row.amountMinor) throw new AppError('WITHDRAWAL_MISSING_AMOUNT');
      set = sql`status = 'partly_received', confirmed_at = ${now}::timestamptz, missing_minor = ${missing},
                member_note = ${note}, case_status = 'open'`;
    } else {
      if (row.proofIds.length === 0) throw new AppError('WITHDRAWAL_PROOF_REQUIRED');
      set = sql`status = 'not_received', confirmed_at = ${now}::timestamptz, member_note = ${note},
                case_status = 'open'`;
    }
    const moved = await this.db.transaction((tx) =>
      repository.moveRequest(
        tx,
        { merchantId: merchant.id, id: withdrawalId, memberId: member.id, from: ['paid'] },
        set,
      ),
    );
    if (!moved) await this.refuse(merchant, member, withdrawalId);
    return toWithdrawal((await repository.findRequest(this.db, merchant.id, withdrawalId, member.id))!);
  }

  /**
   * Paid withdrawals whose confirmation time ran out count as received (auto_received: no case, no refund). Safe on
   * several instances: each batch's rows are locked and skipped by the others. Answers how many it turned.
   */
  async autoReceive(now: Date = this.clock(), batch = AUTO_RECEIPT_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const turned = await this.db.transaction(async (tx) =>
        repository.markAutoReceived(tx, await repository.claimDueReceipts(tx, now, batch), now),
      );
      total += turned;
      if (turned < batch) return total;
    }
  }

  private async refuse(merchant: Merchant, member: AuthenticatedMember, withdrawalId: number): Promise<never> {
    const row = await repository.findRequest(this.db, merchant.id, withdrawalId, member.id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    throw new AppError('WITHDRAWAL_WRONG_STATE', { status: row.status });
  }
}
