import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';

export async function insertResetToken(
  db: Executor,
  token: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Spends a live reset token of a member of this brand; returns the member id, or nothing. */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  merchantId: number,
): Promise<number | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.consumedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        sql`${passwordResetTokens.memberId} IN (SELECT id FROM members WHERE merchant_id = ${merchantId})`,
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return rows[0]?.memberId;
}

export async function countRecentResetTokens(db: Executor, memberId: number, sinceSeconds: number): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.memberId, memberId),
        gt(passwordResetTokens.createdAt, sql`now() - make_interval(secs => ${sinceSeconds})`),
      ),
    );
  return Number(rows[0]?.count ?? 0);
}
