// `npm run bench:cashier`: deposit callbacks through the server on a real PostgreSQL. 2,000 pending orders, each
// paid notice sent twice (the provider's duplicate, racing the first), 64 in flight, signed as the sandbox provider
// signs them, over HTTP to the callback route: each order credited exactly once. Then the same crediting SQL (lock
// the order, the ledger movement with its entries and balance, the order's state, the settlement feed's event, the
// mailbox message from its template; after the commit the balance and unread count the server pushes, its unread
// count read from the member's own messages only) through a bare node-postgres loop in the same run, for 2,000 other orders sent twice the same
// way. Goal (issue 34): ratio (server / bare) at least 0.5, nothing lost or doubled. Writes
// bench/results/cashier.json: { ratio, p99Ms, lost, doubled, ... }.
import { createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { percentile, startBenchPostgres } from '../wallet/postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORDERS = Number(process.env['BENCH_CASHIER_ORDERS'] ?? 2_000);
const IN_FLIGHT = Number(process.env['BENCH_CASHIER_IN_FLIGHT'] ?? 64);
const POOL_SIZE = Number(process.env['BENCH_POOL_SIZE'] ?? 10);
const MEMBERS = 200;
const SECRET = randomBytes(24).toString('hex');
const MERCHANT_KEY = 'BENCHKEY';
const GOAL_RATIO = 0.5;

const benchStart = performance.now();
const log = (message: string) =>
  console.log(`[bench:cashier] ${((performance.now() - benchStart) / 1000).toFixed(0).padStart(4)} s  ${message}`);

interface Order {
  orderNo: string;
  providerRef: string;
  amountMinor: number;
}

/** Pending orders of MEMBERS members, written set-based: `tag` keeps the server's and the bare loop's apart. */
async function writeOrders(pool: pg.Pool, merchantId: number, methodId: number, tag: string): Promise<Order[]> {
  await pool.query(`INSERT INTO members (merchant_id, account) SELECT $1, $2 || g FROM generate_series(1, $3) g`, [
    merchantId,
    `bench${tag}`,
    MEMBERS,
  ]);
  await pool.query(
    `INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind, provider_code, currency,
       amount_minor, fee_minor, state, provider_ref, expires_at)
     SELECT 'D' || $4 || g, $1, m.id, $2, 'provider', 'benchpay', 'KRW', 10000 + g, 0, 'pending', 'P' || $4 || g,
            now() + interval '1 day'
     FROM generate_series(1, $3) g
     JOIN members m ON m.merchant_id = $1 AND m.account = 'bench' || $4 || (1 + g % ${MEMBERS})`,
    [merchantId, methodId, ORDERS, tag],
  );
  return Array.from({ length: ORDERS }, (_, index) => ({
    orderNo: `D${tag}${index + 1}`,
    providerRef: `P${tag}${index + 1}`,
    amountMinor: 10_000 + index + 1,
  }));
}

/** Sends each order's notice twice, IN_FLIGHT at once, the copy right behind the first; latencies in ms. */
async function sendTwice(
  orders: Order[],
  send: (order: Order) => Promise<void>,
): Promise<{ latencies: number[]; seconds: number }> {
  const queue = orders.flatMap((order) => [order, order]);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < queue.length) {
        const order = queue[next]!;
        next += 1;
        const at = performance.now();
        await send(order);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

function signedNotice(order: Order): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    type: 'deposit',
    eventId: `e${order.orderNo}`,
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

/** The crediting the callback does, statement for statement, in one transaction of a bare client. */
async function bareCredit(pool: pg.Pool, order: Order, cashierAccountId: number): Promise<void> {
  const client = await pool.connect();
  let credited: { memberId: string; merchantId: string } | undefined;
  try {
    await client.query('BEGIN');
    const locked = await client.query<{
      id: string;
      member_id: string;
      merchant_id: string;
      state: string;
      amount_minor: string;
    }>(
      `SELECT d.*, m.name AS method_name, a.account AS member_account FROM cashier_deposits d
       JOIN cashier_methods m ON m.id = d.method_id JOIN members a ON a.id = d.member_id
       WHERE d.order_no = $1 FOR UPDATE OF d`,
      [order.orderNo],
    );
    const row = locked.rows[0];
    if (!row || row.state === 'credited') {
      await client.query('COMMIT');
      return;
    }
    const movement = await client.query<{ movement_id: string }>(
      `WITH acc AS (
         INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
         VALUES ($1, 'member', $2, 'KRW', $3)
         ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
         DO UPDATE SET balance_minor = wallet_accounts.balance_minor + EXCLUDED.balance_minor, updated_at = now()
         RETURNING id, balance_minor
       ), mov AS (
         INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
         SELECT $1, 'deposit', 'deposit:' || $4::bigint, $2, 'KRW', $3, $5 FROM acc RETURNING id
       ), ent AS (
         INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
         SELECT mov.id, acc.id, $3::bigint, acc.balance_minor FROM mov, acc
         UNION ALL SELECT mov.id, $6::bigint, -$3::bigint, NULL FROM mov
       )
       SELECT mov.id AS movement_id FROM mov`,
      [row.merchant_id, row.member_id, row.amount_minor, row.id, order.orderNo, cashierAccountId],
    );
    await client.query(
      `UPDATE cashier_deposits SET state = 'credited', movement_id = $2, credited_at = now(), updated_at = now(),
         instructions = NULL WHERE id = $1 AND state <> 'credited'`,
      [row.id, movement.rows[0]!.movement_id],
    );
    await client.query(
      `INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
       VALUES ('deposit', $1, $2, 'KRW', $3, now())`,
      [row.merchant_id, row.member_id, row.amount_minor],
    );
    await client.query(
      `SELECT m.language, mer.name, mer.currency, mer.config->>'defaultLanguage' AS default_language
       FROM members m JOIN merchants mer ON mer.id = m.merchant_id WHERE m.id = $1 AND m.merchant_id = $2`,
      [row.member_id, row.merchant_id],
    );
    const template = await client.query<{ title: string; body: string }>(
      `SELECT title, body FROM message_templates WHERE template_key = 'depositCredited' AND language = 'EN'
         AND (merchant_id = $1 OR merchant_id IS NULL) ORDER BY merchant_id NULLS LAST LIMIT 1`,
      [row.merchant_id],
    );
    await client.query(
      `INSERT INTO member_messages (merchant_id, member_id, kind, title, body, template_key)
       VALUES ($1, $2, 'system', $3, $4, 'depositCredited') RETURNING id`,
      [row.merchant_id, row.member_id, template.rows[0]?.title ?? '', template.rows[0]?.body ?? ''],
    );
    await client.query('COMMIT');
    credited = { memberId: row.member_id, merchantId: row.merchant_id };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  if (credited) {
    // After the commit, as the server pushes them: the balance and the unread count.
    const { memberId, merchantId } = credited;
    await Promise.all([
      pool.query(
        `SELECT coalesce(sum(balance_minor), 0) AS total FROM wallet_accounts
         WHERE owner_type IN ('member', 'member_vendor') AND member_id = $1 AND currency = 'KRW'`,
        [memberId],
      ),
      pool.query(`SELECT count(*) FROM member_messages WHERE member_id = $1 AND merchant_id = $2 AND read_at IS NULL`, [
        memberId,
        merchantId,
      ]),
    ]);
  }
}

/** Orders not credited (lost) and orders with more than one deposit movement (doubled). */
async function countBooks(pool: pg.Pool, orders: Order[]): Promise<{ lost: number; doubled: number }> {
  const numbers = orders.map((order) => order.orderNo);
  const states = await pool.query<{ lost: string }>(
    `SELECT count(*) AS lost FROM cashier_deposits WHERE order_no = ANY($1) AND state <> 'credited'`,
    [numbers],
  );
  const doubled = await pool.query<{ doubled: string }>(
    `SELECT count(*) AS doubled FROM (SELECT d.id FROM cashier_deposits d
       JOIN wallet_movements w ON w.kind = 'deposit' AND w.reason = d.order_no
       WHERE d.order_no = ANY($1) GROUP BY d.id HAVING count(*) > 1) x`,
    [numbers],
  );
  return { lost: Number(states.rows[0]?.lost ?? 0), doubled: Number(doubled.rows[0]?.doubled ?? 0) };
}

async function main() {
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const database = await startBenchPostgres('cashier');
  let closeApp: (() => Promise<void>) | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
  try {
    const setup = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrate(setup);
    await seedDemo(setup.db);
    await setup.close();

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST_DIR: '',
      HOUSE_ENABLED: 'false',
    });
    const serverHandle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: POOL_SIZE });
    const app = await buildApp({ config, database: serverHandle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closeApp = async () => {
      await app.close();
      await serverHandle.close();
    };
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await app.cashier.registerProvider({
      code: 'benchpay',
      adapter: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      merchantKey: MERCHANT_KEY,
      secret: SECRET,
    });
    const merchantId = Number(
      (await pool.query<{ id: string }>(`SELECT id FROM merchants WHERE code = 'parlay'`)).rows[0]!.id,
    );
    const methodId = Number(
      (
        await pool.query<{ id: string }>(
          `INSERT INTO cashier_methods (merchant_id, name, kind, provider_code, min_amount_minor, max_amount_minor)
           VALUES ($1, 'Bench pay', 'provider', 'benchpay', 1, 100000000) RETURNING id`,
          [merchantId],
        )
      ).rows[0]!.id,
    );
    const served = await writeOrders(pool, merchantId, methodId, 's');
    const bare = await writeOrders(pool, merchantId, methodId, 'b');
    await app.gaming.wallet.prepareBrandAccount(merchantId, 'KRW', 'cashier');
    const cashierAccountId = Number(
      (
        await pool.query<{ id: string }>(
          `SELECT id FROM wallet_accounts WHERE merchant_id = $1 AND currency = 'KRW' AND owner_type = 'cashier'`,
          [merchantId],
        )
      ).rows[0]!.id,
    );
    log(`${ORDERS.toLocaleString('en')} pending orders each for the server and the bare loop`);

    // A few warm-up notices of their own, so neither side pays its first connections in the measure.
    const warm = await writeOrders(pool, merchantId, methodId, 'w');
    let failures = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const post = (order: Order) =>
      new Promise<void>((resolve, reject) => {
        const notice = signedNotice(order);
        const request = http.request(
          `${base}/wps/cashier/callback/benchpay`,
          { method: 'POST', agent, headers: { ...notice.headers, 'content-length': Buffer.byteLength(notice.body) } },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode !== 200) failures += 1;
              resolve();
            });
          },
        );
        request.on('error', reject);
        request.end(notice.body);
      });
    await sendTwice(warm.slice(0, 100), post);
    await sendTwice(warm.slice(100, 200), (order) => bareCredit(pool, order, cashierAccountId));

    const server = await sendTwice(served, post);
    log(`server: ${(served.length * 2).toLocaleString('en')} notices in ${server.seconds.toFixed(2)} s`);
    const baseline = await sendTwice(bare, (order) => bareCredit(pool, order, cashierAccountId));
    log(`bare loop: ${(bare.length * 2).toLocaleString('en')} notices in ${baseline.seconds.toFixed(2)} s`);

    const books = await countBooks(pool, served);
    const perSecond = (served.length * 2) / server.seconds;
    const baselinePerSecond = (bare.length * 2) / baseline.seconds;
    const result = {
      orders: ORDERS,
      notices: ORDERS * 2,
      inFlight: IN_FLIGHT,
      poolSize: POOL_SIZE,
      perSecond: Math.round(perSecond),
      baselinePerSecond: Math.round(baselinePerSecond),
      ratio: Number((perSecond / baselinePerSecond).toFixed(3)),
      goalRatio: GOAL_RATIO,
      p50Ms: Number(percentile(server.latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(server.latencies, 99).toFixed(2)),
      baselineP99Ms: Number(percentile(baseline.latencies, 99).toFixed(2)),
      lost: books.lost,
      doubled: books.doubled,
      refused: failures,
      loadAverageAtStart: loadAtStart,
      settings: database.settings,
    };
    writeFileSync(path.join(root, 'bench/results/cashier.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(JSON.stringify(result));
    if (books.lost > 0 || books.doubled > 0 || failures > 0) process.exitCode = 1;
  } finally {
    await closeApp?.();
    await pool.end();
    await database.close();
  }
}

await main();
