import type { BoReferralSettings, BoSaveReferralRulesRequest, ReferralRewardTerms } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AbuseFlagRow, AbuseService } from '../abuse/index';
import type { Actor, AuditService } from '../audit/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import * as repository from './referral-rewards.repository';

/** The referral rewards' checkpoint in the settlement feed. */
export const REFERRALS_CONSUMER = 'referrals';

/** A brand as the referral rewards need it. */
export interface ReferralBrand {
  id: number;
  brand: { currency: string; currencyExponent: number };
}

/** The wallet key of the inviter's reward for an invited member: its movement's, once. */
export function rewardKey(invitedMemberId: number): string {
  return `referral:${invitedMemberId}`;
}

/** The wallet key of the invited member's own reward, when the brand gives one. */
export function invitedRewardKey(invitedMemberId: number): string {
  return `referral:${invitedMemberId}:invited`;
}

/** What settling an invited member came to. */
export type SettleOutcome = 'paid' | 'held' | 'counting' | 'settled';

/**
 * The feed's `referrals` consumer (decision 0057): each batch's credited deposits and settled rounds of invited
 * members into their progress, set-based, then the members it brought to the brand's rules settled, all in the batch's
 * transaction, which moves the checkpoint too: counted once, paid once, across instances and restarts.
 */
export class ReferralFeedConsumer implements FeedConsumer {
  readonly name = REFERRALS_CONSUMER;

  constructor(private readonly rewards: ReferralRewardService) {}

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    if (!batch.events.some((event) => event.kind === 'round' || event.kind === 'deposit')) return;
    for (const invitedMemberId of await repository.countBatch(tx, batch.after, batch.last)) {
      await this.rewards.settle(tx, invitedMemberId);
    }
  }
}

/**
 * Referral rewards (decision 0057): an invited member qualifies once its credited deposits and valid bets since it
 * registered reach the brand's amounts; the inviter is then paid the brand's reward (wallet kind `referral`, key
 * referral:<invitedMemberId>) and the invited member its own when the brand gives one, with the row's state change in
 * one transaction. A pair sharing an IP, bank account or phone (AbuseService) is held as a flag instead, paid only if
 * an operator releases it. The back office's rules, audited.
 */
export class ReferralRewardService {
  readonly feedConsumer = new ReferralFeedConsumer(this);

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly abuse: AbuseService,
  ) {
    abuse.handle('referral', {
      release: (tx, flag) => this.releaseHeld(tx, flag),
      reject: (tx, flag) => repository.markSettled(tx, flag.payout['invitedMemberId']!, { status: 'rejected' }),
    });
  }

  /** Applies what settled since the referral rewards' checkpoint (its feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /**
   * Settles an invited member in the caller's transaction: its row locked, and if it still counts and reaches the
   * brand's rules (on), the rewards paid or, when the pair shares evidence, held as a flag. Parallel calls wait on the
   * row and find it settled; the wallet's unique key stands behind that.
   */
  async settle(tx: Executor, invitedMemberId: number): Promise<SettleOutcome> {
    const row = await repository.lockProgress(tx, invitedMemberId);
    if (!row) return 'counting';
    if (row.status !== 'counting') return 'settled';
    const rules = await repository.findRules(tx, row.merchantId);
    if (!rules.enabled || row.depositMinor < rules.minDepositMinor || row.turnoverMinor < rules.minTurnoverMinor) {
      return 'counting';
    }
    const amounts = { rewardMinor: rules.inviterRewardMinor, invitedRewardMinor: rules.invitedRewardMinor };
    const evidence = await this.abuse.shared(tx, row.merchantId, row.inviterId, { memberId: invitedMemberId });
    if (evidence.length > 0) {
      await this.abuse.hold(tx, {
        merchantId: row.merchantId,
        kind: 'referral',
        memberId: row.inviterId,
        evidence,
        payoutKey: rewardKey(invitedMemberId),
        payout: { invitedMemberId, ...amounts },
        currency: row.currency,
        amountMinor: amounts.rewardMinor,
      });
      await repository.markSettled(tx, invitedMemberId, { status: 'held', ...amounts });
      return 'held';
    }
    await this.pay(tx, row, amounts);
    return 'paid';
  }

  /** Settles one invited member in a transaction of its own (the seed's and the tests' way in). */
  async qualify(invitedMemberId: number): Promise<SettleOutcome> {
    return this.db.transaction((tx) => this.settle(tx, invitedMemberId));
  }

  /** An operator released the flag (AbuseService, in its transaction): the held rewards are paid now, once. */
  private async releaseHeld(tx: Executor, flag: AbuseFlagRow): Promise<void> {
    const invitedMemberId = flag.payout['invitedMemberId']!;
    const row = await repository.lockProgress(tx, invitedMemberId);
    if (!row || row.status !== 'held') throw new Error(`referral of member ${invitedMemberId} is not held`);
    await this.pay(tx, row, {
      rewardMinor: flag.payout['rewardMinor'] ?? flag.amountMinor,
      invitedRewardMinor: flag.payout['invitedRewardMinor'] ?? 0,
    });
  }

  private async pay(
    tx: Executor,
    row: repository.ProgressRow,
    amounts: { rewardMinor: number; invitedRewardMinor: number },
  ): Promise<void> {
    const posted = await this.wallet.credit(tx, {
      merchantId: row.merchantId,
      memberId: row.inviterId,
      currency: row.currency,
      amountMinor: amounts.rewardMinor,
      kind: 'referral',
      idempotencyKey: rewardKey(row.invitedMemberId),
      reason: `Referral reward for member ${row.invitedMemberId}`,
    });
    const invited =
      amounts.invitedRewardMinor > 0
        ? await this.wallet.credit(tx, {
            merchantId: row.merchantId,
            memberId: row.invitedMemberId,
            currency: row.currency,
            amountMinor: amounts.invitedRewardMinor,
            kind: 'referral',
            idempotencyKey: invitedRewardKey(row.invitedMemberId),
            reason: 'Referral welcome reward',
          })
        : undefined;
    await repository.markSettled(tx, row.invitedMemberId, {
      status: 'paid',
      ...amounts,
      movementId: posted.movementId,
      invitedMovementId: invited?.movementId ?? null,
    });
  }

  /** The brand's terms and what the inviter earned (the member's referral page). */
  async terms(merchant: ReferralBrand, inviterId: number): Promise<ReferralRewardTerms> {
    const [rules, earnedMinor] = await Promise.all([
      repository.findRules(this.db, merchant.id),
      repository.sumEarned(this.db, inviterId),
    ]);
    return {
      enabled: rules.enabled,
      minDepositMinor: rules.minDepositMinor,
      minTurnoverMinor: rules.minTurnoverMinor,
      inviterRewardMinor: rules.inviterRewardMinor,
      invitedRewardMinor: rules.invitedRewardMinor,
      earnedMinor,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** The invited members' rows by id (the inviter's list). */
  async progressOf(invitedMemberIds: readonly number[]): Promise<Map<number, repository.ProgressRow>> {
    const rows = await repository.findProgress(this.db, invitedMemberIds);
    return new Map(rows.map((row) => [row.invitedMemberId, row]));
  }

  /** The back office's referral settings: the rules and the brand's figures. */
  async settings(merchant: ReferralBrand): Promise<BoReferralSettings> {
    const [rules, stats] = await Promise.all([
      repository.findRules(this.db, merchant.id),
      repository.findStats(this.db, merchant.id),
    ]);
    return {
      ...rules,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      stats,
    };
  }

  /** Saves the rules opened at `version` (audited in its transaction); rewards paid or held stay as they are. */
  async saveSettings(
    actor: Actor,
    merchant: ReferralBrand,
    request: BoSaveReferralRulesRequest,
  ): Promise<BoReferralSettings> {
    const { version, ...rules } = request;
    if (rules.enabled && (rules.inviterRewardMinor <= 0 || rules.minDepositMinor + rules.minTurnoverMinor <= 0)) {
      throw new AppError('REFERRAL_RULES_INVALID');
    }
    await this.db.transaction(async (tx) => {
      const before = await repository.findRules(tx, merchant.id);
      if (!(await repository.saveRules(tx, merchant.id, version, rules))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'referrals.rules',
        targetType: 'referral_rules',
        targetId: merchant.id,
        before,
        after: rules,
      });
    });
    return this.settings(merchant);
  }
}
