import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { TEST_ACTOR } from '../../test/actors';
import { AuditService } from '../audit/index';
import { CatalogueCache, CatalogueSyncService } from '../games/index';
import { MerchantService } from '../merchant/index';
import { WalletService } from '../wallet/index';
import { TEST_VENDOR_SECRET, testVendorFeed, unixSeconds } from './seamless-wallet.fixtures';
import { LaunchSessionService, SecretBox, signWalletCall, VendorService } from '../vendors/index';
import { PromotionCapService } from './promotion-caps.service';
import { SeamlessWalletService } from './seamless-wallet.service';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';

const CLIENTS = 8;

describe(SeamlessWalletService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('leaves nothing half-written when the server is killed with SIGKILL in the middle of a load', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('seamless');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Set up vendor, players and launch sessions, then hand the database to the server process.
    let handle: DatabaseHandle = database.handle;
    const audit = new AuditService(handle.db);
    const wallet = new WalletService(handle.db, audit);
    const vendors = new VendorService(
      handle.db,
      new SecretBox(process.env['DATA_ENCRYPTION_KEY'] || DEV_DATA_ENCRYPTION_KEY),
    );
    await new CatalogueSyncService(handle.db, new CatalogueCache(handle.db), vendors, audit).writeFeed(
      testVendorFeed(),
      {
        walletSecret: TEST_VENDOR_SECRET,
      },
    );
    const brands = new MerchantService(handle.db, 'parlay');
    const brand = await brands.findByCode('parlay');
    if (!brand) throw new Error('no demo brand');
    const gameRows: unknown = await handle.db.execute(
      sql`SELECT g.id, g.vendor_id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'TESTV' AND g.code = 'G1'`,
    );
    const game = (gameRows as { rows: { id: unknown; vendor_id: unknown }[] }).rows[0];
    // Promotion credits, which write the brand's day total and their own record, are in the load too.
    await new PromotionCapService(handle.db, vendors, audit).setPromotionCap(TEST_ACTOR, brand.id, 'TESTV', 1_000_000);
    const launchSessions = new LaunchSessionService(handle.db, vendors);
    const players: { playerId: string; sessionToken: string }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const account = `crash${index}`;
      const inserted: unknown = await handle.db.execute(
        sql`INSERT INTO members (merchant_id, account) VALUES (${brand.id}, ${account}) RETURNING id`,
      );
      const memberId = Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      await wallet.adjust(
        {
          merchantCode: 'parlay',
          account,
          amountMinor: 1_000_000,
          reason: 'crash test funding',
          idempotencyKey: `crash-fund-${index}`,
        },
        brands,
      );
      const launch = await launchSessions.createLaunchSession({
        merchantId: brand.id,
        memberId,
        currency: 'KRW',
        currencyExponent: 0,
        vendorId: Number(game?.vendor_id),
        vendorLaunchUrl: 'https://testv.vendor.test/launch',
        gameId: Number(game?.id),
        gameCode: 'G1',
        mode: 'real',
        language: 'KO',
        launchHosts: [],
      });
      const url = new URL(launch.url);
      players.push({
        playerId: url.searchParams.get('playerId') ?? '',
        sessionToken: url.searchParams.get('sessionToken') ?? '',
      });
    }
    await handle.close();

    const port = await freePort();
    let server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    await waitReady(port);

    const acknowledged = new Set<string>();
    const post = async (operation: keyof typeof VENDOR_WALLET_PATHS, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const now = unixSeconds();
      const response = await fetch(`http://127.0.0.1:${port}${VENDOR_WALLET_PATHS[operation]}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_HEADERS.vendorCode]: 'TESTV',
          [VENDOR_HEADERS.timestamp]: String(now),
          [VENDOR_HEADERS.signature]: signWalletCall(TEST_VENDOR_SECRET, now, raw),
        },
        body: raw,
      });
      const json = (await response.json()) as { value?: { applied: boolean } };
      if (response.status === 200 && json.value?.applied) acknowledged.add(String(body['transactionId']));
    };
    let stop = false;
    const load = players.map(async (player, client) => {
      for (let round = 0; !stop; round += 1) {
        const base = { playerId: player.playerId, currency: 'KRW', gameCode: 'G1', roundId: `k${client}-${round}` };
        try {
          await post('debit', {
            ...base,
            requestId: `kd${client}-${round}`,
            sessionToken: player.sessionToken,
            transactionId: `kd${client}-${round}`,
            amountMinor: 10,
          });
          await post('credit', {
            ...base,
            requestId: `kc${client}-${round}`,
            transactionId: `kc${client}-${round}`,
            amountMinor: round % 2 === 0 ? 25 : 0,
          });
          if (round % 3 === 0) {
            await post('credit', {
              ...base,
              roundId: `kp${client}-${round}`,
              requestId: `kp${client}-${round}`,
              transactionId: `kp${client}-${round}`,
              amountMinor: 7,
              creditType: 'promotion',
            });
          }
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
      const one = async (statement: ReturnType<typeof sql>) => {
        const result: unknown = await handle.db.execute(statement);
        return Number((result as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
      };
      const applied: unknown = await handle.db.execute(sql`SELECT transaction_id FROM vendor_transactions
        WHERE state IN ('debited', 'credited') AND (movement_id IS NOT NULL OR amount_minor = 0)`);
      const stored = new Set((applied as { rows: { transaction_id: string }[] }).rows.map((row) => row.transaction_id));
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      expect(lost).toEqual([]);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_accounts a WHERE a.owner_type = 'member'
        AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
        GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) <> 2) x`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM vendor_transactions WHERE mode = 'real' AND amount_minor > 0
        AND state IN ('debited', 'credited') AND movement_id IS NULL`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_movements m WHERE m.kind IN ('vendor_debit', 'vendor_credit')
        AND (SELECT count(*) FROM vendor_transactions t WHERE t.movement_id = m.id) <> 1`),
      ).toBe(0);
      // The day's running total is exactly the promotion credits recorded, each with its transaction's movement.
      const promotions = await one(sql`SELECT count(*) AS n FROM vendor_promotion_credits`);
      expect(promotions).toBeGreaterThan(0);
      expect(await one(sql`SELECT coalesce(sum(credits), 0) AS n FROM vendor_promotion_days`)).toBe(promotions);
      const paid = await one(sql`SELECT coalesce(sum(paid_minor), 0) AS n FROM vendor_promotion_days`);
      expect(await one(sql`SELECT coalesce(sum(amount_minor), 0) AS n FROM vendor_promotion_credits`)).toBe(paid);
      expect(
        await one(sql`SELECT coalesce(sum(m.amount_minor), 0) AS n FROM vendor_promotion_credits p
        JOIN vendor_transactions t ON t.transaction_id = p.transaction_id AND t.vendor_id = p.vendor_id
        JOIN wallet_movements m ON m.id = p.movement_id AND m.id = t.movement_id`),
      ).toBe(paid);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
