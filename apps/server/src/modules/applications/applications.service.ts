import {
  APPLICATION_LIMITS,
  applicationCommentLength,
  type ApplicationOfferState,
  type ApplicationOffers,
  type BoApplication,
  type BoApplicationListQuery,
  type BoApplicationPage,
  type MemberApplication,
  type MemberApplications,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { formatAmount } from '../../lib/amount-format';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { BonusService } from '../bonuses/index';
import { checkImage, type CheckedImage } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import type { WalletService } from '../wallet/index';
import * as repository from './applications.repository';

/** The brand an application call is about: its id and currency. */
export interface ApplicationBrand {
  id: number;
  brand: { currency: string; currencyExponent: number };
}

/** An application as the member sent it: the form's fields and its image files, not yet checked. */
export interface ApplicationForm {
  promotionCode: string;
  comment: string;
  images: Buffer[];
}

/** Applications the member's list shows. */
const MEMBER_LIST_MAX = 50;

function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

function toMemberApplication(row: repository.ApplicationRow, language: TranslatedLanguage): MemberApplication {
  return {
    id: row.id,
    promotionCode: row.promotionCode,
    title: language === 'KO' ? row.titleKo : row.titleEn,
    comment: row.comment,
    imageIds: row.imageIds,
    status: row.status,
    rejectReason: row.rejectReason,
    rewardMinor: row.status === 'issued' ? row.bonusAmountMinor : null,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

function toBoApplication(row: repository.ApplicationRow, language: TranslatedLanguage): BoApplication {
  return {
    id: row.id,
    memberId: row.memberId,
    account: row.memberAccount,
    promotionId: row.promotionId,
    promotionCode: row.promotionCode,
    promotionTitle: language === 'KO' ? row.titleKo : row.titleEn,
    comment: row.comment,
    imageIds: row.imageIds,
    status: row.status,
    rejectReason: row.rejectReason,
    rewardMinor: row.bonusAmountMinor ?? row.rules.fixedMinor ?? 0,
    bonusId: row.bonusId,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** Where a promotion stands by its dates: not started, open, or ended. */
export function timeStateOf(promotion: { startsAt: string | null; endsAt: string | null }, now: Date) {
  const at = now.getTime();
  if (promotion.startsAt !== null && Date.parse(promotion.startsAt) > at) return 'coming_soon' as const;
  if (promotion.endsAt !== null && Date.parse(promotion.endsAt) <= at) return 'close' as const;
  return 'open' as const;
}

/**
 * The member's state of an application promotion (the activity states of member-centre.md): what the member did
 * comes first (issued, applying), then the dates (coming soon, close), then a rejection (which may apply again), else
 * join.
 */
export function offerStateOf(
  time: 'coming_soon' | 'open' | 'close',
  lastStatus: repository.OfferRow['lastStatus'],
): ApplicationOfferState {
  if (lastStatus === 'issued' || lastStatus === 'applying') return lastStatus;
  if (time !== 'open') return time;
  return lastStatus === 'rejected' ? 'rejected' : 'join';
}

/**
 * Application promotions (docs/decisions/0052-application-promotions.md). A member applies to an open promotion of
 * kind 'application' with a comment and up to 3 images, checked by their bytes and encoded again before anything is
 * written; one application waits or is approved per member and promotion. An operator approves it: in one
 * transaction the reward is paid as a bonus (source 'application', key `bonus:<promotionId>:<memberId>`, so once),
 * the application becomes issued, the member's mailbox gets a message and the audit its row. Or rejects it with a
 * reason the member reads (in the list and a message); the member may then apply again.
 */
export class ApplicationService {
  constructor(
    private readonly db: Database,
    private readonly bonuses: BonusService,
    private readonly wallet: WalletService,
    private readonly messages: MessagesService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // The member's calls.

  /** The brand's application promotions with their state; a visitor (memberId null) sees the dates' only. */
  async offers(
    merchant: ApplicationBrand,
    memberId: number | null,
    language: TranslatedLanguage,
  ): Promise<ApplicationOffers> {
    const now = this.clock();
    const rows = await repository.findOffers(this.db, merchant.id, memberId, now);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      items: rows.map((row) => {
        const state = offerStateOf(timeStateOf(row, now), row.lastStatus);
        return {
          code: row.code,
          title: language === 'KO' ? row.titleKo : row.titleEn,
          summary: language === 'KO' ? row.summaryKo : row.summaryEn,
          rewardMinor: row.rules.fixedMinor ?? 0,
          wageringMultiplier: row.rules.wageringMultiplier,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          state,
          rejectReason: state === 'rejected' ? row.lastRejectReason : null,
        };
      }),
    };
  }

  async list(merchant: ApplicationBrand, memberId: number, language: TranslatedLanguage): Promise<MemberApplications> {
    const rows = await repository.findMemberApplications(this.db, merchant.id, memberId, MEMBER_LIST_MAX);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      items: rows.map((row) => toMemberApplication(row, language)),
    };
  }

  /**
   * Applies. Everything is checked before a row is written (the comment, the images' count and each image's bytes,
   * the promotion open, no application waiting or approved): a refusal changes nothing.
   */
  async apply(
    merchant: ApplicationBrand,
    memberId: number,
    form: ApplicationForm,
    language: TranslatedLanguage,
  ): Promise<MemberApplication> {
    const comment = form.comment.trim();
    if (comment === '') throw new AppError('APPLICATION_COMMENT_REQUIRED');
    const max = APPLICATION_LIMITS.commentMaxLength;
    if (applicationCommentLength(comment) > max) {
      throw new AppError('APPLICATION_COMMENT_TOO_LONG', { max }, { params: { max } });
    }
    if (form.images.length > APPLICATION_LIMITS.maxImages) {
      const limit = APPLICATION_LIMITS.maxImages;
      throw new AppError('APPLICATION_TOO_MANY_IMAGES', { max: limit }, { params: { max: limit } });
    }
    const images: CheckedImage[] = form.images.map((bytes) => checkImage('applicationImage', bytes));
    const promotion = (await repository.findOffers(this.db, merchant.id, null, this.clock())).find(
      (row) => row.code === form.promotionCode.trim().toUpperCase(),
    );
    if (!promotion) throw new AppError('APPLICATION_PROMOTION_NOT_FOUND');
    if (timeStateOf(promotion, this.clock()) !== 'open') throw new AppError('APPLICATION_PROMOTION_CLOSED');
    const id = await this.db.transaction(async (tx) => {
      const id = await repository.insertApplication(tx, {
        merchantId: merchant.id,
        memberId,
        promotionId: promotion.promotionId,
        comment,
      });
      if (id === undefined) {
        const open = await repository.findOpenStatus(tx, promotion.promotionId, memberId);
        throw new AppError(open === 'issued' ? 'APPLICATION_ALREADY_ISSUED' : 'APPLICATION_PENDING');
      }
      for (const [index, image] of images.entries()) {
        await repository.insertImage(tx, {
          applicationId: id,
          merchantId: merchant.id,
          memberId,
          position: index + 1,
          contentType: image.contentType,
          bytes: image.bytes,
        });
      }
      return id;
    });
    const row = await repository.findApplication(this.db, { id, merchantId: merchant.id });
    return toMemberApplication(row!, language);
  }

  /** An image of the member's own application. */
  async memberImage(merchantId: number, memberId: number, applicationId: number, imageId: number) {
    const image = await repository.findImage(this.db, { id: imageId, merchantId, memberId, applicationId });
    if (!image) throw new AppError('APPLICATION_NOT_FOUND');
    return image;
  }

  // The back office.

  async brandApplications(
    merchant: ApplicationBrand,
    query: BoApplicationListQuery,
    language: TranslatedLanguage,
  ): Promise<BoApplicationPage> {
    const rows = await repository.findBrandApplications(this.db, merchant.id, {
      ...(query.status ? { status: query.status } : {}),
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    return {
      items: items.map((row) => toBoApplication(row, language)),
      nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  async brandImage(merchantId: number, imageId: number) {
    const image = await repository.findImage(this.db, { id: imageId, merchantId });
    if (!image) throw new AppError('APPLICATION_NOT_FOUND');
    return image;
  }

  /**
   * Approves an application waiting for a decision: under its row lock, the reward is paid (once by its key), the
   * application marked issued with its bonus, the member's message written and the audit row, all in one
   * transaction. A second approval (or one of many at once) finds it decided: APPLICATION_NOT_PENDING, nothing paid.
   */
  async approve(
    actor: Actor,
    merchant: ApplicationBrand,
    id: number,
    language: TranslatedLanguage,
  ): Promise<BoApplication> {
    const memberId = await this.db.transaction(async (tx) => {
      const application = await this.lockPending(tx, merchant.id, id);
      const paid = await this.bonuses.grantApplication(tx, {
        merchantId: merchant.id,
        memberId: application.memberId,
        currency: merchant.brand.currency,
        promotionId: application.promotionId,
      });
      // The key was paid before: only an issued application pays it, and this one was waiting.
      if (!paid) throw new Error(`application ${id}: its reward was paid before`);
      await repository.decideApplication(tx, id, {
        status: 'issued',
        bonusId: paid.bonusId,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        now: this.clock(),
      });
      await this.messages.sendSystemMessage(
        tx,
        { id: application.memberId, merchantId: merchant.id },
        'applicationIssued',
        {
          titleKo: application.titleKo,
          titleEn: application.titleEn,
          amount: formatAmount(paid.amountMinor, merchant.brand.currencyExponent),
        },
      );
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'applications.approve',
        targetType: 'promotion_application',
        targetId: id,
        before: { status: 'applying', account: application.memberAccount, promotion: application.promotionCode },
        after: { status: 'issued', bonusId: paid.bonusId, amountMinor: paid.amountMinor },
      });
      return application.memberId;
    });
    await this.announce(merchant, memberId, true);
    return this.get(merchant.id, id, language);
  }

  /** Rejects an application waiting for a decision with the reason the member reads (and a message), audited. */
  async reject(
    actor: Actor,
    merchant: ApplicationBrand,
    id: number,
    reason: string,
    language: TranslatedLanguage,
  ): Promise<BoApplication> {
    const memberId = await this.db.transaction(async (tx) => {
      const application = await this.lockPending(tx, merchant.id, id);
      await repository.decideApplication(tx, id, {
        status: 'rejected',
        reason,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        now: this.clock(),
      });
      await this.messages.sendSystemMessage(
        tx,
        { id: application.memberId, merchantId: merchant.id },
        'applicationRejected',
        { titleKo: application.titleKo, titleEn: application.titleEn, reason },
      );
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'applications.reject',
        targetType: 'promotion_application',
        targetId: id,
        before: { status: 'applying', account: application.memberAccount, promotion: application.promotionCode },
        after: { status: 'rejected', reason },
      });
      return application.memberId;
    });
    await this.announce(merchant, memberId, false);
    return this.get(merchant.id, id, language);
  }

  // Inside.

  private async lockPending(tx: Parameters<typeof repository.lockApplication>[0], merchantId: number, id: number) {
    const application = await repository.lockApplication(tx, merchantId, id);
    if (!application) throw new AppError('APPLICATION_NOT_FOUND');
    if (application.status !== 'applying')
      throw new AppError('APPLICATION_NOT_PENDING', { status: application.status });
    return application;
  }

  private async get(merchantId: number, id: number, language: TranslatedLanguage): Promise<BoApplication> {
    const row = await repository.findApplication(this.db, { id, merchantId });
    if (!row) throw new AppError('APPLICATION_NOT_FOUND');
    return toBoApplication(row, language);
  }

  /** After the commit: the member's sockets hear of the new balance and the unread message. */
  private async announce(merchant: ApplicationBrand, memberId: number, paid: boolean): Promise<void> {
    if (paid) await this.wallet.announceTotal({ merchantId: merchant.id, memberId, currency: merchant.brand.currency });
    await this.messages.announceUnread({ merchantId: merchant.id, memberId });
  }
}
