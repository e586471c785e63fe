import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { openDatabase } from '../../db/client';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';
import { AuditService } from '../audit/index';
import { CatalogueCache, CatalogueSyncService } from '../games/index';
import { TEST_VENDOR_SECRET, testVendorFeed, unixSeconds } from '../seamless-wallet/seamless-wallet.fixtures';
import { SecretBox, signWalletCall, VendorService } from '../vendors/index';
import { AuthService } from './auth.service';

const GUESTS = 6;

describe(`${AuthService.name} practice money`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it("leaves every guest's practice balance equal to its stored stakes and wins when the server is killed with SIGKILL", async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts), with the test vendor.
    const database = await createCrashDatabase('practice');
    cleanups.push(database.remove);
    const { options, env } = database;
    let handle = database.handle;
    const audit = new AuditService(handle.db);
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
    const games = await query<{ id: unknown }>(
      handle.db,
      sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'TESTV' AND g.code = 'G1'`,
    );
    const gameId = toNumber(games[0]?.id);
    await handle.close();

    const port = await freePort();
    let server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    await waitReady(port);
    const base = `http://127.0.0.1:${port}`;

    // Guests sign in as the player site signs them in, and each opens a practice game.
    const key = ((await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: { key: { kid: string } } })
      .value.key;
    const players: { playerId: string; sessionToken: string }[] = [];
    for (let index = 0; index < GUESTS; index += 1) {
      const random = await new CompactEncrypt(new TextEncoder().encode(`crash-practice-random-${index}-of-32-chars`))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
        .encrypt(await importJWK(key, 'RSA-OAEP-256'));
      const signedIn = await fetch(`${base}/wps/session/login/freeplay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ os: 'Linux', platform: 'W', random, gatewayVersion: 3 }),
      });
      const guest = (await signedIn.json()) as { value: { token: string } };
      const launched = await fetch(`${base}/wps/game/launchGame`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.value.token}` },
        body: JSON.stringify({ gameId, playMode: 'trial' }),
      });
      const url = new URL(((await launched.json()) as { value: { game_url: string } }).value.game_url);
      players.push({
        playerId: url.searchParams.get('playerId') ?? '',
        sessionToken: url.searchParams.get('sessionToken') ?? '',
      });
    }

    const acknowledged = new Set<string>();
    const post = async (operation: keyof typeof VENDOR_WALLET_PATHS, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const now = unixSeconds();
      const response = await fetch(`${base}${VENDOR_WALLET_PATHS[operation]}`, {
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
        const common = { playerId: player.playerId, currency: 'KRW', gameCode: 'G1', roundId: `p${client}-${round}` };
        try {
          await post('debit', {
            ...common,
            requestId: `pd${client}-${round}`,
            sessionToken: player.sessionToken,
            transactionId: `pd${client}-${round}`,
            amountMinor: 10,
          });
          await post('credit', {
            ...common,
            requestId: `pc${client}-${round}`,
            transactionId: `pc${client}-${round}`,
            amountMinor: round % 2 === 0 ? 25 : 3,
          });
        } catch {
          return; // the server died under us
        }
      }
    });
    // Killed once the load is well under way.
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    stop = true;
    await Promise.all(load);

    // Restarted on the same data, it comes up clean.
    server = startServer(env, port);
    await waitReady(port);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      // Every stake and win acknowledged is stored.
      const stored = await query<{ transaction_id: string }>(
        handle.db,
        sql`SELECT transaction_id FROM vendor_transactions WHERE mode = 'trial' AND state IN ('debited', 'credited')`,
      );
      const kept = new Set(stored.map((row) => row.transaction_id));
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      expect([...acknowledged].filter((id) => !kept.has(id))).toEqual([]);
      // Each guest's balance is its practice money less its stored stakes plus its stored wins: nothing half-written.
      const mismatches = await query<{ member_id: unknown }>(
        handle.db,
        sql`SELECT p.member_id FROM practice_wallets p
            WHERE p.balance_minor <> 100000 - coalesce((
              SELECT sum(CASE t.kind WHEN 'debit' THEN t.amount_minor ELSE -t.amount_minor END)
              FROM vendor_transactions t
              WHERE t.member_id = p.member_id AND t.mode = 'trial' AND t.state IN ('debited', 'credited')), 0)`,
      );
      expect(mismatches).toEqual([]);
      const guests = await query<{ n: unknown; wallets: unknown; real: unknown }>(
        handle.db,
        sql`SELECT count(*) AS n, count(p.member_id) AS wallets,
                   (SELECT count(*) FROM wallet_accounts a JOIN members g ON g.id = a.member_id AND g.is_free_play)
                   + (SELECT count(*) FROM game_rounds r JOIN members g ON g.id = r.member_id AND g.is_free_play) AS real
            FROM members m LEFT JOIN practice_wallets p ON p.member_id = m.id WHERE m.is_free_play`,
      );
      // Every guest has its practice money, and none has anything real.
      expect(guests.map((row) => [toNumber(row.n), toNumber(row.wallets), toNumber(row.real)])).toEqual([
        [GUESTS, GUESTS, 0],
      ]);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
