import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { memberAccounts } from '../../db/schema/index';

export type MemberAccountRow = typeof memberAccounts.$inferSelect;

const upline = alias(memberAccounts, 'upline');

export async function findMemberWithUpline(
  db: Executor,
  memberId: number,
  merchantId: number,
): Promise<{ member: MemberAccountRow; uplineAccount: string | null } | undefined> {
  const rows = await db
    .select({ member: memberAccounts, uplineAccount: upline.account })
    .from(memberAccounts)
    .leftJoin(upline, eq(upline.id, memberAccounts.uplineId))
    .where(and(eq(memberAccounts.id, memberId), eq(memberAccounts.merchantId, merchantId)))
    .limit(1);
  return rows[0];
}

export async function updateMember(
  db: Executor,
  memberId: number,
  merchantId: number,
  patch: Partial<Omit<MemberAccountRow, 'id' | 'merchantId' | 'createdAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(memberAccounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(memberAccounts.id, memberId), eq(memberAccounts.merchantId, merchantId)))
    .returning({ id: memberAccounts.id });
  return rows.length > 0;
}
