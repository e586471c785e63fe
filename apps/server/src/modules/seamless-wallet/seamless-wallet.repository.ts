import type { WhitelabelNode } from '@parlay/contract';
import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

type Row = Record<string, unknown>;

export interface PlayerRow {
  memberId: number;
  merchantId: number;
  currency: string;
  /** The brand offers this vendor now; when not, rounds already open still settle (credit, rollback). */
  vendorEnabled: boolean;
  /** The brand's feature switches: TRANSFER_WALLETS says whether a transfer-mode vendor has a wallet of its own. */
  whitelabel: WhitelabelNode[];
  walletMode: 'seamless' | 'transfer';
}

/** The member, if it belongs to a brand that offers this vendor. */
export async function findPlayer(db: Executor, vendorId: number, memberId: number): Promise<PlayerRow | undefined> {
  const rows = await query<{
    id: unknown;
    merchant_id: unknown;
    currency: string;
    enabled: boolean;
    whitelabel: WhitelabelNode[];
    wallet_mode: PlayerRow['walletMode'];
  }>(
    db,
    sql`SELECT m.id, m.merchant_id, mer.currency, mv.enabled, mer.whitelabel, v.wallet_mode
        FROM members m
        JOIN merchants mer ON mer.id = m.merchant_id
        JOIN merchant_vendors mv ON mv.merchant_id = m.merchant_id AND mv.vendor_id = ${vendorId}
        JOIN game_vendors v ON v.id = mv.vendor_id
        WHERE m.id = ${memberId}`,
  );
  const row = rows[0];
  return row
    ? {
        memberId: toNumber(row.id),
        merchantId: toNumber(row.merchant_id),
        currency: row.currency,
        vendorEnabled: row.enabled,
        whitelabel: row.whitelabel,
        walletMode: row.wallet_mode,
      }
    : undefined;
}

export interface SessionRow {
  id: number;
  memberId: number;
  merchantId: number;
  vendorId: number;
  gameId: number;
  mode: 'real' | 'trial';
  currency: string;
  playBalanceMinor: number | null;
  live: boolean;
}

interface RawSession extends Row {
  id: unknown;
  member_id: unknown;
  merchant_id: unknown;
  vendor_id: unknown;
  game_id: unknown;
  mode: 'real' | 'trial';
  currency: string;
  play_balance_minor: unknown;
  live: boolean;
}

/**
 * `live`: a new debit may use the session. The rule is the view live_game_sessions
 * (db/functions/live_game_sessions.sql), which the debit function reads too.
 */
const SESSION_COLUMNS = sql`id, member_id, merchant_id, vendor_id, game_id, mode, currency, play_balance_minor,
  EXISTS (SELECT 1 FROM live_game_sessions l WHERE l.id = game_sessions.id) AS live`;

function toSession(row: RawSession): SessionRow {
  return {
    id: toNumber(row.id),
    memberId: toNumber(row.member_id),
    merchantId: toNumber(row.merchant_id),
    vendorId: toNumber(row.vendor_id),
    gameId: toNumber(row.game_id),
    mode: row.mode,
    currency: row.currency,
    playBalanceMinor: toNullableNumber(row.play_balance_minor),
    live: row.live,
  };
}

export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await query<RawSession>(
    db,
    sql`SELECT ${SESSION_COLUMNS} FROM game_sessions WHERE token_hash = ${tokenHash}`,
  );
  return rows[0] ? toSession(rows[0]) : undefined;
}

export async function findSessionById(db: Executor, id: number): Promise<SessionRow | undefined> {
  const rows = await query<RawSession>(db, sql`SELECT ${SESSION_COLUMNS} FROM game_sessions WHERE id = ${id}`);
  return rows[0] ? toSession(rows[0]) : undefined;
}

/**
 * Play money of a trial session: the same conditional update as real money, on the session row, or on the
 * member's practice wallet when the session has no play balance of its own (a free-play guest's: decision 0072).
 * Undefined: no trial session, or the balance would go below zero or past Number.MAX_SAFE_INTEGER, as a real one
 * may not.
 */
export async function changePlayBalance(
  db: Executor,
  sessionId: number,
  deltaMinor: number,
): Promise<number | undefined> {
  const rows = await query<{ play_balance_minor: unknown }>(
    db,
    sql`WITH own AS (
          UPDATE game_sessions SET play_balance_minor = play_balance_minor + ${deltaMinor}
           WHERE id = ${sessionId} AND mode = 'trial' AND play_balance_minor + ${deltaMinor} >= 0
             AND play_balance_minor + ${deltaMinor} <= ${Number.MAX_SAFE_INTEGER}::bigint
          RETURNING play_balance_minor
        ), practice AS (
          UPDATE practice_wallets p
             SET balance_minor = p.balance_minor + ${deltaMinor}, updated_at = now()
            FROM game_sessions s
           WHERE s.id = ${sessionId} AND s.mode = 'trial' AND s.play_balance_minor IS NULL
             AND p.member_id = s.member_id AND p.balance_minor + ${deltaMinor} >= 0
             AND p.balance_minor + ${deltaMinor} <= ${Number.MAX_SAFE_INTEGER}::bigint
          RETURNING p.balance_minor AS play_balance_minor
        )
        SELECT play_balance_minor FROM own UNION ALL SELECT play_balance_minor FROM practice`,
  );
  return rows[0] ? toNumber(rows[0].play_balance_minor) : undefined;
}

/** A member's practice money (decision 0072): what a trial session with no play balance of its own stakes. */
export async function findPracticeBalance(db: Executor, memberId: number): Promise<number | undefined> {
  const rows = await query<{ balance_minor: unknown }>(
    db,
    sql`SELECT balance_minor FROM practice_wallets WHERE member_id = ${memberId}`,
  );
  return rows[0] ? toNumber(rows[0].balance_minor) : undefined;
}

export async function findGameIdByCode(db: Executor, vendorId: number, code: string): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM games WHERE vendor_id = ${vendorId} AND code = ${code}`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

export type TransactionState = 'debited' | 'credited' | 'rolled_back' | 'blocked';

export interface TransactionRow {
  id: number;
  kind: 'debit' | 'credit';
  state: TransactionState;
  mode: 'real' | 'trial';
  memberId: number | null;
  sessionId: number | null;
  roundId: string;
  gameCode: string;
  amountMinor: number | null;
  /** The part of a debit the bonus balance paid (decision 0063): its rollback gives it back there. */
  bonusAmountMinor: number;
}

export interface NewTransaction {
  vendorId: number;
  transactionId: string;
  kind: 'debit' | 'credit';
  state: TransactionState;
  mode: 'real' | 'trial';
  memberId: number;
  sessionId: number | null;
  roundId: string;
  gameCode: string;
  currency: string;
  amountMinor: number | null;
}

/** Inserts the transaction unless its id is known; undefined means a repeat (or a blocked id). */
export async function insertTransaction(db: Executor, input: NewTransaction): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, session_id, round_id,
                                         game_code, currency, amount_minor)
        VALUES (${input.vendorId}, ${input.transactionId}, ${input.kind}, ${input.state}, ${input.mode},
                ${input.memberId}, ${input.sessionId}, ${input.roundId}, ${input.gameCode}, ${input.currency},
                ${input.amountMinor})
        ON CONFLICT (vendor_id, transaction_id) DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

export async function findTransaction(
  db: Executor,
  vendorId: number,
  transactionId: string,
  options: { forUpdate: boolean },
): Promise<TransactionRow | undefined> {
  const rows = await query<{
    id: unknown;
    kind: 'debit' | 'credit';
    state: TransactionState;
    mode: 'real' | 'trial';
    member_id: unknown;
    session_id: unknown;
    round_id: string;
    game_code: string;
    amount_minor: unknown;
    bonus_amount_minor: unknown;
  }>(
    db,
    sql`SELECT id, kind, state, mode, member_id, session_id, round_id, game_code, amount_minor, bonus_amount_minor
        FROM vendor_transactions WHERE vendor_id = ${vendorId} AND transaction_id = ${transactionId}
        ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    kind: row.kind,
    state: row.state,
    mode: row.mode,
    memberId: toNullableNumber(row.member_id),
    sessionId: toNullableNumber(row.session_id),
    roundId: row.round_id,
    gameCode: row.game_code,
    amountMinor: toNullableNumber(row.amount_minor),
    bonusAmountMinor: toNumber(row.bonus_amount_minor),
  };
}

export async function recordApplied(
  db: Executor,
  id: number,
  input: { movementId: number | null; balanceAfterMinor: number; bonusAmountMinor?: number },
): Promise<void> {
  await query(
    db,
    sql`UPDATE vendor_transactions SET movement_id = ${input.movementId}, balance_after_minor = ${input.balanceAfterMinor},
          bonus_amount_minor = ${input.bonusAmountMinor ?? 0}
        WHERE id = ${id}`,
  );
}

export async function recordRolledBack(db: Executor, id: number, rollbackMovementId: number | null): Promise<void> {
  await query(
    db,
    sql`UPDATE vendor_transactions SET state = 'rolled_back', rollback_movement_id = ${rollbackMovementId}, updated_at = now()
        WHERE id = ${id}`,
  );
}

/**
 * Counts a promotion or tournament credit against the brand's cap for the vendor on the brand's day: the
 * day's total grows by `amountMinor` only while it stays within the cap (0: none accepted). The conditional
 * update runs under the day row's lock, so concurrent credits never pass the cap together. Answers the
 * day (YYYY-MM-DD) or, when the credit would pass the cap, undefined.
 */
export async function addPromotionCredit(
  db: Executor,
  input: { merchantId: number; vendorId: number; amountMinor: number },
): Promise<string | undefined> {
  const rows = await query<{ day: string }>(
    db,
    sql`WITH brand AS (
          SELECT mv.promotion_cap_minor AS cap_minor, (now() AT TIME ZONE mer.time_zone)::date AS day
            FROM merchant_vendors mv JOIN merchants mer ON mer.id = mv.merchant_id
           WHERE mv.merchant_id = ${input.merchantId} AND mv.vendor_id = ${input.vendorId}
             AND mv.promotion_cap_minor > 0 AND ${input.amountMinor}::bigint <= mv.promotion_cap_minor)
        INSERT INTO vendor_promotion_days AS d (merchant_id, vendor_id, day, paid_minor, credits)
        SELECT ${input.merchantId}, ${input.vendorId}, brand.day, ${input.amountMinor}, 1 FROM brand
        ON CONFLICT (merchant_id, vendor_id, day) DO UPDATE
          SET paid_minor = d.paid_minor + EXCLUDED.paid_minor, credits = d.credits + 1
          WHERE d.paid_minor + EXCLUDED.paid_minor <= (SELECT brand.cap_minor FROM brand)
        RETURNING d.day::text AS day`,
  );
  return rows[0]?.day;
}

/** The record of a promotion or tournament credit paid, for the operator's listing. */
export async function insertPromotionCredit(
  db: Executor,
  input: {
    merchantId: number;
    vendorId: number;
    day: string;
    memberId: number;
    creditType: 'promotion' | 'tournament';
    transactionId: string;
    roundId: string;
    currency: string;
    amountMinor: number;
    movementId: number | null;
  },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO vendor_promotion_credits (merchant_id, vendor_id, day, member_id, credit_type, transaction_id,
                                              round_id, currency, amount_minor, movement_id)
        VALUES (${input.merchantId}, ${input.vendorId}, ${input.day}::date, ${input.memberId}, ${input.creditType},
                ${input.transactionId}, ${input.roundId}, ${input.currency}, ${input.amountMinor}, ${input.movementId})`,
  );
}

export interface StoredAnswer {
  operation: string;
  bodyHash: string;
  statusCode: number;
  response: { value?: unknown; error?: { code: string; value?: unknown } };
}

/** Stores the first answer to a requestId; false when one is already stored. */
export async function insertAnswer(
  db: Executor,
  input: { vendorId: number; requestId: string } & StoredAnswer,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response)
        VALUES (${input.vendorId}, ${input.requestId}, ${input.operation}, ${input.bodyHash}, ${input.statusCode},
                ${JSON.stringify(input.response)}::jsonb)
        ON CONFLICT (vendor_id, request_id) DO NOTHING
        RETURNING 1 AS inserted`,
  );
  return rows.length > 0;
}

export async function findAnswer(db: Executor, vendorId: number, requestId: string): Promise<StoredAnswer | undefined> {
  const rows = await query<{ operation: string; body_hash: string; status_code: unknown; response: unknown }>(
    db,
    sql`SELECT operation, body_hash, status_code, response FROM vendor_requests
        WHERE vendor_id = ${vendorId} AND request_id = ${requestId}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const response = (
    typeof row.response === 'string' ? JSON.parse(row.response) : row.response
  ) as StoredAnswer['response'];
  return { operation: row.operation, bodyHash: row.body_hash, statusCode: toNumber(row.status_code), response };
}

/** Refusals raised by the vendor_wallet_* functions (SQLSTATE PW001, the message is the code). */
export type WalletFunctionRefusal =
  | 'VENDOR_ROUND_CLOSED'
  | 'VENDOR_CREDIT_WITHOUT_DEBIT'
  | 'INSUFFICIENT_FUNDS'
  | 'WALLET_BALANCE_LIMIT'
  | 'REPLAY'
  // Raised by game_rounds' protection trigger (db/functions/protection_play_totals.sql) on any path's stake.
  | 'PROTECTION_LOSS_LIMIT'
  | 'PROTECTION_WAGER_LIMIT';

/** The refusal a vendor_wallet_* function raised, found through the driver's error wrappers; else undefined. */
export function findWalletFunctionRefusal(error: unknown): WalletFunctionRefusal | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === 'PW001' && typeof candidate.message === 'string') {
      const refusal = candidate.message.trim();
      if (
        refusal === 'VENDOR_ROUND_CLOSED' ||
        refusal === 'VENDOR_CREDIT_WITHOUT_DEBIT' ||
        refusal === 'INSUFFICIENT_FUNDS' ||
        refusal === 'PROTECTION_LOSS_LIMIT' ||
        refusal === 'PROTECTION_WAGER_LIMIT' ||
        refusal === 'WALLET_BALANCE_LIMIT' ||
        refusal === 'REPLAY'
      ) {
        return refusal;
      }
    }
    current = candidate.cause;
  }
  return undefined;
}

export interface WalletFunctionResult {
  outcome: 'applied' | 'repeat' | 'session_expired';
  balanceMinor: number;
  movementId: number | null;
}

function toFunctionResult(row: { outcome: unknown; balance_minor: unknown; movement_id: unknown } | undefined) {
  if (!row) throw new Error('vendor wallet function returned no row');
  return {
    outcome: row.outcome as WalletFunctionResult['outcome'],
    balanceMinor: row.balance_minor === null ? 0 : toNumber(row.balance_minor),
    movementId: toNullableNumber(row.movement_id),
  };
}

export interface NewRealMoneyTransaction {
  vendorId: number;
  transactionId: string;
  requestId: string;
  bodyHash: string;
  memberId: number;
  merchantId: number;
  currency: string;
  roundId: string;
  gameId: number;
  gameCode: string;
  amountMinor: number;
  houseAccountId: number;
  idempotencyKey: string;
}

const walletFunctionColumns = {
  outcome: sql<unknown>`outcome`,
  balance_minor: sql<unknown>`balance_minor`,
  movement_id: sql<unknown>`movement_id`,
};

function walletFunctionStatements(db: Database) {
  const p = (name: keyof NewRealMoneyTransaction | 'tokenHash' | 'ended' | 'detail') => sql.placeholder(name);
  return {
    debit: db
      .select(walletFunctionColumns)
      .from(
        sql`vendor_wallet_debit(${p('vendorId')}::bigint, ${p('transactionId')}::text, ${p('requestId')}::text,
          ${p('bodyHash')}::text, ${p('tokenHash')}::text, ${p('memberId')}::bigint, ${p('merchantId')}::bigint,
          ${p('currency')}::text, ${p('roundId')}::text, ${p('gameId')}::bigint, ${p('gameCode')}::text,
          ${p('amountMinor')}::bigint, ${p('houseAccountId')}::bigint, ${p('idempotencyKey')}::text)`,
      )
      .prepare('vendor_wallet_debit'),
    credit: db
      .select(walletFunctionColumns)
      .from(
        sql`vendor_wallet_credit(${p('vendorId')}::bigint, ${p('transactionId')}::text, ${p('requestId')}::text,
          ${p('bodyHash')}::text, ${p('memberId')}::bigint, ${p('merchantId')}::bigint, ${p('currency')}::text,
          ${p('roundId')}::text, ${p('gameId')}::bigint, ${p('gameCode')}::text, ${p('amountMinor')}::bigint,
          ${p('ended')}::boolean, ${p('detail')}::jsonb, ${p('houseAccountId')}::bigint, ${p('idempotencyKey')}::text)`,
      )
      .prepare('vendor_wallet_credit'),
  };
}

// Named statements: each pooled connection parses and plans the call once, not on every wallet call
// (docs/decisions/0012-wallet-hot-path-statements.md). Built once per database, never inside a transaction.
const preparedByDatabase = new WeakMap<Database, ReturnType<typeof walletFunctionStatements>>();

function walletFunctions(db: Database) {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = walletFunctionStatements(db);
    preparedByDatabase.set(db, statements);
  }
  return statements;
}

/**
 * A new real-money debit in one statement (db/functions/vendor_wallet_debit.sql): session check,
 * transaction row, stake, ledger movement and stored answer. 'repeat' and 'session_expired' change nothing;
 * refusals raise.
 */
export async function applyNewDebit(
  db: Database,
  call: NewRealMoneyTransaction,
  tokenHash: string,
): Promise<WalletFunctionResult> {
  const values = placeholderValues(call);
  values['tokenHash'] = tokenHash;
  const rows = await walletFunctions(db).debit.execute(values);
  return toFunctionResult(rows[0]);
}

/** A new real-money credit in one statement (db/functions/vendor_wallet_credit.sql): round, movement, answer. */
export async function applyNewCredit(
  db: Database,
  call: NewRealMoneyTransaction,
  round: { ended: boolean; detail: Record<string, unknown> | null },
): Promise<WalletFunctionResult> {
  const values = placeholderValues(call);
  values['ended'] = round.ended;
  values['detail'] = round.detail === null ? null : JSON.stringify(round.detail);
  const rows = await walletFunctions(db).credit.execute(values);
  return toFunctionResult(rows[0]);
}

/**
 * The statements' shared placeholder values, written out field by field. On Node 20 an object made as
 * `{ ...call, tokenHash }` outlives young-generation collections and is only freed by a full one; at
 * thousands of calls a second that made a mark-compact every few seconds (decision 0013).
 */
function placeholderValues(call: NewRealMoneyTransaction): Record<string, unknown> {
  return {
    vendorId: call.vendorId,
    transactionId: call.transactionId,
    requestId: call.requestId,
    bodyHash: call.bodyHash,
    memberId: call.memberId,
    merchantId: call.merchantId,
    currency: call.currency,
    roundId: call.roundId,
    gameId: call.gameId,
    gameCode: call.gameCode,
    amountMinor: call.amountMinor,
    houseAccountId: call.houseAccountId,
    idempotencyKey: call.idempotencyKey,
  };
}

/** The members of `memberIds` whose brand offers this vendor, in one statement (a batched credit's players). */
export async function findPlayers(db: Executor, vendorId: number, memberIds: readonly number[]): Promise<PlayerRow[]> {
  if (memberIds.length === 0) return [];
  const rows = await query<{
    id: unknown;
    merchant_id: unknown;
    currency: string;
    enabled: boolean;
    whitelabel: WhitelabelNode[];
    wallet_mode: PlayerRow['walletMode'];
  }>(
    db,
    sql`SELECT m.id, m.merchant_id, mer.currency, mv.enabled, mer.whitelabel, v.wallet_mode
        FROM members m
        JOIN merchants mer ON mer.id = m.merchant_id
        JOIN merchant_vendors mv ON mv.merchant_id = m.merchant_id AND mv.vendor_id = ${vendorId}
        JOIN game_vendors v ON v.id = mv.vendor_id
        WHERE m.id = ANY(${`{${memberIds.join(',')}}`}::bigint[])`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row.id),
    merchantId: toNumber(row.merchant_id),
    currency: row.currency,
    vendorEnabled: row.enabled,
    whitelabel: row.whitelabel,
    walletMode: row.wallet_mode,
  }));
}

/** One credit of a batch, written out for vendor_wallet_credit_batch (its JSON element). */
export interface BatchCredit {
  i: number;
  transaction_id: string;
  member_id: number;
  merchant_id: number;
  currency: string;
  round_id: string;
  game_id: number;
  game_code: string;
  amount: number;
  ended: boolean;
  detail: Record<string, unknown> | null;
  house_account_id: number;
  idempotency_key: string;
  request_hash: string;
}

export interface BatchCreditResult {
  i: number;
  outcome: 'applied' | 'repeat' | 'refused';
  balanceMinor: number | null;
  movementId: number | null;
  refusal: string | null;
}

/**
 * New real-money round credits in one statement (db/functions/vendor_wallet_credit_batch.sql): each applied once by
 * its transaction id, answered one row each in the order of `credits`' `i`.
 */
export async function applyCreditBatch(
  db: Executor,
  vendorId: number,
  credits: readonly BatchCredit[],
): Promise<BatchCreditResult[]> {
  const rows = await query<{
    i: unknown;
    outcome: BatchCreditResult['outcome'];
    balance_minor: unknown;
    movement_id: unknown;
    refusal: string | null;
  }>(
    db,
    sql`SELECT i, outcome, balance_minor, movement_id, refusal
        FROM vendor_wallet_credit_batch(${vendorId}::bigint, ${JSON.stringify(credits)}::jsonb)`,
  );
  return rows.map((row) => ({
    i: toNumber(row.i),
    outcome: row.outcome,
    balanceMinor: toNullableNumber(row.balance_minor),
    movementId: toNullableNumber(row.movement_id),
    refusal: row.refusal,
  }));
}
