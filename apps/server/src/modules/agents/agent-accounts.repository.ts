import type { ContractTerms } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The agent centre's account page (decision 0064): agent_invite_links, agent_account_requests and agent_settings
// (migration 0090). SQL only; the service decides who may do what.

export interface InviteLinkRow {
  id: number;
  code: string;
  label: string;
  accountType: number;
  registrations: number;
  active: boolean;
  createdAt: string;
  disabledAt: string | null;
  contractTerms: ContractTerms[];
}

type RawLink = {
  id: unknown;
  code: string;
  label: string;
  account_type: unknown;
  registrations: unknown;
  active: boolean;
  created_at: unknown;
  disabled_at: unknown;
  contract_terms: ContractTerms[];
};

const LINK_COLUMNS = sql`id, code, label, account_type, registrations, active, created_at, disabled_at, contract_terms`;

function toLink(row: RawLink): InviteLinkRow {
  return {
    id: toNumber(row.id),
    code: row.code,
    label: row.label,
    accountType: toNumber(row.account_type),
    registrations: toNumber(row.registrations),
    active: row.active,
    createdAt: toIso(row.created_at),
    disabledAt: row.disabled_at === null ? null : toIso(row.disabled_at),
    contractTerms: row.contract_terms,
  };
}

/** Whether the brand's agents may make sub-agents: its agent_settings row, else yes. */
export async function subAgentsAllowed(db: Executor, merchantId: number): Promise<boolean> {
  const [row] = await query<{ allowed: boolean }>(
    db,
    sql`SELECT sub_agents_allowed AS allowed FROM agent_settings WHERE merchant_id = ${merchantId}`,
  );
  return row?.allowed ?? true;
}

/** The agent's links, newest first (at most `limit`). */
export async function listLinks(db: Executor, agentId: number, limit: number): Promise<InviteLinkRow[]> {
  const rows = await query<RawLink>(
    db,
    sql`SELECT ${LINK_COLUMNS} FROM agent_invite_links WHERE agent_id = ${agentId} ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map(toLink);
}

/**
 * A new link, unless the agent has `max` active ones (null then). The agent's row is locked first, so two creations
 * at once cannot both pass the count.
 */
export async function insertLink(
  db: Executor,
  link: {
    merchantId: number;
    agentId: number;
    code: string;
    label: string;
    accountType: number;
    contractTerms: ContractTerms[];
    max: number;
  },
): Promise<InviteLinkRow | null> {
  await query(db, sql`SELECT id FROM members WHERE id = ${link.agentId} FOR UPDATE`);
  const [count] = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM agent_invite_links WHERE agent_id = ${link.agentId} AND active`,
  );
  if (toNumber(count!.n) >= link.max) return null;
  const [row] = await query<RawLink>(
    db,
    sql`INSERT INTO agent_invite_links (merchant_id, agent_id, code, label, account_type, contract_terms)
        VALUES (${link.merchantId}, ${link.agentId}, ${link.code}, ${link.label}, ${link.accountType},
                ${JSON.stringify(link.contractTerms)}::jsonb)
        RETURNING ${LINK_COLUMNS}`,
  );
  return toLink(row!);
}

/** Disables one of the agent's links (a disabled one stays as it is); undefined: the agent has no such link. */
export async function disableLink(db: Executor, agentId: number, linkId: number): Promise<InviteLinkRow | undefined> {
  const [row] = await query<RawLink>(
    db,
    sql`UPDATE agent_invite_links
           SET active = false, disabled_at = coalesce(disabled_at, now())
         WHERE id = ${linkId} AND agent_id = ${agentId}
        RETURNING ${LINK_COLUMNS}`,
  );
  return row ? toLink(row) : undefined;
}

export interface CreatedAccountRow {
  id: number;
  account: string;
  nickname: string | null;
  agentType: number;
  createdAt: string;
}

type RawAccount = {
  id: unknown;
  account: string;
  nickname: string | null;
  agent_type: unknown;
  created_at: unknown;
};

function toAccount(row: RawAccount): CreatedAccountRow {
  return {
    id: toNumber(row.id),
    account: row.account,
    nickname: row.nickname,
    agentType: toNumber(row.agent_type),
    createdAt: toIso(row.created_at),
  };
}

/** The account an earlier request of the agent with this id made, if any. */
export async function findAccountRequest(
  db: Executor,
  agentId: number,
  requestId: string,
): Promise<CreatedAccountRow | undefined> {
  const [row] = await query<RawAccount>(
    db,
    sql`SELECT m.id, m.account, m.nickname, m.agent_type, m.created_at
          FROM agent_account_requests r JOIN members m ON m.id = r.member_id
         WHERE r.agent_id = ${agentId} AND r.request_id = ${requestId}`,
  );
  return row ? toAccount(row) : undefined;
}

/**
 * A direct member of the agent, and its request row, in the caller's transaction. A taken account (or invite code)
 * fails on its unique index, and so does a request id already used (the service tells them apart).
 */
export async function insertDownlineAccount(
  db: Executor,
  input: {
    merchantId: number;
    agentId: number;
    requestId: string;
    account: string;
    nickname: string;
    agentType: number;
    passwordHash: string;
    inviteCode: string;
    language: string;
    ip: string;
  },
): Promise<CreatedAccountRow> {
  const [row] = await query<RawAccount>(
    db,
    sql`INSERT INTO members (merchant_id, account, nickname, agent_type, upline_id, password_hash, password_changed_at,
                             invite_code, register_method, register_ip, language, first_time_login)
        VALUES (${input.merchantId}, ${input.account}, ${input.nickname}, ${input.agentType}, ${input.agentId},
                ${input.passwordHash}, now(), ${input.inviteCode}, 'AGENT', ${input.ip}, ${input.language}, true)
        RETURNING id, account, nickname, agent_type, created_at`,
  );
  const account = toAccount(row!);
  await query(
    db,
    sql`INSERT INTO agent_account_requests (agent_id, request_id, member_id)
        VALUES (${input.agentId}, ${input.requestId}, ${account.id})`,
  );
  return account;
}
