import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { SecretBox } from '../vendors/index';
import { checkCashierBooks } from './cashier.fixtures';
import { DepositService } from './deposits.service';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';

const MEMBERS = 6;
const ORDERS_PER_MEMBER = 40;
const SECRET = 'crash-provider-secret-0123456789abcdef';
const MERCHANT_KEY = 'CRASHKEY';

/** A deposit callback as the sandbox provider signs it (providers/sandbox.ts): over `timestamp.body`. */
function sandboxCallback(order: { orderNo: string; providerRef: string; amountMinor: number }) {
  const body = JSON.stringify({
    type: 'deposit',
    eventId: `e-${order.orderNo}`,
    orderNo: order.orderNo,
    providerRef: order.providerRef,
    status: 'paid',
    amountMinor: order.amountMinor,
    currency: 'KRW',
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-merchant': MERCHANT_KEY,
      'x-sandbox-timestamp': timestamp,
      'x-sandbox-signature': `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
    },
  };
}

describe(DepositService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('credits every deposit once when the server is killed with SIGKILL while crediting and the provider retries', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('deposit');
    cleanups.push(database.remove);
    const { options, env } = database;

    // A provider configuration with a known secret (the sandbox's adapter), a method, members and their pending
    // orders; then the database goes to the server process.
    let handle: DatabaseHandle = database.handle;
    const box = new SecretBox(process.env['DATA_ENCRYPTION_KEY'] || DEV_DATA_ENCRYPTION_KEY);
    const run = async <Row>(statement: ReturnType<typeof sql>): Promise<Row[]> => {
      const result: unknown = await handle.db.execute(statement);
      return (result as { rows: Row[] }).rows;
    };
    await run(sql`INSERT INTO cashier_providers (code, adapter, base_url, merchant_key, secret_sealed)
      VALUES ('crashpay', 'sandbox', 'http://127.0.0.1:9', ${MERCHANT_KEY},
              ${box.seal(SECRET, 'cashier_providers.secret:crashpay')})`);
    const [brand] = await run<{ id: unknown }>(sql`SELECT id FROM merchants WHERE code = 'parlay'`);
    const merchantId = Number(brand?.id);
    const [method] = await run<{ id: unknown }>(sql`INSERT INTO cashier_methods (merchant_id, name, kind, provider_code,
      min_amount_minor, max_amount_minor) VALUES (${merchantId}, 'Crash pay', 'provider', 'crashpay', 1, 10000000)
      RETURNING id`);
    const orders: { orderNo: string; providerRef: string; amountMinor: number; memberId: number }[] = [];
    for (let m = 0; m < MEMBERS; m += 1) {
      const [member] = await run<{ id: unknown }>(
        sql`INSERT INTO members (merchant_id, account) VALUES (${merchantId}, ${`dcrash${m}`}) RETURNING id`,
      );
      for (let o = 0; o < ORDERS_PER_MEMBER; o += 1) {
        const order = {
          orderNo: `DCRASH${m}X${o}`,
          providerRef: `PCRASH${m}X${o}`,
          amountMinor: 1_000 + m * 100 + o,
          memberId: Number(member?.id),
        };
        await run(sql`INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind,
          provider_code, currency, amount_minor, fee_minor, state, provider_ref, expires_at)
          VALUES (${order.orderNo}, ${merchantId}, ${order.memberId}, ${Number(method?.id)}, 'provider', 'crashpay',
                  'KRW', ${order.amountMinor}, 0, 'pending', ${order.providerRef}, now() + interval '1 day')`);
        orders.push(order);
      }
    }
    await handle.close();

    const port = await freePort();
    let server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    await waitReady(port);

    const deliver = async (order: (typeof orders)[number]) => {
      const notice = sandboxCallback(order);
      const response = await fetch(`http://127.0.0.1:${port}/wps/cashier/callback/crashpay`, {
        method: 'POST',
        headers: notice.headers,
        body: notice.body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    // Each notice sent twice, by 8 senders at once, as a provider delivering (and re-delivering) does.
    const acknowledged = new Set<string>();
    let next = 0;
    let stop = false;
    const senders = Array.from({ length: 8 }, async () => {
      while (!stop && next < orders.length * 2) {
        const order = orders[next % orders.length]!;
        next += 1;
        try {
          if ((await deliver(order)) === 200) acknowledged.add(order.orderNo);
        } catch {
          return; // the server died under us
        }
      }
    });
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    stop = true;
    await Promise.all(senders);
    const beforeRestart = new Set(acknowledged);

    // Restarted on the same data, the provider retries every notice it has no acknowledgement for (here: all).
    server = startServer(env, port);
    await waitReady(port);
    for (const order of orders) expect(await deliver(order)).toBe(200);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const rows = async <Row>(statement: ReturnType<typeof sql>): Promise<Row[]> => {
        const result: unknown = await handle.db.execute(statement);
        return (result as { rows: Row[] }).rows;
      };
      expect(beforeRestart.size).toBeGreaterThanOrEqual(60);
      const states = await rows<{ order_no: string; state: string }>(
        sql`SELECT order_no, state FROM cashier_deposits WHERE provider_code = 'crashpay'`,
      );
      expect(states.filter((row) => row.state !== 'credited')).toEqual([]);
      // This test's orders only: the seeded demo member has deposits of its own.
      const movements = await rows<{ n: unknown }>(
        sql`SELECT count(*) AS n FROM wallet_movements m
            JOIN cashier_deposits d ON m.idempotency_key = 'deposit:' || d.id
            WHERE m.kind = 'deposit' AND d.provider_code = 'crashpay'`,
      );
      expect(Number(movements[0]?.n)).toBe(orders.length);
      expect(await checkCashierBooks(handle.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
      const expected = new Map<number, number>();
      for (const order of orders) expected.set(order.memberId, (expected.get(order.memberId) ?? 0) + order.amountMinor);
      const balances = await rows<{ member_id: unknown; balance_minor: unknown }>(
        sql`SELECT member_id, balance_minor FROM wallet_accounts
            WHERE owner_type = 'member' AND member_id IN (${sql.join([...expected.keys()], sql`, `)})
            ORDER BY member_id`,
      );
      expect(balances.map((row) => [Number(row.member_id), Number(row.balance_minor)])).toEqual(
        [...expected].sort(([a], [b]) => a - b),
      );
    } finally {
      await handle.close();
    }
  }, 300_000);
});
