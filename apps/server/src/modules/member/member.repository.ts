import { and, eq, sql } from 'drizzle-orm';
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

export async function findMemberById(
  db: Executor,
  memberId: number,
  merchantId: number,
): Promise<MemberAccountRow | undefined> {
  const rows = await db
    .select()
    .from(memberAccounts)
    .where(and(eq(memberAccounts.id, memberId), eq(memberAccounts.merchantId, merchantId)))
    .limit(1);
  return rows[0];
}

/** An account of the brand by its name, case-insensitively; free-play guests are never found. */
export async function findMemberByAccount(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<MemberAccountRow | undefined> {
  const rows = await db
    .select()
    .from(memberAccounts)
    .where(
      and(
        eq(memberAccounts.merchantId, merchantId),
        sql`lower(${memberAccounts.account}) = lower(${account})`,
        eq(memberAccounts.isFreePlay, false),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The account bound to a mobile number; free-play guests are never found (they have none anyway). */
export async function findMemberByMobile(
  db: Executor,
  merchantId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<MemberAccountRow | undefined> {
  const rows = await db
    .select()
    .from(memberAccounts)
    .where(
      and(
        eq(memberAccounts.merchantId, merchantId),
        eq(memberAccounts.countryDialingCode, countryDialingCode),
        eq(memberAccounts.mobileNum, mobileNum),
        eq(memberAccounts.isFreePlay, false),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findMemberByAccountAndEmail(
  db: Executor,
  merchantId: number,
  account: string,
  email: string,
): Promise<MemberAccountRow | undefined> {
  const rows = await db
    .select()
    .from(memberAccounts)
    .where(
      and(
        eq(memberAccounts.merchantId, merchantId),
        sql`lower(${memberAccounts.account}) = lower(${account})`,
        sql`lower(${memberAccounts.email}) = lower(${email})`,
        eq(memberAccounts.isFreePlay, false),
      ),
    )
    .limit(1);
  return rows[0];
}
