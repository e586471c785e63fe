import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { AuditService } from '../audit/index';
import { CatalogueCache, CatalogueSyncService } from '../games/index';
import { MerchantService } from '../merchant/index';
import { WalletService } from '../wallet/index';
import { TEST_VENDOR_SECRET, testVendorFeed, unixSeconds } from './seamless-wallet.fixtures';
import { LaunchSessionService, SecretBox, signWalletCall, VendorService } from '../vendors/index';
import { SeamlessWalletService } from './seamless-wallet.service';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';

const CLIENTS = 8;
/** Rounds staked per player; each credited once, in batches of every player's rounds. */
const ROUNDS = 30;
const STAKE = 10;
/** Credits per batch: five rounds of each player. */
const PER_BATCH = 40;
const FUNDING = 1_000_000;

describe(SeamlessWalletService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('applies each credit of a batch once when the server is killed with SIGKILL mid-batch and the batches are replayed', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('credit-batch');
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
    const launchSessions = new LaunchSessionService(handle.db, vendors);
    const players: { playerId: string; sessionToken: string }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const account = `batch${index}`;
      const inserted: unknown = await handle.db.execute(
        sql`INSERT INTO members (merchant_id, account) VALUES (${brand.id}, ${account}) RETURNING id`,
      );
      const memberId = Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      await wallet.adjust(
        {
          merchantCode: 'parlay',
          account,
          amountMinor: FUNDING,
          reason: 'crash test funding',
          idempotencyKey: `batch-fund-${index}`,
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
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads each answer's shape
      return { status: response.status, json: (await response.json()) as { success: boolean; value?: any } };
    };

    // Every round staked, then its win owed: round r of a player wins r % 3 × 15 (0: lost, credited 0).
    await Promise.all(
      players.map(async (player, client) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const staked = await post('debit', {
            requestId: `bd${client}-${round}`,
            playerId: player.playerId,
            currency: 'KRW',
            sessionToken: player.sessionToken,
            transactionId: `bd${client}-${round}`,
            roundId: `b${client}-${round}`,
            gameCode: 'G1',
            amountMinor: STAKE,
          });
          expect(staked.json.success).toBe(true);
        }
      }),
    );
    const win = (round: number) => (round % 3) * 15;
    const credits = players.flatMap((player, client) =>
      Array.from({ length: ROUNDS }, (_, round) => ({
        playerId: player.playerId,
        currency: 'KRW',
        transactionId: `bc${client}-${round}`,
        roundId: `b${client}-${round}`,
        gameCode: 'G1',
        amountMinor: win(round),
        roundEnded: true,
        detail: { round },
      })),
    );
    // Batches across every player: the rounds 0-4 of each, then 5-9, ...
    credits.sort((a, b) => Number(a.roundId.split('-')[1]) - Number(b.roundId.split('-')[1]));
    const batches = Array.from({ length: credits.length / PER_BATCH }, (_, index) => ({
      requestId: `batch-${index}`,
      credits: credits.slice(index * PER_BATCH, (index + 1) * PER_BATCH),
    }));

    // Every batch at once; the server killed as soon as the first is answered, the others in the middle.
    let answered = 0;
    const sent = batches.map(async (batch) => {
      try {
        const reply = await post('creditBatch', batch);
        if (reply.status === 200) answered += 1;
      } catch {
        // the server died under us
      }
    });
    while (answered === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await Promise.all(sent);
    expect(answered).toBeLessThan(batches.length);

    // Restart on the same data, and send every batch again, as a vendor retries what it had no answer to.
    server = startServer(env, port);
    await waitReady(port);
    for (const batch of batches) {
      const reply = await post('creditBatch', batch);
      expect(reply.status).toBe(200);
      const outcomes = (reply.json.value.credits as { outcome: string }[]).map((credit) => credit.outcome);
      expect(outcomes.filter((outcome) => outcome !== 'applied' && outcome !== 'already_applied')).toEqual([]);
    }
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const one = async (statement: ReturnType<typeof sql>) => {
        const result: unknown = await handle.db.execute(statement);
        return Number((result as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
      };
      // Each credit applied once: one transaction row each, a movement for each win, every round settled once.
      expect(await one(sql`SELECT count(*) AS n FROM vendor_transactions WHERE transaction_id LIKE 'bc%'`)).toBe(
        credits.length,
      );
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_movements m JOIN vendor_transactions t ON t.movement_id = m.id
          WHERE t.transaction_id LIKE 'bc%'`),
      ).toBe(credits.filter((credit) => credit.amountMinor > 0).length);
      expect(
        await one(sql`SELECT count(*) AS n FROM game_rounds WHERE round_id LIKE 'b%' AND status = 'settled'`),
      ).toBe(credits.length);
      const wins = credits.reduce((sum, credit) => sum + credit.amountMinor, 0);
      expect(
        await one(sql`SELECT coalesce(sum(a.balance_minor), 0) AS n FROM wallet_accounts a JOIN members m ON m.id = a.member_id
          WHERE a.owner_type = 'member' AND m.account LIKE 'batch%'`),
      ).toBe(CLIENTS * (FUNDING - ROUNDS * STAKE) + wins);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_accounts a WHERE a.owner_type = 'member'
        AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
        GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) <> 2) x`),
      ).toBe(0);
      expect(
        await one(sql`SELECT count(*) AS n FROM wallet_movements m WHERE m.kind IN ('vendor_debit', 'vendor_credit')
        AND (SELECT count(*) FROM vendor_transactions t WHERE t.movement_id = m.id) <> 1`),
      ).toBe(0);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
