import type { Page, PageRequest, SendMessageRequest, SentMessage } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { MessagesService } from './messages.service';
import * as repository from './operator-messages.repository';

/** The brand a message is sent on: its id and the time zone its days start in. */
export interface MessageBrand {
  id: number;
  brand: { timeZone: string };
}

const day = (at: Date | null, timeZone: string) =>
  at === null ? null : new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);

function toSentMessage(row: repository.OperatorMessageRow, timeZone: string): SentMessage {
  const audience: SentMessage['audience'] =
    row.audience === 'member'
      ? { kind: 'member', memberId: row.memberId ?? 0, account: row.memberAccount ?? '' }
      : row.audience === 'all'
        ? { kind: 'all' }
        : {
            kind: 'segment',
            minRankLevel: row.minRankLevel,
            maxRankLevel: row.maxRankLevel,
            registeredFrom: day(row.registeredFrom, timeZone),
            // Stored as the start of the day after the last one chosen.
            registeredTo: day(row.registeredTo && new Date(row.registeredTo.getTime() - 1), timeZone),
          };
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    audience,
    title: row.title,
    body: row.body,
    author: row.operatorLogin ?? row.actor,
    recipients: row.recipients,
    readBy: row.readBy,
  };
}

/**
 * Operators' messages to members' mailboxes: to one member, a segment (VIP rank level, registration period) or
 * every member of a brand. A message is stored once and each mailbox reads the messages its member is in the
 * audience of, so a message to a million members writes one row in one short transaction; each is audited as
 * `message.send` in that transaction.
 */
export class OperatorMessageService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly messages: MessagesService,
  ) {}

  async list(merchant: MessageBrand, page: PageRequest): Promise<Page<SentMessage>> {
    const beforeId = page.cursor === undefined ? undefined : Number(page.cursor);
    if (beforeId !== undefined && !(Number.isSafeInteger(beforeId) && beforeId > 0)) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const rows = await repository.findOperatorMessages(this.db, merchant.id, { beforeId, limit: page.limit + 1 });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => toSentMessage(row, merchant.brand.timeZone)),
      nextCursor: rows.length > page.limit && last ? String(last.id) : null,
    };
  }

  /** Sends `request` by `actor` on the brand; the member's badge (or every connected member's) follows. */
  async send(actor: Actor, merchant: MessageBrand, request: SendMessageRequest): Promise<SentMessage> {
    const { audience } = request;
    const id = await this.db.transaction(async (tx) => {
      let stored: repository.StoredAudience;
      let recipients: number;
      if (audience.kind === 'member') {
        const member = await repository.findMemberByAccount(tx, merchant.id, audience.account);
        if (!member) throw new AppError('BO_MESSAGE_RECIPIENT_NOT_FOUND');
        stored = { kind: 'member', memberId: member.id };
        recipients = 1;
      } else {
        const { timeZone } = merchant.brand;
        const segment: Partial<Extract<SendMessageRequest['audience'], { kind: 'segment' }>> =
          audience.kind === 'segment' ? audience : {};
        stored = {
          kind: audience.kind,
          minRankLevel: segment.minRankLevel ?? null,
          maxRankLevel: segment.maxRankLevel ?? null,
          registeredFrom: segment.registeredFrom
            ? await repository.startOfDay(tx, segment.registeredFrom, timeZone)
            : null,
          registeredTo: segment.registeredTo
            ? await repository.startOfDay(tx, segment.registeredTo, timeZone, 1)
            : null,
        };
        recipients = await repository.countAudience(tx, merchant.id, stored);
      }
      const messageId = await repository.insertOperatorMessage(tx, {
        merchantId: merchant.id,
        audience: stored,
        title: request.title,
        body: request.body,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        actor: actorText(actor),
        recipients,
      });
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'message.send',
        targetType: 'message',
        targetId: messageId,
        after: { audience, title: request.title, recipients },
      });
      return messageId;
    });
    if (audience.kind === 'member') {
      const [row] = await repository.findOperatorMessages(this.db, merchant.id, { id, limit: 1 });
      if (row?.memberId) await this.messages.announceUnread({ merchantId: merchant.id, memberId: row.memberId });
    } else {
      this.messages.announceBrand(merchant.id);
    }
    const [row] = await repository.findOperatorMessages(this.db, merchant.id, { id, limit: 1 });
    if (!row) throw new Error(`operator message ${id} missing after insert`);
    return toSentMessage(row, merchant.brand.timeZone);
  }
}
