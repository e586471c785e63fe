import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
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
