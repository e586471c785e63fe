import { query, toIso, toNumber } from '@parlay/db';
import type { DepositInstructions, DepositMethodKind, DepositState } from '@parlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The cashier's tables (migration 0066): payment providers, each brand's deposit methods, deposit orders.

export interface ProviderRow {
  code: string;
  adapter: string;
  baseUrl: string;
  merchantKey: string;
  /** Sealed with DATA_ENCRYPTION_KEY, bound to the provider's code (cashier.service.ts). */
  secretSealed: string;
  updatedAt: string;
}

export interface MethodRow {
  id: number;
  merchantId: number;
  name: string;
  kind: DepositMethodKind;
  providerCode: string | null;
  minAmountMinor: number;
  maxAmountMinor: number;
  feeFixedMinor: number;
  feePerMille: number;
  displayOrder: number;
  active: boolean;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankHolderName: string | null;
  version: number;
}

export interface DepositRow {
  id: number;
  orderNo: string;
  merchantId: number;
  memberId: number;
  memberAccount: string;
  methodId: number;
  methodName: string;
  methodKind: DepositMethodKind;
  providerCode: string | null;
  currency: string;
  currencyExponent: number;
  amountMinor: number;
  feeMinor: number;
  state: DepositState;
  providerRef: string | null;
  bankReference: string | null;
  instructions: DepositInstructions | null;
  failureReason: string | null;
  movementId: number | null;
  reviewedBy: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  creditedAt: string | null;
  /** The deposit bonus the member chose (decision 0050): paid with the credit if still eligible then. */
  promotionId: number | null;
}

const nullableText = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : JSON.stringify(value);
const nullableIso = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value));

function toProvider(row: Record<string, unknown>): ProviderRow {
  return {
    code: String(row['code']),
    adapter: String(row['adapter']),
    baseUrl: String(row['base_url']),
    merchantKey: String(row['merchant_key']),
    secretSealed: String(row['secret_sealed']),
    updatedAt: toIso(row['updated_at']),
  };
}

function toMethod(row: Record<string, unknown>): MethodRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    name: String(row['name']),
    kind: row['kind'] as DepositMethodKind,
    providerCode: nullableText(row['provider_code']),
    minAmountMinor: toNumber(row['min_amount_minor']),
    maxAmountMinor: toNumber(row['max_amount_minor']),
    feeFixedMinor: toNumber(row['fee_fixed_minor']),
    feePerMille: toNumber(row['fee_per_mille']),
    displayOrder: toNumber(row['display_order']),
    active: row['active'] === true,
    bankName: nullableText(row['bank_name']),
    bankAccountNumber: nullableText(row['bank_account_number']),
    bankHolderName: nullableText(row['bank_holder_name']),
    version: toNumber(row['version']),
  };
}

function toDeposit(row: Record<string, unknown>): DepositRow {
  const instructions = row['instructions'];
  return {
    id: toNumber(row['id']),
    orderNo: String(row['order_no']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    memberAccount: String((row['member_account'] as string | null) ?? ''),
    methodId: toNumber(row['method_id']),
    methodName: String((row['method_name'] as string | null) ?? ''),
    methodKind: row['method_kind'] as DepositMethodKind,
    providerCode: nullableText(row['provider_code']),
    currency: String(row['currency']),
    currencyExponent: toNumber(row['currency_exponent']),
    amountMinor: toNumber(row['amount_minor']),
    feeMinor: toNumber(row['fee_minor']),
    state: row['state'] as DepositState,
    providerRef: nullableText(row['provider_ref']),
    bankReference: nullableText(row['bank_reference']),
    instructions: (typeof instructions === 'string'
      ? JSON.parse(instructions)
      : (instructions ?? null)) as DepositInstructions | null,
    failureReason: nullableText(row['failure_reason']),
    movementId: row['movement_id'] === null || row['movement_id'] === undefined ? null : toNumber(row['movement_id']),
    reviewedBy: nullableText(row['reviewed_by']),
    expiresAt: toIso(row['expires_at']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
    creditedAt: nullableIso(row['credited_at']),
    promotionId:
      row['promotion_id'] === null || row['promotion_id'] === undefined ? null : toNumber(row['promotion_id']),
  };
}

// ---- providers

/** Inserts the provider or replaces its configuration (main.ts registers the sandbox at each start). */
export async function upsertProvider(
  db: Executor,
  input: { code: string; adapter: string; baseUrl: string; merchantKey: string; secretSealed: string },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO cashier_providers (code, adapter, base_url, merchant_key, secret_sealed)
        VALUES (${input.code}, ${input.adapter}, ${input.baseUrl}, ${input.merchantKey}, ${input.secretSealed})
        ON CONFLICT (code) DO UPDATE SET adapter = EXCLUDED.adapter, base_url = EXCLUDED.base_url,
          merchant_key = EXCLUDED.merchant_key, secret_sealed = EXCLUDED.secret_sealed, updated_at = now()`,
  );
}

export async function findProvider(db: Executor, code: string): Promise<ProviderRow | undefined> {
  const rows = await query(db, sql`SELECT * FROM cashier_providers WHERE code = ${code}`);
  return rows[0] ? toProvider(rows[0]) : undefined;
}

export async function listProviders(db: Executor): Promise<ProviderRow[]> {
  return (await query(db, sql`SELECT * FROM cashier_providers ORDER BY code`)).map(toProvider);
}

// ---- methods

export async function listMethods(db: Executor, merchantId: number, activeOnly: boolean): Promise<MethodRow[]> {
  const rows = await query(
    db,
    sql`SELECT * FROM cashier_methods WHERE merchant_id = ${merchantId} ${activeOnly ? sql`AND active` : sql``}
        ORDER BY display_order, id`,
  );
  return rows.map(toMethod);
}

export async function findMethod(db: Executor, merchantId: number, methodId: number): Promise<MethodRow | undefined> {
  const rows = await query(
    db,
    sql`SELECT * FROM cashier_methods WHERE id = ${methodId} AND merchant_id = ${merchantId}`,
  );
  return rows[0] ? toMethod(rows[0]) : undefined;
}

/** The first active provider method of the brand, by display order: whose provider pays its withdrawals out. */
export async function findPayoutProviderCode(db: Executor, merchantId: number): Promise<string | undefined> {
  const rows = await query<{ provider_code: unknown }>(
    db,
    sql`SELECT provider_code FROM cashier_methods
        WHERE merchant_id = ${merchantId} AND active AND kind = 'provider'
        ORDER BY display_order, id LIMIT 1`,
  );
  return rows[0] ? String(rows[0].provider_code) : undefined;
}

export interface MethodInput {
  name: string;
  kind: DepositMethodKind;
  providerCode: string | null;
  minAmountMinor: number;
  maxAmountMinor: number;
  feeFixedMinor: number;
  feePerMille: number;
  displayOrder: number;
  active: boolean;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankHolderName: string | null;
}

export async function insertMethod(db: Executor, merchantId: number, input: MethodInput): Promise<MethodRow> {
  const rows = await query(
    db,
    sql`INSERT INTO cashier_methods (merchant_id, name, kind, provider_code, min_amount_minor, max_amount_minor,
          fee_fixed_minor, fee_per_mille, display_order, active, bank_name, bank_account_number, bank_holder_name)
        VALUES (${merchantId}, ${input.name}, ${input.kind}, ${input.providerCode}, ${input.minAmountMinor},
          ${input.maxAmountMinor}, ${input.feeFixedMinor}, ${input.feePerMille}, ${input.displayOrder}, ${input.active},
          ${input.bankName}, ${input.bankAccountNumber}, ${input.bankHolderName})
        RETURNING *`,
  );
  return toMethod(rows[0]!);
}

/** Writes the method if it is still at `version`; undefined when another save came first. */
export async function updateMethod(
  db: Executor,
  merchantId: number,
  methodId: number,
  version: number,
  input: MethodInput,
): Promise<MethodRow | undefined> {
  const rows = await query(
    db,
    sql`UPDATE cashier_methods SET name = ${input.name}, kind = ${input.kind}, provider_code = ${input.providerCode},
          min_amount_minor = ${input.minAmountMinor}, max_amount_minor = ${input.maxAmountMinor},
          fee_fixed_minor = ${input.feeFixedMinor}, fee_per_mille = ${input.feePerMille},
          display_order = ${input.displayOrder}, active = ${input.active}, bank_name = ${input.bankName},
          bank_account_number = ${input.bankAccountNumber}, bank_holder_name = ${input.bankHolderName},
          version = version + 1, updated_at = now()
        WHERE id = ${methodId} AND merchant_id = ${merchantId} AND version = ${version}
        RETURNING *`,
  );
  return rows[0] ? toMethod(rows[0]) : undefined;
}

// ---- deposits

const DEPOSIT_COLUMNS = sql`d.*, m.name AS method_name, a.account AS member_account`;
const DEPOSIT_FROM = sql`cashier_deposits d JOIN cashier_methods m ON m.id = d.method_id JOIN members a ON a.id = d.member_id`;

export interface DepositInput {
  orderNo: string;
  merchantId: number;
  memberId: number;
  methodId: number;
  methodKind: DepositMethodKind;
  providerCode: string | null;
  currency: string;
  currencyExponent: number;
  amountMinor: number;
  feeMinor: number;
  state: 'created' | 'pending';
  bankReference: string | null;
  instructions: DepositInstructions | null;
  expiresAt: Date;
  now: Date;
  promotionId?: number | null;
}

/** Inserts the order; undefined when its order number or bank reference is taken (the caller draws again). */
export async function insertDeposit(db: Executor, input: DepositInput): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind, provider_code, currency,
          currency_exponent, amount_minor, fee_minor, state, bank_reference, instructions, expires_at, created_at,
          updated_at, promotion_id)
        VALUES (${input.orderNo}, ${input.merchantId}, ${input.memberId}, ${input.methodId}, ${input.methodKind},
          ${input.providerCode}, ${input.currency}, ${input.currencyExponent}, ${input.amountMinor}, ${input.feeMinor},
          ${input.state}, ${input.bankReference},
          ${input.instructions === null ? null : JSON.stringify(input.instructions)}::jsonb,
          ${input.expiresAt.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz,
          ${input.now.toISOString()}::timestamptz, ${input.promotionId ?? null})
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** The provider took the order: created → pending with its reference and instructions. */
export async function markPending(
  db: Executor,
  id: number,
  input: { providerRef: string; instructions: DepositInstructions; expiresAt: Date; now: Date },
): Promise<void> {
  await query(
    db,
    sql`UPDATE cashier_deposits SET state = 'pending', provider_ref = ${input.providerRef},
          instructions = ${JSON.stringify(input.instructions)}::jsonb,
          expires_at = ${input.expiresAt.toISOString()}::timestamptz, updated_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${id} AND state = 'created'`,
  );
}

export async function findDeposit(
  db: Executor,
  where: { merchantId?: number; memberId?: number; orderNo?: string; id?: number },
): Promise<DepositRow | undefined> {
  const conditions: SQL[] = [sql`true`];
  if (where.merchantId !== undefined) conditions.push(sql`d.merchant_id = ${where.merchantId}`);
  if (where.memberId !== undefined) conditions.push(sql`d.member_id = ${where.memberId}`);
  if (where.orderNo !== undefined) conditions.push(sql`d.order_no = ${where.orderNo}`);
  if (where.id !== undefined) conditions.push(sql`d.id = ${where.id}`);
  const rows = await query(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM} WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  return rows[0] ? toDeposit(rows[0]) : undefined;
}

/** The order locked for the rest of the transaction: the callbacks, the job and finance judge it one at a time. */
export async function lockDeposit(
  tx: Executor,
  where: { orderNo: string } | { id: number; merchantId: number },
): Promise<DepositRow | undefined> {
  const condition =
    'orderNo' in where
      ? sql`d.order_no = ${where.orderNo}`
      : sql`d.id = ${where.id} AND d.merchant_id = ${where.merchantId}`;
  const rows = await query(tx, sql`SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM} WHERE ${condition} FOR UPDATE OF d`);
  return rows[0] ? toDeposit(rows[0]) : undefined;
}

export async function setCredited(
  tx: Executor,
  id: number,
  input: { movementId: number; providerRef: string | null; reviewedBy: string | null; now: Date },
): Promise<void> {
  await query(
    tx,
    sql`UPDATE cashier_deposits SET state = 'credited', movement_id = ${input.movementId},
          provider_ref = coalesce(provider_ref, ${input.providerRef}), reviewed_by = ${input.reviewedBy},
          instructions = NULL, credited_at = ${input.now.toISOString()}::timestamptz,
          updated_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${id} AND state <> 'credited'`,
  );
}

/** An open order ends without money: failed (with a reason) or expired. */
export async function setClosed(
  tx: Executor,
  id: number,
  input: { state: 'failed' | 'expired'; reason: string | null; reviewedBy: string | null; now: Date },
): Promise<void> {
  await query(
    tx,
    sql`UPDATE cashier_deposits SET state = ${input.state}, failure_reason = ${input.reason},
          reviewed_by = ${input.reviewedBy}, instructions = NULL, updated_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${id}`,
  );
}

/** The member's orders, newest first, after `beforeId` (keyset). */
export async function findMemberDeposits(
  db: Executor,
  merchantId: number,
  memberId: number,
  page: { beforeId: number | null; limit: number },
): Promise<DepositRow[]> {
  const rows = await query(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM}
        WHERE d.member_id = ${memberId} AND d.merchant_id = ${merchantId}
          ${page.beforeId === null ? sql`` : sql`AND d.id < ${page.beforeId}`}
        ORDER BY d.id DESC LIMIT ${page.limit}`,
  );
  return rows.map(toDeposit);
}

/** A brand's orders for the back office, newest first, by state and method kind (keyset). */
export async function findBrandDeposits(
  db: Executor,
  merchantId: number,
  filter: {
    state?: DepositState | undefined;
    kind?: DepositMethodKind | undefined;
    beforeId: number | null;
    limit: number;
  },
): Promise<DepositRow[]> {
  const conditions: SQL[] = [sql`d.merchant_id = ${merchantId}`];
  if (filter.state) conditions.push(sql`d.state = ${filter.state}`);
  if (filter.kind) conditions.push(sql`d.method_kind = ${filter.kind}`);
  if (filter.beforeId !== null) conditions.push(sql`d.id < ${filter.beforeId}`);
  const rows = await query(
    db,
    sql`SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM} WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY d.id DESC LIMIT ${filter.limit}`,
  );
  return rows.map(toDeposit);
}

export async function countOpenDeposits(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ open: unknown }>(
    db,
    sql`SELECT count(*) AS open FROM cashier_deposits WHERE member_id = ${memberId} AND state IN ('created', 'pending')`,
  );
  return toNumber(rows[0]?.open ?? 0);
}

/**
 * What the member's open orders (made, not yet paid, failed or past their expiry) would bring in: a deposit limit
 * counts them, else a member could open several orders under the limit and pay them all.
 */
export async function sumOpenDeposits(db: Executor, memberId: number, now: Date): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM cashier_deposits
        WHERE member_id = ${memberId} AND state IN ('created', 'pending')
          AND expires_at > ${now.toISOString()}::timestamptz`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

/** What the member deposited (credited) since a time: the protection module's deposit limits read it. */
export async function sumCreditedSince(db: Executor, memberId: number, since: Date): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM cashier_deposits
        WHERE member_id = ${memberId} AND state = 'credited' AND credited_at >= ${since.toISOString()}::timestamptz`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

/**
 * Claims open orders the reconciliation job should look at: past their expiry, or provider orders pending longer than
 * `staleBefore` and not asked about since then. Claimed rows are stamped (checked_at), so another instance's run
 * skips them (FOR UPDATE SKIP LOCKED) and this one does not ask again within the minute.
 */
export async function claimDueDeposits(
  db: Executor,
  input: { now: Date; staleBefore: Date; limit: number },
): Promise<{ id: number; orderNo: string; merchantId: number; providerCode: string | null; expired: boolean }[]> {
  const now = input.now.toISOString();
  const stale = input.staleBefore.toISOString();
  const rows = await query(
    db,
    sql`UPDATE cashier_deposits d SET checked_at = ${now}::timestamptz
        WHERE d.id IN (
          SELECT id FROM cashier_deposits
          WHERE state IN ('created', 'pending')
            AND (expires_at <= ${now}::timestamptz
              OR (method_kind = 'provider' AND created_at <= ${stale}::timestamptz
                  AND (checked_at IS NULL OR checked_at <= ${stale}::timestamptz)))
          ORDER BY expires_at LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.order_no, d.merchant_id, d.provider_code, d.expires_at <= ${now}::timestamptz AS expired`,
  );
  return rows.map((row) => ({
    id: toNumber(row['id']),
    orderNo: String(row['order_no']),
    merchantId: toNumber(row['merchant_id']),
    providerCode: nullableText(row['provider_code']),
    expired: row['expired'] === true,
  }));
}
