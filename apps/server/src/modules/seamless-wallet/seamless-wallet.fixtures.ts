import { randomBytes } from 'node:crypto';
import { VENDOR_HEADERS, VENDOR_WALLET_PATHS, type CatalogueFeed } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { signInTestMember } from '../../test/members';
import { signWalletCall } from '../vendors/index';

/** Test fixtures for the seamless wallet: a vendor with a known secret, funded members, signed calls. */
export const TEST_VENDOR_SECRET = 'test-vendor-secret-0123456789abcdef';

export function testVendorFeed(code = 'TESTV', games = 3): CatalogueFeed {
  return {
    vendor: {
      code,
      name: `Test vendor ${code}`,
      gameTypes: ['RNG', 'LIVE'],
      smallIcon: '',
      launchUrl: `https://${code.toLowerCase()}.vendor.test/launch`,
      status: 'active',
      isHot: true,
    },
    games: Array.from({ length: games }, (_, index) => ({
      code: `G${index + 1}`,
      gameName: `Test Game ${index + 1}`,
      gameType: index % 2 === 0 ? ('RNG' as const) : ('LIVE' as const),
      showIcon: `/icons/g${index + 1}.png`,
      supportPlay: index === 0 ? (0 as const) : (1 as const),
      defaultPlayType: '',
      isGame: '',
      isHot: index === 0,
      status: 'active' as const,
      sortOrder: index + 1,
      ...(index % 2 === 1 ? { liveClass: 'BAC' as const } : {}),
    })),
  };
}

export async function installTestVendor(app: App, code = 'TESTV', games = 3): Promise<void> {
  await app.gaming.catalogueSync.writeFeed(testVendorFeed(code, games), { walletSecret: TEST_VENDOR_SECRET });
}

/** A signed-in member of the demo brand with a balance put there through the ledger. */
export async function createFundedPlayer(app: App, balanceMinor: number) {
  const signedIn = await signInTestMember(app);
  if (balanceMinor > 0) {
    await app.gaming.wallet.adjust(
      {
        merchantCode: signedIn.member.merchantCode,
        account: signedIn.member.account,
        amountMinor: balanceMinor,
        reason: 'test funding',
        idempotencyKey: `fund-${randomBytes(6).toString('hex')}`,
      },
      app.merchants,
    );
  }
  return signedIn;
}

/** Launches a game for the member and returns the launch parameters the vendor receives. */
export async function launchFor(
  app: App,
  authorization: string,
  options: { gameCode?: string; playMode?: 'real' | 'trial' } = {},
) {
  const rows: unknown = await app.db.execute(
    sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'TESTV' AND g.code = ${options.gameCode ?? 'G1'}`,
  );
  const gameId = Number((rows as { rows: { id: unknown }[] }).rows[0]?.id);
  const response = await app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization },
    payload: { gameId, playMode: options.playMode ?? 'real' },
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const launched = response.json<{ value: { game_url: string } }>();
  const url = new URL(launched.value.game_url);
  return {
    gameId,
    url,
    sessionToken: url.searchParams.get('sessionToken') ?? '',
    playerId: url.searchParams.get('playerId') ?? '',
    currency: url.searchParams.get('currency') ?? '',
  };
}

export type WalletOperation = keyof typeof VENDOR_WALLET_PATHS;

/** Now in Unix seconds, the time a vendor puts in `x-timestamp`. */
export function unixSeconds(atMs = Date.now()): number {
  return Math.floor(atMs / 1000);
}

/**
 * Sends a signed seamless-wallet call the way a vendor does: signed now, unless `timestamp` (Unix seconds)
 * says when; `timestamp: null` sends no x-timestamp header.
 */
export async function callWallet(
  app: App,
  operation: WalletOperation,
  body: Record<string, unknown>,
  options: { secret?: string; vendorCode?: string; signature?: string; timestamp?: number | null } = {},
) {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp === undefined ? unixSeconds() : options.timestamp;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [VENDOR_HEADERS.vendorCode]: options.vendorCode ?? 'TESTV',
    [VENDOR_HEADERS.signature]:
      options.signature ?? signWalletCall(options.secret ?? TEST_VENDOR_SECRET, timestamp ?? '', raw),
  };
  if (timestamp !== null) headers[VENDOR_HEADERS.timestamp] = String(timestamp);
  const response = await app.inject({ method: 'POST', url: VENDOR_WALLET_PATHS[operation], headers, payload: raw });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read every value shape
  return { status: response.statusCode, body: response.json<{ success: boolean; code: string; value: any }>() };
}

export interface LedgerCheck {
  /** Member accounts (main and vendor wallets) whose stored balance differs from the sum of their entries. */
  balanceMismatches: number;
  /** Movements whose entries do not sum to zero. */
  unbalancedMovements: number;
  negativeBalances: number;
  /** Vendor movements not owned by exactly one vendor transaction (a transactionId applied twice). */
  duplicatedTransactions: number;
  /** Applied vendor transactions without their movement. */
  lostTransactions: number;
  movements: number;
}

/** The ledger invariants every wallet test checks after it acts. */
export async function checkLedger(app: App): Promise<LedgerCheck> {
  const one = async (statement: ReturnType<typeof sql>) => {
    const result: unknown = await app.db.execute(statement);
    return Number((result as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
  };
  return {
    balanceMismatches: await one(sql`SELECT count(*) AS n FROM wallet_accounts a
      WHERE a.owner_type IN ('member', 'member_vendor', 'member_bonus')
        AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
    unbalancedMovements: await one(sql`SELECT count(*) AS n FROM (
      SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
      GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0
        OR (m.kind = 'transfer' AND count(e.id) < 2)
        -- A stake or win split between the main and the bonus balance has three (decision 0063).
        OR (m.kind <> 'transfer' AND count(e.id) NOT BETWEEN 2 AND 3)) x`),
    negativeBalances: await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`),
    duplicatedTransactions: await one(sql`SELECT count(*) AS n FROM wallet_movements m
      WHERE (m.kind IN ('vendor_debit', 'vendor_credit')
             AND (SELECT count(*) FROM vendor_transactions t WHERE t.movement_id = m.id) <> 1)
         OR (m.kind IN ('vendor_rollback', 'round_cancel')
             AND (SELECT count(*) FROM vendor_transactions t WHERE t.rollback_movement_id = m.id) <> 1)`),
    lostTransactions: await one(sql`SELECT count(*) AS n FROM vendor_transactions
      WHERE mode = 'real' AND amount_minor > 0 AND (
        (state IN ('debited', 'credited') AND movement_id IS NULL)
        OR (state = 'rolled_back' AND (movement_id IS NULL OR rollback_movement_id IS NULL)))`),
    movements: await one(sql`SELECT count(*) AS n FROM wallet_movements`),
  };
}
