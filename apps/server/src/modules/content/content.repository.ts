import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcements, helpItems } from '../../db/schema/index';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type HelpItemRow = typeof helpItems.$inferSelect;

export interface LiveAnnouncementFilter {
  merchantId: number;
  types: readonly string[];
  language: string;
  platform: string;
  execution: string;
  now: Date;
}

/** Announcements shown at `now`: started, and not yet ended (an open end never ends). */
export async function findLiveAnnouncements(db: Executor, filter: LiveAnnouncementFilter): Promise<AnnouncementRow[]> {
  if (filter.types.length === 0) return [];
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, filter.merchantId),
        // An announcement to agents shows only on the agent centre's page, never in the site's lists.
        eq(announcements.audience, 'all'),
        inArray(announcements.type, [...filter.types]),
        eq(announcements.language, filter.language),
        eq(announcements.platform, filter.platform),
        eq(announcements.execution, filter.execution),
        lte(announcements.startsAt, filter.now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, filter.now)),
      ),
    )
    .orderBy(asc(announcements.sortOrder), desc(announcements.startsAt), desc(announcements.id));
}

/** Live announcements to agents of a brand in a language, newest first: a page, with the agent's reads. */
export async function findAgentAnnouncementPage(
  db: Executor,
  filter: { merchantId: number; memberId: number; language: string; now: Date; offset: number; limit: number },
): Promise<{ rows: (AnnouncementRow & { read: boolean })[]; total: number; unread: number }> {
  const live = and(
    eq(announcements.merchantId, filter.merchantId),
    eq(announcements.audience, 'agents'),
    eq(announcements.language, filter.language),
    lte(announcements.startsAt, filter.now),
    or(isNull(announcements.endsAt), gt(announcements.endsAt, filter.now)),
  );
  const read = sql<boolean>`exists (select 1 from announcement_reads r where r.announcement_id = ${announcements.id}
    and r.member_id = ${filter.memberId})`;
  const [rows, counts] = await Promise.all([
    db
      .select({ row: announcements, read })
      .from(announcements)
      .where(live)
      .orderBy(desc(announcements.startsAt), desc(announcements.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${read}))::int` })
      .from(announcements)
      .where(live),
  ]);
  return {
    rows: rows.map(({ row, read: isRead }) => ({ ...row, read: Boolean(isRead) })),
    total: Number(counts[0]?.total ?? 0),
    unread: Number(counts[0]?.unread ?? 0),
  };
}

/** Records that the agent read the announcement (once; a second read keeps the first time). */
export async function insertAnnouncementRead(db: Executor, announcementId: number, memberId: number): Promise<void> {
  await db.execute(
    sql`insert into announcement_reads (announcement_id, member_id) values (${announcementId}, ${memberId})
      on conflict do nothing`,
  );
}

export async function findHelpItems(
  db: Executor,
  filter: { merchantId: number; language: string; category?: string },
): Promise<HelpItemRow[]> {
  return db
    .select()
    .from(helpItems)
    .where(
      and(
        eq(helpItems.merchantId, filter.merchantId),
        eq(helpItems.language, filter.language),
        filter.category ? eq(helpItems.category, filter.category) : undefined,
      ),
    )
    .orderBy(asc(helpItems.category), asc(helpItems.sortOrder), asc(helpItems.id));
}

export type NewAnnouncementRow = Omit<typeof announcements.$inferInsert, 'id' | 'merchantId' | 'version' | 'updatedAt'>;
export type NewHelpItemRow = Omit<typeof helpItems.$inferInsert, 'id' | 'merchantId' | 'version' | 'updatedAt'>;

/**
 * A page of a brand's announcements for the back office, newest first, those before `beforeId` (keyset on id:
 * announcements_merchant_id_idx, or announcements_merchant_type_id_idx with a type). `state` is judged at `now`.
 */
export async function findAnnouncementPage(
  db: Executor,
  filter: {
    merchantId: number;
    type?: string;
    language?: string;
    state?: 'scheduled' | 'live' | 'ended';
    now: Date;
    beforeId?: number;
    limit: number;
  },
): Promise<AnnouncementRow[]> {
  const { now } = filter;
  const state =
    filter.state === 'scheduled'
      ? gt(announcements.startsAt, now)
      : filter.state === 'live'
        ? and(lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)))
        : filter.state === 'ended'
          ? lte(announcements.endsAt, now)
          : undefined;
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, filter.merchantId),
        filter.type ? eq(announcements.type, filter.type) : undefined,
        filter.language ? eq(announcements.language, filter.language) : undefined,
        state,
        filter.beforeId === undefined ? undefined : lt(announcements.id, filter.beforeId),
      ),
    )
    .orderBy(desc(announcements.id))
    .limit(filter.limit);
}

export async function findAnnouncement(
  db: Executor,
  merchantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AnnouncementRow | undefined> {
  const select = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
    .limit(1);
  return (options.lock ? await select.for('update') : await select)[0];
}

export async function insertAnnouncement(
  db: Executor,
  merchantId: number,
  row: NewAnnouncementRow,
): Promise<AnnouncementRow> {
  return (
    await db
      .insert(announcements)
      .values({ ...row, merchantId })
      .returning()
  )[0]!;
}

/** Writes the row and bumps its version. */
export async function updateAnnouncement(db: Executor, id: number, row: NewAnnouncementRow): Promise<AnnouncementRow> {
  const rows = await db
    .update(announcements)
    .set({ ...row, version: sql`${announcements.version} + 1`, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return rows[0]!;
}

/** Moves an announcement to `sortOrder` and bumps its version. */
export async function setAnnouncementSortOrder(db: Executor, id: number, sortOrder: number): Promise<AnnouncementRow> {
  const rows = await db
    .update(announcements)
    .set({ sortOrder, version: sql`${announcements.version} + 1`, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteAnnouncement(db: Executor, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

/** A page of a brand's help items for the back office, newest first (keyset on id: help_items_merchant_id_idx). */
export async function findHelpItemPage(
  db: Executor,
  filter: { merchantId: number; language?: string; category?: string; beforeId?: number; limit: number },
): Promise<HelpItemRow[]> {
  return db
    .select()
    .from(helpItems)
    .where(
      and(
        eq(helpItems.merchantId, filter.merchantId),
        filter.language ? eq(helpItems.language, filter.language) : undefined,
        filter.category ? eq(helpItems.category, filter.category) : undefined,
        filter.beforeId === undefined ? undefined : lt(helpItems.id, filter.beforeId),
      ),
    )
    .orderBy(desc(helpItems.id))
    .limit(filter.limit);
}

export async function findHelpItem(
  db: Executor,
  merchantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<HelpItemRow | undefined> {
  const select = db
    .select()
    .from(helpItems)
    .where(and(eq(helpItems.merchantId, merchantId), eq(helpItems.id, id)))
    .limit(1);
  return (options.lock ? await select.for('update') : await select)[0];
}

export async function insertHelpItem(db: Executor, merchantId: number, row: NewHelpItemRow): Promise<HelpItemRow> {
  return (
    await db
      .insert(helpItems)
      .values({ ...row, merchantId })
      .returning()
  )[0]!;
}

export async function updateHelpItem(db: Executor, id: number, row: NewHelpItemRow): Promise<HelpItemRow> {
  const rows = await db
    .update(helpItems)
    .set({ ...row, version: sql`${helpItems.version} + 1`, updatedAt: new Date() })
    .where(eq(helpItems.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteHelpItem(db: Executor, id: number): Promise<void> {
  await db.delete(helpItems).where(eq(helpItems.id, id));
}
