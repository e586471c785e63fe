import { WITHDRAWAL_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { AuditService } from '../audit/index';
import { MerchantService } from '../merchant/index';
import { SessionService } from '../session/index';
import { WalletService } from '../wallet/index';
import { WithdrawalService } from './withdrawals.service';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';

const CLIENTS = 6;
const FUNDS = 1_000_000;

// Each client request comes "from" its own address: the per-client rate limit stays out of the way.
const CLIENT_ADDRESSES = { TRUSTED_PROXIES: '127.0.0.1' };

describe(WithdrawalService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('leaves every withdrawal held once or not at all when the server is killed with SIGKILL under a load of them', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('withdrawal');
    cleanups.push(database.remove);
    const { options } = database;
    const env = { ...database.env, ...CLIENT_ADDRESSES };

    // Members with deposited funds and a bank account, the brand asking no password and no turnover; then the
    // database goes to the server process.
    let handle: DatabaseHandle = database.handle;
    const wallet = new WalletService(handle.db, new AuditService(handle.db));
    const brand = await new MerchantService(handle.db, 'parlay').findByCode('parlay');
    if (!brand) throw new Error('no demo brand');
    await handle.db.execute(sql`INSERT INTO withdrawal_settings (merchant_id, payment_password_required, min_minor,
      max_minor, daily_count, turnover_percent) VALUES (${brand.id}, false, 100, 1000000, 100, 0)`);
    await wallet.prepareBrandAccount(brand.id, 'KRW', 'cashier');
    const sessions = new SessionService(handle.db);
    const players: { memberId: number; authorization: string; accountId: number }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const inserted: unknown = await handle.db.execute(
        sql`INSERT INTO members (merchant_id, account, payee_name) VALUES (${brand.id}, ${`wcrash${index}`}, '홍길동')
            RETURNING id`,
      );
      const memberId = Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      await handle.db.transaction((tx) =>
        wallet.credit(tx, {
          memberId,
          merchantId: brand.id,
          currency: 'KRW',
          amountMinor: FUNDS,
          kind: 'deposit',
          counterparty: 'cashier',
          idempotencyKey: `wcrash-fund-${index}`,
        }),
      );
      const account: unknown = await handle.db.execute(
        sql`INSERT INTO member_bank_accounts (merchant_id, member_id, bank_code, bank_name, account_number, holder_name)
            VALUES (${brand.id}, ${memberId}, 'KB', 'KB', ${`1000000${index}`}, '홍길동') RETURNING id`,
      );
      const { token } = await sessions.createSession(
        { id: memberId, merchantId: brand.id, isFreePlay: false },
        { ip: '127.0.0.1', userAgent: 'vitest' },
      );
      players.push({
        memberId,
        authorization: `Bearer ${token}`,
        accountId: Number((account as { rows: { id: unknown }[] }).rows[0]?.id),
      });
    }
    await handle.close();

    const port = await freePort();
    let server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    await waitReady(port);

    // requestId → member, for every request the server answered 200.
    const acknowledged = new Map<string, number>();
    let stop = false;
    const load = players.map(async (player, client) => {
      for (let step = 0; !stop; step += 1) {
        const requestId = `wk${client}-${step}-request`;
        try {
          const response = await fetch(`http://127.0.0.1:${port}${WITHDRAWAL_CALLS.createWithdrawal.path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: player.authorization,
              'x-forwarded-for': `10.${client}.${Math.floor(step / 250)}.${step % 250}`,
            },
            body: JSON.stringify({
              bankAccountId: player.accountId,
              amountMinor: 100 + ((client * 37 + step * 11) % 900),
              requestId,
            }),
          });
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.set(requestId, player.memberId);
        } catch {
          return; // the server died under us
        }
      }
    });
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 50));
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
      const requests = await rows<{ id: unknown; request_id: string; member_id: unknown }>(
        sql`SELECT id, request_id, member_id FROM withdrawal_requests`,
      );
      const byKey = new Map(requests.map((row) => [row.request_id, Number(row.member_id)]));
      // Each request the server acknowledged is there, once, for its member.
      const lost = [...acknowledged].filter(([requestId, memberId]) => byKey.get(requestId) !== memberId);
      expect(lost).toEqual([]);
      // Each request has exactly one hold, and each hold its request.
      expect(
        await one(sql`SELECT count(*) AS n FROM withdrawal_requests r WHERE (SELECT count(*) FROM wallet_movements m
          WHERE m.idempotency_key = 'withdrawal-hold:' || r.id AND m.kind = 'withdrawal_hold') <> 1`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_movements m WHERE m.kind = 'withdrawal_hold' AND NOT EXISTS
          (SELECT 1 FROM withdrawal_requests r WHERE m.idempotency_key = 'withdrawal-hold:' || r.id)`),
      ).toBe(0);
      // Every movement is whole; every balance the sum of its entries; the hold account the open requests.
      expect(
        await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e
          ON e.movement_id = m.id GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_accounts a WHERE a.owner_type IN ('member', 'member_vendor')
          AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
      ).toBe(0);
      const held = await one(sql`SELECT coalesce(sum(e.amount_minor), 0) AS n FROM ledger_entries e
        JOIN wallet_accounts a ON a.id = e.account_id WHERE a.owner_type = 'withdrawal_hold'`);
      const open = await one(sql`SELECT coalesce(sum(amount_minor), 0) AS n FROM withdrawal_requests`);
      expect(held).toBe(open);
      // Each member still has what was funded: in the balance or held.
      const totals = await rows<{ member_id: unknown; total: unknown }>(sql`SELECT a.member_id,
          a.balance_minor + coalesce((SELECT sum(r.amount_minor) FROM withdrawal_requests r WHERE r.member_id = a.member_id), 0)
            AS total
        FROM wallet_accounts a WHERE a.owner_type = 'member' AND a.member_id IN (${sql.join(
          players.map((player) => sql`${player.memberId}`),
          sql`, `,
        )})`);
      expect(totals.map((row) => Number(row.total))).toEqual(players.map(() => FUNDS));
    } finally {
      await handle.close();
    }
  }, 300_000);
});
