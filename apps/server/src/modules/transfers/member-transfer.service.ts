import { DEFAULT_UPLINE_TRANSFER_LIMITS, type UplineTransferLimits } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { formatAmount } from '../../lib/amount-format';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { PaymentPasswordService } from '../security/index';
import { isIdempotencyKeyTaken, type WalletService } from '../wallet/index';
import * as repository from './member-transfer.repository';
import type { TransferDirection } from './member-transfer.repository';

/**
 * The bonus wagering lock (BonusService, decision 0050), read in the transfer's transaction after the debit locked the
 * sender's balance: the bonus money of the member's active bonuses, which may not leave, and their wagering short.
 */
export interface BonusWageringLock {
  withdrawalLock(tx: Executor, memberId: number): Promise<{ lockedMinor: number; shortMinor: number }>;
}

/** The member sending: always the session's, never an ID the client sends. */
export interface TransferSender {
  id: number;
  merchantId: number;
}

/** The brand's limits, checked: least ≤ most ≤ daily total. */
export function checkLimits(limits: UplineTransferLimits): UplineTransferLimits {
  if (limits.minMinor > limits.maxMinor || limits.maxMinor > limits.dailyMaxMinor) {
    throw new AppError('TRANSFER_LIMITS_INVALID');
  }
  return limits;
}

/** A transfer as it was sent, or answered again for a repeated requestId. */
export interface SentTransfer {
  transferNo: string;
  amountMinor: number;
  currency: string;
  recipientAccount: string;
  balanceMinor: number;
  at: string;
  repeated: boolean;
}

/** Who sends to whom, both of the brand, found and checked by the direction's service. */
export interface TransferParties {
  merchant: Merchant;
  sender: { id: number; account: string };
  recipient: { id: number; account: string };
  direction: TransferDirection;
}

const KINDS = { upline: 'upline_transfer', downline: 'downline_transfer' } as const;

/**
 * Money between a member and its upline or downline (decisions 0043, 0062): the brand's limits (one transfer's least and
 * most, a daily total per direction in the brand's time zone), the payment password, then one transaction: the sender's
 * member row locked, a repeat of its requestId answered, the daily total, one movement of the direction's kind (sender
 * -X, recipient +X), the bonus lock, and the member_transfers row. Idempotent by the client's requestId; a refusal
 * writes nothing (the payment password's own count of wrong tries aside). Each direction's service finds its recipient.
 */
export abstract class MemberTransfers {
  private bonusLock: BonusWageringLock | null = null;

  constructor(
    protected readonly db: Database,
    protected readonly wallet: WalletService,
    private readonly paymentPassword: PaymentPasswordService,
    protected readonly now: () => Date = () => new Date(),
  ) {}

  /** The bonuses' wagering lock (services.ts): bonus money does not leave through a transfer either. */
  setBonusLock(lock: BonusWageringLock): void {
    this.bonusLock = lock;
  }

  async getLimits(merchantId: number, executor: Executor = this.db): Promise<UplineTransferLimits> {
    const found = await repository.findLimits(executor, merchantId);
    return found
      ? { minMinor: found.minMinor, maxMinor: found.maxMinor, dailyMaxMinor: found.dailyMaxMinor }
      : { ...DEFAULT_UPLINE_TRANSFER_LIMITS };
  }

  /** The brand's downline-transfer scope: 'any' (the whole downline) unless it set 'direct'. */
  getDownlineScope(merchantId: number, executor: Executor = this.db): Promise<repository.DownlineScope> {
    return repository.findDownlineScope(executor, merchantId);
  }

  /**
   * Saves the brand's limits (and its downline scope, when given) in the caller's transaction (the back office's
   * settings, audited there).
   */
  async saveLimits(
    executor: Executor,
    merchantId: number,
    limits: UplineTransferLimits,
    downlineScope?: repository.DownlineScope,
  ): Promise<void> {
    await repository.saveLimits(executor, merchantId, { ...checkLimits(limits), downlineScope });
  }

  /** What the member sent in this direction since the start of the brand's today. */
  protected async sentToday(merchant: Merchant, memberId: number, direction: TransferDirection): Promise<number> {
    const since = await repository.startOfDay(this.db, this.now(), merchant.brand.timeZone);
    return repository.sumSentSince(this.db, memberId, since, direction);
  }

  protected async send(
    { merchant, sender, recipient, direction }: TransferParties,
    request: { amountMinor: number; paymentPassword: string; requestId: string },
  ): Promise<SentTransfer> {
    const limits = await this.getLimits(merchant.id);
    const amountMinor = request.amountMinor;
    if (amountMinor < limits.minMinor) throw new AppError('TRANSFER_BELOW_MIN', { minMinor: limits.minMinor });
    if (amountMinor > limits.maxMinor) throw new AppError('TRANSFER_ABOVE_MAX', { maxMinor: limits.maxMinor });

    // Before the transaction that spends: the count of wrong tries commits on its own (payment-password.service.ts).
    await this.paymentPassword.verifyPaymentPassword(
      { id: sender.id, merchantId: merchant.id },
      request.paymentPassword,
    );

    const currency = merchant.brand.currency;
    const owner = { memberId: sender.id, merchantId: merchant.id, currency };
    const recipientOwner = { memberId: recipient.id, merchantId: merchant.id, currency };
    const answerRepeat = async (executor: Executor, previous: repository.TransferRow): Promise<SentTransfer> => {
      if (previous.amountMinor !== amountMinor || previous.toMemberId !== recipient.id) {
        throw new AppError('TRANSFER_REQUEST_CONFLICT');
      }
      return {
        transferNo: String(previous.movementId),
        amountMinor,
        currency: previous.currency,
        recipientAccount: recipient.account,
        balanceMinor: await this.wallet.findBalance(executor, owner),
        at: previous.createdAt,
        repeated: true,
      };
    };

    let result: SentTransfer;
    try {
      result = await this.db.transaction(async (tx) => {
        await repository.lockSender(tx, sender.id);
        const previous = await repository.findByRequest(tx, sender.id, request.requestId);
        if (previous) return answerRepeat(tx, previous);
        const since = await repository.startOfDay(tx, this.now(), merchant.brand.timeZone);
        const sent = await repository.sumSentSince(tx, sender.id, since, direction);
        if (sent + amountMinor > limits.dailyMaxMinor) {
          throw new AppError('TRANSFER_DAILY_LIMIT', { leftMinor: Math.max(0, limits.dailyMaxMinor - sent) });
        }
        const kind = KINDS[direction];
        const posted = await this.wallet.transferBetweenMembers(tx, {
          merchantId: merchant.id,
          currency,
          fromMemberId: sender.id,
          toMemberId: recipient.id,
          amountMinor,
          kind,
          idempotencyKey: `${kind}:${merchant.id}:${sender.id}:${request.requestId}`,
          reason: `${sender.account} > ${recipient.account}`,
        });
        if (!posted) throw new AppError('TRANSFER_INSUFFICIENT_BALANCE');
        const bonus = await this.bonusLock?.withdrawalLock(tx, sender.id);
        if (bonus && bonus.lockedMinor > posted.fromBalanceMinor) {
          const availableMinor = Math.max(0, posted.fromBalanceMinor + amountMinor - bonus.lockedMinor);
          throw new AppError(
            'TRANSFER_BONUS_WAGERING',
            { shortMinor: bonus.shortMinor, lockedMinor: bonus.lockedMinor, availableMinor },
            {
              params: {
                short: formatAmount(bonus.shortMinor, merchant.brand.currencyExponent),
                available: formatAmount(availableMinor, merchant.brand.currencyExponent),
              },
            },
          );
        }
        const at = await repository.insertTransfer(tx, {
          merchantId: merchant.id,
          fromMemberId: sender.id,
          toMemberId: recipient.id,
          movementId: posted.movementId,
          currency,
          amountMinor,
          requestId: request.requestId,
          direction,
        });
        return {
          transferNo: String(posted.movementId),
          amountMinor,
          currency,
          recipientAccount: recipient.account,
          balanceMinor: posted.fromBalanceMinor,
          at,
          repeated: false,
        };
      });
    } catch (error) {
      // A copy of this request committed between our lock and insert (only where the lock did not hold it back):
      // ours rolled back and moved nothing, so it answers as a repeat of the one that won.
      if (!repository.isRequestTaken(error) && !isIdempotencyKeyTaken(error)) throw error;
      const winner = await repository.findByRequest(this.db, sender.id, request.requestId);
      if (!winner) throw error;
      result = await answerRepeat(this.db, winner);
    }
    if (!result.repeated) {
      await Promise.all([this.wallet.announceTotal(owner), this.wallet.announceTotal(recipientOwner)]);
    }
    return result;
  }
}
