import {
  SUPPORT_HISTORY_LIMIT,
  SUPPORT_SEND_LIMIT,
  type AssignSupportRequest,
  type OpenSupport,
  type OpenSupportRequest,
  type SupportConversationDetail,
  type SupportEvent,
  type SupportInbox,
  type SupportInboxItem,
  type SupportInboxQuery,
  type SupportMessage,
  type SupportThread,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hmacHex, safeEqualHex } from '../../lib/crypto/token';
import type { Actor, AuditService } from '../audit/index';
import { checkSupportImage } from './image-check';
import * as repository from './support.repository';
import { SupportHub, type SupportDelivery } from './support.hub';

/** Who is chatting: a signed-in member, or a visitor with the token of their conversation (null before the first). */
export type SupportCaller =
  | { kind: 'member'; merchantId: number; memberId: number; account: string }
  | { kind: 'visitor'; merchantId: number; token: string | null };

/** Carries an event to every instance's sockets (the realtime plugin's, with Redis); in-process by default. */
export interface SupportPublisher {
  publish(delivery: SupportDelivery): void;
}

/** The inbox's page: the most recent conversations; older ones stay in the database. */
const INBOX_LIMIT = 100;

function toMessage(row: repository.MessageRow): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.sender,
    text: row.body,
    imageId: row.imageId,
    operatorName: row.operatorLogin,
    createdAt: row.createdAt.toISOString(),
  };
}

function toItem(row: repository.ConversationRow, unread: number, lastMessage: SupportMessage | null): SupportInboxItem {
  return {
    id: row.id,
    status: row.status,
    customer:
      row.memberId !== null || row.memberAccount !== null
        ? { kind: 'member', memberId: row.memberId ?? 0, account: row.memberAccount ?? '' }
        : { kind: 'visitor', name: row.visitorName, email: row.visitorEmail },
    assignee:
      row.assignedOperatorId !== null ? { operatorId: row.assignedOperatorId, login: row.assignedLogin ?? '' } : null,
    lastMessage,
    unread,
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
  };
}

/**
 * The support chat (docs/product/site-shell-and-routes.md#support-chat): a member's or a visitor's conversation with
 * the brand's operators. A member has one open conversation at a time; a visitor holds a token signed with theirs.
 * Messages are texts or pictures checked by content; a customer sends at most SUPPORT_SEND_LIMIT in its window.
 * Every message and change is pushed to the customer's sockets and the brand's inbox; assignments and closes are
 * audited.
 */
export class SupportService {
  readonly hub = new SupportHub();
  private publisher: SupportPublisher = {
    publish: (delivery) => this.hub.deliver(delivery, () => undefined),
  };

  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    /** Signs visitors' tokens (DATA_ENCRYPTION_KEY). */
    private readonly secret: string,
  ) {}

  setPublisher(publisher: SupportPublisher): void {
    this.publisher = publisher;
  }

  /** The token a visitor's calls carry: the conversation and the brand, signed. */
  visitorToken(merchantId: number, conversationId: number): string {
    return `${conversationId}.${hmacHex(this.secret, `support-visitor:${merchantId}:${conversationId}`)}`;
  }

  /** The conversation a visitor's token names, if this brand signed it; null otherwise. */
  verifyVisitorToken(merchantId: number, token: string): number | null {
    const match = /^([1-9][0-9]{0,17})\.([0-9a-f]{64})$/.exec(token);
    if (!match) return null;
    const conversationId = Number(match[1]);
    const expected = this.visitorToken(merchantId, conversationId).split('.')[1] ?? '';
    return safeEqualHex(expected, match[2] ?? '') ? conversationId : null;
  }

  /** Opens the caller's conversation: a member's open one or a new one; a visitor's by token if open, else a new one. */
  async open(caller: SupportCaller, details: OpenSupportRequest = {}): Promise<OpenSupport> {
    const { merchantId } = caller;
    if (caller.kind === 'member') {
      const conversation = await this.openMemberConversation(caller);
      return { conversation: await this.threadOf(conversation, 'customer'), visitorToken: null };
    }
    const existing = caller.token ? await this.findVisitorConversation(merchantId, caller.token) : null;
    if (existing && existing.status === 'open') {
      return {
        conversation: await this.threadOf(existing, 'customer'),
        visitorToken: this.visitorToken(merchantId, existing.id),
      };
    }
    const id = await repository.insertConversation(this.db, {
      merchantId,
      memberId: null,
      memberAccount: null,
      visitorName: details.name || null,
      visitorEmail: details.email || null,
    });
    const created = await repository.findConversation(this.db, merchantId, id);
    if (!created) throw new Error('support conversation vanished');
    return { conversation: await this.threadOf(created, 'customer'), visitorToken: this.visitorToken(merchantId, id) };
  }

  /** The caller's conversation and its history (the operators' messages then read); a member's latest if closed. */
  async history(caller: SupportCaller): Promise<SupportThread> {
    return this.threadOf(await this.getCallerConversation(caller), 'customer');
  }

  /** A text from the customer. */
  async send(caller: SupportCaller, text: string): Promise<SupportMessage> {
    const body = text.trim();
    if (!body) throw new AppError('SUPPORT_MESSAGE_EMPTY');
    return this.sendAsCustomer(caller, async () => ({ body, imageId: null }));
  }

  /** A picture from the customer, checked by its content before anything is written. */
  async sendImage(caller: SupportCaller, bytes: Buffer): Promise<SupportMessage> {
    const image = checkSupportImage(bytes);
    return this.sendAsCustomer(caller, async (tx, conversationId) => ({
      body: null,
      imageId: await repository.insertImage(tx, conversationId, image.contentType, image.bytes),
    }));
  }

  /** A picture of the caller's own conversations. */
  async getImage(caller: SupportCaller, imageId: number): Promise<{ contentType: string; bytes: Buffer }> {
    const image = await repository.findImage(this.db, caller.merchantId, imageId);
    if (!image || !(await this.ownsConversation(caller, image.conversationId))) {
      throw new AppError('SUPPORT_IMAGE_NOT_FOUND');
    }
    return image;
  }

  /** The conversation a visitor's socket listens to, or null for a token this brand did not sign. */
  async findVisitorConversationId(merchantId: number, token: string): Promise<number | null> {
    return (await this.findVisitorConversation(merchantId, token))?.id ?? null;
  }

  // The back office.

  async inbox(merchantId: number, operatorId: number, query: SupportInboxQuery): Promise<SupportInbox> {
    const assignedTo = query.assigned === 'me' ? operatorId : query.assigned === 'unassigned' ? null : 'any';
    const rows = await repository.listInbox(this.db, merchantId, { status: query.status, assignedTo }, INBOX_LIMIT);
    return {
      items: rows.map((row) => toItem(row, row.unread, row.lastMessage ? toMessage(row.lastMessage) : null)),
      unreadTotal: await repository.countUnread(this.db, merchantId),
    };
  }

  /** One conversation for an operator; its customer's messages are read then. */
  async view(merchantId: number, conversationId: number): Promise<SupportConversationDetail> {
    const row = await this.getBrandConversation(this.db, merchantId, conversationId);
    await repository.markRead(this.db, row.id, 'operator');
    return this.detailOf(merchantId, conversationId);
  }

  async reply(actor: Actor, merchantId: number, conversationId: number, text: string): Promise<SupportMessage> {
    const body = text.trim();
    if (!body) throw new AppError('SUPPORT_MESSAGE_EMPTY');
    const operatorId = actor.kind === 'operator' ? actor.operatorId : null;
    if (operatorId === null) throw new AppError('BO_SUPPORT_ASSIGNEE_INVALID');
    const { row, message } = await this.db.transaction(async (tx) => {
      const conversation = await this.getBrandConversation(tx, merchantId, conversationId, true);
      if (conversation.status === 'closed') throw new AppError('BO_SUPPORT_CONVERSATION_CLOSED');
      // The first to answer an unassigned conversation takes it.
      if (conversation.assignedOperatorId === null) await repository.setAssignee(tx, conversation.id, operatorId);
      const stored = await repository.insertMessage(tx, { conversationId, operatorId, body, imageId: null });
      return { row: conversation, message: toMessage(stored) };
    });
    this.push(row, { type: 'supportMessage', message });
    return message;
  }

  async assign(
    actor: Actor,
    merchantId: number,
    conversationId: number,
    request: AssignSupportRequest,
  ): Promise<SupportConversationDetail> {
    await this.db.transaction(async (tx) => {
      const conversation = await this.getBrandConversation(tx, merchantId, conversationId, true);
      if (conversation.status === 'closed') throw new AppError('BO_SUPPORT_CONVERSATION_CLOSED');
      if (request.operatorId !== null && !(await repository.isBrandOperator(tx, merchantId, request.operatorId))) {
        throw new AppError('BO_SUPPORT_ASSIGNEE_INVALID');
      }
      await repository.setAssignee(tx, conversationId, request.operatorId);
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'support.assign',
        targetType: 'supportConversation',
        targetId: conversationId,
        before: { operatorId: conversation.assignedOperatorId },
        after: { operatorId: request.operatorId },
      });
    });
    const detail = await this.detailOf(merchantId, conversationId);
    this.pushChange(merchantId, detail);
    return detail;
  }

  /** Closes the conversation once; closing a closed one changes nothing. */
  async close(actor: Actor, merchantId: number, conversationId: number): Promise<SupportConversationDetail> {
    const changed = await this.db.transaction(async (tx) => {
      const conversation = await this.getBrandConversation(tx, merchantId, conversationId, true);
      if (conversation.status === 'closed') return false;
      await repository.closeConversation(tx, conversationId);
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'support.close',
        targetType: 'supportConversation',
        targetId: conversationId,
        before: { status: 'open' },
        after: { status: 'closed' },
      });
      return true;
    });
    const detail = await this.detailOf(merchantId, conversationId);
    if (changed) this.pushChange(merchantId, detail);
    return detail;
  }

  /** A picture of one of the brand's conversations. */
  async getInboxImage(merchantId: number, imageId: number): Promise<{ contentType: string; bytes: Buffer }> {
    const image = await repository.findImage(this.db, merchantId, imageId);
    if (!image) throw new AppError('SUPPORT_IMAGE_NOT_FOUND');
    return image;
  }

  // Inside.

  private async openMemberConversation(
    caller: Extract<SupportCaller, { kind: 'member' }>,
    db: Executor = this.db,
  ): Promise<repository.ConversationRow> {
    const open = await repository.findMemberConversation(db, caller.merchantId, caller.memberId, true);
    if (open) return open;
    // Two tabs opening at once: the unique index keeps one, and the other reads it.
    await repository.insertConversation(db, {
      merchantId: caller.merchantId,
      memberId: caller.memberId,
      memberAccount: caller.account,
      visitorName: null,
      visitorEmail: null,
    });
    const row = await repository.findMemberConversation(db, caller.merchantId, caller.memberId, true);
    if (!row) throw new Error('support conversation vanished');
    return row;
  }

  private async findVisitorConversation(
    merchantId: number,
    token: string,
    db: Executor = this.db,
  ): Promise<repository.ConversationRow | null> {
    const id = this.verifyVisitorToken(merchantId, token);
    if (id === null) return null;
    const row = await repository.findConversation(db, merchantId, id);
    return row && row.memberId === null && row.memberAccount === null ? row : null;
  }

  private async getCallerConversation(
    caller: SupportCaller,
    db: Executor = this.db,
  ): Promise<repository.ConversationRow> {
    const row =
      caller.kind === 'member'
        ? await repository.findMemberConversation(db, caller.merchantId, caller.memberId, false)
        : caller.token
          ? await this.findVisitorConversation(caller.merchantId, caller.token, db)
          : null;
    if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    return row;
  }

  private async ownsConversation(caller: SupportCaller, conversationId: number): Promise<boolean> {
    const row = await repository.findConversation(this.db, caller.merchantId, conversationId);
    if (!row) return false;
    if (caller.kind === 'member') return row.memberId === caller.memberId;
    return caller.token !== null && this.verifyVisitorToken(caller.merchantId, caller.token) === row.id;
  }

  /**
   * The customer's message in one transaction with the conversation locked: a member's goes into their open
   * conversation (a new one after a close), a visitor's into theirs while open; refused past the send limit.
   */
  private async sendAsCustomer(
    caller: SupportCaller,
    content: (tx: Executor, conversationId: number) => Promise<{ body: string | null; imageId: number | null }>,
  ): Promise<SupportMessage> {
    const { row, message } = await this.db.transaction(async (tx) => {
      const target =
        caller.kind === 'member'
          ? await this.openMemberConversation(caller, tx)
          : await this.getCallerConversation(caller, tx);
      const conversation = await this.getBrandConversation(tx, caller.merchantId, target.id, true);
      if (conversation.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      await this.checkSendLimit(tx, conversation.id);
      const stored = await repository.insertMessage(tx, {
        conversationId: conversation.id,
        operatorId: null,
        ...(await content(tx, conversation.id)),
      });
      return { row: conversation, message: toMessage(stored) };
    });
    this.push(row, { type: 'supportMessage', message });
    return message;
  }

  private async checkSendLimit(tx: Executor, conversationId: number): Promise<void> {
    const since = new Date(Date.now() - SUPPORT_SEND_LIMIT.windowSeconds * 1000);
    if ((await repository.countCustomerMessagesSince(tx, conversationId, since)) < SUPPORT_SEND_LIMIT.max) return;
    const oldest = await repository.oldestCustomerMessageSince(tx, conversationId, since);
    const freeAt = (oldest?.getTime() ?? Date.now()) + SUPPORT_SEND_LIMIT.windowSeconds * 1000;
    const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
    throw new AppError('SUPPORT_RATE_LIMITED', { retryAfterSeconds: seconds }, { params: { seconds } });
  }

  private async getBrandConversation(
    db: Executor,
    merchantId: number,
    conversationId: number,
    lock = false,
  ): Promise<repository.ConversationRow> {
    const row = lock
      ? await repository.lockConversation(db, merchantId, conversationId)
      : await repository.findConversation(db, merchantId, conversationId);
    if (!row) throw new AppError('BO_SUPPORT_CONVERSATION_NOT_FOUND');
    return row;
  }

  private async threadOf(row: repository.ConversationRow, reader: 'customer'): Promise<SupportThread> {
    await repository.markRead(this.db, row.id, reader);
    const messages = await repository.listMessages(this.db, row.id, SUPPORT_HISTORY_LIMIT);
    return {
      id: row.id,
      status: row.status,
      operatorsOnline: this.hub.operatorsOnline(row.merchantId),
      messages: messages.map(toMessage),
    };
  }

  private async detailOf(merchantId: number, conversationId: number): Promise<SupportConversationDetail> {
    const row = await this.getBrandConversation(this.db, merchantId, conversationId);
    const messages = (await repository.listMessages(this.db, row.id, SUPPORT_HISTORY_LIMIT)).map(toMessage);
    const unread = await repository.countUnreadOf(this.db, row.id);
    return { ...toItem(row, unread, messages.at(-1) ?? null), messages };
  }

  private push(row: repository.ConversationRow, event: SupportEvent): void {
    this.publisher.publish({ merchantId: row.merchantId, conversationId: row.id, memberId: row.memberId, event });
  }

  private pushChange(merchantId: number, detail: SupportConversationDetail): void {
    const memberId = detail.customer.kind === 'member' ? detail.customer.memberId : null;
    this.publisher.publish({
      merchantId,
      conversationId: detail.id,
      memberId,
      event: { type: 'supportChange', conversationId: detail.id, status: detail.status },
    });
  }
}
