import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo products' pictures: SVG sources beside the PNGs the mall serves (256 × 256, drawn for the demo). */
const ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-assets', 'point-mall');

interface DemoProduct {
  picture: string;
  kind: 'goods' | 'cash';
  nameKo: string;
  nameEn: string;
  /** Whole points and major units of money: scaled to minor units here. */
  points: number;
  amount?: number;
  cashValue?: number;
  stock: number;
  perMemberLimit?: number;
}

/** The demo mall: goods with pictures, one that also costs money, a cash product, and one out of stock. */
export const DEMO_POINT_PRODUCTS: readonly DemoProduct[] = [
  {
    picture: 'coffee',
    kind: 'goods',
    nameKo: '커피 쿠폰',
    nameEn: 'Coffee voucher',
    points: 300,
    stock: 500,
    perMemberLimit: 5,
  },
  {
    picture: 'cash',
    kind: 'cash',
    nameKo: '현금 5,000원',
    nameEn: 'Cash ₩5,000',
    points: 500,
    cashValue: 5_000,
    stock: 1_000,
  },
  {
    picture: 'tumbler',
    kind: 'goods',
    nameKo: '여행용 텀블러',
    nameEn: 'Travel tumbler',
    points: 800,
    stock: 100,
    perMemberLimit: 3,
  },
  { picture: 'mouse', kind: 'goods', nameKo: '게이밍 마우스', nameEn: 'Gaming mouse', points: 2_500, stock: 10 },
  {
    picture: 'earbuds',
    kind: 'goods',
    nameKo: '무선 이어폰',
    nameEn: 'Wireless earbuds',
    points: 5_000,
    stock: 20,
    perMemberLimit: 1,
  },
  {
    picture: 'smartwatch',
    kind: 'goods',
    nameKo: '스마트워치',
    nameEn: 'Smartwatch',
    points: 8_000,
    amount: 30_000,
    stock: 5,
    perMemberLimit: 1,
  },
  {
    picture: 'speaker',
    kind: 'goods',
    nameKo: '블루투스 스피커',
    nameEn: 'Bluetooth speaker',
    points: 3_000,
    stock: 0,
  },
];

/**
 * The demo brand's points mall (decision 0045), written once (when the brand has no products): the products above
 * with their pictures stored as uploads are (media_files, kind pointProduct), and two past exchanges of the demo
 * member, a tumbler delivered two days ago and a coffee voucher waiting for the operator, with their point entries
 * (the points they took granted first, so the member's balance is what its play earned). Answers the products made.
 */
export async function seedDemoPointMall(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; currency: string; exponent: unknown }>(
      tx,
      sql`SELECT id, currency, currency_exponent AS exponent FROM merchants WHERE code = ${merchantCode} FOR UPDATE`,
    );
    if (!brand) return 0;
    const merchantId = toNumber(brand.id);
    if ((await query(tx, sql`SELECT 1 FROM point_products WHERE merchant_id = ${merchantId} LIMIT 1`)).length > 0) {
      return 0;
    }
    const scale = 10 ** toNumber(brand.exponent);
    const ids = new Map<string, { id: number; points: number; nameKo: string; nameEn: string }>();
    for (const [index, product] of DEMO_POINT_PRODUCTS.entries()) {
      const bytes = readFileSync(path.join(ASSETS_DIR, `${product.picture}.png`));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const name = `${sha256.slice(0, 32)}.png`;
      await query(
        tx,
        sql`INSERT INTO media_files (merchant_id, name, kind, content_type, width, height, bytes, sha256)
            VALUES (${merchantId}, ${name}, 'pointProduct', 'image/png', 256, 256, ${bytes}, ${sha256})
            ON CONFLICT (name) DO NOTHING`,
      );
      const points = product.points * 100;
      const [row] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO point_products (merchant_id, kind, name_ko, name_en, image_url, points_minor, amount_minor,
              cash_value_minor, stock, per_member_limit, sort_order, created_at, updated_at)
            VALUES (${merchantId}, ${product.kind}, ${product.nameKo}, ${product.nameEn}, ${`/wps/media/${name}`},
              ${points}, ${(product.amount ?? 0) * scale}, ${(product.cashValue ?? 0) * scale}, ${product.stock},
              ${product.perMemberLimit ?? null}, ${index * 10}, now() - interval '7 days', now() - interval '7 days')
            RETURNING id`,
      );
      ids.set(product.picture, { id: toNumber(row!.id), points, nameKo: product.nameKo, nameEn: product.nameEn });
    }

    const [member] = await query<{ id: unknown }>(
      tx,
      sql`SELECT id FROM members WHERE merchant_id = ${merchantId} AND lower(account) = 'demo'`,
    );
    if (!member) return ids.size;
    const memberId = toNumber(member.id);
    const past = [
      { product: ids.get('tumbler')!, status: 'completed', daysAgo: 2, remark: '배송 완료 (CJ 612345678901)' },
      { product: ids.get('coffee')!, status: 'applying', daysAgo: 1, remark: null },
    ];
    await query(
      tx,
      sql`INSERT INTO point_accounts (member_id, merchant_id) VALUES (${memberId}, ${merchantId})
          ON CONFLICT (member_id) DO NOTHING`,
    );
    const [account] = await query<{ balance: unknown }>(
      tx,
      sql`SELECT balance_points_minor AS balance FROM point_accounts WHERE member_id = ${memberId} FOR UPDATE`,
    );
    let balance = toNumber(account!.balance);
    const entry = async (points: number, type: string, key: string, ref: string | null, reason: string) => {
      balance += points;
      await query(
        tx,
        sql`INSERT INTO point_entries (merchant_id, member_id, type, points_minor, balance_after_points_minor,
              idempotency_key, ref, reason)
            VALUES (${merchantId}, ${memberId}, ${type}, ${points}, ${balance}, ${key}, ${ref}, ${reason})`,
      );
    };
    await entry(
      past.reduce((sum, item) => sum + item.product.points, 0),
      'adjustment',
      `demo-point-mall:${memberId}`,
      null,
      "demo: the points of the mall's past exchanges",
    );
    for (const [index, item] of past.entries()) {
      const [row] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO point_exchanges (merchant_id, member_id, product_id, request_id, kind, product_name_ko,
              product_name_en, quantity, currency, points_minor, points_balance_after_minor, status, remark,
              processed_by, processed_at, created_at)
            VALUES (${merchantId}, ${memberId}, ${item.product.id}, ${`demo-exchange-${index}`}, 'goods',
              ${item.product.nameKo}, ${item.product.nameEn}, 1, ${brand.currency}, ${item.product.points},
              ${balance - item.product.points}, ${item.status}, ${item.remark},
              ${item.status === 'completed' ? 'demo-finance' : null},
              ${item.status === 'completed' ? sql`now() - ${`${item.daysAgo * 24 - 20} hours`}::interval` : null},
              now() - ${`${item.daysAgo} days`}::interval)
            RETURNING id`,
      );
      const id = toNumber(row!.id);
      const referenceNo = `PX${String(id).padStart(10, '0')}`;
      await entry(-item.product.points, 'redeem', `point-mall:redeem:${id}`, referenceNo, `redeem ${referenceNo}`);
      await query(
        tx,
        sql`UPDATE point_products SET stock = stock - 1, redeemed_count = redeemed_count + 1
            WHERE id = ${item.product.id}`,
      );
    }
    await query(
      tx,
      sql`UPDATE point_accounts SET balance_points_minor = ${balance}, updated_at = now() WHERE member_id = ${memberId}`,
    );
    return ids.size;
  });
}
