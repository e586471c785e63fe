import {
  KYC_DOCUMENT_LIMITS,
  type CashierSettings,
  type KycRejectRequest,
  type KycReview,
  type KycReviewItem,
  type KycReviewsQuery,
  type KycState,
  type Page,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { UplineTransferService } from '../transfers/index';
import { checkKycDocument } from './document-check';
import * as repository from './kyc.repository';

/** A member of a brand: always the session's, or the member an operator opened on the operator's brand. */
export interface KycOwner {
  merchantId: number;
  memberId: number;
}

const OFF = { enabled: false, withdrawalThresholdMinor: null, version: 0 } as const;

function parseCursor(cursor: string | undefined): { at: string; memberId: number } | null {
  if (cursor === undefined) return null;
  const [at, id] = cursor.split('.');
  const time = Number.parseInt(at ?? '', 36);
  const memberId = Number.parseInt(id ?? '', 36);
  if (!Number.isSafeInteger(time) || !Number.isSafeInteger(memberId)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return { at: new Date(time).toISOString(), memberId };
}

/**
 * Identity checks as a brand setting (docs/decisions/0043-upline-transfers-and-kyc.md): the member uploads
 * documents checked by content (at most 3 a review round), the check is pending until an operator with kyc.review
 * approves or rejects it with a reason (audited, in the change's transaction), and `requireVerifiedFor` refuses a
 * withdrawal above the brand's threshold of a member not verified. The back office's settings page also holds the
 * brand's upline-transfer limits, saved with the KYC setting in one audited transaction.
 */
export class KycService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly uplineTransfers: UplineTransferService,
  ) {}

  async getState(owner: KycOwner): Promise<KycState> {
    const settings = (await repository.findSettings(this.db, owner.merchantId)) ?? OFF;
    const check = await repository.findCheck(this.db, owner.merchantId, owner.memberId);
    return {
      enabled: settings.enabled,
      status: check?.status ?? 'none',
      reason: check?.reason ?? null,
      documents: check ? await repository.findDocuments(this.db, owner.memberId, check.round) : [],
      submittedAt: check?.submittedAt ?? null,
      reviewedAt: check?.reviewedAt ?? null,
      withdrawalThresholdMinor: settings.enabled ? settings.withdrawalThresholdMinor : null,
    };
  }

  /**
   * One document of the current round. The first of a round makes the check pending (a rejected one starts its next
   * round); a verified member sends nothing more; a round holds at most KYC_DOCUMENT_LIMITS.maxDocuments.
   */
  async uploadDocument(owner: KycOwner, bytes: Buffer): Promise<KycState> {
    const settings = (await repository.findSettings(this.db, owner.merchantId)) ?? OFF;
    if (!settings.enabled) throw new AppError('KYC_NOT_ENABLED');
    const document = checkKycDocument(bytes);
    await this.db.transaction(async (tx) => {
      await repository.insertPendingCheck(tx, owner.merchantId, owner.memberId);
      let check = await repository.findCheck(tx, owner.merchantId, owner.memberId, { lock: true });
      if (!check) throw new Error('kyc check missing after insert');
      if (check.status === 'verified') throw new AppError('KYC_ALREADY_VERIFIED');
      if (check.status === 'rejected') {
        await repository.reopenCheck(tx, owner.memberId);
        check = { ...check, round: check.round + 1 };
      }
      const held = await repository.findDocuments(tx, owner.memberId, check.round);
      if (held.length >= KYC_DOCUMENT_LIMITS.maxDocuments) {
        throw new AppError('KYC_TOO_MANY_DOCUMENTS', undefined, { params: { max: KYC_DOCUMENT_LIMITS.maxDocuments } });
      }
      await repository.insertDocument(tx, {
        merchantId: owner.merchantId,
        memberId: owner.memberId,
        round: check.round,
        contentType: document.contentType,
        bytes: document.bytes,
      });
    });
    return this.getState(owner);
  }

  /**
   * The seam for withdrawals: throws KYC_VERIFICATION_REQUIRED when the brand checks identities, has a threshold,
   * the amount is above it and the member is not verified. Call it before holding a withdrawal's amount.
   */
  async requireVerifiedFor(owner: KycOwner, amountMinor: number): Promise<void> {
    const settings = await repository.findSettings(this.db, owner.merchantId);
    if (!settings?.enabled || settings.withdrawalThresholdMinor === null) return;
    if (amountMinor <= settings.withdrawalThresholdMinor) return;
    const check = await repository.findCheck(this.db, owner.merchantId, owner.memberId);
    if (check?.status === 'verified') return;
    throw new AppError('KYC_VERIFICATION_REQUIRED', { thresholdMinor: settings.withdrawalThresholdMinor });
  }

  async listReviews(merchantId: number, query: KycReviewsQuery): Promise<Page<KycReviewItem>> {
    const rows = await repository.findQueue(this.db, merchantId, {
      status: query.status,
      after: parseCursor(query.cursor),
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        rows.length > query.limit && last
          ? `${Date.parse(last.submittedAt).toString(36)}.${last.memberId.toString(36)}`
          : null,
    };
  }

  async getReview(owner: KycOwner): Promise<KycReview> {
    const [member, check] = await Promise.all([
      repository.findMember(this.db, owner.merchantId, owner.memberId),
      repository.findCheck(this.db, owner.merchantId, owner.memberId),
    ]);
    if (!member || !check) throw new AppError('KYC_NOT_FOUND');
    const documentList = await repository.findDocuments(this.db, owner.memberId, check.round);
    return {
      memberId: owner.memberId,
      account: member.account,
      status: check.status,
      documents: documentList.length,
      submittedAt: check.submittedAt,
      reviewedAt: check.reviewedAt,
      reason: check.reason,
      fullname: member.payeeName,
      documentList,
      version: check.version,
    };
  }

  async getDocument(merchantId: number, documentId: number) {
    const document = await repository.findDocumentBytes(this.db, merchantId, documentId);
    if (!document) throw new AppError('KYC_NOT_FOUND');
    return document;
  }

  async approve(actor: Actor, owner: KycOwner, version: number): Promise<KycReview> {
    return this.decide(actor, owner, { status: 'verified', reason: null, version });
  }

  async reject(actor: Actor, owner: KycOwner, request: KycRejectRequest): Promise<KycReview> {
    return this.decide(actor, owner, { status: 'rejected', reason: request.reason, version: request.version });
  }

  async getSettings(merchantId: number): Promise<CashierSettings> {
    const settings = (await repository.findSettings(this.db, merchantId)) ?? OFF;
    return {
      kycEnabled: settings.enabled,
      kycWithdrawalThresholdMinor: settings.withdrawalThresholdMinor,
      uplineTransfer: await this.uplineTransfers.getLimits(merchantId),
      downlineTransferScope: await this.uplineTransfers.getDownlineScope(merchantId),
      version: settings.version,
    };
  }

  /** The KYC setting, the transfer limits and the downline scope, in one transaction with the audit row. */
  async saveSettings(actor: Actor, merchantId: number, settings: CashierSettings): Promise<CashierSettings> {
    const before = await this.getSettings(merchantId);
    await this.db.transaction(async (tx) => {
      const saved = await repository.saveSettings(
        tx,
        merchantId,
        { enabled: settings.kycEnabled, withdrawalThresholdMinor: settings.kycWithdrawalThresholdMinor },
        settings.version,
      );
      if (!saved) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.uplineTransfers.saveLimits(tx, merchantId, settings.uplineTransfer, settings.downlineTransferScope);
      const { version: _before, ...was } = before;
      const { version: _after, ...now } = settings;
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'cashier.settings',
        targetType: 'brand',
        targetId: merchantId,
        before: was,
        after: now,
      });
    });
    return this.getSettings(merchantId);
  }

  private async decide(
    actor: Actor,
    owner: KycOwner,
    decision: { status: 'verified' | 'rejected'; reason: string | null; version: number },
  ): Promise<KycReview> {
    const before = await this.getReview(owner);
    if (before.status !== 'pending') throw new AppError('KYC_NOT_PENDING');
    await this.db.transaction(async (tx) => {
      const decided = await repository.decideCheck(tx, owner.memberId, {
        ...decision,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
      });
      if (!decided) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: owner.merchantId,
        action: decision.status === 'verified' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'member',
        targetId: owner.memberId,
        before: { account: before.account, status: before.status, documents: before.documents },
        after: { account: before.account, status: decision.status, reason: decision.reason },
      });
    });
    return this.getReview(owner);
  }
}
