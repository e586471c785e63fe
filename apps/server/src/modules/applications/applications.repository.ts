import type { ApplicationStatus, BonusRules } from '@parlay/contract';
import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// Application promotions' SQL (migration 0079, decision 0052): the applications, their images, the offers.

export interface ApplicationRow {
  id: number;
  merchantId: number;
  memberId: number;
  memberAccount: string;
  promotionId: number;
  promotionCode: string;
  titleKo: string;
  titleEn: string;
  rules: BonusRules;
  comment: string;
  imageIds: number[];
  status: ApplicationStatus;
  rejectReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  bonusId: number | null;
  bonusAmountMinor: number | null;
  createdAt: string;
}

/** An application promotion with the member's last application to it (if any). */
export interface OfferRow {
  promotionId: number;
  code: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  rules: BonusRules;
  startsAt: string | null;
  endsAt: string | null;
  lastStatus: ApplicationStatus | null;
  lastRejectReason: string | null;
}

const nullableIso = (value: unknown) => (value === null || value === undefined ? null : toIso(value));
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toApplication(row: Record<string, unknown>): ApplicationRow {
  const images = json<unknown[] | null>(row['image_ids']) ?? [];
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    memberAccount: (row['member_account'] as string | null) ?? '',
    promotionId: toNumber(row['promotion_id']),
    promotionCode: String(row['promotion_code']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    rules: json<BonusRules>(row['rules']),
    comment: String(row['comment']),
    imageIds: images.map((id) => toNumber(id)),
    status: row['status'] as ApplicationStatus,
    rejectReason: (row['reject_reason'] as string | null) ?? null,
    decidedBy: (row['decided_by_login'] as string | null) ?? null,
    decidedAt: nullableIso(row['decided_at']),
    bonusId: toNullableNumber(row['bonus_id']),
    bonusAmountMinor: toNullableNumber(row['bonus_amount_minor']),
    createdAt: toIso(row['created_at']),
  };
}

const APPLICATION_SELECT = sql`SELECT a.*, p.code AS promotion_code, p.title_ko, p.title_en, p.rules,
    m.account AS member_account, o.login AS decided_by_login, b.amount_minor AS bonus_amount_minor,
    (SELECT coalesce(json_agg(i.id ORDER BY i.position), '[]'::json) FROM promotion_application_images i
      WHERE i.application_id = a.id) AS image_ids
  FROM promotion_applications a
  JOIN promotions p ON p.id = a.promotion_id
  JOIN members m ON m.id = a.member_id
  LEFT JOIN operators o ON o.id = a.decided_by
  LEFT JOIN member_bonuses b ON b.id = a.bonus_id`;

/**
 * The brand's switched-on application promotions a member may see: not ended more than 30 days ago (an ended one
 * shows as closed for a while), with the member's last application to each (none for a visitor). Newest first.
 */
export async function findOffers(
  db: Executor,
  merchantId: number,
  memberId: number | null,
  now: Date,
): Promise<OfferRow[]> {
  const rows = await query(
    db,
    sql`SELECT p.id, p.code, p.title_ko, p.title_en, p.summary_ko, p.summary_en, p.rules, p.starts_at, p.ends_at,
               last.status AS last_status, last.reject_reason AS last_reject_reason
        FROM promotions p
        LEFT JOIN LATERAL (
          SELECT a.status, a.reject_reason FROM promotion_applications a
          WHERE a.promotion_id = p.id AND a.member_id = ${memberId ?? 0}
          ORDER BY a.id DESC LIMIT 1) last ON true
        WHERE p.merchant_id = ${merchantId} AND p.kind = 'application' AND p.active
          AND (p.ends_at IS NULL OR p.ends_at > ${now.toISOString()}::timestamptz - interval '30 days')
        ORDER BY p.id DESC
        LIMIT 50`,
  );
  return rows.map((row) => ({
    promotionId: toNumber(row['id']),
    code: String(row['code']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    rules: json<BonusRules>(row['rules']),
    startsAt: nullableIso(row['starts_at']),
    endsAt: nullableIso(row['ends_at']),
    lastStatus: (row['last_status'] as ApplicationStatus | null) ?? null,
    lastRejectReason: (row['last_reject_reason'] as string | null) ?? null,
  }));
}

/** The member's open ('applying' or 'issued') application to a promotion, if any. */
export async function findOpenStatus(
  db: Executor,
  promotionId: number,
  memberId: number,
): Promise<ApplicationStatus | undefined> {
  const rows = await query<{ status: string }>(
    db,
    sql`SELECT status FROM promotion_applications
        WHERE promotion_id = ${promotionId} AND member_id = ${memberId} AND status IN ('applying', 'issued')`,
  );
  return rows[0]?.status as ApplicationStatus | undefined;
}

/**
 * Writes an application waiting for a decision; undefined when the member has one waiting or approved for the
 * promotion (the unique partial index: a concurrent one that committed first wins).
 */
export async function insertApplication(
  db: Executor,
  input: { merchantId: number; memberId: number; promotionId: number; comment: string },
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO promotion_applications (merchant_id, member_id, promotion_id, comment)
        VALUES (${input.merchantId}, ${input.memberId}, ${input.promotionId}, ${input.comment})
        ON CONFLICT (promotion_id, member_id) WHERE status IN ('applying', 'issued') DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

export async function insertImage(
  db: Executor,
  input: {
    applicationId: number;
    merchantId: number;
    memberId: number;
    position: number;
    contentType: string;
    bytes: Buffer;
  },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO promotion_application_images (application_id, merchant_id, member_id, position, content_type,
          size_bytes, bytes)
        VALUES (${input.applicationId}, ${input.merchantId}, ${input.memberId}, ${input.position},
          ${input.contentType}, ${input.bytes.length}, ${input.bytes})`,
  );
}

export async function findApplication(
  db: Executor,
  where: { id: number; merchantId: number; memberId?: number },
): Promise<ApplicationRow | undefined> {
  const rows = await query(
    db,
    sql`${APPLICATION_SELECT}
        WHERE a.id = ${where.id} AND a.merchant_id = ${where.merchantId}
          ${where.memberId === undefined ? sql`` : sql`AND a.member_id = ${where.memberId}`}`,
  );
  return rows[0] ? toApplication(rows[0]) : undefined;
}

/** Locks an application row (an approval or rejection waits for the one before it); answers its state under the lock. */
export async function lockApplication(
  tx: Executor,
  merchantId: number,
  id: number,
): Promise<ApplicationRow | undefined> {
  const rows = await query(
    tx,
    sql`SELECT id FROM promotion_applications WHERE id = ${id} AND merchant_id = ${merchantId} FOR UPDATE`,
  );
  if (!rows[0]) return undefined;
  return findApplication(tx, { id, merchantId });
}

/** Marks a locked application waiting for a decision as issued (its bonus) or rejected (its reason). */
export async function decideApplication(
  tx: Executor,
  id: number,
  decision:
    | { status: 'issued'; bonusId: number; operatorId: number | null; now: Date }
    | { status: 'rejected'; reason: string; operatorId: number | null; now: Date },
): Promise<boolean> {
  const rows = await query(
    tx,
    sql`UPDATE promotion_applications SET status = ${decision.status},
          bonus_id = ${decision.status === 'issued' ? decision.bonusId : null},
          reject_reason = ${decision.status === 'rejected' ? decision.reason : null},
          decided_by = ${decision.operatorId}, decided_at = ${decision.now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'applying'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** The member's newest applications. */
export async function findMemberApplications(
  db: Executor,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<ApplicationRow[]> {
  const rows = await query(
    db,
    sql`${APPLICATION_SELECT}
        WHERE a.merchant_id = ${merchantId} AND a.member_id = ${memberId}
        ORDER BY a.id DESC
        LIMIT ${limit}`,
  );
  return rows.map(toApplication);
}

/** The brand's applications, newest first (keyset by id), by status. */
export async function findBrandApplications(
  db: Executor,
  merchantId: number,
  filter: { status?: ApplicationStatus; beforeId: number | null; limit: number },
): Promise<ApplicationRow[]> {
  const rows = await query(
    db,
    sql`${APPLICATION_SELECT}
        WHERE a.merchant_id = ${merchantId}
          ${filter.status === undefined ? sql`` : sql`AND a.status = ${filter.status}`}
          ${filter.beforeId === null ? sql`` : sql`AND a.id < ${filter.beforeId}`}
        ORDER BY a.id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map(toApplication);
}

/** An image's bytes, of the brand (and of the member and application when given). */
export async function findImage(
  db: Executor,
  where: { id: number; merchantId: number; memberId?: number; applicationId?: number },
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await query<{ content_type: string; bytes: unknown }>(
    db,
    sql`SELECT content_type, bytes FROM promotion_application_images
        WHERE id = ${where.id} AND merchant_id = ${where.merchantId}
          ${where.memberId === undefined ? sql`` : sql`AND member_id = ${where.memberId}`}
          ${where.applicationId === undefined ? sql`` : sql`AND application_id = ${where.applicationId}`}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes as Uint8Array) };
}
