import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The downline tree (decision 0059): member_tree (migration 0085), the closure of members.upline_id that
// db/functions/member_tree_check.sql and member_tree_apply.sql keeps. SQL only; the service decides who may read what.

/** A refusal the tree's trigger raised (SQLSTATE PA001, the message is the contract's code). */
export type TreeRefusal = 'AGENT_UPLINE_CYCLE' | 'AGENT_UPLINE_OTHER_BRAND';

/** The refusal member_tree_check raised, found through the driver's error wrappers; else undefined. */
export function findTreeRefusal(error: unknown): TreeRefusal | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === 'PA001' && typeof candidate.message === 'string') {
      const refusal = candidate.message.trim();
      if (refusal === 'AGENT_UPLINE_CYCLE' || refusal === 'AGENT_UPLINE_OTHER_BRAND') return refusal;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Whether `memberId` is under `agentId` at any depth (the agent itself is not its own downline). */
export async function isInDownline(db: Executor, agentId: number, memberId: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 FROM member_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId} AND depth > 0`,
  );
  return rows.length > 0;
}

/** An account prefix as a LIKE pattern, its wildcards escaped. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface TeamRow {
  id: number;
  account: string;
  nickname: string | null;
  level: number;
  type: number;
  uplineId: number | null;
  uplineAccount: string | null;
  balanceMinor: number;
  lastLoginAt: string | null;
  status: 'active' | 'locked' | 'closed';
  createdAt: string;
  childCount: number;
}

interface RawTeamRow {
  id: unknown;
  account: string;
  nickname: string | null;
  level: unknown;
  agent_type: unknown;
  upline_id: unknown;
  upline_account: string | null;
  balance_minor: unknown;
  last_login_at: unknown;
  status: string;
  created_at: unknown;
  child_count: unknown;
  [column: string]: unknown;
}

function toTeamRow(row: RawTeamRow): TeamRow {
  return {
    id: toNumber(row.id),
    account: row.account,
    nickname: row.nickname,
    level: toNumber(row.level),
    type: toNumber(row.agent_type),
    uplineId: toNullableNumber(row.upline_id),
    uplineAccount: row.upline_account,
    balanceMinor: toNumber(row.balance_minor ?? 0),
    lastLoginAt: row.last_login_at === null ? null : toIso(row.last_login_at),
    status: row.status as TeamRow['status'],
    createdAt: toIso(row.created_at),
    childCount: toNumber(row.child_count),
  };
}

/**
 * A page of `ancestorId`'s downline (depth 1 only when `directOnly`; the children of `parentId` when given), by lower-case account (keyset: `after` is the
 * last page's last one), with each member's main balance in `currency`. One range of member_tree's primary key.
 */
export async function findTeamPage(
  db: Executor,
  team: {
    merchantId: number;
    ancestorId: number;
    /** Only the direct children of this member (itself in the ancestor's downline, or the ancestor). */
    parentId?: number | undefined;
    currency: string;
    account?: string | undefined;
    directOnly: boolean;
    after: string | null;
    limit: number;
  },
): Promise<TeamRow[]> {
  const conditions: SQL[] = [
    sql`t.ancestor_id = ${team.ancestorId}`,
    team.directOnly ? sql`t.depth = 1` : sql`t.depth > 0`,
    sql`m.merchant_id = ${team.merchantId}`,
    sql`NOT m.is_free_play`,
  ];
  if (team.parentId !== undefined) conditions.push(sql`m.upline_id = ${team.parentId}`);
  if (team.account) conditions.push(sql`lower(m.account) COLLATE "C" LIKE ${prefixPattern(team.account)}`);
  if (team.after !== null) conditions.push(sql`lower(m.account) COLLATE "C" > ${team.after}`);
  const rows = await query<RawTeamRow>(
    db,
    sql`SELECT m.id, m.account, m.nickname, t.depth AS level, m.agent_type, m.upline_id, u.account AS upline_account,
               w.balance_minor, m.last_login_at, m.status, m.created_at,
               (SELECT count(*) FROM members c WHERE c.upline_id = m.id) AS child_count
          FROM member_tree t
          JOIN members m ON m.id = t.descendant_id
          LEFT JOIN members u ON u.id = m.upline_id
          LEFT JOIN wallet_accounts w
            ON w.owner_type = 'member' AND w.member_id = m.id AND w.currency = ${team.currency}
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY lower(m.account) COLLATE "C"
         LIMIT ${team.limit}`,
  );
  return rows.map(toTeamRow);
}

export interface TreeNodeRow {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'locked' | 'closed';
  uplineId: number | null;
  uplineAccount: string | null;
  level: number;
  childCount: number;
  downlineCount: number;
  createdAt: string;
}

interface RawTreeNode {
  id: unknown;
  account: string;
  nickname: string | null;
  agent_type: unknown;
  status: string;
  upline_id: unknown;
  upline_account: string | null;
  level: unknown;
  child_count: unknown;
  downline_count: unknown;
  created_at: unknown;
  [column: string]: unknown;
}

function toTreeNode(row: RawTreeNode): TreeNodeRow {
  return {
    id: toNumber(row.id),
    account: row.account,
    nickname: row.nickname,
    type: toNumber(row.agent_type),
    status: row.status as TreeNodeRow['status'],
    uplineId: toNullableNumber(row.upline_id),
    uplineAccount: row.upline_account,
    level: toNumber(row.level),
    childCount: toNumber(row.child_count),
    downlineCount: toNumber(row.downline_count),
    createdAt: toIso(row.created_at),
  };
}

// A node's level is its deepest ancestor row (member_tree_descendant_idx), its counts two ranges of the tree.
const NODE_COLUMNS = sql`m.id, m.account, m.nickname, m.agent_type, m.status, m.upline_id, u.account AS upline_account,
  (SELECT max(a.depth) FROM member_tree a WHERE a.descendant_id = m.id) AS level,
  (SELECT count(*) FROM members c WHERE c.upline_id = m.id) AS child_count,
  (SELECT count(*) - 1 FROM member_tree d WHERE d.ancestor_id = m.id) AS downline_count,
  m.created_at`;

/**
 * A page of the brand's members for the back office's tree, by lower-case account (keyset): those whose account
 * starts with `account`, agents only when `agentTypes` is given, the children of `parentId` when it is.
 */
export async function findTreePage(
  db: Executor,
  page: {
    merchantId: number;
    account?: string | undefined;
    agentTypes?: readonly number[] | undefined;
    parentId?: number | undefined;
    after: string | null;
    limit: number;
  },
): Promise<TreeNodeRow[]> {
  const conditions: SQL[] = [sql`m.merchant_id = ${page.merchantId}`, sql`NOT m.is_free_play`];
  if (page.parentId !== undefined) conditions.push(sql`m.upline_id = ${page.parentId}`);
  if (page.account) conditions.push(sql`lower(m.account) COLLATE "C" LIKE ${prefixPattern(page.account)}`);
  if (page.agentTypes) {
    conditions.push(
      sql`m.agent_type IN (${sql.join(
        page.agentTypes.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  }
  if (page.after !== null) conditions.push(sql`lower(m.account) COLLATE "C" > ${page.after}`);
  const rows = await query<RawTreeNode>(
    db,
    sql`SELECT ${NODE_COLUMNS}
          FROM members m LEFT JOIN members u ON u.id = m.upline_id
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY lower(m.account) COLLATE "C"
         LIMIT ${page.limit}`,
  );
  return rows.map(toTreeNode);
}

/** One member of the brand as the tree shows it; `lock` holds its row until the transaction ends. */
export async function findTreeNode(
  db: Executor,
  merchantId: number,
  memberId: number,
  options: { lock?: boolean } = {},
): Promise<TreeNodeRow | undefined> {
  if (options.lock) await query(db, sql`SELECT id FROM members WHERE id = ${memberId} FOR UPDATE`);
  const rows = await query<RawTreeNode>(
    db,
    sql`SELECT ${NODE_COLUMNS} FROM members m LEFT JOIN members u ON u.id = m.upline_id
         WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}`,
  );
  return rows[0] ? toTreeNode(rows[0]) : undefined;
}

/** A member of any brand by id: its brand and type (a move's new upline is checked by the service). */
export async function findMemberBrandAndType(
  db: Executor,
  memberId: number,
): Promise<{ merchantId: number; type: number } | undefined> {
  const rows = await query<{ merchant_id: unknown; agent_type: unknown }>(
    db,
    sql`SELECT merchant_id, agent_type FROM members WHERE id = ${memberId}`,
  );
  const row = rows[0];
  return row ? { merchantId: toNumber(row.merchant_id), type: toNumber(row.agent_type) } : undefined;
}

/** Sets a member's upline; the tree's trigger moves its whole downline with it (or raises a TreeRefusal). */
export async function setUpline(db: Executor, memberId: number, uplineId: number | null): Promise<void> {
  await query(db, sql`UPDATE members SET upline_id = ${uplineId}, updated_at = now() WHERE id = ${memberId}`);
}
