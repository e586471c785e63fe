import type { PointExchangeStatus, PointProductKind, PointRecordType } from '@parlay/contract';
import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The points mall's SQL (migration 0073): products, exchanges, conversions. Points move through the point ledger
// (decision 0044) and money through the wallet (decision 0038); these rows say what was bought and where it stands.

const nullableIso = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value));

export interface ProductRow {
  id: number;
  merchantId: number;
  kind: PointProductKind;
  nameKo: string;
  nameEn: string | null;
  imageUrl: string | null;
  pointsMinor: number;
  amountMinor: number;
  cashValueMinor: number;
  stock: number;
  redeemedCount: number;
  perMemberLimit: number | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  sortOrder: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

function toProduct(row: Record<string, unknown>): ProductRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    kind: row['kind'] as PointProductKind,
    nameKo: row['name_ko'] as string,
    nameEn: (row['name_en'] as string | null) ?? null,
    imageUrl: (row['image_url'] as string | null) ?? null,
    pointsMinor: toNumber(row['points_minor']),
    amountMinor: toNumber(row['amount_minor']),
    cashValueMinor: toNumber(row['cash_value_minor']),
    stock: toNumber(row['stock']),
    redeemedCount: toNumber(row['redeemed_count']),
    perMemberLimit: toNullableNumber(row['per_member_limit']),
    startsAt: nullableIso(row['starts_at']),
    endsAt: nullableIso(row['ends_at']),
    active: row['active'] === true,
    sortOrder: toNumber(row['sort_order']),
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
  };
}

export interface ProductFields {
  kind: PointProductKind;
  nameKo: string;
  nameEn: string | null;
  imageUrl: string | null;
  pointsMinor: number;
  amountMinor: number;
  cashValueMinor: number;
  stock: number;
  perMemberLimit: number | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  sortOrder: number;
}

export async function insertProduct(db: Executor, merchantId: number, fields: ProductFields): Promise<ProductRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO point_products (merchant_id, kind, name_ko, name_en, image_url, points_minor, amount_minor,
          cash_value_minor, stock, per_member_limit, starts_at, ends_at, active, sort_order)
        VALUES (${merchantId}, ${fields.kind}, ${fields.nameKo}, ${fields.nameEn}, ${fields.imageUrl},
          ${fields.pointsMinor}, ${fields.amountMinor}, ${fields.cashValueMinor}, ${fields.stock},
          ${fields.perMemberLimit}, ${fields.startsAt}, ${fields.endsAt}, ${fields.active}, ${fields.sortOrder})
        RETURNING *`,
  );
  return toProduct(rows[0]!);
}

/** Saves a product if it is still at `version`; undefined when it is not (or not the brand's). */
export async function updateProduct(
  db: Executor,
  merchantId: number,
  productId: number,
  version: number,
  fields: ProductFields,
): Promise<ProductRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`UPDATE point_products SET kind = ${fields.kind}, name_ko = ${fields.nameKo}, name_en = ${fields.nameEn},
          image_url = ${fields.imageUrl}, points_minor = ${fields.pointsMinor}, amount_minor = ${fields.amountMinor},
          cash_value_minor = ${fields.cashValueMinor}, stock = ${fields.stock},
          per_member_limit = ${fields.perMemberLimit}, starts_at = ${fields.startsAt}, ends_at = ${fields.endsAt},
          active = ${fields.active}, sort_order = ${fields.sortOrder}, version = version + 1, updated_at = now()
        WHERE id = ${productId} AND merchant_id = ${merchantId} AND version = ${version}
        RETURNING *`,
  );
  return rows[0] ? toProduct(rows[0]) : undefined;
}

export async function findProduct(
  db: Executor,
  merchantId: number,
  productId: number,
  options: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  const lock = options.lock ? sql` FOR UPDATE` : sql``;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_products WHERE id = ${productId} AND merchant_id = ${merchantId}${lock}`,
  );
  return rows[0] ? toProduct(rows[0]) : undefined;
}

/** The brand's products on offer at `now` (active, within their dates), in their order. */
export async function findOfferedProducts(db: Executor, merchantId: number, now: Date): Promise<ProductRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_products
        WHERE merchant_id = ${merchantId} AND active
          AND (ends_at IS NULL OR ends_at > ${now.toISOString()})
        ORDER BY sort_order, id
        LIMIT 200`,
  );
  return rows.map(toProduct);
}

/** A page of the brand's products in their order (keyset on sort_order, id). */
export async function findProductsPage(
  db: Executor,
  merchantId: number,
  page: { after: { sortOrder: number; id: number } | null; limit: number; active: 'all' | 'active' | 'inactive' },
): Promise<ProductRow[]> {
  const after = page.after ? sql` AND (sort_order, id) > (${page.after.sortOrder}, ${page.after.id})` : sql``;
  const active = page.active === 'all' ? sql`` : page.active === 'active' ? sql` AND active` : sql` AND NOT active`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_products WHERE merchant_id = ${merchantId}${active}${after}
        ORDER BY sort_order, id LIMIT ${page.limit}`,
  );
  return rows.map(toProduct);
}

/** Takes `quantity` units if that many are left (the caller holds the row's lock); false when not. */
export async function takeStock(db: Executor, productId: number, quantity: number): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE point_products SET stock = stock - ${quantity}, redeemed_count = redeemed_count + ${quantity}
        WHERE id = ${productId} AND stock >= ${quantity} RETURNING id`,
  );
  return rows.length === 1;
}

/** Gives units back to the stock (a rejected exchange). */
export async function returnStock(db: Executor, productId: number, quantity: number): Promise<void> {
  await query(
    db,
    sql`UPDATE point_products SET stock = stock + ${quantity}, redeemed_count = greatest(redeemed_count - ${quantity}, 0)
        WHERE id = ${productId} RETURNING id`,
  );
}

/** Units of each product the member holds (exchanges not rejected). */
export async function countHeldUnits(
  db: Executor,
  memberId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await query<{ product_id: unknown; units: unknown }>(
    db,
    sql`SELECT product_id, sum(quantity) AS units FROM point_exchanges
        WHERE member_id = ${memberId} AND status <> 'rejected'
          AND product_id IN (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        GROUP BY product_id`,
  );
  return new Map(rows.map((row) => [toNumber(row.product_id), toNumber(row.units)]));
}

export async function lockMember(db: Executor, merchantId: number, memberId: number): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId} FOR UPDATE`,
  );
  return rows.length === 1;
}

export interface ExchangeRow {
  id: number;
  merchantId: number;
  memberId: number;
  account: string;
  productId: number;
  requestId: string;
  kind: PointProductKind;
  productNameKo: string;
  productNameEn: string | null;
  quantity: number;
  currency: string;
  pointsMinor: number;
  amountMinor: number;
  cashValueMinor: number;
  pointsBalanceAfterMinor: number;
  status: PointExchangeStatus;
  remark: string | null;
  processedBy: string | null;
  processedAt: string | null;
  refundedAt: string | null;
  refundBalanceAfterMinor: number | null;
  version: number;
  createdAt: string;
}

function toExchange(row: Record<string, unknown>): ExchangeRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    account: (row['account'] as string | undefined) ?? '',
    productId: toNumber(row['product_id']),
    requestId: row['request_id'] as string,
    kind: row['kind'] as PointProductKind,
    productNameKo: row['product_name_ko'] as string,
    productNameEn: (row['product_name_en'] as string | null) ?? null,
    quantity: toNumber(row['quantity']),
    currency: row['currency'] as string,
    pointsMinor: toNumber(row['points_minor']),
    amountMinor: toNumber(row['amount_minor']),
    cashValueMinor: toNumber(row['cash_value_minor']),
    pointsBalanceAfterMinor: toNumber(row['points_balance_after_minor']),
    status: row['status'] as PointExchangeStatus,
    remark: (row['remark'] as string | null) ?? null,
    processedBy: (row['processed_by'] as string | null) ?? null,
    processedAt: nullableIso(row['processed_at']),
    refundedAt: nullableIso(row['refunded_at']),
    refundBalanceAfterMinor: toNullableNumber(row['refund_balance_after_minor']),
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
  };
}

const EXCHANGE_COLUMNS = sql`e.*, m.account`;

export async function insertExchange(
  db: Executor,
  row: Omit<
    ExchangeRow,
    'id' | 'account' | 'remark' | 'processedBy' | 'processedAt' | 'refundedAt' | 'refundBalanceAfterMinor' | 'version'
  >,
): Promise<number> {
  const processedAt = row.status === 'completed' ? sql`${row.createdAt}` : sql`NULL`;
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO point_exchanges (merchant_id, member_id, product_id, request_id, kind, product_name_ko,
          product_name_en, quantity, currency, points_minor, amount_minor, cash_value_minor,
          points_balance_after_minor, status, processed_at, created_at)
        VALUES (${row.merchantId}, ${row.memberId}, ${row.productId}, ${row.requestId}, ${row.kind},
          ${row.productNameKo}, ${row.productNameEn}, ${row.quantity}, ${row.currency}, ${row.pointsMinor},
          ${row.amountMinor}, ${row.cashValueMinor}, ${row.pointsBalanceAfterMinor}, ${row.status}, ${processedAt},
          ${row.createdAt})
        RETURNING id`,
  );
  return toNumber(rows[0]!.id);
}

/** Fills in the points balance after the redemption's point entry (known once the ledger took them). */
export async function setExchangeBalanceAfter(db: Executor, id: number, balanceAfterMinor: number): Promise<void> {
  await query(db, sql`UPDATE point_exchanges SET points_balance_after_minor = ${balanceAfterMinor} WHERE id = ${id}`);
}

export async function findExchangeByRequest(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<ExchangeRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${EXCHANGE_COLUMNS} FROM point_exchanges e JOIN members m ON m.id = e.member_id
        WHERE e.member_id = ${memberId} AND e.request_id = ${requestId}`,
  );
  return rows[0] ? toExchange(rows[0]) : undefined;
}

export async function findExchange(
  db: Executor,
  merchantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ExchangeRow | undefined> {
  const lock = options.lock ? sql` FOR UPDATE OF e` : sql``;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${EXCHANGE_COLUMNS} FROM point_exchanges e JOIN members m ON m.id = e.member_id
        WHERE e.id = ${id} AND e.merchant_id = ${merchantId}${lock}`,
  );
  return rows[0] ? toExchange(rows[0]) : undefined;
}

export async function moveExchange(
  db: Executor,
  id: number,
  change: {
    status: PointExchangeStatus;
    processedBy: string;
    remark: string | null;
    now: Date;
    refundBalanceAfterMinor?: number;
  },
): Promise<void> {
  const refund =
    change.refundBalanceAfterMinor === undefined
      ? sql``
      : sql`, refunded_at = ${change.now.toISOString()}, refund_balance_after_minor = ${change.refundBalanceAfterMinor}`;
  await query(
    db,
    sql`UPDATE point_exchanges SET status = ${change.status}, processed_by = ${change.processedBy},
          remark = coalesce(${change.remark}, remark), processed_at = ${change.now.toISOString()},
          version = version + 1${refund}
        WHERE id = ${id}`,
  );
}

/** A page of the brand's exchanges: open oldest first, done newest first (keyset on id). */
export async function findExchangesPage(
  db: Executor,
  merchantId: number,
  page: { queue: 'open' | 'done'; afterId: number | null; limit: number; account: string | null },
): Promise<ExchangeRow[]> {
  const open = page.queue === 'open';
  const status = open ? sql`e.status IN ('applying', 'approved')` : sql`e.status IN ('completed', 'rejected')`;
  const after =
    page.afterId === null ? sql`` : open ? sql` AND e.id > ${page.afterId}` : sql` AND e.id < ${page.afterId}`;
  const account = page.account === null ? sql`` : sql` AND m.account = ${page.account}`;
  const order = open ? sql`e.id ASC` : sql`e.id DESC`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${EXCHANGE_COLUMNS} FROM point_exchanges e JOIN members m ON m.id = e.member_id
        WHERE e.merchant_id = ${merchantId} AND ${status}${after}${account}
        ORDER BY ${order} LIMIT ${page.limit}`,
  );
  return rows.map(toExchange);
}

export interface ConversionRow {
  id: number;
  memberId: number;
  requestId: string;
  currency: string;
  pointsMinor: number;
  amountMinor: number;
  rateMinorPerPoint: number;
  pointsBalanceAfterMinor: number;
  createdAt: string;
}

function toConversion(row: Record<string, unknown>): ConversionRow {
  return {
    id: toNumber(row['id']),
    memberId: toNumber(row['member_id']),
    requestId: row['request_id'] as string,
    currency: row['currency'] as string,
    pointsMinor: toNumber(row['points_minor']),
    amountMinor: toNumber(row['amount_minor']),
    rateMinorPerPoint: toNumber(row['rate_minor_per_point']),
    pointsBalanceAfterMinor: toNumber(row['points_balance_after_minor']),
    createdAt: toIso(row['created_at']),
  };
}

export async function insertConversion(
  db: Executor,
  row: Omit<ConversionRow, 'id'> & { merchantId: number },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO point_conversions (merchant_id, member_id, request_id, currency, points_minor, amount_minor,
          rate_minor_per_point, points_balance_after_minor, created_at)
        VALUES (${row.merchantId}, ${row.memberId}, ${row.requestId}, ${row.currency}, ${row.pointsMinor},
          ${row.amountMinor}, ${row.rateMinorPerPoint}, ${row.pointsBalanceAfterMinor}, ${row.createdAt})
        RETURNING id`,
  );
  return toNumber(rows[0]!.id);
}

export async function setConversionBalanceAfter(db: Executor, id: number, balanceAfterMinor: number): Promise<void> {
  await query(db, sql`UPDATE point_conversions SET points_balance_after_minor = ${balanceAfterMinor} WHERE id = ${id}`);
}

export async function findConversionByRequest(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<ConversionRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_conversions WHERE member_id = ${memberId} AND request_id = ${requestId}`,
  );
  return rows[0] ? toConversion(rows[0]) : undefined;
}

/** One line of the member's records (an exchange, a conversion, or one of their point movements). */
export interface RecordRow {
  sortKey: string;
  kind: 'exchange' | 'conversion';
  id: number;
  type: PointRecordType;
  at: string;
  productNameKo: string | null;
  productNameEn: string | null;
  quantity: number | null;
  pointsMinor: number;
  amountMinor: number;
  status: PointExchangeStatus;
  pointsChangedMinor: number;
  pointsBalanceMinor: number;
  remark: string | null;
}

/**
 * The member's records, newest first, keyset on (at, sort_key). `exchanges`: one line per exchange or conversion;
 * `history`: one per point movement (a redemption, its refund, a conversion). A redemption's line shows its
 * exchange's status now in both, so the history never calls an exchange still in process completed.
 */
export async function findRecords(
  db: Executor,
  memberId: number,
  page: {
    view: 'exchanges' | 'history';
    status: PointExchangeStatus | null;
    from: string | null;
    to: string | null;
    after: { at: string; sortKey: string } | null;
    limit: number;
  },
): Promise<RecordRow[]> {
  const refunds =
    page.view === 'history'
      ? sql`UNION ALL
        SELECT 'X' || lpad(e.id::text, 12, '0') || ':2', 'exchange', e.id, 'redeemRefund', e.refunded_at,
          e.product_name_ko, e.product_name_en, e.quantity, e.points_minor, e.amount_minor, 'completed',
          e.points_minor, e.refund_balance_after_minor, e.remark
        FROM point_exchanges e WHERE e.member_id = ${memberId} AND e.refunded_at IS NOT NULL`
      : sql``;
  const filters: SQL[] = [];
  if (page.status !== null) filters.push(sql`status = ${page.status}`);
  if (page.from !== null) filters.push(sql`at >= ${page.from}`);
  if (page.to !== null) filters.push(sql`at < ${page.to}`);
  if (page.after !== null) filters.push(sql`(at, sort_key) < (${page.after.at}::timestamptz, ${page.after.sortKey})`);
  const where = filters.length === 0 ? sql`` : sql` WHERE ${sql.join(filters, sql` AND `)}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM (
          SELECT 'X' || lpad(e.id::text, 12, '0') || ':1' AS sort_key, 'exchange' AS kind, e.id, 'redeem' AS type,
            e.created_at AS at, e.product_name_ko, e.product_name_en, e.quantity, e.points_minor, e.amount_minor,
            e.status AS status, -e.points_minor AS points_changed_minor,
            e.points_balance_after_minor AS points_balance_minor, e.remark
          FROM point_exchanges e WHERE e.member_id = ${memberId}
          UNION ALL
          SELECT 'C' || lpad(c.id::text, 12, '0') || ':1', 'conversion', c.id, 'convert', c.created_at, NULL, NULL,
            NULL, c.points_minor, c.amount_minor, 'completed', -c.points_minor, c.points_balance_after_minor, NULL
          FROM point_conversions c WHERE c.member_id = ${memberId}
          ${refunds}
        ) AS records${where}
        ORDER BY at DESC, sort_key DESC
        LIMIT ${page.limit}`,
  );
  return rows.map((row) => ({
    sortKey: row['sort_key'] as string,
    kind: row['kind'] as 'exchange' | 'conversion',
    id: toNumber(row['id']),
    type: row['type'] as PointRecordType,
    at: toIso(row['at']),
    productNameKo: (row['product_name_ko'] as string | null) ?? null,
    productNameEn: (row['product_name_en'] as string | null) ?? null,
    quantity: toNullableNumber(row['quantity']),
    pointsMinor: toNumber(row['points_minor']),
    amountMinor: toNumber(row['amount_minor']),
    status: row['status'] as PointExchangeStatus,
    pointsChangedMinor: toNumber(row['points_changed_minor']),
    pointsBalanceMinor: toNumber(row['points_balance_minor']),
    remark: (row['remark'] as string | null) ?? null,
  }));
}
