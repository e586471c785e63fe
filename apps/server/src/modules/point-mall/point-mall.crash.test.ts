import { POINT_MALL_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { hashPassword } from '../../lib/crypto/password';
import { TEST_ACTOR } from '../../test/actors';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';
import { AuditService } from '../audit/index';
import { MerchantService } from '../merchant/index';
import { PointsService } from '../points/index';
import { SessionService } from '../session/index';
import { SettlementFeedService } from '../settlement-feed/index';
import { WalletService } from '../wallet/index';
import { PointMallService } from './point-mall.service';

const CLIENTS = 6;
const POINTS = 10_000_000;
const FUNDS = 1_000_000;
const STOCK = 100_000;
const PASSWORD = '246801';

// Each client request comes "from" its own address: the per-client rate limit stays out of the way.
const CLIENT_ADDRESSES = { TRUSTED_PROXIES: '127.0.0.1' };

describe(PointMallService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('leaves every redemption and conversion whole or absent when the server is killed with SIGKILL mid-load', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('point-mall');
    cleanups.push(database.remove);
    const { options } = database;
    const env = { ...database.env, ...CLIENT_ADDRESSES };

    // Members with points, money and a payment password; a product that costs points and money; a conversion rate.
    let handle: DatabaseHandle = database.handle;
    const audit = new AuditService(handle.db);
    const wallet = new WalletService(handle.db, audit);
    const points = new PointsService(handle.db, new SettlementFeedService(handle.db), audit);
    const brand = await new MerchantService(handle.db, 'parlay').findByCode('parlay');
    if (!brand) throw new Error('no demo brand');
    const config = await points.configOf(brand.id);
    const { version } = await points.boConfig(brand);
    await points.saveConfig(TEST_ACTOR, brand, {
      ...config,
      conversionMinorPerPoint: 10,
      conversionMinPointsMinor: 0,
      version,
    });
    const product: unknown = await handle.db.execute(
      sql`INSERT INTO point_products (merchant_id, kind, name_ko, points_minor, amount_minor, stock)
          VALUES (${brand.id}, 'goods', '충돌 시험', 1000, 100, ${STOCK}) RETURNING id`,
    );
    const productId = Number((product as { rows: { id: unknown }[] }).rows[0]?.id);
    const hash = await hashPassword(PASSWORD);
    const sessions = new SessionService(handle.db);
    const players: { memberId: number; authorization: string }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const inserted: unknown = await handle.db.execute(
        sql`INSERT INTO members (merchant_id, account, payment_password_hash)
            VALUES (${brand.id}, ${`pmcrash${index}`}, ${hash}) RETURNING id`,
      );
      const memberId = Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      await handle.db.execute(
        sql`INSERT INTO member_payment_password_guards (member_id) VALUES (${memberId}) ON CONFLICT DO NOTHING`,
      );
      await handle.db.transaction(async (tx) => {
        await wallet.credit(tx, {
          memberId,
          merchantId: brand.id,
          currency: 'KRW',
          amountMinor: FUNDS,
          kind: 'adjustment',
          idempotencyKey: `pmcrash-fund-${index}`,
        });
        await points.credit(tx, {
          merchantId: brand.id,
          memberId,
          pointsMinor: POINTS,
          type: 'adjustment',
          idempotencyKey: `pmcrash-points-${index}`,
        });
      });
      const { token } = await sessions.createSession(
        { id: memberId, merchantId: brand.id, isFreePlay: false },
        { ip: '127.0.0.1', userAgent: 'vitest' },
      );
      players.push({ memberId, authorization: `Bearer ${token}` });
    }
    await handle.close();

    const port = await freePort();
    let server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    await waitReady(port);

    // requestId → member, for every redemption or conversion the server answered 200.
    const acknowledged = new Map<string, number>();
    let stop = false;
    const load = players.map(async (player, client) => {
      for (let step = 0; !stop; step += 1) {
        const redeem = step % 2 === 0;
        const requestId = `pm${client}-${step}-request`;
        try {
          const response = await fetch(
            `http://127.0.0.1:${port}${(redeem ? POINT_MALL_CALLS.redeem : POINT_MALL_CALLS.convert).path}`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: player.authorization,
                'x-forwarded-for': `10.${client}.${Math.floor(step / 250)}.${step % 250}`,
              },
              body: JSON.stringify(
                redeem
                  ? { productId, quantity: 1 + (step % 3), paymentPassword: PASSWORD, requestId }
                  : { pointsMinor: 100 + ((client * 37 + step * 11) % 900), paymentPassword: PASSWORD, requestId },
              ),
            },
          );
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.set(requestId, player.memberId);
        } catch {
          return; // the server died under us
        }
      }
    });
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    stop = true;
    await Promise.all(load);

    // Restart on the same data: recovery must come up clean, then the books must balance.
    server = startServer(env, port);
    await waitReady(port);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const rows = async <Row>(statement: ReturnType<typeof sql>) => {
        const result: unknown = await handle.db.execute(statement);
        return (result as { rows: Row[] }).rows;
      };
      const one = async (statement: ReturnType<typeof sql>) =>
        Number((await rows<{ n: unknown }>(statement))[0]?.n ?? 0);
      const done = await rows<{ request_id: string; member_id: unknown }>(
        sql`SELECT request_id, member_id FROM point_exchanges UNION ALL SELECT request_id, member_id FROM point_conversions`,
      );
      const byKey = new Map(done.map((row) => [row.request_id, Number(row.member_id)]));
      expect(byKey.size).toBe(done.length);
      // Each acknowledged request is there, once, for its member.
      const lost = [...acknowledged].filter(([requestId, memberId]) => byKey.get(requestId) !== memberId);
      expect(lost).toEqual([]);
      // Each exchange has its point entry and its money movement, each conversion its two; nothing without its row.
      expect(
        await one(sql`SELECT count(*) AS n FROM point_exchanges x
          WHERE (SELECT count(*) FROM point_entries e WHERE e.idempotency_key = 'point-mall:redeem:' || x.id) <> 1
             OR (SELECT count(*) FROM wallet_movements m WHERE m.idempotency_key = 'point-purchase:' || x.id) <> 1`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM point_conversions c
          WHERE (SELECT count(*) FROM point_entries e WHERE e.idempotency_key = 'point-mall:convert:' || c.id) <> 1
             OR (SELECT count(*) FROM wallet_movements m WHERE m.idempotency_key = 'point-conversion:' || c.id) <> 1`),
      ).toBe(0);
      expect(
        (await one(sql`SELECT count(*) AS n FROM point_entries WHERE type IN ('redeem', 'convert')`)) +
          (await one(
            sql`SELECT count(*) AS n FROM wallet_movements WHERE kind IN ('point_purchase', 'point_conversion')`,
          )),
      ).toBe(2 * done.length);
      // Every movement whole; every balance the sum of its entries; the stock what was not redeemed.
      expect(
        await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e
          ON e.movement_id = m.id GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM point_accounts a
          WHERE a.balance_points_minor <> (SELECT coalesce(sum(e.points_minor), 0) FROM point_entries e
                                           WHERE e.member_id = a.member_id)`),
      ).toBe(0);
      expect(
        await one(sql`SELECT stock + (SELECT coalesce(sum(quantity), 0) FROM point_exchanges) AS n
          FROM point_products WHERE id = ${productId}`),
      ).toBe(STOCK);
      // Each member still has its points: in the balance, or spent on a row that says so.
      const totals = await rows<{ total: unknown }>(sql`SELECT a.balance_points_minor
          + coalesce((SELECT sum(points_minor) FROM point_exchanges x WHERE x.member_id = a.member_id), 0)
          + coalesce((SELECT sum(points_minor) FROM point_conversions c WHERE c.member_id = a.member_id), 0) AS total
        FROM point_accounts a WHERE a.member_id IN (${sql.join(
          players.map((player) => sql`${player.memberId}`),
          sql`, `,
        )}) ORDER BY a.member_id`);
      expect(totals.map((row) => Number(row.total))).toEqual(players.map(() => POINTS));
    } finally {
      await handle.close();
    }
  }, 300_000);
});
