import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import {
  callWallet,
  checkLedger,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { WalletService } from './wallet.service';

describe(WalletService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const get = async (url: string, authorization?: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const adjust = (account: string, amountMinor: number, idempotencyKey: string) =>
    t.app.gaming.wallet.adjust(
      { merchantCode: 'parlay', account, amountMinor, reason: 'test adjustment', idempotencyKey },
      t.app.merchants,
    );

  describe('GET /wps/v2/wallets/balance', () => {
    it('answers sumBalance in minor units to the member and asks a visitor to sign in', async () => {
      const { authorization } = await createFundedPlayer(t.app, 4_321);
      const { body } = await get('/wps/v2/wallets/balance', authorization);
      expect(body.value).toEqual({ sumBalance: 4_321, currency: 'KRW', currencyExponent: 0 });
      expect((await get('/wps/v2/wallets/balance')).status).toBe(401);
    });

    it('starts the seeded demo member with its balance, once, through the ledger', async () => {
      // Besides the funding, the demo member's seeded past deposits (db/seed-cashier.ts) are in its balance.
      const rows: unknown = await t.app.db.execute(sql`SELECT a.balance_minor,
        (SELECT count(*) FROM wallet_movements w WHERE w.member_id = a.member_id AND w.kind = 'adjustment') AS movements,
        (SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_movements w
          WHERE w.member_id = a.member_id AND w.kind = 'deposit') AS deposits
        FROM wallet_accounts a JOIN members m ON m.id = a.member_id
        WHERE m.account = 'demo'`);
      const row = (rows as { rows: { balance_minor: unknown; movements: unknown; deposits: unknown }[] }).rows[0];
      expect(Number(row?.balance_minor)).toBe(1_000_000 + Number(row?.deposits));
      expect(Number(row?.movements)).toBe(1);
    });
  });

  describe('GCS_merchantWallet and consolidated funds', () => {
    it('answers one main wallet (isSingle) and the stakes of open rounds', async () => {
      const { authorization } = await createFundedPlayer(t.app, 1_000);
      const launch = await launchFor(t.app, authorization);
      await callWallet(t.app, 'debit', {
        playerId: launch.playerId,
        currency: 'KRW',
        requestId: 'cons-1',
        sessionToken: launch.sessionToken,
        transactionId: 'cons-d',
        roundId: 'cons-round',
        gameCode: 'G1',
        amountMinor: 250,
      });
      const wallet = await get('/wps/relay/GCS_merchantWallet?isSingle=true', authorization);
      expect(wallet.body.value).toEqual({
        isSingle: true,
        currency: 'KRW',
        wallets: [{ walletCode: 'MAIN', displayName: '메인 지갑', balanceMinor: 750 }],
      });
      const funds = await get('/wps/member/info/funds/consolidated', authorization);
      expect(funds.body.value).toMatchObject({ sumBalance: 750, inPlayMinor: 250, openRounds: 1 });
    });

    it('names the main wallet in the language of the request, Korean by default', async () => {
      const { authorization } = await createFundedPlayer(t.app, 0);
      const nameIn = async (url: string, language?: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: language ? { authorization, language } : { authorization },
        });
        return response.json<{ value: { wallets: { displayName: string }[] } }>().value.wallets[0]?.displayName;
      };
      for (const url of ['/wps/relay/GCS_merchantWallet', '/wps/member/info/funds/consolidated']) {
        expect(await nameIn(url), url).toBe('메인 지갑');
        expect(await nameIn(url, 'KO'), url).toBe('메인 지갑');
        expect(await nameIn(url, 'EN'), url).toBe('Main wallet');
      }
    });
  });

  describe('GCS_walletTransfer', () => {
    it('refuses a transfer on a single-wallet brand and moves nothing', async () => {
      const { authorization } = await createFundedPlayer(t.app, 1_000);
      const before = await checkLedger(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization, language: 'EN' },
        payload: { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 100, requestId: 'transfer-0001' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'WALLET_SINGLE_MODE',
        message: 'This site uses one wallet for every game, so no transfer is needed.',
      });
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
    });

    it('refuses a bad amount and a trial account', async () => {
      const { authorization } = await createFundedPlayer(t.app, 0);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization },
        payload: { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 1.5, requestId: 'transfer-0002' },
      });
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization: trial.authorization },
        payload: { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 1, requestId: 'transfer-0003' },
      });
      expect(refused.json().code).toBe('NEED_TRUE_ACCOUNT');
    });
  });

  describe('adjust', () => {
    it('credits once per key and refuses the key reused for another amount', async () => {
      const { member } = await signInTestMember(t.app);
      expect(await adjust(member.account, 500, 'adj-key-0001')).toMatchObject({ applied: true, balanceMinor: 500 });
      expect(await adjust(member.account, 500, 'adj-key-0001')).toMatchObject({ applied: false, balanceMinor: 500 });
      await expect(adjust(member.account, 600, 'adj-key-0001')).rejects.toMatchObject({
        code: 'WALLET_IDEMPOTENCY_CONFLICT',
      });
    });

    it('refuses a debit larger than the balance and moves nothing', async () => {
      const { member } = await signInTestMember(t.app);
      await adjust(member.account, 100, 'adj-key-0002');
      const before = await checkLedger(t.app);
      await expect(adjust(member.account, -101, 'adj-key-0003')).rejects.toMatchObject({
        code: 'WALLET_INSUFFICIENT_BALANCE',
        value: { balanceMinor: 100 },
      });
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
      expect(await adjust(member.account, -100, 'adj-key-0004')).toMatchObject({ applied: true, balanceMinor: 0 });
    });

    it('refuses an unknown member', async () => {
      await expect(adjust('nobody-here', 1, 'adj-key-0005')).rejects.toMatchObject({ code: 'WALLET_MEMBER_NOT_FOUND' });
    });

    it('refuses an unknown brand as an unknown brand, not as an unknown member', async () => {
      const { member } = await signInTestMember(t.app);
      await expect(
        t.app.gaming.wallet.adjust(
          {
            merchantCode: 'nobody',
            account: member.account,
            amountMinor: 1,
            reason: 'test',
            idempotencyKey: 'adj-key-0006',
          },
          t.app.merchants,
        ),
      ).rejects.toMatchObject({ code: 'MERCHANT_NOT_FOUND', value: { merchantCode: 'nobody' } });
    });
  });

  describe('ledger', () => {
    it('refuses to change or delete an entry or a movement', async () => {
      await expect(t.app.db.execute(sql`UPDATE ledger_entries SET amount_minor = 0`)).rejects.toThrow();
      await expect(t.app.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
      // The trigger refuses each before any constraint would (an update breaks none).
      for (const change of [
        sql`UPDATE wallet_movements SET amount_minor = 0`,
        sql`UPDATE wallet_movements SET idempotency_key = id::text`,
        sql`DELETE FROM wallet_movements`,
      ]) {
        await expect(t.app.db.execute(change)).rejects.toMatchObject({
          cause: { message: expect.stringContaining('wallet_movements is append-only') },
        });
      }
      expect(await checkLedger(t.app)).toMatchObject({
        balanceMismatches: 0,
        unbalancedMovements: 0,
        negativeBalances: 0,
      });
    });

    it("refuses a movement's entries that do not sum to zero, and writes none of them", async () => {
      const { member } = await signInTestMember(t.app);
      await adjust(member.account, 100, 'adj-key-0007');
      const rowsOf = async <Row>(query: SQL) => {
        const result: unknown = await t.app.db.execute(query);
        return (result as { rows: Row[] }).rows;
      };
      const [movement] = await rowsOf<{ movement_id: string; account_id: string; entries: string }>(sql`
        SELECT m.id AS movement_id, e.account_id, (SELECT count(*) FROM ledger_entries) AS entries
          FROM wallet_movements m JOIN ledger_entries e ON e.movement_id = m.id
         WHERE m.member_id = ${member.id} AND e.balance_after_minor IS NOT NULL
         LIMIT 1`);
      expect(movement).toBeDefined();
      const { movement_id: movementId, account_id: accountId } = movement!;
      for (const unbalanced of [
        // One side only: money made out of nothing.
        sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor) VALUES (${movementId}, ${accountId}, 5)`,
        // Both sides, but not the same amount.
        sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor)
            VALUES (${movementId}, ${accountId}, 5), (${movementId}, ${accountId}, -4)`,
      ]) {
        await expect(t.app.db.execute(unbalanced)).rejects.toMatchObject({
          cause: { message: expect.stringContaining(`ledger entries of movement ${movementId} do not sum to zero`) },
        });
      }
      const [after] = await rowsOf<{ entries: string }>(sql`SELECT count(*) AS entries FROM ledger_entries`);
      expect(Number(after!.entries)).toBe(Number(movement!.entries));
      expect(await checkLedger(t.app)).toMatchObject({ unbalancedMovements: 0, balanceMismatches: 0 });
    });
  });
});
