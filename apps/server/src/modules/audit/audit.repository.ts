import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface NewAuditRow {
  operatorId: number | null;
  actor: string;
  merchantId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
}

export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<number> {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO audit_log (operator_id, actor, merchant_id, action, target_type, target_id, before, after, ip, user_agent)
        VALUES (${row.operatorId}, ${row.actor}, ${row.merchantId}, ${row.action}, ${row.targetType}, ${row.targetId},
                ${json(row.before)}::jsonb, ${json(row.after)}::jsonb, ${row.ip}, ${row.userAgent})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

export interface AuditFilter {
  operatorId?: number | undefined;
  actor?: string | undefined;
  /** An exact action, or (ending in a dot) every action that starts with it. */
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** One brand's changes, by merchant code. */
  brand?: string | undefined;
  /** The brands the reader may see; null: every brand and the platform's own changes. */
  visibleMerchantIds: number[] | null;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries with a smaller id than this (the previous page's last). */
  beforeId?: number | undefined;
  limit: number;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  operatorId: number | null;
  operatorLogin: string | null;
  brand: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** Newest first, by id: keyset paging, so a deep page costs what the first does. */
export async function findAuditRows(db: Executor, filter: AuditFilter): Promise<AuditRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (filter.operatorId !== undefined) where.push(sql`a.operator_id = ${filter.operatorId}`);
  if (filter.actor !== undefined) where.push(sql`a.actor = ${filter.actor}`);
  if (filter.action !== undefined) {
    where.push(
      filter.action.endsWith('.')
        ? sql`a.action LIKE ${`${filter.action.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`
        : sql`a.action = ${filter.action}`,
    );
  }
  if (filter.targetType !== undefined) where.push(sql`a.target_type = ${filter.targetType}`);
  if (filter.targetId !== undefined) where.push(sql`a.target_id = ${filter.targetId}`);
  if (filter.brand !== undefined) where.push(sql`m.code = ${filter.brand}`);
  if (filter.visibleMerchantIds !== null) {
    where.push(sql`a.merchant_id = ANY(${`{${filter.visibleMerchantIds.join(',')}}`}::bigint[])`);
  }
  if (filter.from !== undefined) where.push(sql`a.at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to !== undefined) where.push(sql`a.at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.beforeId !== undefined) where.push(sql`a.id < ${filter.beforeId}`);
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT a.id, a.at, a.actor, a.operator_id, o.login AS operator_login, m.code AS brand, a.action,
               a.target_type, a.target_id, a.before, a.after, a.ip, a.user_agent
          FROM audit_log a
          LEFT JOIN operators o ON o.id = a.operator_id
          LEFT JOIN merchants m ON m.id = a.merchant_id
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY a.id DESC
         LIMIT ${filter.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    at: toIso(row.at as Date | string),
    actor: row.actor as string,
    operatorId: toNullableNumber(row.operator_id),
    operatorLogin: (row.operator_login as string | null) ?? null,
    brand: (row.brand as string | null) ?? null,
    action: row.action as string,
    targetType: row.target_type as string,
    targetId: row.target_id as string,
    // jsonb comes parsed, from node-postgres and PGlite alike.
    before: row.before ?? null,
    after: row.after ?? null,
    ip: (row.ip as string | null) ?? null,
    userAgent: (row.user_agent as string | null) ?? null,
  }));
}
