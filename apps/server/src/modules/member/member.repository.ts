import { query, toIso, toNumber } from '@parlay/db';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { memberAccounts } from '../../db/schema/index';

export type MemberAccountRow = typeof memberAccounts.$inferSelect;

const upline = alias(memberAccounts, 'upline');

export async function findMemberWithUpline(
  db: Executor,
  memberId: number,
  merchantId: number,
): Promise<{ member: MemberAccountRow; uplineAccount: string | null; rankName: string | null } | undefined> {
  const rows = await db
    .select({
      member: memberAccounts,
      uplineAccount: upline.account,
      // The name of the member's VIP level (decision 0046); null when the brand has not defined that rank.
      rankName: sql<string | null>`(SELECT name FROM vip_levels
        WHERE merchant_id = ${memberAccounts.merchantId} AND rank_level = ${memberAccounts.rankLevel})`,
    })
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

/** The member's current avatar, its row locked for the caller's transaction (two avatar changes run one after the other). */
export async function lockMemberAvatar(
  db: Executor,
  memberId: number,
  merchantId: number,
): Promise<Pick<MemberAccountRow, 'avatar' | 'avatarType'> | undefined> {
  const rows = await db
    .select({ avatar: memberAccounts.avatar, avatarType: memberAccounts.avatarType })
    .from(memberAccounts)
    .where(and(eq(memberAccounts.id, memberId), eq(memberAccounts.merchantId, merchantId)))
    .for('update');
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

/** What the back office's player search finds of a member. */
export interface MemberSearchRow {
  id: number;
  account: string;
  nickname: string | null;
  agentType: number;
  status: string;
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
  registeredAt: string;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
}

export type MemberSearchField = 'account' | 'id' | 'phone' | 'email' | 'ip';

const SEARCH_COLUMNS = sql`m.id, m.account, m.nickname, m.agent_type, m.status, m.country_dialing_code, m.mobile_num,
  m.email, m.created_at, m.last_login_at, m.last_login_ip`;

function toSearchRow(row: Record<string, unknown>): MemberSearchRow {
  return {
    id: toNumber(row['id']),
    account: row['account'] as string,
    nickname: (row['nickname'] as string | null) ?? null,
    agentType: toNumber(row['agent_type']),
    status: row['status'] as string,
    countryDialingCode: (row['country_dialing_code'] as string | null) ?? null,
    mobileNum: (row['mobile_num'] as string | null) ?? null,
    email: (row['email'] as string | null) ?? null,
    registeredAt: toIso(row['created_at']),
    lastLoginAt: row['last_login_at'] === null ? null : toIso(row['last_login_at']),
    lastLoginIp: (row['last_login_ip'] as string | null) ?? null,
  };
}

/**
 * A page of a brand's real accounts (free-play guests aside) found by one field, each over an index
 * (migration 0049): an account's first letters, case-insensitively, in account order after `after` (the last
 * account's lower-cased name); an id; a mobile number (without its country code); an e-mail; an IP the
 * member signed in or registered from. The last four are newest member first, after `after` (the last id).
 */
export async function searchMembers(
  db: Executor,
  merchantId: number,
  search: { field: MemberSearchField; text: string; after: string | null; limit: number },
): Promise<MemberSearchRow[]> {
  const real = sql`m.merchant_id = ${merchantId} AND NOT m.is_free_play`;
  const byId = search.after === null ? sql`` : sql` AND m.id < ${Number(search.after)}`;
  let statement: SQL;
  switch (search.field) {
    case 'account': {
      const prefix = `${search.text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const after = search.after === null ? sql`` : sql` AND lower(m.account) COLLATE "C" > ${search.after}`;
      statement = sql`SELECT ${SEARCH_COLUMNS} FROM members m
        WHERE ${real} AND lower(m.account) COLLATE "C" LIKE ${prefix}${after}
        ORDER BY lower(m.account) COLLATE "C" LIMIT ${search.limit}`;
      break;
    }
    case 'id':
      statement = sql`SELECT ${SEARCH_COLUMNS} FROM members m
        WHERE ${real} AND m.id = ${Number(search.text)}${byId} LIMIT ${search.limit}`;
      break;
    case 'phone': {
      const digits = search.text.replace(/\D/g, '');
      // Stored without the country code or a leading 0 (1012345678 for 010-1234-5678 in Korea).
      statement = sql`SELECT ${SEARCH_COLUMNS} FROM members m
        WHERE ${real} AND m.mobile_num IN (${digits}, ${digits.replace(/^0+/, '')})${byId}
        ORDER BY m.id DESC LIMIT ${search.limit}`;
      break;
    }
    case 'email':
      statement = sql`SELECT ${SEARCH_COLUMNS} FROM members m
        WHERE ${real} AND lower(m.email) = ${search.text.toLowerCase()}${byId}
        ORDER BY m.id DESC LIMIT ${search.limit}`;
      break;
    case 'ip':
      statement = sql`SELECT ${SEARCH_COLUMNS} FROM members m
        WHERE ${real} AND m.id IN (SELECT k.member_id FROM member_known_ips k WHERE k.ip = ${search.text})${byId}
        ORDER BY m.id DESC LIMIT ${search.limit}`;
      break;
  }
  return (await query(db, statement)).map(toSearchRow);
}
