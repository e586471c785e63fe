import {
  DEFAULT_UPLINE_TRANSFER_LIMITS,
  type TransferUplineRequest,
  type UplineOverview,
  type UplineTransfer,
  type UplineTransferLimits,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { PaymentPasswordService } from '../security/index';
import { isIdempotencyKeyTaken, type WalletService } from '../wallet/index';
import * as repository from './upline-transfer.repository';
import { formatAmount } from '../../lib/amount-format';

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

/**
 * The transfer to the upline agent (docs/decisions/0043-upline-transfers-and-kyc.md): a member sends money from the
 * main wallet to the upline's (members.upline_id, an agent of the same brand), with the payment password, within the
 * brand's limits (one transfer's least and most, a daily total in the brand's time zone). One 'upline_transfer'
 * movement (sender -X, upline +X) and its upline_transfers row in one transaction, idempotent by the client's
 * requestId; a refusal writes nothing (the payment password's own count of wrong tries aside).
 */
export class UplineTransferService {
  private bonusLock: BonusWageringLock | null = null;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly paymentPassword: PaymentPasswordService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The bonuses' wagering lock (services.ts): bonus money does not leave through a transfer either. */
  setBonusLock(lock: BonusWageringLock): void {
    this.bonusLock = lock;
  }

  async getLimits(merchantId: number, executor: Executor = this.db): Promise<UplineTransferLimits> {
    return (await repository.findLimits(executor, merchantId)) ?? { ...DEFAULT_UPLINE_TRANSFER_LIMITS };
  }

  /** Saves the brand's limits in the caller's transaction (the back office's settings, audited there). */
  async saveLimits(executor: Executor, merchantId: number, limits: UplineTransferLimits): Promise<void> {
    await repository.saveLimits(executor, merchantId, checkLimits(limits));
  }

  async getOverview(merchant: Merchant, sender: TransferSender): Promise<UplineOverview> {
    const found = await repository.findSender(this.db, merchant.id, sender.id);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const upline = found.upline && found.upline.merchantId === merchant.id ? found.upline : null;
    const since = await repository.startOfDay(this.db, this.now(), merchant.brand.timeZone);
    const owner = { memberId: sender.id, merchantId: merchant.id, currency: merchant.brand.currency };
    const [limits, sentTodayMinor, balanceMinor] = await Promise.all([
      this.getLimits(merchant.id),
      repository.sumSentSince(this.db, sender.id, since),
      this.wallet.findBalance(this.db, owner),
    ]);
    return {
      upline: upline && { account: upline.account, nickname: upline.nickname },
      limits,
      sentTodayMinor,
      balanceMinor,
      currency: merchant.brand.currency,
    };
  }

  async transfer(merchant: Merchant, sender: TransferSender, request: TransferUplineRequest): Promise<UplineTransfer> {
    const found = await repository.findSender(this.db, merchant.id, sender.id);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const upline = found.upline;
    // An upline of another brand (data an operator moved) is no upline here: money never crosses brands.
    if (!upline || upline.merchantId !== merchant.id) throw new AppError('TRANSFER_NO_UPLINE');
    if (upline.status !== 'active') throw new AppError('TRANSFER_UPLINE_UNAVAILABLE');
    const limits = await this.getLimits(merchant.id);
    const amountMinor = request.amountMinor;
    if (amountMinor < limits.minMinor) throw new AppError('TRANSFER_BELOW_MIN', { minMinor: limits.minMinor });
    if (amountMinor > limits.maxMinor) throw new AppError('TRANSFER_ABOVE_MAX', { maxMinor: limits.maxMinor });

    // Before the transaction that spends: the count of wrong tries commits on its own (payment-password.service.ts).
    await this.paymentPassword.verifyPaymentPassword(sender, request.paymentPassword);

    const currency = merchant.brand.currency;
    const owner = { memberId: sender.id, merchantId: merchant.id, currency };
    const uplineOwner = { memberId: upline.id, merchantId: merchant.id, currency };
    const answerRepeat = async (executor: Executor, previous: repository.TransferRow): Promise<UplineTransfer> => {
      if (previous.amountMinor !== amountMinor || previous.toMemberId !== upline.id) {
        throw new AppError('TRANSFER_REQUEST_CONFLICT');
      }
      return {
        transferNo: String(previous.movementId),
        amountMinor,
        currency: previous.currency,
        uplineAccount: upline.account,
        balanceMinor: await this.wallet.findBalance(executor, owner),
        at: previous.createdAt,
        repeated: true,
      };
    };

    let result: UplineTransfer;
    try {
      result = await this.db.transaction(async (tx) => {
        await repository.lockSender(tx, sender.id);
        const previous = await repository.findByRequest(tx, sender.id, request.requestId);
        if (previous) return answerRepeat(tx, previous);
        const since = await repository.startOfDay(tx, this.now(), merchant.brand.timeZone);
        const sent = await repository.sumSentSince(tx, sender.id, since);
        if (sent + amountMinor > limits.dailyMaxMinor) {
          throw new AppError('TRANSFER_DAILY_LIMIT', { leftMinor: Math.max(0, limits.dailyMaxMinor - sent) });
        }
        const posted = await this.wallet.transferBetweenMembers(tx, {
          merchantId: merchant.id,
          currency,
          fromMemberId: sender.id,
          toMemberId: upline.id,
          amountMinor,
          kind: 'upline_transfer',
          idempotencyKey: `upline_transfer:${merchant.id}:${sender.id}:${request.requestId}`,
          reason: `${found.account} > ${upline.account}`,
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
          toMemberId: upline.id,
          movementId: posted.movementId,
          currency,
          amountMinor,
          requestId: request.requestId,
        });
        return {
          transferNo: String(posted.movementId),
          amountMinor,
          currency,
          uplineAccount: upline.account,
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
      await Promise.all([this.wallet.announceTotal(owner), this.wallet.announceTotal(uplineOwner)]);
    }
    return result;
  }
}
