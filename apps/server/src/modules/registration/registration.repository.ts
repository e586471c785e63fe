import type { ContractTerms } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberAccounts, memberKnownIps, registerSettings } from '../../db/schema/index';

export type MemberAccountRow = typeof memberAccounts.$inferSelect;
export type NewMemberAccount = typeof memberAccounts.$inferInsert;

export async function findRules(db: Executor, merchantId: number): Promise<unknown> {
  const rows = await db
    .select({ rules: registerSettings.rules })
    .from(registerSettings)
    .where(eq(registerSettings.merchantId, merchantId));
  return rows[0]?.rules;
}

export async function upsertRules(db: Executor, merchantId: number, rules: unknown): Promise<void> {
  await db
    .insert(registerSettings)
    .values({ merchantId, rules })
    .onConflictDoUpdate({ target: registerSettings.merchantId, set: { rules, updatedAt: sql`now()` } });
}

/** The member owning an invite code on this brand, optionally only among the given agent types. */
export async function findByInviteCode(
  db: Executor,
  merchantId: number,
  code: string,
  agentTypes?: readonly number[],
): Promise<{ id: number; agentType: number } | undefined> {
  const rows = await db
    .select({ id: memberAccounts.id, agentType: memberAccounts.agentType })
    .from(memberAccounts)
    .where(
      and(
        eq(memberAccounts.merchantId, merchantId),
        sql`upper(${memberAccounts.inviteCode}) = upper(${code})`,
        eq(memberAccounts.status, 'active'),
        eq(memberAccounts.isFreePlay, false),
        agentTypes ? inArray(memberAccounts.agentType, [...agentTypes]) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * An agent's invitation link by its code on this brand (agent_invite_links, decision 0064), with its agent while that
 * one is an active agent of `agentTypes`; a disabled link is found too (`active` false), so the caller refuses it.
 */
export async function findInviteLink(
  db: Executor,
  merchantId: number,
  code: string,
  agentTypes: readonly number[],
): Promise<
  { id: number; agentId: number; accountType: number; active: boolean; contractTerms: ContractTerms[] } | undefined
> {
  const types = sql.join(
    agentTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const rows = await query<{
    id: unknown;
    agent_id: unknown;
    account_type: unknown;
    active: boolean;
    contract_terms: ContractTerms[];
  }>(
    db,
    // A sub-agent link of a brand that has since turned sub-agents off (agent_settings, decision 0064) registers a
    // member, with no contract terms: the registrant is not refused for the brand's change.
    sql`SELECT l.id, l.agent_id,
               CASE WHEN l.account_type = 2 AND NOT coalesce(s.sub_agents_allowed, true) THEN 0 ELSE l.account_type END
                 AS account_type,
               l.active,
               CASE WHEN l.account_type = 2 AND NOT coalesce(s.sub_agents_allowed, true) THEN '[]'::jsonb
                    ELSE l.contract_terms END AS contract_terms
          FROM agent_invite_links l JOIN members a ON a.id = l.agent_id
          LEFT JOIN agent_settings s ON s.merchant_id = l.merchant_id
         WHERE l.merchant_id = ${merchantId} AND l.code = upper(${code})
           AND a.status = 'active' AND NOT a.is_free_play AND a.agent_type IN (${types})`,
  );
  const row = rows[0];
  return row
    ? {
        id: toNumber(row.id),
        agentId: toNumber(row.agent_id),
        accountType: toNumber(row.account_type),
        active: row.active,
        contractTerms: row.contract_terms,
      }
    : undefined;
}

/** Counts a registration on an invitation link, in the registration's transaction; false: the link is disabled now. */
export async function countInviteLinkRegistration(db: Executor, linkId: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE agent_invite_links SET registrations = registrations + 1 WHERE id = ${linkId} AND active RETURNING id`,
  );
  return rows.length > 0;
}

export async function isMobileTaken(
  db: Executor,
  merchantId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: memberAccounts.id })
    .from(memberAccounts)
    .where(
      and(
        eq(memberAccounts.merchantId, merchantId),
        eq(memberAccounts.countryDialingCode, countryDialingCode),
        eq(memberAccounts.mobileNum, mobileNum),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertMember(db: Executor, member: NewMemberAccount): Promise<MemberAccountRow> {
  const rows = await db.insert(memberAccounts).values(member).returning();
  const row = rows[0];
  if (!row) throw new Error('member insert returned nothing');
  return row;
}

export async function rememberIp(db: Executor, memberId: number, ip: string): Promise<void> {
  await db.insert(memberKnownIps).values({ memberId, ip }).onConflictDoNothing();
}
