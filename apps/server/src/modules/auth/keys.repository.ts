import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { encryptionKeys } from '../../db/schema/index';

export type EncryptionKeyRow = typeof encryptionKeys.$inferSelect;

/** May decrypt now: the current key, or a retired one within its grace, by the database clock. */
const usable = () => or(eq(encryptionKeys.isCurrent, true), gt(encryptionKeys.decryptUntil, sql`now()`));

/** The current key and every retired key still allowed to decrypt. */
export async function findUsableKeys(db: Executor): Promise<EncryptionKeyRow[]> {
  return db.select().from(encryptionKeys).where(usable());
}

/** Whether the key may decrypt now. */
export async function isKeyUsable(db: Executor, kid: string): Promise<boolean> {
  const rows = await db
    .select({ kid: encryptionKeys.kid })
    .from(encryptionKeys)
    .where(and(eq(encryptionKeys.kid, kid), usable()));
  return rows.length > 0;
}

/** Every key ever made, newest first, without its key material. */
export async function findKeySummaries(db: Executor) {
  return db
    .select({
      kid: encryptionKeys.kid,
      isCurrent: encryptionKeys.isCurrent,
      // The database clock, as findUsableKeys uses, so the list agrees with what decrypts.
      isUsable: sql<boolean>`(${encryptionKeys.isCurrent} OR ${encryptionKeys.decryptUntil} > now())`,
      createdAt: encryptionKeys.createdAt,
      retiredAt: encryptionKeys.retiredAt,
      decryptUntil: encryptionKeys.decryptUntil,
    })
    .from(encryptionKeys)
    .orderBy(desc(encryptionKeys.createdAt));
}

export async function insertCurrentKey(
  db: Executor,
  key: { kid: string; publicJwk: unknown; privateJwk: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(encryptionKeys)
    .values({ ...key, isCurrent: true })
    .onConflictDoNothing()
    .returning({ kid: encryptionKeys.kid });
  return rows.length > 0;
}

export async function retireCurrentKey(db: Executor, graceSeconds: number): Promise<void> {
  await db
    .update(encryptionKeys)
    .set({
      isCurrent: false,
      retiredAt: sql`now()`,
      decryptUntil: sql`now() + make_interval(secs => ${graceSeconds})`,
    })
    .where(and(eq(encryptionKeys.isCurrent, true), isNull(encryptionKeys.retiredAt)));
}

/** Deletes retired keys whose grace has ended (their private half with them); returns how many. */
export async function deleteKeysPastGrace(db: Executor): Promise<number> {
  const rows = await db
    .delete(encryptionKeys)
    .where(and(eq(encryptionKeys.isCurrent, false), sql`${encryptionKeys.decryptUntil} <= now()`))
    .returning({ kid: encryptionKeys.kid });
  return rows.length;
}
