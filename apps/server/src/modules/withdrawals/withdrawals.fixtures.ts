import { randomBytes } from 'node:crypto';
import { WITHDRAWAL_CALLS, callWithParams, type WithdrawalSettings } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { hashPassword } from '../../lib/crypto/password';
import { TEST_ACTOR } from '../../test/actors';
import { signInTestMember, type TestMember } from '../../test/members';

/** Test fixtures of withdrawals (decision 0041): members with deposits, bets and a payment password. */

export const PAYMENT_PASSWORD = '135790';
export const PAYEE = '홍길동';
let paymentHash: Promise<string> | undefined;

export interface Withdrawer {
  member: TestMember;
  authorization: string;
}

/**
 * A signed-in member with the registered name PAYEE and payment password PAYMENT_PASSWORD; `depositMinor` comes in
 * as a deposit (the cashier's ledger kind), and `betMinor` of valid bets in a settled round after it.
 */
export async function createWithdrawer(
  app: App,
  options: { depositMinor?: number; betMinor?: number; merchantCode?: string } = {},
): Promise<Withdrawer> {
  const signedIn = await signInTestMember(app, {
    payeeName: PAYEE,
    ...(options.merchantCode ? { merchantCode: options.merchantCode } : {}),
  });
  paymentHash ??= hashPassword(PAYMENT_PASSWORD);
  await query(
    app.db,
    sql`UPDATE members SET payment_password_hash = ${await paymentHash} WHERE id = ${signedIn.member.id}`,
  );
  await query(
    app.db,
    sql`INSERT INTO member_payment_password_guards (member_id) VALUES (${signedIn.member.id}) ON CONFLICT DO NOTHING`,
  );
  if (options.depositMinor) await deposit(app, signedIn.member, options.depositMinor);
  if (options.betMinor) await settleBet(app, signedIn.member, options.betMinor);
  return signedIn;
}

/** A deposit as the cashier credits one: member +X, the brand's cashier account -X. */
export async function deposit(app: App, member: TestMember, amountMinor: number): Promise<void> {
  const { wallet } = app.gaming;
  await wallet.prepareBrandAccount(member.merchantId, 'KRW', 'cashier');
  await app.db.transaction((tx) =>
    wallet.credit(tx, {
      memberId: member.id,
      merchantId: member.merchantId,
      currency: 'KRW',
      amountMinor,
      kind: 'deposit',
      counterparty: 'cashier',
      idempotencyKey: `test-deposit:${randomBytes(8).toString('hex')}`,
      reason: 'test deposit',
    }),
  );
}

/** A settled round of the member with `validBetMinor` of valid bets, settled now (no money moves: turnover only). */
export async function settleBet(app: App, member: TestMember, validBetMinor: number, settledAt?: Date): Promise<void> {
  await query(
    app.db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_code, currency, stake_minor,
                                 valid_bet_minor, status, started_at, settled_at)
        SELECT v.id, ${`wd-${randomBytes(8).toString('hex')}`}, ${member.merchantId}, ${member.id}, 'G1', 'KRW',
               ${validBetMinor}, ${validBetMinor}, 'settled', now(),
               coalesce(${settledAt?.toISOString() ?? null}::timestamptz, clock_timestamp())
        FROM game_vendors v ORDER BY v.id LIMIT 1`,
  );
}

/** Sets the demo brand's (or another's) withdrawal settings, audited as the test actor. */
export async function setWithdrawalSettings(
  app: App,
  change: Partial<WithdrawalSettings>,
  merchantCode = 'parlay',
): Promise<void> {
  const merchant = (await app.merchants.findByCode(merchantCode))!;
  const current = await app.withdrawals.settings.get(merchant);
  const { defaultBanks: _defaults, currency: _currency, ...settings } = current;
  await app.withdrawals.settings.save(TEST_ACTOR, merchant, { ...settings, ...change });
}

export async function callMember(
  app: App,
  authorization: string,
  call: { method: 'GET' | 'POST' | 'PUT'; path: string },
  options: {
    params?: Record<string, string | number>;
    payload?: unknown;
    search?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const path = options.params ? callWithParams(call, options.params as never).path : call.path;
  return app.inject({
    method: call.method,
    url: `${path}${options.search ?? ''}`,
    headers: { host: 'localhost', authorization, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as never }),
  });
}

/**
 * Binds a KB account for the withdrawer through the service (the route's per-client rate limit is for people, and a
 * model test binds many); answers its id.
 */
export async function bindAccount(app: App, who: Withdrawer, accountNumber = '12345678901'): Promise<number> {
  const merchant = (await app.merchants.findByCode(who.member.merchantCode))!;
  const account = await app.withdrawals.bankAccounts.bind(
    merchant,
    { ...who.member, sessionId: 0 },
    { bankCode: 'KB', accountNumber, holderName: PAYEE },
    '127.0.0.1',
    'KO',
  );
  return account.id;
}

/** Asks for a withdrawal through the API. */
export function requestWithdrawal(
  app: App,
  who: Withdrawer,
  body: { bankAccountId: number; amountMinor: number; paymentPassword?: string; requestId?: string },
) {
  return callMember(app, who.authorization, WITHDRAWAL_CALLS.createWithdrawal, {
    payload: {
      paymentPassword: PAYMENT_PASSWORD,
      requestId: `req-${randomBytes(6).toString('hex')}`,
      ...body,
    },
  });
}

/** The ledger's facts the model and race tests hold: balanced movements, the hold equal to the open requests. */
export async function checkWithdrawalLedger(app: App) {
  const one = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(app.db, statement))[0]?.n ?? 0);
  return {
    unbalancedMovements: await one(sql`SELECT count(*) AS n FROM (
      SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
      GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
    negativeBalances: await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`),
    balanceMismatches: await one(sql`SELECT count(*) AS n FROM wallet_accounts a
      WHERE a.owner_type IN ('member', 'member_vendor')
        AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
    /** The hold account's entries minus the open requests' amounts, per brand: 0 when they agree. */
    holdGap: await one(sql`SELECT coalesce(sum(abs(gap)), 0) AS n FROM (
      SELECT a.merchant_id,
             coalesce((SELECT sum(e.amount_minor) FROM ledger_entries e WHERE e.account_id = a.id), 0)
             - coalesce((SELECT sum(r.amount_minor) FROM withdrawal_requests r WHERE r.merchant_id = a.merchant_id
                         AND r.currency = a.currency
                         AND r.status IN ('requested', 'approved', 'paying', 'payout_failed')), 0) AS gap
      FROM wallet_accounts a WHERE a.owner_type = 'withdrawal_hold') x`),
  };
}
