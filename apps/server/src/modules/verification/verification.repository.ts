import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  altchaSpent,
  outboxMessages,
  verificationCodes,
  type CodePurpose,
  type MessageChannel,
} from '../../db/schema/index';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Marks a proof-of-work signature spent; false when it already was. */
export async function spendAltcha(db: Executor, signatureHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(altchaSpent).where(lt(altchaSpent.expiresAt, sql`now()`));
  const rows = await db
    .insert(altchaSpent)
    .values({ signatureHash, expiresAt })
    .onConflictDoNothing()
    .returning({ signatureHash: altchaSpent.signatureHash });
  return rows.length > 0;
}

export async function countRecentCodes(
  db: Executor,
  filter: { merchantId: number; target?: string; ip?: string; sinceSeconds: number },
): Promise<{ count: number; lastAt: Date | null }> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int`, lastAt: sql<Date | null>`max(${verificationCodes.createdAt})` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantId, filter.merchantId),
        filter.target === undefined ? undefined : eq(verificationCodes.target, filter.target),
        filter.ip === undefined ? undefined : eq(verificationCodes.ip, filter.ip),
        gt(verificationCodes.createdAt, sql`now() - make_interval(secs => ${filter.sinceSeconds})`),
      ),
    );
  const row = rows[0];
  const lastAt = row?.lastAt ? new Date(row.lastAt) : null;
  return { count: row?.count ?? 0, lastAt };
}

export async function insertCode(
  db: Executor,
  code: {
    merchantId: number;
    purpose: CodePurpose;
    channel: MessageChannel;
    target: string;
    codeHash: string;
    ip: string;
    expiresAt: Date;
  },
): Promise<void> {
  // Only the newest code for a target and purpose works.
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.merchantId, code.merchantId),
        eq(verificationCodes.target, code.target),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values(code);
}

/** The newest unspent code for a target and purpose, expired or not. */
export async function findLatestOpenCode(
  db: Executor,
  merchantId: number,
  target: string,
  purposes: CodePurpose[],
): Promise<VerificationCodeRow | undefined> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantId, merchantId),
        eq(verificationCodes.target, target),
        inArray(verificationCodes.purpose, purposes),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** Counts a wrong guess; spends the code when the guesses run out. */
export async function recordWrongGuess(db: Executor, id: number, maxAttempts: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`CASE WHEN ${verificationCodes.attempts} + 1 >= ${maxAttempts} THEN now() ELSE NULL END`,
    })
    .where(eq(verificationCodes.id, id));
}

/** Spends a code once: false when another request spent it first. */
export async function consumeCode(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export async function insertOutbox(
  db: Executor,
  message: {
    merchantId: number | null;
    channel: MessageChannel;
    recipient: string;
    subject: string;
    body: string;
    provider: string;
  },
): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

export async function findOutbox(db: Executor, recipient: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}
