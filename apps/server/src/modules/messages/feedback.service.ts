import {
  countWords,
  FEEDBACK_MAX_WORDS,
  FEEDBACK_MIN_WORDS,
  type FeedbackItem,
  type FeedbackQuery,
  type FeedbackRequest,
  type Page,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { AltchaService } from '../verification/index';
import * as repository from './feedback.repository';
import type { MessagesService } from './messages.service';

/** The brand feedback is sent to: its id and its word-count bounds, if it set its own. */
export interface FeedbackBrand {
  id: number;
  brand: { feedbackWords?: { min: number; max: number } | undefined };
}

/** Who sent it: a signed-in member (by session), or null for a visitor. */
export interface FeedbackSender {
  id: number;
  account: string;
}

export interface FeedbackClient {
  ip: string;
  userAgent: string;
  language: string;
}

function toItem(row: repository.FeedbackRow): FeedbackItem {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    content: row.content,
    from:
      row.memberId !== null
        ? { kind: 'member', memberId: row.memberId, account: row.memberAccount ?? '' }
        : { kind: 'visitor' },
    language: row.language,
    answer: row.answer,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    answeredBy: row.answeredBy,
    delivery: row.delivery,
  };
}

/**
 * Feedback (docs/product/member-centre.md#feedback): a member's or a visitor's, between the brand's word-count
 * bounds; a visitor proves work (ALTCHA) first. Support answers each once: into the member's mailbox, or, for a
 * visitor who has none, recorded as undeliverable. Each answer is audited as `feedback.answer`.
 */
export class FeedbackService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly altcha: AltchaService,
    private readonly messages: MessagesService,
  ) {}

  /** Stores a feedback; answers its id. The words are checked before the proof of work is spent. */
  async submit(
    merchant: FeedbackBrand,
    sender: FeedbackSender | null,
    request: FeedbackRequest,
    client: FeedbackClient,
  ): Promise<number> {
    const content = request.content.trim();
    if (content === '') throw new AppError('FEEDBACK_EMPTY');
    const { min, max } = merchant.brand.feedbackWords ?? { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS };
    const words = countWords(content);
    if (words < min) throw new AppError('FEEDBACK_TOO_SHORT', { min }, { params: { min } });
    if (words > max) throw new AppError('FEEDBACK_TOO_LONG', { max }, { params: { max } });
    if (!sender) await this.altcha.verify(request.altcha);
    return repository.insertFeedback(this.db, {
      merchantId: merchant.id,
      memberId: sender?.id ?? null,
      memberAccount: sender?.account ?? null,
      content,
      language: client.language,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  async list(merchantId: number, query: FeedbackQuery): Promise<Page<FeedbackItem>> {
    const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
    if (beforeId !== undefined && !(Number.isSafeInteger(beforeId) && beforeId > 0)) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const rows = await repository.findFeedback(this.db, merchantId, {
      status: query.status,
      beforeId,
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return { items: items.map(toItem), nextCursor: rows.length > query.limit && last ? String(last.id) : null };
  }

  /**
   * Answers a feedback of the brand, once. A member's answer is written to the mailbox (from the template
   * feedbackAnswer, in the member's language) in the same transaction as the answer and its audit entry; a
   * visitor's is recorded as undeliverable, since nothing says where the visitor could be reached.
   */
  async answer(actor: Actor, merchantId: number, feedbackId: number, answer: string): Promise<FeedbackItem> {
    const memberToAnnounce = await this.db.transaction(async (tx) => {
      const [row] = await repository.findFeedback(tx, merchantId, { id: feedbackId, limit: 1 });
      if (!row) throw new AppError('BO_FEEDBACK_NOT_FOUND');
      if (row.answeredAt !== null) throw new AppError('BO_FEEDBACK_ALREADY_ANSWERED');
      const delivery = row.memberId === null ? 'undeliverable' : 'mailbox';
      const recorded = await repository.recordAnswer(tx, {
        id: feedbackId,
        merchantId,
        answer,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        actor: actorText(actor),
        delivery,
      });
      if (!recorded) throw new AppError('BO_FEEDBACK_ALREADY_ANSWERED');
      if (row.memberId !== null) {
        const messageId = await this.messages.sendSystemMessage(
          tx,
          { id: row.memberId, merchantId },
          'feedbackAnswer',
          {
            answer,
            feedback: row.content,
          },
        );
        await repository.setAnswerMessage(tx, feedbackId, messageId);
      }
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'feedback.answer',
        targetType: 'feedback',
        targetId: feedbackId,
        after: { answer, delivery, memberId: row.memberId },
      });
      return row.memberId;
    });
    if (memberToAnnounce !== null) await this.messages.announceUnread({ merchantId, memberId: memberToAnnounce });
    const [row] = await repository.findFeedback(this.db, merchantId, { id: feedbackId, limit: 1 });
    if (!row) throw new AppError('BO_FEEDBACK_NOT_FOUND');
    return toItem(row);
  }
}
