import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export type MovementKind =
  | 'vendor_debit'
  | 'vendor_credit'
  | 'vendor_rollback'
  | 'round_cancel'
  | 'adjustment'
  | 'transfer'
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_payout'
  | 'withdrawal_refund'
  | 'upline_transfer'
  | 'downline_transfer'
  | 'point_conversion'
  | 'point_purchase'
  | 'point_purchase_refund'
  | 'vip_bonus'
  | 'bonus'
  | 'bonus_forfeit'
  | 'bonus_release'
  | 'rebate'
  | 'mission'
  | 'leaderboard'
  | 'referral'
  | 'raffle'
  | 'agent_dividend'
  | 'agent_salary';

/**
 * A brand's accounts without a stored balance (the sum of their entries): the house (every bet's other side), the
 * cashier (the outside world's side of deposits and payouts) and the withdrawal hold (money asked to be withdrawn,
 * not yet paid out or released). Decision 0038.
 */
export type BrandAccountType = 'house' | 'cashier' | 'withdrawal_hold';

export interface MovementInput {
  merchantId: number;
  memberId: number;
  currency: string;
  /** Always positive: debitMember takes it out of the member, creditMember puts it in. */
  amountMinor: number;
  kind: MovementKind;
  idempotencyKey: string;
  reason?: string | null;
  requestHash?: string | null;
  /** The member's wallet of this vendor (decision 0036); absent or null: the main wallet. */
  vendorId?: number | null;
  /** The member's bonus balance in place of the main one (decision 0063); never with a vendor. */
  bonus?: boolean;
}

export interface PostedMovement {
  movementId: number;
  accountId: number;
  balanceAfterMinor: number;
}

export async function ensureHouseAccount(db: Executor, merchantId: number, currency: string): Promise<number> {
  return ensureBrandAccount(db, merchantId, currency, 'house');
}

/** The brand's account of a type for a currency, created when missing. */
export async function ensureBrandAccount(
  db: Executor,
  merchantId: number,
  currency: string,
  type: BrandAccountType,
): Promise<number> {
  const conflict =
    type === 'house'
      ? sql`(merchant_id, currency) WHERE owner_type = 'house'`
      : sql`(merchant_id, currency, owner_type) WHERE owner_type IN ('cashier', 'withdrawal_hold')`;
  await query(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
        VALUES (${merchantId}, ${type}, ${currency})
        ON CONFLICT ${conflict} DO NOTHING`,
  );
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM wallet_accounts WHERE owner_type = ${type} AND merchant_id = ${merchantId} AND currency = ${currency}`,
  );
  if (!rows[0]) throw new Error(`${type} account missing after insert`);
  return toNumber(rows[0].id);
}

/**
 * How many members of a brand hold a balance above zero, in any currency. A brand's currency may not change while
 * any does (their accounts are in the old one).
 */
export async function countMembersWithBalance(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ members: unknown }>(
    db,
    sql`SELECT count(DISTINCT member_id) AS members FROM wallet_accounts
        WHERE merchant_id = ${merchantId} AND owner_type IN ('member', 'member_vendor', 'member_bonus')
          AND balance_minor > 0`,
  );
  return toNumber(rows[0]?.members ?? 0);
}

/**
 * The member's main account, with `bonus` the member's bonus balance (decision 0063), or with `vendorId` the member's
 * wallet of that vendor (decision 0036).
 */
function memberAccount(owner: { memberId: number; currency: string; vendorId?: number | null; bonus?: boolean }) {
  if (owner.bonus) {
    return sql`owner_type = 'member_bonus' AND member_id = ${owner.memberId} AND currency = ${owner.currency}`;
  }
  return owner.vendorId == null
    ? sql`owner_type = 'member' AND member_id = ${owner.memberId} AND currency = ${owner.currency}`
    : sql`owner_type = 'member_vendor' AND member_id = ${owner.memberId} AND vendor_id = ${owner.vendorId}
          AND currency = ${owner.currency}`;
}

/** The balance of the member's wallet of a vendor; undefined when the member has none yet. */
export async function findVendorBalance(
  db: Executor,
  memberId: number,
  vendorId: number,
  currency: string,
): Promise<number | undefined> {
  const rows = await query<{ balance_minor: unknown }>(
    db,
    sql`SELECT balance_minor FROM wallet_accounts WHERE ${memberAccount({ memberId, vendorId, currency })}`,
  );
  return rows[0] ? toNumber(rows[0].balance_minor) : undefined;
}

/** The member's main balance plus every vendor wallet's and the bonus balance: the sumBalance a member sees. */
export async function findTotalBalance(db: Executor, memberId: number, currency: string): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(balance_minor), 0) AS total FROM wallet_accounts
        WHERE owner_type IN ('member', 'member_vendor', 'member_bonus') AND member_id = ${memberId}
          AND currency = ${currency}`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

export async function findMemberBalance(db: Executor, memberId: number, currency: string): Promise<number | undefined> {
  const rows = await query<{ balance_minor: unknown }>(
    db,
    sql`SELECT balance_minor FROM wallet_accounts
        WHERE owner_type = 'member' AND member_id = ${memberId} AND currency = ${currency}`,
  );
  return rows[0] ? toNumber(rows[0].balance_minor) : undefined;
}

/**
 * Takes the amount out of the member's account only if the balance covers it, and writes the movement
 * and its two entries (member -amount, house +amount) in the same statement. Undefined: not enough money.
 * The house side is the brand's house account, `houseAccountId`.
 */
export async function debitMember(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
): Promise<PostedMovement | undefined> {
  const rows = await query<{ movement_id: unknown; account_id: unknown; balance_minor: unknown }>(
    db,
    sql`WITH acc AS (
          UPDATE wallet_accounts SET balance_minor = balance_minor - ${input.amountMinor}, updated_at = now()
          WHERE ${memberAccount(input)} AND balance_minor >= ${input.amountMinor}
          RETURNING id, balance_minor
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
          SELECT ${input.merchantId}::bigint, ${input.kind}::text, ${input.idempotencyKey}::text, ${input.memberId}::bigint,
                 ${input.currency}::text, ${-input.amountMinor}::bigint, ${input.reason ?? null}::text,
                 ${input.requestHash ?? null}::text
          FROM acc
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, acc.id, ${-input.amountMinor}::bigint, acc.balance_minor FROM mov, acc
          UNION ALL
          SELECT mov.id, ${houseAccountId}::bigint, ${input.amountMinor}::bigint, NULL FROM mov
        )
        SELECT mov.id AS movement_id, acc.id AS account_id, acc.balance_minor FROM mov, acc`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    accountId: toNumber(row.account_id),
    balanceAfterMinor: toNumber(row.balance_minor),
  };
}

/**
 * Puts the amount into the member's account (creating it), with the movement and both entries.
 * Undefined: the balance would pass Number.MAX_SAFE_INTEGER (the most an amount can be), and nothing moved.
 */
export async function creditMember(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
): Promise<PostedMovement | undefined> {
  const rows = await query<{ movement_id: unknown; account_id: unknown; balance_minor: unknown }>(
    db,
    sql`WITH acc AS (
          ${
            input.bonus
              ? sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${input.merchantId}, 'member_bonus', ${input.memberId}, ${input.currency}, ${input.amountMinor})
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member_bonus'`
              : input.vendorId == null
                ? sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${input.merchantId}, 'member', ${input.memberId}, ${input.currency}, ${input.amountMinor})
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member'`
                : sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, vendor_id, currency, balance_minor)
          VALUES (${input.merchantId}, 'member_vendor', ${input.memberId}, ${input.vendorId}, ${input.currency},
                  ${input.amountMinor})
          ON CONFLICT (member_id, vendor_id, currency) WHERE owner_type = 'member_vendor'`
          }
          DO UPDATE SET balance_minor = wallet_accounts.balance_minor + EXCLUDED.balance_minor, updated_at = now()
          WHERE wallet_accounts.balance_minor <= ${Number.MAX_SAFE_INTEGER}::bigint - EXCLUDED.balance_minor
          RETURNING id, balance_minor
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
          SELECT ${input.merchantId}::bigint, ${input.kind}::text, ${input.idempotencyKey}::text, ${input.memberId}::bigint,
                 ${input.currency}::text, ${input.amountMinor}::bigint, ${input.reason ?? null}::text,
                 ${input.requestHash ?? null}::text
          FROM acc
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, acc.id, ${input.amountMinor}::bigint, acc.balance_minor FROM mov, acc
          UNION ALL
          SELECT mov.id, ${houseAccountId}::bigint, ${-input.amountMinor}::bigint, NULL FROM mov
        )
        SELECT mov.id AS movement_id, acc.id AS account_id, acc.balance_minor FROM mov, acc`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    accountId: toNumber(row.account_id),
    balanceAfterMinor: toNumber(row.balance_minor),
  };
}

/** A stake or a win of play on the main wallet: the movement, both balances after, the bonus balance's part. */
export interface PlayMovement {
  movementId: number;
  mainAfterMinor: number;
  bonusAfterMinor: number;
  bonusPartMinor: number;
}

/**
 * A stake from the main balance first and the bonus balance for the rest (db/functions/member_play_debit.sql);
 * undefined when the two together are short (nothing moved).
 */
export async function debitForPlay(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
): Promise<PlayMovement | undefined> {
  const rows = await query<{
    movement_id: unknown;
    main_after_minor: unknown;
    bonus_part_minor: unknown;
    bonus_after_minor: unknown;
  }>(
    db,
    sql`SELECT movement_id, main_after_minor, bonus_part_minor, bonus_after_minor
        FROM member_play_debit(${input.memberId}::bigint, ${input.merchantId}::bigint, ${input.currency}::text,
                               ${input.amountMinor}::bigint, ${houseAccountId}::bigint, ${input.kind}::text,
                               ${input.idempotencyKey}::text, ${input.reason ?? null}::text,
                               ${input.requestHash ?? null}::text)`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    mainAfterMinor: toNumber(row.main_after_minor),
    bonusAfterMinor: toNumber(row.bonus_after_minor),
    bonusPartMinor: toNumber(row.bonus_part_minor),
  };
}

/**
 * Money play gives back (a win, a rollback, a cancelled stake): the share `stake` says the bonus balance funded
 * goes back to it while a separate bonus is active (db/functions/member_play_credit.sql), the rest to the main
 * balance. Undefined when a balance would pass Number.MAX_SAFE_INTEGER (nothing moved).
 */
export async function creditForPlay(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
  stake: { stakeMinor: number; bonusStakeMinor: number },
): Promise<PlayMovement | undefined> {
  const rows = await query<{
    movement_id: unknown;
    main_after_minor: unknown;
    bonus_after_minor: unknown;
    bonus_part_minor: unknown;
  }>(
    db,
    sql`SELECT movement_id, main_after_minor, bonus_part_minor, bonus_after_minor
        FROM member_play_credit(${input.memberId}::bigint, ${input.merchantId}::bigint, ${input.currency}::text,
                                ${input.amountMinor}::bigint, ${stake.stakeMinor}::bigint,
                                ${stake.bonusStakeMinor}::bigint, ${houseAccountId}::bigint, ${input.kind}::text,
                                ${input.idempotencyKey}::text, ${input.reason ?? null}::text,
                                ${input.requestHash ?? null}::text)`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    mainAfterMinor: toNumber(row.main_after_minor),
    bonusAfterMinor: toNumber(row.bonus_after_minor),
    bonusPartMinor: toNumber(row.bonus_part_minor),
  };
}

/** Locks the member's main account (made when missing) for the caller's transaction: main before bonus (0063). */
export async function lockMainAccount(
  db: Executor,
  owner: { merchantId: number; memberId: number; currency: string },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
        VALUES (${owner.merchantId}, 'member', ${owner.memberId}, ${owner.currency}, 0)
        ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
        DO UPDATE SET balance_minor = wallet_accounts.balance_minor`,
  );
}

/** The member's bonus balance (decision 0063); 0 when the member has none. */
export async function findBonusBalance(db: Executor, memberId: number, currency: string): Promise<number> {
  const rows = await query<{ balance_minor: unknown }>(
    db,
    sql`SELECT balance_minor FROM wallet_accounts WHERE ${memberAccount({ memberId, currency, bonus: true })}`,
  );
  return rows[0] ? toNumber(rows[0].balance_minor) : 0;
}

/**
 * Moves the whole bonus balance to the main one (kind 'bonus_release', decision 0063): the main row is locked first,
 * as every writer of both does. Answers what moved (0: nothing to move, no movement written).
 */
export async function releaseBonusBalance(
  db: Executor,
  owner: { merchantId: number; memberId: number; currency: string },
  idempotencyKey: string,
  reason: string,
): Promise<number> {
  await lockMainAccount(db, owner);
  const moved = await query<{ amount: unknown }>(
    db,
    sql`WITH bonus AS (
          SELECT id, balance_minor FROM wallet_accounts
          WHERE ${memberAccount({ memberId: owner.memberId, currency: owner.currency, bonus: true })}
            AND balance_minor > 0
          FOR UPDATE
        ), emptied AS (
          UPDATE wallet_accounts a SET balance_minor = 0, updated_at = now()
          FROM bonus WHERE a.id = bonus.id
          RETURNING a.id, bonus.balance_minor AS amount
        ), main AS (
          UPDATE wallet_accounts a SET balance_minor = a.balance_minor + emptied.amount, updated_at = now()
          FROM emptied WHERE ${memberAccount(owner)}
          RETURNING a.id, a.balance_minor
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
          SELECT ${owner.merchantId}::bigint, 'bonus_release', ${idempotencyKey}::text, ${owner.memberId}::bigint,
                 ${owner.currency}::text, emptied.amount, ${reason}::text
          FROM emptied
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, main.id, emptied.amount, main.balance_minor FROM mov, main, emptied
          UNION ALL
          SELECT mov.id, emptied.id, -emptied.amount, 0 FROM mov, emptied
        )
        SELECT amount FROM emptied`,
  );
  return moved[0] ? toNumber(moved[0].amount) : 0;
}

export interface StoredMovement {
  id: number;
  memberId: number | null;
  amountMinor: number;
  requestHash: string | null;
}

export async function findMovementByKey(db: Executor, idempotencyKey: string): Promise<StoredMovement | undefined> {
  const rows = await query<{ id: unknown; member_id: unknown; amount_minor: unknown; request_hash: string | null }>(
    db,
    sql`SELECT id, member_id, amount_minor, request_hash FROM wallet_movements WHERE idempotency_key = ${idempotencyKey}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    memberId: row.member_id === null ? null : toNumber(row.member_id),
    amountMinor: toNumber(row.amount_minor),
    requestHash: row.request_hash,
  };
}

export interface MemberRef {
  id: number;
  merchantId: number;
  account: string;
}

export async function findMemberByAccount(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<MemberRef | undefined> {
  const rows = await query<{ id: unknown; merchant_id: unknown; account: string }>(
    db,
    sql`SELECT id, merchant_id, account FROM members WHERE merchant_id = ${merchantId} AND lower(account) = lower(${account})`,
  );
  const row = rows[0];
  return row ? { id: toNumber(row.id), merchantId: toNumber(row.merchant_id), account: row.account } : undefined;
}

/**
 * Whether a failed statement hit the unique index on movement keys (SQLSTATE 23505): another
 * transaction wrote a movement with the same key first. Drizzle wraps the driver's error in `cause`.
 */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint === 'wallet_movements_idempotency_key';
    current = candidate.cause;
  }
  return false;
}

/** A movement of a member's ledger as the back office lists it, with the member's balance after it. */
export interface LedgerLine {
  id: number;
  kind: MovementKind;
  amountMinor: number;
  currency: string;
  /** The member's balance right after this movement. */
  balanceAfterMinor: number;
  reason: string | null;
  idempotencyKey: string;
  createdAt: string;
}

/** Every kind of movement (a kind added to MovementKind must be added here): one index range a kind. */
const EVERY_KIND: Record<MovementKind, true> = {
  vendor_debit: true,
  vendor_credit: true,
  vendor_rollback: true,
  round_cancel: true,
  adjustment: true,
  transfer: true,
  deposit: true,
  withdrawal_hold: true,
  withdrawal_release: true,
  withdrawal_payout: true,
  withdrawal_refund: true,
  upline_transfer: true,
  downline_transfer: true,
  point_conversion: true,
  point_purchase: true,
  point_purchase_refund: true,
  vip_bonus: true,
  bonus: true,
  bonus_forfeit: true,
  bonus_release: true,
  rebate: true,
  mission: true,
  leaderboard: true,
  referral: true,
  raffle: true,
  agent_dividend: true,
  agent_salary: true,
};
const MOVEMENT_KINDS = Object.keys(EVERY_KIND) as MovementKind[];

/**
 * A page of a member's movements, newest first by time (then id), those after the movement `beforeId` in that
 * order, each with the balance its member entry recorded. By time and not by id: a movement written later may
 * carry an earlier time (the demo member's past, seed-member-history.ts), and the operator reads the ledger as it
 * happened. Keyset through wallet_movements_member_kind_time_idx (migration 0053), one range a kind from the
 * cursor's place, merged, as the member's account record does (member-transactions.repository.ts): page 500 reads
 * what page 1 does. A cursor that is not one of this member's movements matches nothing.
 */
export async function findLedgerPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  page: { beforeId: number | null; limit: number },
): Promise<LedgerLine[]> {
  // The cursor's time as a scalar, so the row comparison is an index condition (see member-transactions).
  const after =
    page.beforeId === null
      ? sql``
      : sql`AND (w.created_at, w.id) < ((SELECT c.created_at FROM wallet_movements c
                                        WHERE c.id = ${page.beforeId} AND c.member_id = ${memberId}),
                                       ${page.beforeId}::bigint)`;
  const ranges = MOVEMENT_KINDS.map(
    (kind) => sql`(SELECT w.id, w.created_at FROM wallet_movements w
                  WHERE w.member_id = ${memberId} AND w.kind = ${kind} AND w.merchant_id = ${merchantId} ${after}
                  ORDER BY w.created_at DESC, w.id DESC LIMIT ${page.limit})`,
  );
  const rows = await query<{
    id: unknown;
    kind: MovementKind;
    amount_minor: unknown;
    currency: string;
    balance_after_minor: unknown;
    reason: string | null;
    idempotency_key: string;
    created_at: unknown;
  }>(
    db,
    sql`WITH page AS (
          SELECT id, created_at FROM (${sql.join(ranges, sql` UNION ALL `)}) ranges
          ORDER BY created_at DESC, id DESC LIMIT ${page.limit}
        )
        SELECT m.id, m.kind, m.amount_minor, m.currency, e.balance_after_minor, m.reason, m.idempotency_key,
               m.created_at
        FROM page p
        JOIN wallet_movements m ON m.id = p.id
        CROSS JOIN LATERAL (SELECT le.balance_after_minor FROM ledger_entries le
                            WHERE le.movement_id = m.id AND le.balance_after_minor IS NOT NULL LIMIT 1) e
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    kind: row.kind,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency,
    balanceAfterMinor: toNumber(row.balance_after_minor),
    reason: row.reason,
    idempotencyKey: row.idempotency_key,
    createdAt: toIso(row.created_at),
  }));
}

/** A vendor as a transfer sees it, with whether the brand offers it now. */
export interface TransferVendor {
  id: number;
  code: string;
  name: string;
  status: 'active' | 'maintenance' | 'disabled';
  walletMode: 'seamless' | 'transfer';
  offered: boolean;
}

/** The vendor of that code, and whether the brand offers it; undefined when there is no such vendor. */
export async function findTransferVendor(
  db: Executor,
  merchantId: number,
  code: string,
): Promise<TransferVendor | undefined> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    status: TransferVendor['status'];
    wallet_mode: TransferVendor['walletMode'];
    offered: boolean | null;
  }>(
    db,
    sql`SELECT v.id, v.code, v.name, v.status, v.wallet_mode, mv.enabled AS offered
        FROM game_vendors v
        LEFT JOIN merchant_vendors mv ON mv.vendor_id = v.id AND mv.merchant_id = ${merchantId}
        WHERE v.code = ${code}`,
  );
  const row = rows[0];
  return row
    ? {
        id: toNumber(row.id),
        code: row.code,
        name: row.name,
        status: row.status,
        walletMode: row.wallet_mode,
        offered: row.offered === true,
      }
    : undefined;
}

export interface VendorWalletRow {
  vendorId: number;
  code: string;
  name: string;
  status: TransferVendor['status'];
  balanceMinor: number;
  /** A transfer-mode vendor the brand offers now (not one that only still holds money). */
  offered: boolean;
}

/**
 * The member's vendor wallets: one for every transfer-mode vendor the brand offers (0 until money goes in), and
 * any other holding money (a vendor since switched off or back to seamless), so no money is out of sight. In the
 * brand's order of its vendors.
 */
export async function findVendorWallets(
  db: Executor,
  owner: { merchantId: number; memberId: number; currency: string },
): Promise<VendorWalletRow[]> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    status: VendorWalletRow['status'];
    balance: unknown;
    offered: boolean;
  }>(
    db,
    sql`SELECT v.id, v.code, v.name, v.status, coalesce(a.balance_minor, 0) AS balance,
               (v.wallet_mode = 'transfer' AND v.status <> 'disabled' AND coalesce(mv.enabled, false)) AS offered
        FROM game_vendors v
        LEFT JOIN merchant_vendors mv ON mv.vendor_id = v.id AND mv.merchant_id = ${owner.merchantId}
        LEFT JOIN wallet_accounts a ON a.owner_type = 'member_vendor' AND a.member_id = ${owner.memberId}
          AND a.vendor_id = v.id AND a.currency = ${owner.currency}
        WHERE (v.wallet_mode = 'transfer' AND v.status <> 'disabled' AND mv.enabled)
           OR a.balance_minor > 0
        ORDER BY mv.sort_order NULLS LAST, v.code`,
  );
  return rows.map((row) => ({
    vendorId: toNumber(row.id),
    code: row.code,
    name: row.name,
    status: row.status,
    balanceMinor: toNumber(row.balance),
    offered: row.offered,
  }));
}

export interface LockedAccount {
  id: number;
  /** Null: the main account. */
  vendorId: number | null;
  balanceMinor: number;
}

/**
 * Creates at 0 the member's main account and, with `vendorId`, the member's wallet of that vendor when missing (an
 * account without entries has the balance of their sum, 0), then locks every account of the member in the currency
 * in id order: two transfers or recalls of one member wait for each other instead of deadlocking.
 */
export async function lockMemberAccounts(
  db: Executor,
  owner: { merchantId: number; memberId: number; currency: string },
  vendorId: number | null,
): Promise<LockedAccount[]> {
  await query(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
        VALUES (${owner.merchantId}, 'member', ${owner.memberId}, ${owner.currency}, 0)
        ON CONFLICT (member_id, currency) WHERE owner_type = 'member' DO NOTHING`,
  );
  if (vendorId !== null) {
    await query(
      db,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, vendor_id, currency, balance_minor)
          VALUES (${owner.merchantId}, 'member_vendor', ${owner.memberId}, ${vendorId}, ${owner.currency}, 0)
          ON CONFLICT (member_id, vendor_id, currency) WHERE owner_type = 'member_vendor' DO NOTHING`,
    );
  }
  const rows = await query<{ id: unknown; vendor_id: unknown; balance_minor: unknown }>(
    db,
    sql`SELECT id, vendor_id, balance_minor FROM wallet_accounts
        WHERE owner_type IN ('member', 'member_vendor') AND member_id = ${owner.memberId}
          AND currency = ${owner.currency}
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    vendorId: row.vendor_id === null ? null : toNumber(row.vendor_id),
    balanceMinor: toNumber(row.balance_minor),
  }));
}

export interface TransferInput {
  merchantId: number;
  memberId: number;
  currency: string;
  fromAccountId: number;
  toAccountId: number;
  /** Positive. */
  amountMinor: number;
  /** What the movement's amount says: the change of the member's main wallet (- into a vendor, + back). */
  mainChangeMinor: number;
  idempotencyKey: string;
  reason: string;
  requestHash: string;
}

/**
 * One transfer between two accounts of a member, in the caller's transaction (the accounts locked): the source
 * only if it covers the amount, the destination only within Number.MAX_SAFE_INTEGER, then the movement and its
 * two entries in one statement. 'short': the source does not cover it; 'limit': the destination would pass the
 * most an amount can be. On 'limit' the source was already taken: the caller must roll back (it throws).
 */
export async function postTransfer(
  db: Executor,
  input: TransferInput,
): Promise<{ movementId: number } | 'short' | 'limit'> {
  const from = await query<{ balance_minor: unknown }>(
    db,
    sql`UPDATE wallet_accounts SET balance_minor = balance_minor - ${input.amountMinor}, updated_at = now()
        WHERE id = ${input.fromAccountId} AND balance_minor >= ${input.amountMinor}
        RETURNING balance_minor`,
  );
  if (!from[0]) return 'short';
  const to = await query<{ balance_minor: unknown }>(
    db,
    sql`UPDATE wallet_accounts SET balance_minor = balance_minor + ${input.amountMinor}, updated_at = now()
        WHERE id = ${input.toAccountId} AND balance_minor <= ${Number.MAX_SAFE_INTEGER}::bigint - ${input.amountMinor}
        RETURNING balance_minor`,
  );
  if (!to[0]) return 'limit';
  const rows = await query<{ id: unknown }>(
    db,
    sql`WITH mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                        request_hash)
          VALUES (${input.merchantId}, 'transfer', ${input.idempotencyKey}, ${input.memberId}, ${input.currency},
                  ${input.mainChangeMinor}, ${input.reason}, ${input.requestHash})
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, ${input.fromAccountId}::bigint, ${-input.amountMinor}::bigint, ${from[0].balance_minor}::bigint
          FROM mov
          UNION ALL
          SELECT mov.id, ${input.toAccountId}::bigint, ${input.amountMinor}::bigint, ${to[0].balance_minor}::bigint
          FROM mov
        )
        SELECT id FROM mov`,
  );
  return { movementId: toNumber(rows[0]?.id) };
}

export interface RecallInput {
  merchantId: number;
  memberId: number;
  currency: string;
  mainAccountId: number;
  /** The vendor wallets to empty, each with its whole balance (locked by the caller). */
  sources: { accountId: number; amountMinor: number }[];
  idempotencyKey: string;
  reason: string;
  requestHash: string;
}

/**
 * Every source wallet emptied into the main one, as one movement: an entry per wallet emptied and one for the main
 * wallet with their sum, in one statement. 'limit': the main balance would pass Number.MAX_SAFE_INTEGER; the
 * sources were already emptied, so the caller must roll back (it throws).
 */
export async function postRecall(db: Executor, input: RecallInput): Promise<{ movementId: number } | 'limit'> {
  const total = input.sources.reduce((sum, source) => sum + source.amountMinor, 0);
  const ids = input.sources.map((source) => source.accountId);
  await query(
    db,
    sql`UPDATE wallet_accounts SET balance_minor = 0, updated_at = now()
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const main = await query<{ balance_minor: unknown }>(
    db,
    sql`UPDATE wallet_accounts SET balance_minor = balance_minor + ${total}, updated_at = now()
        WHERE id = ${input.mainAccountId} AND balance_minor <= ${Number.MAX_SAFE_INTEGER}::bigint - ${total}
        RETURNING balance_minor`,
  );
  if (!main[0]) return 'limit';
  const entries = sql.join(
    [
      ...input.sources.map(
        (source) => sql`SELECT mov.id, ${source.accountId}::bigint, ${-source.amountMinor}::bigint, 0::bigint FROM mov`,
      ),
      sql`SELECT mov.id, ${input.mainAccountId}::bigint, ${total}::bigint, ${main[0].balance_minor}::bigint FROM mov`,
    ],
    sql` UNION ALL `,
  );
  const rows = await query<{ id: unknown }>(
    db,
    sql`WITH mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                        request_hash)
          VALUES (${input.merchantId}, 'transfer', ${input.idempotencyKey}, ${input.memberId}, ${input.currency},
                  ${total}, ${input.reason}, ${input.requestHash})
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor) ${entries}
        )
        SELECT id FROM mov`,
  );
  return { movementId: toNumber(rows[0]?.id) };
}

/** How many members of the brand hold money in a vendor wallet: the brand may not go back to one wallet while any do. */
export async function countMembersWithVendorMoney(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ members: unknown }>(
    db,
    sql`SELECT count(DISTINCT member_id) AS members FROM wallet_accounts
        WHERE merchant_id = ${merchantId} AND owner_type = 'member_vendor' AND balance_minor > 0`,
  );
  return toNumber(rows[0]?.members ?? 0);
}

export interface BrandMovementInput {
  merchantId: number;
  /** The member on whose behalf the money moves (a payout of the member's withdrawal). */
  memberId: number;
  currency: string;
  /** Positive: it leaves `fromAccountId` and reaches `toAccountId`. */
  amountMinor: number;
  kind: MovementKind;
  idempotencyKey: string;
  reason?: string | null;
}

/**
 * A movement between two of a brand's accounts without stored balances (a payout: withdrawal hold → cashier), with
 * its two entries, in one statement. No balance to check: each side is the sum of its entries.
 */
export async function postBrandMovement(
  db: Executor,
  input: BrandMovementInput,
  fromAccountId: number,
  toAccountId: number,
): Promise<{ movementId: number }> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`WITH mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
          VALUES (${input.merchantId}, ${input.kind}, ${input.idempotencyKey}, ${input.memberId}, ${input.currency},
                  ${input.amountMinor}, ${input.reason ?? null})
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, ${fromAccountId}::bigint, ${-input.amountMinor}::bigint, NULL::bigint FROM mov
          UNION ALL
          SELECT mov.id, ${toAccountId}::bigint, ${input.amountMinor}::bigint, NULL::bigint FROM mov
        )
        SELECT id FROM mov`,
  );
  return { movementId: toNumber(rows[0]?.id) };
}

export interface MemberTransferInput {
  merchantId: number;
  currency: string;
  fromMemberId: number;
  toMemberId: number;
  /** Positive. */
  amountMinor: number;
  kind: MovementKind;
  idempotencyKey: string;
  reason?: string | null;
  requestHash?: string | null;
}

/** A member's main wallet as ensureAndLockMemberWallets locked it. */
export interface LockedMemberWallet {
  accountId: number;
  memberId: number;
  balanceMinor: number;
}

/**
 * The main wallets of the brand's members in the currency, made at 0 when missing (an account without entries has
 * the balance of their sum, 0) and locked in id order for the caller's transaction: callers taking several members'
 * wallets (a transfer between two, a batch of agent settlement lines) then wait for each other instead of taking the
 * same wallets in different orders (a deadlock on PostgreSQL). Made in member id order too, for the same reason.
 */
export async function ensureAndLockMemberWallets(
  db: Executor,
  owners: { merchantId: number; currency: string; memberIds: readonly number[] },
): Promise<LockedMemberWallet[]> {
  if (owners.memberIds.length === 0) return [];
  const sorted = [...new Set(owners.memberIds)].sort((a, b) => a - b);
  const memberIds = `{${sorted.join(',')}}`;
  await query(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
        SELECT ${owners.merchantId}, 'member', id, ${owners.currency}, 0 FROM unnest(${memberIds}::bigint[]) AS id
        ORDER BY id
        ON CONFLICT (member_id, currency) WHERE owner_type = 'member' DO NOTHING`,
  );
  const rows = await query<{ id: unknown; member_id: unknown; balance_minor: unknown }>(
    db,
    sql`SELECT id, member_id, balance_minor FROM wallet_accounts
        WHERE owner_type = 'member' AND currency = ${owners.currency} AND member_id = ANY(${memberIds}::bigint[])
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => ({
    accountId: toNumber(row.id),
    memberId: toNumber(row.member_id),
    balanceMinor: toNumber(row.balance_minor),
  }));
}

/**
 * Money from one member's main wallet to another's, in the caller's transaction: both accounts made (at 0) when
 * missing and locked in id order (ensureAndLockMemberWallets), so two transfers in opposite directions wait instead
 * of deadlocking; the sender
 * only if the balance covers it, the receiver only within Number.MAX_SAFE_INTEGER; then the movement (the sender's
 * member id, the amount negative as the sender sees it) and its two entries. 'short' or 'limit' move nothing.
 */
export async function postMemberTransfer(
  db: Executor,
  input: MemberTransferInput,
): Promise<{ movementId: number; fromBalanceMinor: number; toBalanceMinor: number } | 'short' | 'limit'> {
  if (input.fromMemberId === input.toMemberId) throw new Error('a member transfer needs two members');
  const locked = await ensureAndLockMemberWallets(db, {
    merchantId: input.merchantId,
    currency: input.currency,
    memberIds: [input.fromMemberId, input.toMemberId],
  });
  const from = locked.find((wallet) => wallet.memberId === input.fromMemberId);
  const to = locked.find((wallet) => wallet.memberId === input.toMemberId);
  if (!from || !to) throw new Error('member accounts missing after insert');
  const fromBalance = from.balanceMinor - input.amountMinor;
  const toBalance = to.balanceMinor + input.amountMinor;
  if (fromBalance < 0) return 'short';
  if (toBalance > Number.MAX_SAFE_INTEGER) return 'limit';
  const rows = await query<{ id: unknown }>(
    db,
    sql`WITH src AS (
          UPDATE wallet_accounts SET balance_minor = ${fromBalance}, updated_at = now() WHERE id = ${from.accountId}
        ), dst AS (
          UPDATE wallet_accounts SET balance_minor = ${toBalance}, updated_at = now() WHERE id = ${to.accountId}
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                        request_hash)
          VALUES (${input.merchantId}, ${input.kind}, ${input.idempotencyKey}, ${input.fromMemberId}, ${input.currency},
                  ${-input.amountMinor}, ${input.reason ?? null}, ${input.requestHash ?? null})
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, ${from.accountId}::bigint, ${-input.amountMinor}::bigint, ${fromBalance}::bigint FROM mov
          UNION ALL
          SELECT mov.id, ${to.accountId}::bigint, ${input.amountMinor}::bigint, ${toBalance}::bigint FROM mov
        )
        SELECT id FROM mov`,
  );
  return { movementId: toNumber(rows[0]?.id), fromBalanceMinor: fromBalance, toBalanceMinor: toBalance };
}
