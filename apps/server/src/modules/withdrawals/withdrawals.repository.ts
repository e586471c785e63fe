import type { WithdrawalRiskFlag, WithdrawalStatus } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// Withdrawals' SQL (migration 0067): a brand's settings, members' bank accounts, the requests and their proofs. The
// money itself moves through the wallet (decision 0038); these rows say where each request stands.

const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);
const toNullableIso = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value));

export interface SettingsRow {
  paymentPasswordRequired: boolean;
  minMinor: number;
  maxMinor: number;
  dailyCount: number;
  confirmMinutes: number;
  turnoverPercent: number;
  maxBankAccounts: number;
  largeAmountMinor: number;
  banks: { code: string; name: string }[] | null;
  version: number;
}

/** A brand without a row of its own has these (the migration's defaults), at version 0. */
export const DEFAULT_SETTINGS: SettingsRow = {
  paymentPasswordRequired: true,
  minMinor: 10_000,
  maxMinor: 5_000_000,
  dailyCount: 3,
  confirmMinutes: 1440,
  turnoverPercent: 100,
  maxBankAccounts: 3,
  largeAmountMinor: 1_000_000,
  banks: null,
  version: 0,
};

export async function findSettings(db: Executor, merchantId: number): Promise<SettingsRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM withdrawal_settings WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return DEFAULT_SETTINGS;
  return {
    paymentPasswordRequired: row['payment_password_required'] === true,
    minMinor: toNumber(row['min_minor']),
    maxMinor: toNumber(row['max_minor']),
    dailyCount: toNumber(row['daily_count']),
    confirmMinutes: toNumber(row['confirm_minutes']),
    turnoverPercent: toNumber(row['turnover_percent']),
    maxBankAccounts: toNumber(row['max_bank_accounts']),
    largeAmountMinor: toNumber(row['large_amount_minor']),
    banks: (row['banks'] as SettingsRow['banks']) ?? null,
    version: toNumber(row['version']),
  };
}

/** Writes the brand's settings if they are still at `version`; the new version, or undefined when stale. */
export async function saveSettings(
  db: Executor,
  merchantId: number,
  settings: Omit<SettingsRow, 'version'>,
  version: number,
): Promise<number | undefined> {
  const values = sql`${settings.paymentPasswordRequired}, ${settings.minMinor}, ${settings.maxMinor},
    ${settings.dailyCount}, ${settings.confirmMinutes}, ${settings.turnoverPercent}, ${settings.maxBankAccounts},
    ${settings.largeAmountMinor}, ${settings.banks === null ? null : JSON.stringify(settings.banks)}::jsonb`;
  const rows = await query<{ version: unknown }>(
    db,
    version === 0
      ? sql`INSERT INTO withdrawal_settings (merchant_id, payment_password_required, min_minor, max_minor, daily_count,
              confirm_minutes, turnover_percent, max_bank_accounts, large_amount_minor, banks, version)
            VALUES (${merchantId}, ${values}, 1)
            ON CONFLICT (merchant_id) DO NOTHING RETURNING version`
      : sql`UPDATE withdrawal_settings SET (payment_password_required, min_minor, max_minor, daily_count,
              confirm_minutes, turnover_percent, max_bank_accounts, large_amount_minor, banks) = (${values}),
              version = version + 1, updated_at = now()
            WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING version`,
  );
  return rows[0] ? toNumber(rows[0].version) : undefined;
}

export interface BankAccountRow {
  id: number;
  memberId: number;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  createdAt: string;
}

function toBankAccount(row: Record<string, unknown>): BankAccountRow {
  return {
    id: toNumber(row['id']),
    memberId: toNumber(row['member_id']),
    bankCode: row['bank_code'] as string,
    bankName: row['bank_name'] as string,
    accountNumber: row['account_number'] as string,
    holderName: row['holder_name'] as string,
    createdAt: toIso(row['created_at']),
  };
}

export async function findBankAccounts(db: Executor, merchantId: number, memberId: number): Promise<BankAccountRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM member_bank_accounts
        WHERE member_id = ${memberId} AND merchant_id = ${merchantId} AND removed_at IS NULL ORDER BY id`,
  );
  return rows.map(toBankAccount);
}

export async function findBankAccount(
  db: Executor,
  merchantId: number,
  memberId: number,
  id: number,
): Promise<BankAccountRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM member_bank_accounts
        WHERE id = ${id} AND member_id = ${memberId} AND merchant_id = ${merchantId} AND removed_at IS NULL`,
  );
  return rows[0] ? toBankAccount(rows[0]) : undefined;
}

export async function insertBankAccount(
  db: Executor,
  input: Omit<BankAccountRow, 'id' | 'createdAt'> & { merchantId: number; ip: string },
): Promise<BankAccountRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO member_bank_accounts (merchant_id, member_id, bank_code, bank_name, account_number, holder_name, bound_ip)
        VALUES (${input.merchantId}, ${input.memberId}, ${input.bankCode}, ${input.bankName}, ${input.accountNumber},
                ${input.holderName}, ${input.ip})
        ON CONFLICT (member_id, bank_code, account_number) WHERE removed_at IS NULL DO NOTHING
        RETURNING *`,
  );
  return rows[0] ? toBankAccount(rows[0]) : undefined;
}

/** Removes the account unless a request to it still holds money; true when it went. */
export async function removeBankAccount(
  db: Executor,
  merchantId: number,
  memberId: number,
  id: number,
): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE member_bank_accounts SET removed_at = now()
        WHERE id = ${id} AND member_id = ${memberId} AND merchant_id = ${merchantId} AND removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM withdrawal_requests r WHERE r.bank_account_id = ${id}
                          AND r.status IN ('requested', 'approved', 'paying', 'payout_failed'))
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Locks the member's row for the rest of the transaction: one member's requests (their daily count, their turnover
 * anchor, their bank accounts' count) are decided one after another. Answers the registered real name.
 */
export async function lockMember(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<{ payeeName: string | null } | undefined> {
  const rows = await query<{ payee_name: string | null }>(
    db,
    sql`SELECT payee_name FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId} FOR UPDATE`,
  );
  return rows[0] ? { payeeName: rows[0].payee_name } : undefined;
}

export async function findMemberFacts(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<{ payeeName: string | null; paymentPasswordSet: boolean } | undefined> {
  const rows = await query<{ payee_name: string | null; has_password: boolean }>(
    db,
    sql`SELECT payee_name, payment_password_hash IS NOT NULL AS has_password FROM members
        WHERE id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row ? { payeeName: row.payee_name, paymentPasswordSet: row.has_password } : undefined;
}

/** Requests the member made on the brand's day of `now` (in its time zone), whatever became of them. */
export async function countRequestsOnDay(db: Executor, memberId: number, timeZone: string, now: Date): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM withdrawal_requests
        WHERE member_id = ${memberId}
          AND created_at >= (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})
                             AT TIME ZONE ${timeZone})`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

/** The amounts the member asked for today (the brand's day), rejected requests aside: the rank's daily maximum. */
export async function sumRequestsOnDay(db: Executor, memberId: number, timeZone: string, now: Date): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM withdrawal_requests
        WHERE member_id = ${memberId} AND status <> 'rejected'
          AND created_at >= (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})
                             AT TIME ZONE ${timeZone})`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

export interface TurnoverFigures {
  requiredMinor: number;
  shortMinor: number;
}

/**
 * The turnover requirement (decision 0041). The deposits since the anchor (the member's latest request that was
 * not rejected, before `until`), each asking `percent` % of itself in valid bets of rounds settled after it. Bets are
 * spent on the oldest deposit still owed and never carry forward to a later deposit, so what is still owed is the
 * largest, over each deposit, of (percent % of the deposits from it on) minus (valid bets settled since it), or 0.
 * With `until`, as it stood at that time (the review's recheck of a request).
 */
export async function computeTurnover(
  db: Executor,
  memberId: number,
  percent: number,
  until: Date | null,
): Promise<TurnoverFigures> {
  if (percent <= 0) return { requiredMinor: 0, shortMinor: 0 };
  const before = until ? sql`AND r.created_at < ${until.toISOString()}::timestamptz` : sql``;
  const upTo = (column: SQL) => (until ? sql`AND ${column} <= ${until.toISOString()}::timestamptz` : sql``);
  const rows = await query<{ required: unknown; short: unknown }>(
    db,
    sql`WITH anchor AS (
          SELECT coalesce(max(r.created_at), '-infinity'::timestamptz) AS at FROM withdrawal_requests r
          WHERE r.member_id = ${memberId} AND r.status <> 'rejected' ${before}
        ), deposits AS (
          SELECT m.created_at, m.id, m.amount_minor FROM wallet_movements m, anchor
          WHERE m.member_id = ${memberId} AND m.kind = 'deposit' AND m.created_at > anchor.at ${upTo(sql`m.created_at`)}
        ), owed AS (
          SELECT d.created_at,
                 ceil(sum(d.amount_minor) OVER (ORDER BY d.created_at DESC, d.id DESC) * ${percent}::numeric / 100)
                   AS asked
          FROM deposits d
        )
        SELECT coalesce((SELECT ceil(sum(amount_minor) * ${percent}::numeric / 100) FROM deposits), 0) AS required,
               coalesce((SELECT max(o.asked - (
                 SELECT coalesce(sum(g.valid_bet_minor), 0) FROM game_rounds g
                 WHERE g.member_id = ${memberId} AND g.status = 'settled' AND g.settled_at >= o.created_at
                   ${upTo(sql`g.settled_at`)}
               )) FROM owed o), 0) AS short`,
  );
  const required = toNumber(rows[0]?.required ?? 0);
  return { requiredMinor: required, shortMinor: Math.max(0, toNumber(rows[0]?.short ?? 0)) };
}

export interface RequestRow {
  id: number;
  merchantId: number;
  memberId: number;
  account: string;
  bankAccountId: number;
  requestId: string;
  currency: string;
  amountMinor: number;
  status: WithdrawalStatus;
  ip: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  turnoverRequiredMinor: number;
  turnoverWageredMinor: number;
  payoutMethod: 'provider' | 'manual' | null;
  payoutProvider: string | null;
  payoutRef: string | null;
  payoutFailure: string | null;
  rejectReason: string | null;
  reviewedBy: string | null;
  createdAt: string;
  reviewedAt: string | null;
  paidAt: string | null;
  confirmDueAt: string | null;
  confirmedAt: string | null;
  missingMinor: number | null;
  memberNote: string | null;
  caseStatus: 'open' | 'resolved' | null;
  caseReason: string | null;
  caseRefundMinor: number | null;
  proofIds: number[];
  version: number;
}

const REQUEST_COLUMNS = sql`r.*, b.bank_code, b.bank_name, b.account_number, b.holder_name, mb.account,
  (SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}') FROM withdrawal_proofs p WHERE p.withdrawal_id = r.id)
    AS proof_ids`;
const REQUEST_FROM = sql`withdrawal_requests r
  JOIN member_bank_accounts b ON b.id = r.bank_account_id
  JOIN members mb ON mb.id = r.member_id`;

function toRequest(row: Record<string, unknown>): RequestRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    account: row['account'] as string,
    bankAccountId: toNumber(row['bank_account_id']),
    requestId: row['request_id'] as string,
    currency: row['currency'] as string,
    amountMinor: toNumber(row['amount_minor']),
    status: row['status'] as WithdrawalStatus,
    ip: row['ip'] as string,
    bankCode: row['bank_code'] as string,
    bankName: row['bank_name'] as string,
    accountNumber: row['account_number'] as string,
    holderName: row['holder_name'] as string,
    turnoverRequiredMinor: toNumber(row['turnover_required_minor']),
    turnoverWageredMinor: toNumber(row['turnover_wagered_minor']),
    payoutMethod: (row['payout_method'] as RequestRow['payoutMethod']) ?? null,
    payoutProvider: (row['payout_provider'] as string | null) ?? null,
    payoutRef: (row['payout_ref'] as string | null) ?? null,
    payoutFailure: (row['payout_failure'] as string | null) ?? null,
    rejectReason: (row['reject_reason'] as string | null) ?? null,
    reviewedBy: (row['reviewed_by'] as string | null) ?? null,
    createdAt: toIso(row['created_at']),
    reviewedAt: toNullableIso(row['reviewed_at']),
    paidAt: toNullableIso(row['paid_at']),
    confirmDueAt: toNullableIso(row['confirm_due_at']),
    confirmedAt: toNullableIso(row['confirmed_at']),
    missingMinor: toNullableNumber(row['missing_minor']),
    memberNote: (row['member_note'] as string | null) ?? null,
    caseStatus: (row['case_status'] as RequestRow['caseStatus']) ?? null,
    caseReason: (row['case_reason'] as string | null) ?? null,
    caseRefundMinor: toNullableNumber(row['case_refund_minor']),
    proofIds: ((row['proof_ids'] as unknown[] | null) ?? []).map((id) => toNumber(id)),
    version: toNumber(row['version']),
  };
}

export async function insertRequest(
  db: Executor,
  input: {
    merchantId: number;
    memberId: number;
    bankAccountId: number;
    requestId: string;
    currency: string;
    amountMinor: number;
    ip: string;
    turnoverRequiredMinor: number;
    turnoverWageredMinor: number;
    now: Date;
  },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO withdrawal_requests (merchant_id, member_id, bank_account_id, request_id, currency, amount_minor, ip,
          turnover_required_minor, turnover_wagered_minor, created_at)
        VALUES (${input.merchantId}, ${input.memberId}, ${input.bankAccountId}, ${input.requestId}, ${input.currency},
                ${input.amountMinor}, ${input.ip}, ${input.turnoverRequiredMinor}, ${input.turnoverWageredMinor},
                ${input.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

/** One request of the brand; with `memberId`, only that member's. */
export async function findRequest(
  db: Executor,
  merchantId: number,
  id: number,
  memberId?: number,
): Promise<RequestRow | undefined> {
  const ofMember = memberId === undefined ? sql`` : sql`AND r.member_id = ${memberId}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = ${id} AND r.merchant_id = ${merchantId} ${ofMember}`,
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

export async function findRequestByKey(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<RequestRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.member_id = ${memberId} AND r.request_id = ${requestId}`,
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

/** The member's requests, newest first, those before `beforeId`. */
export async function findMemberRequests(
  db: Executor,
  merchantId: number,
  memberId: number,
  page: { beforeId: number | null; limit: number },
): Promise<RequestRow[]> {
  const before = page.beforeId === null ? sql`` : sql`AND r.id < ${page.beforeId}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.member_id = ${memberId} AND r.merchant_id = ${merchantId} ${before}
        ORDER BY r.id DESC LIMIT ${page.limit}`,
  );
  return rows.map(toRequest);
}

/** A queue of the back office: requests in `statuses` (or cases in `caseStatus`), newest first. */
export async function findQueue(
  db: Executor,
  merchantId: number,
  filter: { statuses: WithdrawalStatus[] } | { caseStatus: 'open' | 'resolved' },
  page: { beforeId: number | null; limit: number },
): Promise<RequestRow[]> {
  const where =
    'statuses' in filter
      ? sql`r.status IN (${sql.join(
          filter.statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`
      : sql`r.case_status = ${filter.caseStatus}`;
  const before = page.beforeId === null ? sql`` : sql`AND r.id < ${page.beforeId}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.merchant_id = ${merchantId} AND ${where} ${before}
        ORDER BY r.id DESC LIMIT ${page.limit}`,
  );
  return rows.map(toRequest);
}

/** The risk flags that come from the data alone (turnoverShort and largeAmount are the service's). */
export async function findRiskFacts(
  db: Executor,
  request: RequestRow,
): Promise<Set<Exclude<WithdrawalRiskFlag, 'turnoverShort' | 'largeAmount'>>> {
  const rows = await query<{ new_account: boolean; shared_account: boolean; shared_ip: boolean }>(
    db,
    sql`SELECT
          NOT EXISTS (SELECT 1 FROM withdrawal_requests p WHERE p.bank_account_id = ${request.bankAccountId}
                      AND p.id <> ${request.id} AND p.paid_at IS NOT NULL) AS new_account,
          EXISTS (SELECT 1 FROM member_bank_accounts b WHERE b.merchant_id = ${request.merchantId}
                  AND b.bank_code = ${request.bankCode} AND b.account_number = ${request.accountNumber}
                  AND b.member_id <> ${request.memberId}) AS shared_account,
          (${request.ip} <> '' AND (
            EXISTS (SELECT 1 FROM withdrawal_requests q WHERE q.merchant_id = ${request.merchantId}
                    AND q.ip = ${request.ip} AND q.member_id <> ${request.memberId})
            OR EXISTS (SELECT 1 FROM member_bank_accounts c WHERE c.merchant_id = ${request.merchantId}
                       AND c.bound_ip = ${request.ip} AND c.member_id <> ${request.memberId}))) AS shared_ip`,
  );
  const row = rows[0];
  const flags = new Set<Exclude<WithdrawalRiskFlag, 'turnoverShort' | 'largeAmount'>>();
  if (row?.new_account) flags.add('newBankAccount');
  if (row?.shared_account) flags.add('sharedBankAccount');
  if (row?.shared_ip) flags.add('sharedIp');
  return flags;
}

/**
 * Moves a request on if it is still in one of `from` (and at `version`, when given): the conditional update that
 * makes each step happen once however many callers race. Answers the row after, or undefined when it did not move.
 */
export async function moveRequest(
  db: Executor,
  where: { merchantId: number; id: number; from: readonly WithdrawalStatus[]; version?: number; memberId?: number },
  set: SQL,
): Promise<{ id: number; version: number } | undefined> {
  const version = where.version === undefined ? sql`` : sql`AND version = ${where.version}`;
  const member = where.memberId === undefined ? sql`` : sql`AND member_id = ${where.memberId}`;
  const rows = await query<{ id: unknown; version: unknown }>(
    db,
    sql`UPDATE withdrawal_requests SET ${set}, version = version + 1
        WHERE id = ${where.id} AND merchant_id = ${where.merchantId}
          AND status IN (${sql.join(
            where.from.map((status) => sql`${status}`),
            sql`, `,
          )}) ${version} ${member}
        RETURNING id, version`,
  );
  return rows[0] ? { id: toNumber(rows[0].id), version: toNumber(rows[0].version) } : undefined;
}

/**
 * Requests left paying that nobody sent or asked about since `staleBefore` (approved or retried then, or last
 * checked then), oldest first: claimed for this run by moving their payout_checked_at to `now`, so that a run on
 * another instance skips them (FOR UPDATE SKIP LOCKED while this one claims).
 */
export async function claimStalePayouts(
  db: Executor,
  input: { now: Date; staleBefore: Date; limit: number },
): Promise<{ id: number; merchantId: number }[]> {
  const rows = await query<{ id: unknown; merchant_id: unknown }>(
    db,
    sql`UPDATE withdrawal_requests w SET payout_checked_at = ${input.now.toISOString()}::timestamptz
        WHERE w.id IN (
          SELECT id FROM withdrawal_requests
          WHERE status = 'paying'
            AND greatest(reviewed_at, payout_checked_at) <= ${input.staleBefore.toISOString()}::timestamptz
          ORDER BY id LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING w.id, w.merchant_id`,
  );
  return rows.map((row) => ({ id: toNumber(row.id), merchantId: toNumber(row.merchant_id) }));
}

/** Paid requests whose time to confirm ran out at `now`, locked for this transaction (others skip them). */
export async function claimDueReceipts(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM withdrawal_requests
        WHERE status = 'paid' AND confirm_due_at <= ${now.toISOString()}::timestamptz
        ORDER BY confirm_due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((row) => toNumber(row.id));
}

export async function markAutoReceived(db: Executor, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE withdrawal_requests SET status = 'auto_received', confirmed_at = ${now.toISOString()}::timestamptz,
          version = version + 1
        WHERE status = 'paid' AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        RETURNING id`,
  );
  return rows.length;
}

export async function countProofs(db: Executor, withdrawalId: number): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM withdrawal_proofs WHERE withdrawal_id = ${withdrawalId}`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

export async function insertProof(
  db: Executor,
  withdrawalId: number,
  image: { contentType: string; bytes: Buffer },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO withdrawal_proofs (withdrawal_id, content_type, bytes)
        VALUES (${withdrawalId}, ${image.contentType}, decode(${image.bytes.toString('base64')}, 'base64'))`,
  );
}

export async function findProof(
  db: Executor,
  merchantId: number,
  withdrawalId: number,
  proofId: number,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await query<{ content_type: string; data: string }>(
    db,
    sql`SELECT p.content_type, encode(p.bytes, 'base64') AS data FROM withdrawal_proofs p
        JOIN withdrawal_requests r ON r.id = p.withdrawal_id
        WHERE p.id = ${proofId} AND p.withdrawal_id = ${withdrawalId} AND r.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.data.replace(/\s/g, ''), 'base64') } : undefined;
}

/** A request by id whatever its brand: a provider's payout result names only the payout number. */
export async function findRequestAnyBrand(db: Executor, id: number): Promise<RequestRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = ${id}`,
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}
