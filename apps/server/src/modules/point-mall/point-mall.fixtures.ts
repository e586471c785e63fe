import { randomBytes } from 'node:crypto';
import { callWithParams, type BoPointProduct, type CreatePointProductRequest } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { hashPassword } from '../../lib/crypto/password';
import { TEST_ACTOR } from '../../test/actors';
import { signInTestMember, type TestMember } from '../../test/members';

/** Test fixtures of the points mall (decision 0045): members with points, money and a payment password; products. */

export const PAYMENT_PASSWORD = '246801';
let paymentHash: Promise<string> | undefined;

export interface Shopper {
  member: TestMember;
  authorization: string;
}

/** A signed-in member with payment password PAYMENT_PASSWORD, `pointsMinor` points and `moneyMinor` money. */
export async function createShopper(
  app: App,
  options: { pointsMinor?: number; moneyMinor?: number } = {},
): Promise<Shopper> {
  const signedIn = await signInTestMember(app);
  paymentHash ??= hashPassword(PAYMENT_PASSWORD);
  await query(
    app.db,
    sql`UPDATE members SET payment_password_hash = ${await paymentHash} WHERE id = ${signedIn.member.id}`,
  );
  await query(
    app.db,
    sql`INSERT INTO member_payment_password_guards (member_id) VALUES (${signedIn.member.id}) ON CONFLICT DO NOTHING`,
  );
  if (options.pointsMinor) await givePoints(app, signedIn.member, options.pointsMinor);
  if (options.moneyMinor) await giveMoney(app, signedIn.member, options.moneyMinor);
  return signedIn;
}

export async function givePoints(app: App, member: TestMember, pointsMinor: number): Promise<void> {
  await app.db.transaction((tx) =>
    app.points.credit(tx, {
      merchantId: member.merchantId,
      memberId: member.id,
      pointsMinor,
      type: 'adjustment',
      idempotencyKey: `test-points:${randomBytes(8).toString('hex')}`,
      reason: 'test points',
    }),
  );
}

export async function giveMoney(app: App, member: TestMember, amountMinor: number): Promise<void> {
  await app.db.transaction((tx) =>
    app.gaming.wallet.credit(tx, {
      memberId: member.id,
      merchantId: member.merchantId,
      currency: 'KRW',
      amountMinor,
      kind: 'adjustment',
      idempotencyKey: `test-money:${randomBytes(8).toString('hex')}`,
      reason: 'test money',
    }),
  );
}

/** A product of the demo brand (or another), made through the admin service as the test actor. */
export async function createProduct(
  app: App,
  fields: Partial<CreatePointProductRequest> = {},
  merchantCode = 'parlay',
): Promise<BoPointProduct> {
  const brand = (await app.merchants.findByCode(merchantCode))!;
  return app.pointMall.admin.createProduct(TEST_ACTOR, brand, {
    kind: 'goods',
    nameKo: `테스트 상품 ${randomBytes(3).toString('hex')}`,
    nameEn: 'Test product',
    pointsMinor: 10_000,
    stock: 100,
    ...fields,
  });
}

/** Sets the brand's conversion rate (money minor per point) and minimum straight in its point configuration. */
export async function setConversion(
  app: App,
  rateMinorPerPoint: number,
  minPointsMinor = 0,
  merchantCode = 'parlay',
): Promise<void> {
  const brand = (await app.merchants.findByCode(merchantCode))!;
  const config = await app.points.configOf(brand.id);
  const { conversionMinorPerPoint: _rate, conversionMinPointsMinor: _min, ...rest } = config;
  const current = await app.points.boConfig(brand);
  await app.points.saveConfig(TEST_ACTOR, brand, {
    ...rest,
    conversionMinorPerPoint: rateMinorPerPoint,
    conversionMinPointsMinor: minPointsMinor,
    version: current.version,
  });
}

export async function callMember(
  app: App,
  authorization: string,
  call: { method: 'GET' | 'POST' | 'PUT'; path: string },
  options: { params?: Record<string, string | number>; payload?: unknown; search?: string } = {},
) {
  const path = options.params ? callWithParams(call, options.params as never).path : call.path;
  return app.inject({
    method: call.method,
    url: `${path}${options.search ?? ''}`,
    headers: { host: 'localhost', authorization },
    ...(options.payload === undefined ? {} : { payload: options.payload as never }),
  });
}

/** What a member holds, for "nothing taken" checks. */
export async function holdingsOf(app: App, member: TestMember) {
  const one = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(app.db, statement))[0]?.n ?? 0);
  return {
    pointsMinor: await app.points.balanceOf({ merchantId: member.merchantId, memberId: member.id }),
    moneyMinor: await one(
      sql`SELECT coalesce(sum(balance_minor), 0) AS n FROM wallet_accounts WHERE member_id = ${member.id}`,
    ),
    pointEntries: await one(sql`SELECT count(*) AS n FROM point_entries WHERE member_id = ${member.id}`),
    exchanges: await one(sql`SELECT count(*) AS n FROM point_exchanges WHERE member_id = ${member.id}`),
    conversions: await one(sql`SELECT count(*) AS n FROM point_conversions WHERE member_id = ${member.id}`),
  };
}

export async function stockOf(app: App, productId: number): Promise<number> {
  const rows = await query<{ stock: unknown }>(app.db, sql`SELECT stock FROM point_products WHERE id = ${productId}`);
  return toNumber(rows[0]!.stock);
}

/**
 * The facts both ledgers keep: every money movement balanced and no negative balance; every member's points the sum
 * of their entries and never below 0; and the mall's rows agree with the point ledger (the points the open and
 * completed exchanges and the conversions took, net of refunds, equal the mall's point entries).
 */
export async function checkLedgers(app: App) {
  const one = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(app.db, statement))[0]?.n ?? 0);
  return {
    unbalancedMovements: await one(sql`SELECT count(*) AS n FROM (
      SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
      GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
    negativeMoney: await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`),
    negativePoints: await one(sql`SELECT count(*) AS n FROM point_accounts WHERE balance_points_minor < 0`),
    pointsMismatches: await one(sql`SELECT count(*) AS n FROM point_accounts a
      WHERE a.balance_points_minor <> (SELECT coalesce(sum(e.points_minor), 0) FROM point_entries e
                                        WHERE e.member_id = a.member_id)`),
    mallPointsGap: await one(sql`SELECT abs(
        (SELECT coalesce(sum(points_minor), 0) FROM point_entries WHERE type IN ('redeem', 'redeemRefund', 'convert'))
        + (SELECT coalesce(sum(points_minor), 0) FROM point_exchanges WHERE status <> 'rejected')
        + (SELECT coalesce(sum(points_minor), 0) FROM point_conversions)) AS n`),
    negativeStock: await one(sql`SELECT count(*) AS n FROM point_products WHERE stock < 0`),
  };
}
