import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface KycSettingsRow {
  enabled: boolean;
  withdrawalThresholdMinor: number | null;
  version: number;
}

export async function findSettings(db: Executor, merchantId: number): Promise<KycSettingsRow | undefined> {
  const rows = await query<{ enabled: boolean; withdrawal_threshold_minor: unknown; version: unknown }>(
    db,
    sql`SELECT enabled, withdrawal_threshold_minor, version FROM kyc_settings WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row
    ? {
        enabled: row.enabled,
        withdrawalThresholdMinor:
          row.withdrawal_threshold_minor === null ? null : toNumber(row.withdrawal_threshold_minor),
        version: toNumber(row.version),
      }
    : undefined;
}

/** Saves the settings if they are still at `version` (a brand without a row is at 0); false: changed since. */
export async function saveSettings(
  db: Executor,
  merchantId: number,
  settings: { enabled: boolean; withdrawalThresholdMinor: number | null },
  version: number,
): Promise<boolean> {
  const rows =
    version === 0
      ? await query(
          db,
          sql`INSERT INTO kyc_settings (merchant_id, enabled, withdrawal_threshold_minor, version)
              VALUES (${merchantId}, ${settings.enabled}, ${settings.withdrawalThresholdMinor}::bigint, 1)
              ON CONFLICT (merchant_id) DO NOTHING RETURNING merchant_id`,
        )
      : await query(
          db,
          sql`UPDATE kyc_settings SET enabled = ${settings.enabled},
                withdrawal_threshold_minor = ${settings.withdrawalThresholdMinor}::bigint, version = version + 1,
                updated_at = now()
              WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING merchant_id`,
        );
  return rows.length > 0;
}

export interface KycCheckRow {
  memberId: number;
  status: 'pending' | 'verified' | 'rejected';
  round: number;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  version: number;
}

type CheckColumns = {
  member_id: unknown;
  status: KycCheckRow['status'];
  round: unknown;
  reason: string | null;
  submitted_at: unknown;
  reviewed_at: unknown;
  version: unknown;
};

function toCheck(row: CheckColumns): KycCheckRow {
  return {
    memberId: toNumber(row.member_id),
    status: row.status,
    round: toNumber(row.round),
    reason: row.reason,
    submittedAt: toIso(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : toIso(row.reviewed_at),
    version: toNumber(row.version),
  };
}

export async function findCheck(
  db: Executor,
  merchantId: number,
  memberId: number,
  options: { lock?: boolean } = {},
): Promise<KycCheckRow | undefined> {
  const rows = await query<CheckColumns>(
    db,
    sql`SELECT member_id, status, round, reason, submitted_at, reviewed_at, version FROM kyc_checks
        WHERE member_id = ${memberId} AND merchant_id = ${merchantId} ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ? toCheck(rows[0]) : undefined;
}

/** Creates the member's check as pending, round 1; nothing when one exists (the caller locks it then). */
export async function insertPendingCheck(db: Executor, merchantId: number, memberId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO kyc_checks (member_id, merchant_id, status) VALUES (${memberId}, ${merchantId}, 'pending')
        ON CONFLICT (member_id) DO NOTHING`,
  );
}

/** A rejected check starts its next round: pending again, reason cleared. */
export async function reopenCheck(db: Executor, memberId: number): Promise<void> {
  await query(
    db,
    sql`UPDATE kyc_checks SET status = 'pending', round = round + 1, reason = NULL, submitted_at = now(),
          reviewed_at = NULL, reviewed_by = NULL, version = version + 1
        WHERE member_id = ${memberId} AND status = 'rejected'`,
  );
}

/** Decides a pending check at `version`; false when it is no longer pending at that version. */
export async function decideCheck(
  db: Executor,
  memberId: number,
  decision: { status: 'verified' | 'rejected'; reason: string | null; operatorId: number | null; version: number },
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE kyc_checks SET status = ${decision.status}, reason = ${decision.reason}, reviewed_at = now(),
          reviewed_by = ${decision.operatorId}, version = version + 1
        WHERE member_id = ${memberId} AND status = 'pending' AND version = ${decision.version}
        RETURNING member_id`,
  );
  return rows.length > 0;
}

export interface KycDocumentRow {
  id: number;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  sizeBytes: number;
  uploadedAt: string;
}

export async function findDocuments(db: Executor, memberId: number, round: number): Promise<KycDocumentRow[]> {
  const rows = await query<{
    id: unknown;
    content_type: KycDocumentRow['contentType'];
    size_bytes: unknown;
    created_at: unknown;
  }>(
    db,
    sql`SELECT id, content_type, size_bytes, created_at FROM kyc_documents
        WHERE member_id = ${memberId} AND round = ${round} ORDER BY id`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    contentType: row.content_type,
    sizeBytes: toNumber(row.size_bytes),
    uploadedAt: toIso(row.created_at),
  }));
}

export async function insertDocument(
  db: Executor,
  document: { merchantId: number; memberId: number; round: number; contentType: string; bytes: Buffer },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO kyc_documents (member_id, merchant_id, round, content_type, size_bytes, bytes)
        VALUES (${document.memberId}, ${document.merchantId}, ${document.round}, ${document.contentType},
                ${document.bytes.length}, ${document.bytes})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

export async function findDocumentBytes(
  db: Executor,
  merchantId: number,
  documentId: number,
): Promise<{ memberId: number; contentType: string; bytes: Buffer } | undefined> {
  const rows = await query<{ member_id: unknown; content_type: string; bytes: Uint8Array }>(
    db,
    sql`SELECT member_id, content_type, bytes FROM kyc_documents WHERE id = ${documentId} AND merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row
    ? { memberId: toNumber(row.member_id), contentType: row.content_type, bytes: Buffer.from(row.bytes) }
    : undefined;
}

export interface KycQueueRow {
  memberId: number;
  account: string;
  status: KycCheckRow['status'];
  documents: number;
  submittedAt: string;
  reviewedAt: string | null;
}

/** A page of the brand's checks in a state, oldest submission first, after (submittedAt, memberId) of the cursor. */
export async function findQueue(
  db: Executor,
  merchantId: number,
  page: { status: KycCheckRow['status']; after: { at: string; memberId: number } | null; limit: number },
): Promise<KycQueueRow[]> {
  const after = page.after
    ? sql`AND (k.submitted_at, k.member_id) > (${page.after.at}::timestamptz, ${page.after.memberId}::bigint)`
    : sql``;
  const rows = await query<{
    member_id: unknown;
    account: string;
    status: KycCheckRow['status'];
    documents: unknown;
    submitted_at: unknown;
    reviewed_at: unknown;
  }>(
    db,
    sql`SELECT k.member_id, m.account, k.status, k.submitted_at, k.reviewed_at,
               (SELECT count(*) FROM kyc_documents d WHERE d.member_id = k.member_id AND d.round = k.round) AS documents
        FROM kyc_checks k JOIN members m ON m.id = k.member_id
        WHERE k.merchant_id = ${merchantId} AND k.status = ${page.status} ${after}
        ORDER BY k.submitted_at, k.member_id LIMIT ${page.limit}`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row.member_id),
    account: row.account,
    status: row.status,
    documents: toNumber(row.documents),
    submittedAt: toIso(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : toIso(row.reviewed_at),
  }));
}

export async function findMember(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<{ account: string; payeeName: string | null } | undefined> {
  const rows = await query<{ account: string; payee_name: string | null }>(
    db,
    sql`SELECT account, payee_name FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row ? { account: row.account, payeeName: row.payee_name } : undefined;
}
