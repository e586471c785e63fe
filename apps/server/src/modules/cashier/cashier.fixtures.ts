import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ProviderEvent, ProviderFactory } from './providers/index';

// A small payment provider for tests: a real HTTP listener on this machine that takes orders and answers their
// status, and its adapter, which signs and checks callbacks with HMAC-SHA256 over the raw body. The sandbox service
// (apps/payment-sandbox) replaces it where the tests need a provider's own behaviour.

export const TEST_ADAPTER = 'test-http';
export const SIGNATURE_HEADER = 'x-test-signature';

export interface TestProviderServer {
  baseUrl: string;
  /** The orders it was asked for, by order number, with the status queryDeposit answers. */
  orders: Map<string, { providerRef: string; amountMinor: number; currency: string; status: TestStatus }>;
  /** When set, createDeposit and queryDeposit answer 503. */
  down: boolean;
  /** The provider's clock: an order expires 15 minutes after it is made. */
  now: () => number;
  close(): Promise<void>;
}
type TestStatus = 'pending' | 'paid' | 'failed' | 'expired';

export async function startTestProvider(): Promise<TestProviderServer> {
  const state: TestProviderServer = {
    baseUrl: '',
    orders: new Map(),
    down: false,
    now: () => Date.now(),
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const reply = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (state.down) return reply(503, { error: 'down' });
      const url = new URL(request.url ?? '/', 'http://x');
      if (request.method === 'POST' && url.pathname === '/orders') {
        const order = JSON.parse(body) as { orderNo: string; amountMinor: number; currency: string };
        const providerRef = `P${randomBytes(6).toString('hex')}`;
        state.orders.set(order.orderNo, {
          providerRef,
          amountMinor: order.amountMinor,
          currency: order.currency,
          status: 'pending',
        });
        const expiresAt = new Date(state.now() + 15 * 60_000).toISOString();
        return reply(200, { providerRef, url: `${state.baseUrl}/pay/${order.orderNo}`, expiresAt });
      }
      const match = /^\/orders\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const order = state.orders.get(decodeURIComponent(match[1]!));
        if (!order) return reply(404, { error: 'no order' });
        return reply(200, order);
      }
      return reply(404, { error: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export function signTestBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** The adapter of the test provider: JSON over HTTP, callbacks signed in SIGNATURE_HEADER. */
export const createTestProvider: ProviderFactory = (config) => ({
  code: config.code,
  async createDeposit(request) {
    const response = await fetch(`${config.baseUrl}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (!response.ok) throw new Error(`test provider answered ${response.status}`);
    const answer = (await response.json()) as { providerRef: string; url: string; expiresAt: string };
    return {
      providerRef: answer.providerRef,
      instructions: { kind: 'redirect', url: answer.url },
      expiresAt: new Date(answer.expiresAt),
    };
  },
  parseCallback(headers, rawBody) {
    const signature = headers[SIGNATURE_HEADER];
    const expected = Buffer.from(signTestBody(config.secret, rawBody), 'hex');
    const given =
      typeof signature === 'string' && /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
    if (!given || !timingSafeEqual(given, expected)) throw new AppError('CASHIER_CALLBACK_FORGED');
    return JSON.parse(rawBody) as ProviderEvent;
  },
  async queryDeposit(orderNo) {
    const response = await fetch(`${config.baseUrl}/orders/${encodeURIComponent(orderNo)}`);
    if (!response.ok) throw new Error(`test provider answered ${response.status}`);
    const order = (await response.json()) as { providerRef: string; amountMinor: number; status: TestStatus };
    return { status: order.status, providerRef: order.providerRef, amountMinor: order.amountMinor };
  },
  async createPayout() {
    return { providerRef: `PO${randomBytes(6).toString('hex')}` };
  },
  async queryPayout() {
    return { status: 'pending', providerRef: null, reason: null };
  },
  acknowledge() {
    return { status: 200, contentType: 'text/plain', body: 'OK' };
  },
});

/** A deposit callback's body and headers as the test provider sends it. */
export function depositCallback(
  secret: string,
  event: {
    orderNo: string;
    providerRef: string;
    status: 'paid' | 'failed' | 'expired';
    amountMinor: number;
    currency: string;
  },
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({ type: 'deposit', eventId: randomBytes(4).toString('hex'), ...event });
  return {
    payload,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signTestBody(secret, payload) },
  };
}

/**
 * The cashier's books as the model tests check them: per brand and currency the entries of every movement sum to 0,
 * and every order is in a legal state: credited ones with exactly one 'deposit' movement of their credit, the others
 * with none.
 */
export async function checkCashierBooks(
  db: Executor,
): Promise<{ unbalanced: number; illegal: number; negative: number }> {
  const [unbalanced] = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT movement_id FROM ledger_entries GROUP BY movement_id HAVING sum(amount_minor) <> 0) x`,
  );
  const [illegal] = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM cashier_deposits d
        LEFT JOIN LATERAL (SELECT count(*) AS movements, coalesce(sum(amount_minor), 0) AS total FROM wallet_movements w
                           WHERE w.idempotency_key = 'deposit:' || d.id) m ON true
        WHERE (d.state = 'credited' AND (m.movements <> 1 OR m.total <> d.amount_minor - d.fee_minor
                                         OR d.movement_id IS NULL))
           OR (d.state <> 'credited' AND m.movements <> 0)`,
  );
  const [negative] = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`,
  );
  return { unbalanced: toNumber(unbalanced?.n), illegal: toNumber(illegal?.n), negative: toNumber(negative?.n) };
}

/** A deposit method of a brand, written as the back office would (tests). Answers its id. */
export async function insertTestMethod(
  db: Executor,
  merchantId: number,
  method: {
    name: string;
    kind?: 'provider' | 'manual_bank';
    providerCode?: string | null;
    min?: number;
    max?: number;
    feeFixed?: number;
    feePerMille?: number;
    active?: boolean;
    order?: number;
  },
): Promise<number> {
  const kind = method.kind ?? 'provider';
  const bank = kind === 'manual_bank';
  const [row] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO cashier_methods (merchant_id, name, kind, provider_code, min_amount_minor, max_amount_minor,
          fee_fixed_minor, fee_per_mille, display_order, active, bank_name, bank_account_number, bank_holder_name)
        VALUES (${merchantId}, ${method.name}, ${kind}, ${bank ? null : (method.providerCode ?? 'testpay')},
          ${method.min ?? 1_000}, ${method.max ?? 1_000_000}, ${method.feeFixed ?? 0}, ${method.feePerMille ?? 0},
          ${method.order ?? 0}, ${method.active ?? true}, ${bank ? 'Parlay Bank' : null},
          ${bank ? '110-234-567890' : null}, ${bank ? 'Parlay Ltd' : null})
        RETURNING id`,
  );
  return toNumber(row?.id);
}
