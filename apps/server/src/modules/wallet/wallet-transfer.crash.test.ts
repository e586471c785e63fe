import { WALLET_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { AuditService } from '../audit/index';
import { CatalogueCache, CatalogueSyncService } from '../games/index';
import { MerchantService } from '../merchant/index';
import { TEST_VENDOR_SECRET, testVendorFeed } from '../seamless-wallet/seamless-wallet.fixtures';
import { SessionService } from '../session/index';
import { SecretBox, VendorService } from '../vendors/index';
import { WalletTransfers } from './wallet-transfer.service';
import { WalletService } from './wallet.service';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';

const CLIENTS = 6;
const FUNDS = 1_000_000;

describe(WalletTransfers.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('leaves every transfer done once or not at all when the server is killed with SIGKILL under a load of them', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('transfer');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Two transfer vendors, the demo brand switched to vendor wallets, funded members with sessions; then the
    // database goes to the server process.
    let handle: DatabaseHandle = database.handle;
    const audit = new AuditService(handle.db);
    const wallet = new WalletService(handle.db, audit);
    const vendors = new VendorService(
      handle.db,
      new SecretBox(process.env['DATA_ENCRYPTION_KEY'] || DEV_DATA_ENCRYPTION_KEY),
    );
    const feeds = new CatalogueSyncService(handle.db, new CatalogueCache(handle.db), vendors, audit);
    for (const code of ['TESTV', 'TESTW']) {
      const base = testVendorFeed(code);
      await feeds.writeFeed(
        { ...base, vendor: { ...base.vendor, walletMode: 'transfer' } },
        { walletSecret: TEST_VENDOR_SECRET },
      );
    }
    await handle.db.execute(sql`UPDATE merchants SET whitelabel = whitelabel
      || '[{"modId":"TRANSFER_WALLETS","enabled":"1","childrenNodes":[]}]'::jsonb WHERE code = 'parlay'`);
    const brands = new MerchantService(handle.db, 'parlay');
    const brand = await brands.findByCode('parlay');
    if (!brand) throw new Error('no demo brand');
    const sessions = new SessionService(handle.db);
    const players: { memberId: number; authorization: string }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const account = `tcrash${index}`;
      const inserted: unknown = await handle.db.execute(
        sql`INSERT INTO members (merchant_id, account) VALUES (${brand.id}, ${account}) RETURNING id`,
      );
      const memberId = Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      await wallet.adjust(
        {
          merchantCode: 'parlay',
          account,
          amountMinor: FUNDS,
          reason: 'crash test funding',
          idempotencyKey: `tcrash-fund-${index}`,
        },
        brands,
      );
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

    // requestId → member, for every transfer the server answered 200.
    const acknowledged = new Map<string, number>();
    const sent = new Map<string, number>();
    const post = async (url: string, authorization: string, body: Record<string, unknown>) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.status;
    };
    let stop = false;
    const load = players.map(async (player, client) => {
      for (let step = 0; !stop; step += 1) {
        const requestId = `tk${client}-${step}-x`;
        sent.set(requestId, player.memberId);
        try {
          let status: number;
          if (step % 7 === 6) {
            status = await post(WALLET_CALLS.walletRecall.path, player.authorization, { requestId });
          } else {
            const vendor = step % 2 === 0 ? 'TESTV' : 'TESTW';
            const into = step % 3 !== 2;
            status = await post(WALLET_CALLS.walletTransfer.path, player.authorization, {
              fromWallet: into ? 'MAIN' : vendor,
              toWallet: into ? vendor : 'MAIN',
              amountMinor: 100 + ((client * 37 + step * 11) % 900),
              requestId,
            });
          }
          if (status === 200) acknowledged.set(requestId, player.memberId);
        } catch {
          return; // the server died under us
        }
      }
    });
    // Kill it once the load is well under way.
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
      const written = await rows<{ idempotency_key: string }>(
        sql`SELECT idempotency_key FROM wallet_movements WHERE kind = 'transfer'`,
      );
      const keys = written.map((row) => row.idempotency_key);
      // Each transfer or recall the server acknowledged is there, once (the key is unique: never twice).
      const keyOf = (requestId: string, memberId: number) => {
        const kind = requestId.includes('-') && Number(requestId.split('-')[1]) % 7 === 6 ? 'recall' : 'transfer';
        return `${kind}:${brand.id}:${memberId}:${requestId}`;
      };
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      const lost = [...acknowledged].filter(([requestId, memberId]) => !keys.includes(keyOf(requestId, memberId)));
      expect(lost).toEqual([]);
      expect(new Set(keys).size).toBe(keys.length);
      // Nothing written that was not sent.
      expect(keys.every((key) => [...sent].some(([requestId, memberId]) => key === keyOf(requestId, memberId)))).toBe(
        true,
      );
      // Every movement is whole: its entries there and summing to zero; every balance is the sum of its entries.
      expect(
        await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e
          ON e.movement_id = m.id GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_accounts a WHERE a.owner_type IN ('member', 'member_vendor')
          AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
      ).toBe(0);
      // Transfers move money between a member's wallets: each member still holds exactly what was funded.
      const totals = await rows<{
        member_id: unknown;
        total: unknown;
      }>(sql`SELECT member_id, sum(balance_minor) AS total
        FROM wallet_accounts WHERE owner_type IN ('member', 'member_vendor')
          AND member_id IN (${sql.join(
            players.map((player) => sql`${player.memberId}`),
            sql`, `,
          )})
        GROUP BY member_id`);
      expect(totals.map((row) => Number(row.total))).toEqual(players.map(() => FUNDS));
      expect(await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`)).toBe(0);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
