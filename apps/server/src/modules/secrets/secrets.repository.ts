import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { serverSecrets } from '../../db/schema/index';

/** Inserts the secret unless another instance did first, and returns the stored one. */
export async function getOrCreateSecret(db: Executor, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const rows = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`secret ${name} missing after insert`);
  return value;
}
