import type { Message, MessagePage, ReadMessage } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './messages.repository';
import { renderTemplate, type TemplateKey, type TemplateParams } from './templates';

export type { MailboxOwner } from './messages.repository';
type MailboxOwner = repository.MailboxOwner;

/** Receives committed changes of unread counts (the realtime plugin pushes them on the member's socket). */
export interface UnreadPublisher {
  /** One member's new count. */
  publish(memberId: number, count: number): void;
  /** A broadcast reached members of a brand: each one connected is counted again. */
  publishBrand(merchantId: number): void;
}

/** The member a system message is for. */
export interface MessageRecipient {
  id: number;
  merchantId: number;
}

const MESSAGE_LANGUAGES = new Set(['KO', 'EN']);

function toMessage(row: repository.MailboxRow): Message {
  return {
    id: `${row.source}${row.id}`,
    kind: row.source === 'o' ? 'operator' : row.kind === 'feedback' ? 'feedback' : 'system',
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

function encodeCursor(row: repository.MailboxRow): string {
  return Buffer.from(JSON.stringify([row.createdAtText, row.source, row.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): repository.MailboxCursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, source, id] = parsed as [unknown, unknown, unknown];
      if (
        typeof at === 'string' &&
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(at) &&
        (source === 'm' || source === 'o') &&
        Number.isSafeInteger(id) &&
        (id as number) > 0
      ) {
        return { at, source, id: id as number };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
}

function parseId(id: string): { source: 'm' | 'o'; id: number } {
  return { source: id.startsWith('o') ? 'o' : 'm', id: Number(id.slice(1)) };
}

/**
 * The member mailbox (docs/product/member-centre.md#messages): the member's system messages and answers to
 * feedback, and operators' messages, one member's or a broadcast stored once. Every read and write is scoped by
 * brand and by owner. A change of the unread count is pushed on the member's socket once it has committed.
 */
export class MessagesService {
  private publisher: UnreadPublisher | undefined;

  constructor(private readonly db: Database) {}

  setPublisher(publisher: UnreadPublisher): void {
    this.publisher = publisher;
  }

  /** The Rewards badge: messages of this member on this brand not yet read. */
  async getUnreadCount(merchantId: number, memberId: number): Promise<number> {
    return repository.countUnread(this.db, { merchantId, memberId });
  }

  /** A page of the mailbox, newest first, with the unread count. */
  async listMessages(owner: MailboxOwner, page: { limit: number; cursor?: string | undefined }): Promise<MessagePage> {
    const rows = await repository.findMailboxPage(this.db, owner, {
      cursor: decodeCursor(page.cursor),
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: items.map(toMessage),
      nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
      unreadCount: await this.getUnreadCount(owner.merchantId, owner.memberId),
    };
  }

  /** Opens one of the member's messages: marks it read and answers it, with the unread count after. */
  async readMessage(owner: MailboxOwner, messageId: string): Promise<ReadMessage> {
    const { source, id } = parseId(messageId);
    const message = await this.db.transaction(async (tx) => {
      const row = await repository.findMailboxMessage(tx, owner, source, id);
      if (!row) throw new AppError('MESSAGE_NOT_FOUND');
      const readAt = row.readAt ?? (await repository.markRead(tx, owner, source, id));
      return toMessage({ ...row, readAt });
    });
    return { message, unreadCount: await this.announceUnread(owner) };
  }

  /** Marks every message of the mailbox read; answers the unread count after (0). */
  async readAllMessages(owner: MailboxOwner): Promise<number> {
    await this.db.transaction((tx) => repository.markAllRead(tx, owner));
    return this.announceUnread(owner);
  }

  /** Removes one of the member's messages from the mailbox; answers the unread count after. */
  async deleteMessage(owner: MailboxOwner, messageId: string): Promise<number> {
    const { source, id } = parseId(messageId);
    await this.db.transaction(async (tx) => {
      const row = await repository.findMailboxMessage(tx, owner, source, id);
      if (!row) throw new AppError('MESSAGE_NOT_FOUND');
      await repository.markDeleted(tx, owner, source, id);
    });
    return this.announceUnread(owner);
  }

  /**
   * Writes a system message from its template into the member's mailbox, inside the caller's transaction (`tx`),
   * in the member's language (else the brand's default), with `{site}` and `{currency}` the brand's and the other
   * placeholders from `params`. The caller, once its transaction has committed, calls announceUnread so the
   * member's badge follows. Answers the message's id.
   */
  async sendSystemMessage(
    tx: Executor,
    member: MessageRecipient,
    templateKey: TemplateKey,
    params: TemplateParams = {},
  ): Promise<number> {
    return this.writeFromTemplate(
      tx,
      member,
      templateKey,
      params,
      templateKey === 'feedbackAnswer' ? 'feedback' : 'system',
    );
  }

  /** Counts the member's unread messages again and pushes the count; answers it. Call after the commit. */
  async announceUnread(owner: MailboxOwner): Promise<number> {
    const count = await this.getUnreadCount(owner.merchantId, owner.memberId);
    this.publisher?.publish(owner.memberId, count);
    return count;
  }

  /** A broadcast reached members of the brand: their sockets are told their new counts. Call after the commit. */
  announceBrand(merchantId: number): void {
    this.publisher?.publishBrand(merchantId);
  }

  /**
   * A system message's title and text exactly as sendSystemMessage writes them (the member's language, else the
   * brand's; `{site}`, `{currency}` and `params` filled). The message templates are the one source of these words:
   * a notice sent by e-mail or SMS as well (security-notices.ts) reads them here.
   */
  async renderSystemMessage(
    member: MessageRecipient,
    templateKey: TemplateKey,
    params: TemplateParams = {},
    executor: Executor = this.db,
  ): Promise<{ title: string; body: string }> {
    const recipient = await repository.findRecipient(executor, { merchantId: member.merchantId, memberId: member.id });
    if (!recipient) throw new Error(`no member ${member.id} on brand ${member.merchantId} to write to`);
    const language = [recipient.language, recipient.defaultLanguage].find(
      (candidate): candidate is string => candidate !== null && MESSAGE_LANGUAGES.has(candidate.toUpperCase()),
    );
    const template = await repository.findTemplate(
      executor,
      member.merchantId,
      templateKey,
      language?.toUpperCase() ?? 'EN',
    );
    if (!template) throw new Error(`no message template '${templateKey}'`);
    const values = { ...params, site: recipient.site, currency: recipient.currency };
    return { title: renderTemplate(template.title, values), body: renderTemplate(template.body, values) };
  }

  private async writeFromTemplate(
    tx: Executor,
    member: MessageRecipient,
    templateKey: TemplateKey,
    params: TemplateParams,
    kind: 'system' | 'feedback',
  ): Promise<number> {
    const { title, body } = await this.renderSystemMessage(member, templateKey, params, tx);
    return repository.insertMessage(tx, {
      merchantId: member.merchantId,
      memberId: member.id,
      kind,
      title,
      body,
      templateKey,
    });
  }
}
