import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';

export type MediaRow = typeof mediaFiles.$inferSelect;
export type NewMediaRow = typeof mediaFiles.$inferInsert;

export async function insertMedia(db: Executor, row: NewMediaRow): Promise<MediaRow> {
  const rows = await db.insert(mediaFiles).values(row).returning();
  return rows[0]!;
}

export async function findMediaByName(
  db: Executor,
  name: string,
): Promise<Pick<MediaRow, 'contentType' | 'bytes'> | undefined> {
  const rows = await db
    .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.name, name))
    .limit(1);
  return rows[0];
}

/** Deletes a brand's file of one kind by its name; true when a row went. */
export async function deleteMedia(db: Executor, merchantId: number, kind: string, name: string): Promise<boolean> {
  const rows = await db
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.merchantId, merchantId), eq(mediaFiles.kind, kind), eq(mediaFiles.name, name)))
    .returning({ id: mediaFiles.id });
  return rows.length > 0;
}
