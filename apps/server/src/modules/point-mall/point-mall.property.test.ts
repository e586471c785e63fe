import type { PointExchangeStatus } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  checkLedgers,
  createProduct,
  createShopper,
  holdingsOf,
  PAYMENT_PASSWORD,
  setConversion,
  stockOf,
} from './point-mall.fixtures';
import { conversionAmount, PointMallService } from './point-mall.service';

const START_POINTS = 20_000;
const START_MONEY = 3_000;
const RATE = 10;
const MIN_POINTS = 100;

type Step =
  | { kind: 'redeem'; product: number; quantity: number }
  | { kind: 'wrongPassword'; product: number }
  | { kind: 'approve'; pick: number }
  | { kind: 'complete'; pick: number }
  | { kind: 'reject'; pick: number }
  | { kind: 'convert'; pointsMinor: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      product: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrongPassword' as const), product: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('convert' as const), pointsMinor: fc.integer({ min: 1, max: 9_000 }) }),
  },
);

interface ModelProduct {
  id: number;
  pointsMinor: number;
  amountMinor: number;
  cashValueMinor: number;
  stock: number;
  limit: number | null;
}
interface ModelExchange {
  id: number;
  product: ModelProduct;
  quantity: number;
  status: PointExchangeStatus;
}

describe(PointMallService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setConversion(t.app, RATE, MIN_POINTS);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const attempt = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  it('keeps both ledgers balanced and the books equal to a model over redeem, process, reject and convert', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 16 }), async (steps) => {
        run += 1;
        const brand = (await t.app.merchants.findByCode('parlay'))!;
        const who = await createShopper(t.app, { pointsMinor: START_POINTS, moneyMinor: START_MONEY });
        const member = { ...who.member, sessionId: 0 };
        const made = [
          await createProduct(t.app, { pointsMinor: 2_000, amountMinor: 500, stock: 4, perMemberLimit: 3 }),
          await createProduct(t.app, { kind: 'cash', pointsMinor: 3_000, cashValueMinor: 1_000, stock: 3 }),
          await createProduct(t.app, { pointsMinor: 1_500, stock: 2 }),
        ];
        const products: ModelProduct[] = made.map((row) => ({
          id: row.id,
          pointsMinor: row.pointsMinor,
          amountMinor: row.amountMinor,
          cashValueMinor: row.cashValueMinor,
          stock: row.stock,
          limit: row.perMemberLimit,
        }));
        const exchanges: ModelExchange[] = [];
        // Five wrong tries in a row would lock the payment password (its own rule, tested by the security module).
        let wrongTries = 0;
        let points = START_POINTS;
        let money = START_MONEY;
        const held = (product: ModelProduct) =>
          exchanges
            .filter((row) => row.product === product && row.status !== 'rejected')
            .reduce((sum, row) => sum + row.quantity, 0);
        const versionOf = async (id: number) =>
          Number(
            (await query<{ version: unknown }>(t.app.db, sql`SELECT version FROM point_exchanges WHERE id = ${id}`))[0]!
              .version,
          );

        for (const [index, step] of steps.entries()) {
          const key = `model-${run}-${index}`;
          const pick = (n: number) => (exchanges.length === 0 ? undefined : exchanges[n % exchanges.length]);
          switch (step.kind) {
            case 'redeem':
            case 'wrongPassword': {
              if (step.kind === 'wrongPassword' && (wrongTries += 1) > 3) break;
              const product = products[step.product]!;
              const quantity = step.kind === 'redeem' ? step.quantity : 1;
              const code = await attempt(() =>
                t.app.pointMall.mall.redeem(
                  brand,
                  member,
                  {
                    productId: product.id,
                    quantity,
                    paymentPassword: step.kind === 'redeem' ? PAYMENT_PASSWORD : '000000',
                    requestId: key,
                  },
                  'KO',
                ),
              );
              const expected =
                step.kind === 'wrongPassword'
                  ? 'PAYMENT_PASSWORD_WRONG'
                  : product.stock < quantity
                    ? 'POINT_MALL_OUT_OF_STOCK'
                    : product.limit !== null && held(product) + quantity > product.limit
                      ? 'POINT_MALL_LIMIT_REACHED'
                      : points < product.pointsMinor * quantity
                        ? 'POINT_MALL_POINTS_SHORT'
                        : money < product.amountMinor * quantity
                          ? 'POINT_MALL_BALANCE_SHORT'
                          : 'ok';
              expect(code, `${step.kind} ${JSON.stringify(product)} x${quantity}`).toBe(expected);
              if (code === 'ok') {
                const id = Number(
                  (
                    await query<{ id: unknown }>(
                      t.app.db,
                      sql`SELECT id FROM point_exchanges WHERE member_id = ${who.member.id} AND request_id = ${key}`,
                    )
                  )[0]!.id,
                );
                product.stock -= quantity;
                points -= product.pointsMinor * quantity;
                money += (product.cashValueMinor - product.amountMinor) * quantity;
                exchanges.push({
                  id,
                  product,
                  quantity,
                  status: product.cashValueMinor > 0 ? 'completed' : 'applying',
                });
              }
              break;
            }
            case 'approve':
            case 'complete':
            case 'reject': {
              const row = pick(step.pick);
              if (!row) break;
              const version = await versionOf(row.id);
              const code = await attempt(() =>
                step.kind === 'approve'
                  ? t.app.pointMall.admin.approve(TEST_ACTOR, brand, row.id, { version })
                  : step.kind === 'complete'
                    ? t.app.pointMall.admin.complete(TEST_ACTOR, brand, row.id, { version })
                    : t.app.pointMall.admin.reject(TEST_ACTOR, brand, row.id, { version, reason: 'model says no' }),
              );
              const from: PointExchangeStatus[] =
                step.kind === 'approve'
                  ? ['applying']
                  : step.kind === 'complete'
                    ? ['approved']
                    : ['applying', 'approved'];
              const allowed = from.includes(row.status);
              expect(code).toBe(allowed ? 'ok' : 'POINT_MALL_EXCHANGE_STATE');
              if (!allowed) break;
              if (step.kind === 'approve') row.status = 'approved';
              if (step.kind === 'complete') row.status = 'completed';
              if (step.kind === 'reject') {
                row.status = 'rejected';
                points += row.product.pointsMinor * row.quantity;
                money += row.product.amountMinor * row.quantity;
                row.product.stock += row.quantity;
              }
              break;
            }
            case 'convert': {
              const code = await attempt(() =>
                t.app.pointMall.mall.convert(brand, member, {
                  pointsMinor: step.pointsMinor,
                  paymentPassword: PAYMENT_PASSWORD,
                  requestId: key,
                }),
              );
              const amount = conversionAmount(step.pointsMinor, RATE);
              const expected =
                step.pointsMinor < MIN_POINTS || amount < 1
                  ? 'POINT_MALL_CONVERT_BELOW_MIN'
                  : points < step.pointsMinor
                    ? 'POINT_MALL_POINTS_SHORT'
                    : 'ok';
              expect(code).toBe(expected);
              if (code === 'ok') {
                points -= step.pointsMinor;
                money += amount;
              }
              break;
            }
          }
          // After every step: the books equal the model, and both ledgers hold.
          const books = await holdingsOf(t.app, who.member);
          expect(books.pointsMinor).toBe(points);
          expect(books.moneyMinor).toBe(money);
          for (const product of products) expect(await stockOf(t.app, product.id)).toBe(product.stock);
          const statuses = await query<{ id: unknown; status: string }>(
            t.app.db,
            sql`SELECT id, status FROM point_exchanges WHERE member_id = ${who.member.id} ORDER BY id`,
          );
          expect(statuses.map((row) => [Number(row.id), row.status])).toEqual(
            exchanges.map((row) => [row.id, row.status]),
          );
          expect(await checkLedgers(t.app)).toEqual({
            unbalancedMovements: 0,
            negativeMoney: 0,
            negativePoints: 0,
            pointsMismatches: 0,
            mallPointsGap: 0,
            negativeStock: 0,
          });
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
