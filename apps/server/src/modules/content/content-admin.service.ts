import type {
  AnnouncementListQuerySchema,
  AnnouncementState,
  BoAnnouncement,
  BoHelpItem,
  CreateAnnouncementRequestSchema,
  CreateHelpItemRequestSchema,
  HelpCategory,
  HelpItemListQuerySchema,
  Page,
  UploadedImage,
} from '@parlay/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { MediaService, Merchant } from '../merchant/index';
import * as repository from './content.repository';
import { sanitizeContentHtml } from './sanitize';

export type AnnouncementInput = z.output<typeof CreateAnnouncementRequestSchema>;
export type HelpItemInput = z.output<typeof CreateHelpItemRequestSchema>;
type AnnouncementQuery = z.output<typeof AnnouncementListQuerySchema>;
type HelpItemQuery = z.output<typeof HelpItemListQuerySchema>;

function stateAt(row: repository.AnnouncementRow, now: Date): AnnouncementState {
  if (row.startsAt > now) return 'scheduled';
  return row.endsAt !== null && row.endsAt <= now ? 'ended' : 'live';
}

function toBoAnnouncement(row: repository.AnnouncementRow, now: Date): BoAnnouncement {
  return {
    id: row.id,
    type: row.type as BoAnnouncement['type'],
    language: row.language,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    groupName: row.groupName,
    audience: row.audience === 'agents' ? 'agents' : 'all',
    sortOrder: row.sortOrder,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    state: stateAt(row, now),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toBoHelpItem(row: repository.HelpItemRow): BoHelpItem {
  return {
    id: row.id,
    language: row.language,
    category: row.category as HelpCategory,
    title: row.title,
    content: row.content,
    sortOrder: row.sortOrder,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields of an announcement the audit trail keeps, before and after. */
function auditedAnnouncement(row: repository.AnnouncementRow | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const { type, language, title, content, imageUrl, linkUrl, groupName, audience, sortOrder, startsAt, endsAt } = row;
  return {
    type,
    audience,
    language,
    title,
    content,
    imageUrl,
    linkUrl,
    groupName,
    sortOrder,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt?.toISOString() ?? null,
  };
}

function auditedHelpItem(row: repository.HelpItemRow | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const { language, category, title, content, sortOrder } = row;
  return { language, category, title, content, sortOrder };
}

function announcementRow(input: AnnouncementInput): repository.NewAnnouncementRow {
  return {
    type: input.type,
    // The site asks for the web platform, shown in the browser; the back office writes nothing else.
    platform: 'W',
    execution: 'B',
    language: input.language,
    title: input.title,
    content: sanitizeContentHtml(input.content),
    imageUrl: input.imageUrl,
    linkUrl: input.linkUrl,
    groupName: input.type === 'B' ? input.groupName : null,
    audience: input.audience,
    sortOrder: input.sortOrder,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
  };
}

function helpItemRow(input: HelpItemInput): repository.NewHelpItemRow {
  return {
    language: input.language,
    category: input.category,
    title: input.title,
    content: sanitizeContentHtml(input.content),
    sortOrder: input.sortOrder,
  };
}

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^\d{1,18}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

function pageOf<Row extends { id: number }, Item>(rows: Row[], limit: number, map: (row: Row) => Item): Page<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/**
 * What operators change in a brand's content (the back office's Content pages): announcements of each type with
 * their schedule, the help centre, and the images banners and promotions show. HTML is sanitised before it is
 * stored; each change carries the version its editor opened (BO_CHANGED_SINCE_OPENED otherwise) and is audited in
 * its transaction. The site reads content from the database on each call, so a change shows at its next call.
 */
export class ContentAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly media: MediaService,
  ) {}

  async listAnnouncements(brand: Merchant, query: AnnouncementQuery, now = new Date()): Promise<Page<BoAnnouncement>> {
    const rows = await repository.findAnnouncementPage(this.db, {
      merchantId: brand.id,
      type: query.type,
      language: query.language,
      state: query.state,
      now,
      beforeId: decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    return pageOf(rows, query.limit, (row) => toBoAnnouncement(row, now));
  }

  async getAnnouncement(brand: Merchant, id: number): Promise<BoAnnouncement> {
    const row = await repository.findAnnouncement(this.db, brand.id, id);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return toBoAnnouncement(row, new Date());
  }

  async createAnnouncement(actor: Actor, brand: Merchant, input: AnnouncementInput): Promise<BoAnnouncement> {
    return this.db.transaction(async (tx) => {
      const row = await repository.insertAnnouncement(tx, brand.id, announcementRow(input));
      await this.record(
        tx,
        actor,
        brand,
        'content.announcement.create',
        'announcement',
        row.id,
        null,
        auditedAnnouncement(row),
      );
      return toBoAnnouncement(row, new Date());
    });
  }

  async updateAnnouncement(
    actor: Actor,
    brand: Merchant,
    id: number,
    input: AnnouncementInput,
    version: number,
  ): Promise<BoAnnouncement> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockAnnouncement(tx, brand, id, version);
      const row = await repository.updateAnnouncement(tx, id, announcementRow(input));
      await this.record(
        tx,
        actor,
        brand,
        'content.announcement.update',
        'announcement',
        id,
        auditedAnnouncement(before),
        auditedAnnouncement(row),
      );
      return toBoAnnouncement(row, new Date());
    });
  }

  async removeAnnouncement(actor: Actor, brand: Merchant, id: number, version: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lockAnnouncement(tx, brand, id, version);
      await repository.deleteAnnouncement(tx, id);
      await this.record(
        tx,
        actor,
        brand,
        'content.announcement.remove',
        'announcement',
        id,
        auditedAnnouncement(before),
        null,
      );
    });
  }

  /**
   * A new order of announcements (a place's banners), as one change: each is locked in id order (so two operators
   * ordering the same banners are taken in turn) and must carry the version the page read, else nothing moves.
   * Their sortOrder becomes 10, 20, 30, … in the order given; one audit entry holds the order before and after.
   */
  async setAnnouncementOrder(
    actor: Actor,
    brand: Merchant,
    items: { id: number; version: number }[],
  ): Promise<BoAnnouncement[]> {
    return this.db.transaction(async (tx) => {
      const locked = new Map<number, repository.AnnouncementRow>();
      for (const item of [...items].sort((a, b) => a.id - b.id)) {
        locked.set(item.id, await this.lockAnnouncement(tx, brand, item.id, item.version));
      }
      const updated: repository.AnnouncementRow[] = [];
      for (const [index, item] of items.entries()) {
        updated.push(await repository.setAnnouncementSortOrder(tx, item.id, (index + 1) * 10));
      }
      const placeOf = (row: repository.AnnouncementRow) => ({ id: row.id, sortOrder: row.sortOrder });
      const before = [...locked.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map(placeOf);
      await this.record(
        tx,
        actor,
        brand,
        'content.announcement.order',
        'announcement',
        items.map((item) => item.id).join(','),
        { order: before },
        { order: updated.map(placeOf) },
      );
      const now = new Date();
      return updated.map((row) => toBoAnnouncement(row, now));
    });
  }

  async listHelpItems(brand: Merchant, query: HelpItemQuery): Promise<Page<BoHelpItem>> {
    const rows = await repository.findHelpItemPage(this.db, {
      merchantId: brand.id,
      language: query.language,
      category: query.category,
      beforeId: decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    return pageOf(rows, query.limit, toBoHelpItem);
  }

  async getHelpItem(brand: Merchant, id: number): Promise<BoHelpItem> {
    const row = await repository.findHelpItem(this.db, brand.id, id);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return toBoHelpItem(row);
  }

  async createHelpItem(actor: Actor, brand: Merchant, input: HelpItemInput): Promise<BoHelpItem> {
    return this.db.transaction(async (tx) => {
      const row = await repository.insertHelpItem(tx, brand.id, helpItemRow(input));
      await this.record(tx, actor, brand, 'content.help.create', 'help-item', row.id, null, auditedHelpItem(row));
      return toBoHelpItem(row);
    });
  }

  async updateHelpItem(
    actor: Actor,
    brand: Merchant,
    id: number,
    input: HelpItemInput,
    version: number,
  ): Promise<BoHelpItem> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockHelpItem(tx, brand, id, version);
      const row = await repository.updateHelpItem(tx, id, helpItemRow(input));
      await this.record(
        tx,
        actor,
        brand,
        'content.help.update',
        'help-item',
        id,
        auditedHelpItem(before),
        auditedHelpItem(row),
      );
      return toBoHelpItem(row);
    });
  }

  async removeHelpItem(actor: Actor, brand: Merchant, id: number, version: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lockHelpItem(tx, brand, id, version);
      await repository.deleteHelpItem(tx, id);
      await this.record(tx, actor, brand, 'content.help.remove', 'help-item', id, auditedHelpItem(before), null);
    });
  }

  /** Checks and stores an image for a banner or a promotion; the answer says where the site loads it. */
  async uploadImage(actor: Actor, brand: Merchant, image: Buffer): Promise<UploadedImage> {
    return this.db.transaction(async (tx) => {
      const stored = await this.media.store(tx, brand.id, 'banner', image);
      await this.record(tx, actor, brand, 'content.image.upload', 'media', stored.url, null, { ...stored });
      return stored;
    });
  }

  private async lockAnnouncement(
    tx: Executor,
    brand: Merchant,
    id: number,
    version: number,
  ): Promise<repository.AnnouncementRow> {
    const row = await repository.findAnnouncement(tx, brand.id, id, { lock: true });
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    if (row.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED', { version: row.version });
    return row;
  }

  private async lockHelpItem(
    tx: Executor,
    brand: Merchant,
    id: number,
    version: number,
  ): Promise<repository.HelpItemRow> {
    const row = await repository.findHelpItem(tx, brand.id, id, { lock: true });
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    if (row.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED', { version: row.version });
    return row;
  }

  private record(
    tx: Executor,
    actor: Actor,
    brand: Merchant,
    action: string,
    targetType: string,
    targetId: number | string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.audit.record(tx, { actor, merchantId: brand.id, action, targetType, targetId, before, after });
  }
}
