import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import {
  callWallet,
  checkLedger,
  createFundedPlayer,
  launchFor,
  TEST_VENDOR_SECRET,
  testVendorFeed,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { countTransfers, installWalletVendor, setTransferWallets, walletBalances } from './wallet-transfer.fixtures';
import { WalletTransfers } from './wallet-transfer.service';

const TRANSFER = '/wps/relay/GCS_walletTransfer';
const RECALL = '/wps/member/wallet/recall';
const WALLETS = '/wps/relay/GCS_merchantWallet';

describe(WalletTransfers.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Made first, so that the vendors' feeds offer their vendors to it too.
    await createTestBrand(t.app.db, 'duo', 'duo.test');
    // TESTV and TESTW keep wallets of their own, TESTM does too but is under maintenance, TESTS plays from main.
    await installWalletVendor(t.app, testVendorFeed('TESTV'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await installWalletVendor(t.app, testVendorFeed('TESTW'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await installWalletVendor(t.app, testVendorFeed('TESTM'), TEST_VENDOR_SECRET, {
      walletMode: 'transfer',
      status: 'maintenance',
    });
    await installWalletVendor(t.app, testVendorFeed('TESTS'), TEST_VENDOR_SECRET, { walletMode: 'seamless' });
    await setTransferWallets(t.app, 'parlay', true);
    await createTestBrand(t.app.db, 'solo', 'solo.test');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const post = async (url: string, authorization: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'POST', url, headers: { authorization, ...headers }, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const get = async (url: string, authorization: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url, headers: { authorization, ...headers } })).json();

  describe('GCS_merchantWallet', () => {
    it('answers the main wallet and one per transfer-mode vendor the brand offers, a vendor under maintenance taking nothing in', async () => {
      const { authorization } = await createFundedPlayer(t.app, 1_000);
      const { value } = await get(WALLETS, authorization, { language: 'EN' });
      expect(value.isSingle).toBe(false);
      // The demo catalogue's lottery and sports vendors keep wallets too (under maintenance): the test vendors here.
      const tested = (value.wallets as { walletCode: string }[]).filter(
        (wallet) => wallet.walletCode === 'MAIN' || wallet.walletCode.startsWith('TEST'),
      );
      expect(value.wallets.find((wallet: { walletCode: string }) => wallet.walletCode === 'DS88')).toMatchObject({
        balanceMinor: 0,
        acceptsTransfers: false,
      });
      expect(tested).toEqual([
        { walletCode: 'MAIN', displayName: 'Main wallet', balanceMinor: 1_000 },
        { walletCode: 'TESTV', displayName: 'Test vendor TESTV', balanceMinor: 0, acceptsTransfers: true },
        { walletCode: 'TESTW', displayName: 'Test vendor TESTW', balanceMinor: 0, acceptsTransfers: true },
        { walletCode: 'TESTM', displayName: 'Test vendor TESTM', balanceMinor: 0, acceptsTransfers: false },
      ]);
    });

    it('answers one wallet on a brand without TRANSFER_WALLETS, and refuses its transfers', async () => {
      const { authorization } = await signInTestMember(t.app, { merchantCode: 'solo' });
      const host = { host: 'solo.test' };
      expect((await get(WALLETS, authorization, host)).value).toEqual({
        isSingle: true,
        currency: 'KRW',
        wallets: [{ walletCode: 'MAIN', displayName: '메인 지갑', balanceMinor: 0 }],
      });
      const refused = await post(
        TRANSFER,
        authorization,
        { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 1, requestId: 'solo-transfer-1' },
        host,
      );
      expect([refused.status, refused.body.code]).toEqual([409, 'WALLET_SINGLE_MODE']);
      const recall = await post(RECALL, authorization, { requestId: 'solo-recall-01' }, host);
      expect([recall.status, recall.body.code]).toEqual([409, 'WALLET_SINGLE_MODE']);
    });
  });

  describe('GCS_walletTransfer', () => {
    it('moves money to a vendor wallet and back as one movement each, with two entries, the total unchanged', async () => {
      const { member, authorization } = await createFundedPlayer(t.app, 1_000);
      const into = await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTV',
        amountMinor: 300,
        requestId: 'into-testv-0001',
      });
      expect(into.status).toBe(200);
      expect(
        Object.fromEntries(
          into.body.value.wallets.map((w: { walletCode: string; balanceMinor: number }) => [
            w.walletCode,
            w.balanceMinor,
          ]),
        ),
      ).toMatchObject({ MAIN: 700, TESTV: 300 });
      const back = await post(TRANSFER, authorization, {
        fromWallet: 'TESTV',
        toWallet: 'MAIN',
        amountMinor: 120,
        requestId: 'back-testv-0001',
      });
      expect(back.status).toBe(200);
      expect(await walletBalances(t.app, member.id)).toMatchObject({ MAIN: 820, TESTV: 180 });
      expect((await get('/wps/v2/wallets/balance', authorization)).value.sumBalance).toBe(1_000);

      const result: unknown = await t.app.db.execute(sql`SELECT m.amount_minor, m.reason,
          array_agg(e.amount_minor ORDER BY e.id) AS entries
        FROM wallet_movements m JOIN ledger_entries e ON e.movement_id = m.id
        WHERE m.member_id = ${member.id} AND m.kind = 'transfer' GROUP BY m.id ORDER BY m.id`);
      const rows = (result as { rows: { amount_minor: unknown; reason: string; entries: unknown[] }[] }).rows;
      expect(rows.map((row) => [Number(row.amount_minor), row.reason, row.entries.map(Number)])).toEqual([
        [-300, 'MAIN > TESTV', [-300, 300]],
        [120, 'TESTV > MAIN', [-120, 120]],
      ]);
      expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });
    });

    it('answers a repeated requestId with the wallets as they are and moves nothing; other content is a conflict', async () => {
      const { member, authorization } = await createFundedPlayer(t.app, 500);
      const body = { fromWallet: 'MAIN', toWallet: 'TESTW', amountMinor: 200, requestId: 'repeat-0000001' };
      expect((await post(TRANSFER, authorization, body)).status).toBe(200);
      const again = await post(TRANSFER, authorization, body);
      expect(again.status).toBe(200);
      expect(await walletBalances(t.app, member.id)).toMatchObject({ MAIN: 300, TESTW: 200 });
      expect(await countTransfers(t.app, member.id)).toBe(1);
      const other = await post(TRANSFER, authorization, { ...body, amountMinor: 201 }, { language: 'EN' });
      expect([other.status, other.body.code]).toEqual([409, 'WALLET_IDEMPOTENCY_CONFLICT']);
      // Another member's transfer with the same requestId is that member's own.
      const second = await createFundedPlayer(t.app, 500);
      expect((await post(TRANSFER, second.authorization, body)).status).toBe(200);
      expect(await walletBalances(t.app, second.member.id)).toMatchObject({ MAIN: 300, TESTW: 200 });
    });

    it('refuses each bad transfer with a translated error, and changes nothing', async () => {
      const { member, authorization } = await createFundedPlayer(t.app, 100);
      const before = await checkLedger(t.app);
      const cases: [object, number, string, string?][] = [
        [
          { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 101 },
          409,
          'WALLET_INSUFFICIENT_BALANCE',
          'Not enough money.',
        ],
        [{ fromWallet: 'TESTV', toWallet: 'MAIN', amountMinor: 1 }, 409, 'WALLET_INSUFFICIENT_BALANCE'],
        [
          { fromWallet: 'MAIN', toWallet: 'NOPE', amountMinor: 1 },
          404,
          'WALLET_VENDOR_UNKNOWN',
          'There is no wallet of that game provider.',
        ],
        [{ fromWallet: 'NOPE', toWallet: 'MAIN', amountMinor: 1 }, 404, 'WALLET_VENDOR_UNKNOWN'],
        [
          { fromWallet: 'MAIN', toWallet: 'TESTS', amountMinor: 1 },
          409,
          'WALLET_VENDOR_NOT_TRANSFER',
          'This game provider plays from the main wallet, so no transfer is needed.',
        ],
        [{ fromWallet: 'MAIN', toWallet: 'TESTM', amountMinor: 1 }, 409, 'WALLET_VENDOR_MAINTENANCE'],
        [{ fromWallet: 'MAIN', toWallet: 'MAIN', amountMinor: 1 }, 400, 'VALIDATION_FAILED'],
        [{ fromWallet: 'TESTV', toWallet: 'TESTW', amountMinor: 1 }, 400, 'VALIDATION_FAILED'],
        [{ fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 0 }, 400, 'VALIDATION_FAILED'],
        [{ fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: -5 }, 400, 'VALIDATION_FAILED'],
        [{ fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 1.5 }, 400, 'VALIDATION_FAILED'],
        [{ fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: Number.MAX_SAFE_INTEGER + 2 }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [index, [body, status, code, message]] of cases.entries()) {
        const response = await post(
          TRANSFER,
          authorization,
          { ...body, requestId: `refused-${index}-000` },
          { language: 'EN' },
        );
        expect([response.status, response.body.code], JSON.stringify(body)).toEqual([status, code]);
        if (message) expect(response.body.message).toBe(message);
      }
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
      expect((await walletBalances(t.app, member.id))['MAIN']).toBe(100);
      // A refusal keeps no key: the same requestId with a transfer that fits is then applied.
      const fits = await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTV',
        amountMinor: 100,
        requestId: 'refused-0-000',
      });
      expect(fits.status).toBe(200);
    });

    it('refuses a visitor and a trial account', async () => {
      const body = { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 1, requestId: 'who-000000001' };
      const visitor = await t.app.inject({ method: 'POST', url: TRANSFER, payload: body });
      expect(visitor.json().code).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect((await post(TRANSFER, trial.authorization, body)).body.code).toBe('NEED_TRUE_ACCOUNT');
    });
  });

  describe('recall', () => {
    it("brings every vendor wallet's money back to main as one movement, and a repeat moves nothing", async () => {
      const { member, authorization } = await createFundedPlayer(t.app, 1_000);
      await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTV',
        amountMinor: 250,
        requestId: 'rc-in-v-00001',
      });
      await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTW',
        amountMinor: 150,
        requestId: 'rc-in-w-00001',
      });
      const recalled = await post(RECALL, authorization, { requestId: 'recall-000001' });
      expect(recalled.status).toBe(200);
      expect(
        recalled.body.value.wallets.map((w: { walletCode: string; balanceMinor: number }) =>
          w.walletCode === 'MAIN' ? w.balanceMinor === 1_000 : w.balanceMinor === 0,
        ),
      ).not.toContain(false);
      expect(await countTransfers(t.app, member.id)).toBe(3);
      await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTV',
        amountMinor: 50,
        requestId: 'rc-in-v-00002',
      });
      expect((await post(RECALL, authorization, { requestId: 'recall-000001' })).status).toBe(200);
      expect(await walletBalances(t.app, member.id)).toMatchObject({ MAIN: 950, TESTV: 50, TESTW: 0 });
      expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });
    });
  });

  describe('the seamless wallet on a multi-wallet brand', () => {
    it("debits, credits and rolls back a transfer-mode vendor's game in that vendor's wallet, never the main one", async () => {
      const { member, authorization } = await createFundedPlayer(t.app, 1_000);
      const launch = await launchFor(t.app, authorization);
      const base = { playerId: launch.playerId, currency: 'KRW', gameCode: 'G1' };
      const debit = (id: string, amountMinor: number) =>
        callWallet(t.app, 'debit', {
          ...base,
          requestId: id,
          transactionId: id,
          roundId: `round-${id}`,
          sessionToken: launch.sessionToken,
          amountMinor,
        });
      // The main wallet has 1,000 but the vendor's has nothing: the stake is refused.
      expect((await debit('sw-d-0001', 10)).body.code).toBe('INSUFFICIENT_FUNDS');
      await post(TRANSFER, authorization, {
        fromWallet: 'MAIN',
        toWallet: 'TESTV',
        amountMinor: 100,
        requestId: 'sw-fund-00001',
      });
      expect((await callWallet(t.app, 'balance', { ...base, requestId: 'sw-b-0001' })).body.value.balanceMinor).toBe(
        100,
      );
      expect((await debit('sw-d-0002', 40)).body.value).toMatchObject({ balanceMinor: 60, applied: true });
      const credit = await callWallet(t.app, 'credit', {
        ...base,
        requestId: 'sw-c-0002',
        transactionId: 'sw-c-0002',
        roundId: 'round-sw-d-0002',
        amountMinor: 90,
        roundEnded: true,
      });
      expect(credit.body.value).toMatchObject({ balanceMinor: 150, applied: true });
      expect((await debit('sw-d-0003', 30)).body.value.balanceMinor).toBe(120);
      const rollback = await callWallet(t.app, 'rollback', {
        ...base,
        requestId: 'sw-r-0003',
        transactionId: 'sw-d-0003',
        roundId: 'round-sw-d-0003',
      });
      expect(rollback.body.value).toMatchObject({ balanceMinor: 150, applied: true });
      expect(await walletBalances(t.app, member.id)).toMatchObject({ MAIN: 900, TESTV: 150 });
      expect((await get('/wps/v2/wallets/balance', authorization)).value.sumBalance).toBe(1_050);
      expect(await checkLedger(t.app)).toMatchObject({
        balanceMismatches: 0,
        unbalancedMovements: 0,
        duplicatedTransactions: 0,
        lostTransactions: 0,
      });
    });
  });

  describe('the brand setting', () => {
    it('is audited, and refuses to go back to one wallet while a member holds money in a vendor wallet', async () => {
      await setTransferWallets(t.app, 'duo', true);
      const { member, authorization } = await signInTestMember(t.app, { merchantCode: 'duo' });
      await t.app.gaming.wallet.adjust(
        {
          merchantCode: 'duo',
          account: member.account,
          amountMinor: 10,
          reason: 'test funding',
          idempotencyKey: 'duo-fund-0001',
        },
        t.app.merchants,
      );
      const host = { host: 'duo.test' };
      const into = { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 10, requestId: 'duo-into-0001' };
      expect((await post(TRANSFER, authorization, into, host)).status).toBe(200);
      await expect(setTransferWallets(t.app, 'duo', false)).rejects.toMatchObject({
        code: 'WALLET_VENDOR_WALLETS_HOLD_MONEY',
        value: { members: 1 },
      });
      expect((await post(RECALL, authorization, { requestId: 'duo-recall-001' }, host)).status).toBe(200);
      await setTransferWallets(t.app, 'duo', false);
      expect((await get(WALLETS, authorization, host)).value.isSingle).toBe(true);
      const audit: unknown = await t.app.db.execute(sql`SELECT a.before, a.after FROM audit_log a
        JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'duo' AND a.action = 'brand.flag' ORDER BY a.id`);
      expect((audit as { rows: unknown[] }).rows).toEqual([
        { before: { TRANSFER_WALLETS: null }, after: { TRANSFER_WALLETS: '1' } },
        { before: { TRANSFER_WALLETS: '1' }, after: { TRANSFER_WALLETS: '0' } },
      ]);
    });
  });
});
