import type { PromotionAudience, PromotionKind } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The promotions hub's SQL (decision 0058): the brand's switched-on promotion rows of every kind (migration 0077).

export interface HubPromotionRow {
  id: number;
  code: string;
  kind: PromotionKind;
  category: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  rules: unknown;
  audience: PromotionAudience;
  startsAt: string | null;
  endsAt: string | null;
}

/** A closed promotion shows (as close) for this long after its end, as the application offers do. */
const SHOWN_AFTER_END = sql`interval '30 days'`;
/** The most the hub lists. */
const HUB_MAX = 100;

const nullableIso = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

function toRow(row: Record<string, unknown>): HubPromotionRow {
  return {
    id: toNumber(row['id']),
    code: String(row['code']),
    kind: row['kind'] as PromotionKind,
    category: String(row['category']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    rules: typeof row['rules'] === 'string' ? JSON.parse(row['rules']) : row['rules'],
    audience: row['audience'] as PromotionAudience,
    startsAt: nullableIso(row['starts_at']),
    endsAt: nullableIso(row['ends_at']),
  };
}

const COLUMNS = sql`id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules, audience, starts_at,
  ends_at`;

/** The brand's switched-on promotions, not ended more than 30 days before `now`, newest first. */
export async function findHubPromotions(db: Executor, merchantId: number, now: Date): Promise<HubPromotionRow[]> {
  const rows = await query(
    db,
    sql`SELECT ${COLUMNS} FROM promotions
        WHERE merchant_id = ${merchantId} AND active
          AND (ends_at IS NULL OR ends_at > ${now.toISOString()}::timestamptz - ${SHOWN_AFTER_END})
        ORDER BY id DESC
        LIMIT ${HUB_MAX}`,
  );
  return rows.map(toRow);
}

/** The brand's switched-on promotion of a code (upper case), whatever its dates; undefined when none. */
export async function findHubPromotion(
  db: Executor,
  merchantId: number,
  code: string,
): Promise<HubPromotionRow | undefined> {
  const rows = await query(
    db,
    sql`SELECT ${COLUMNS} FROM promotions WHERE merchant_id = ${merchantId} AND code = ${code} AND active`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}
