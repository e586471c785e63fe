import type {
  AbuseEvidence,
  AbuseFlagKind,
  BoAbuseFlag,
  BoAbuseFlagListQuery,
  BoAbuseFlagPage,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { WalletService } from '../wallet/index';
import * as repository from './abuse.repository';

export type { AbuseFlagRow, MatchScope } from './abuse.repository';

/** What a held payout's module does when an operator decides its flag, in the decision's transaction. */
export interface HeldPayout {
  /** Pays the held payout by its key (flag.payoutKey), once. */
  release(tx: Executor, flag: repository.AbuseFlagRow): Promise<void>;
  /** Records that the payout will never be paid. */
  reject(tx: Executor, flag: repository.AbuseFlagRow): Promise<void>;
}

/** A brand as the queue needs it. */
export interface AbuseBrand {
  id: number;
  brand: { currencyExponent: number };
}

/**
 * Abuse checks before a payout (decision 0057): which members of the brand share a member's sign-in or registration IP
 * or device, bank account or phone. A module whose payout matches holds it as a flag for the operator, who releases it (the
 * payout's module pays it then, once, by its key) or rejects it, audited, in one transaction with the flag's decision.
 */
export class AbuseService {
  private readonly payouts = new Map<AbuseFlagKind, HeldPayout>();

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
  ) {}

  /** The module that pays and refuses the held payouts of a kind (services.ts wires each). */
  handle(kind: AbuseFlagKind, payout: HeldPayout): void {
    this.payouts.set(kind, payout);
  }

  /** What the member shares with the brand's members in `scope`; none: the payout may go ahead. */
  shared(
    executor: Executor,
    merchantId: number,
    memberId: number,
    scope: repository.MatchScope,
  ): Promise<AbuseEvidence[]> {
    return repository.findShared(executor, merchantId, memberId, scope);
  }

  /** Holds a payout for the operator, in the caller's transaction; false when the payout was held before. */
  async hold(tx: Executor, flag: repository.NewFlag): Promise<boolean> {
    return (await repository.insertFlag(tx, flag)) !== undefined;
  }

  /**
   * The sign-up bonus's check (BonusService, in the registration's transaction): a new member sharing an IP, device,
   * bank account or phone with a member paid the same sign-up bonus is not paid; its bonus is held. True when held.
   */
  async holdSignup(
    tx: Executor,
    input: { merchantId: number; memberId: number; currency: string; promotionId: number; amountMinor: number },
  ): Promise<boolean> {
    const evidence = await this.shared(tx, input.merchantId, input.memberId, {
      signupPromotionId: input.promotionId,
    });
    if (evidence.length === 0) return false;
    await this.hold(tx, {
      merchantId: input.merchantId,
      kind: 'signup_bonus',
      memberId: input.memberId,
      evidence,
      payoutKey: `bonus:${input.promotionId}:${input.memberId}`,
      payout: { promotionId: input.promotionId, amountMinor: input.amountMinor },
      currency: input.currency,
      amountMinor: input.amountMinor,
    });
    return true;
  }

  /** The brand's flags of a status, newest first (keyset by id). */
  async list(merchant: AbuseBrand, query: BoAbuseFlagListQuery): Promise<BoAbuseFlagPage> {
    const rows = await repository.findFlags(this.db, merchant.id, {
      status: query.status,
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(toBoFlag),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** Pays the flag's held payout, once, and marks it released (audited); ABUSE_FLAG_DECIDED when decided before. */
  release(actor: Actor, merchant: AbuseBrand, flagId: number, reason: string): Promise<BoAbuseFlag> {
    return this.decide(actor, merchant, flagId, reason, 'released');
  }

  /** Marks the flag rejected (audited): its payout is never paid. */
  reject(actor: Actor, merchant: AbuseBrand, flagId: number, reason: string): Promise<BoAbuseFlag> {
    return this.decide(actor, merchant, flagId, reason, 'rejected');
  }

  private async decide(
    actor: Actor,
    merchant: AbuseBrand,
    flagId: number,
    reason: string,
    status: 'released' | 'rejected',
  ): Promise<BoAbuseFlag> {
    const flag = await this.db.transaction(async (tx) => {
      // Parallel decisions wait on the row; the first commits, the others find it decided.
      const flag = await repository.findFlag(tx, merchant.id, flagId, true);
      if (!flag) throw new AppError('ABUSE_FLAG_NOT_FOUND');
      if (flag.status !== 'open') throw new AppError('ABUSE_FLAG_DECIDED', { status: flag.status });
      const payout = this.payouts.get(flag.kind);
      if (!payout) throw new Error(`no module pays the held payouts of kind ${flag.kind}`);
      await (status === 'released' ? payout.release(tx, flag) : payout.reject(tx, flag));
      await repository.decideFlag(tx, flag.id, { status, reason, decidedBy: actorText(actor) });
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: status === 'released' ? 'abuse.release' : 'abuse.reject',
        targetType: 'abuse_flag',
        targetId: flag.id,
        before: { status: flag.status, payoutKey: flag.payoutKey, amountMinor: flag.amountMinor },
        after: { status, reason },
      });
      return flag;
    });
    if (status === 'released') {
      await this.wallet.announceTotal({
        merchantId: flag.merchantId,
        memberId: flag.memberId,
        currency: flag.currency,
      });
    }
    return toBoFlag((await repository.findFlag(this.db, merchant.id, flagId))!);
  }
}

function toBoFlag(row: repository.AbuseFlagRow): BoAbuseFlag {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.memberId,
    account: row.account,
    matchedMemberIds: row.matchedMemberIds,
    evidence: row.evidence,
    payoutKey: row.payoutKey,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

/** A page's cursor: the last id of the page before. */
function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
