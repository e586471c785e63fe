import { VENDOR_HEADERS, VENDOR_WALLET_PATHS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  callWallet,
  checkLedger,
  createFundedPlayer,
  installTestVendor,
  launchFor,
  TEST_VENDOR_SECRET,
  unixSeconds,
} from './seamless-wallet.fixtures';
import { signBody, signWalletCall } from '../vendors/index';
import { SeamlessWalletService } from './seamless-wallet.service';

describe(SeamlessWalletService.name, () => {
  let t: TestApp;
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${(seq += 1)}`;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  async function player(balance = 10_000) {
    const { authorization, member } = await createFundedPlayer(t.app, balance);
    const launch = await launchFor(t.app, authorization);
    const base = { playerId: launch.playerId, currency: launch.currency };
    return { authorization, member, launch, base };
  }

  describe('signature', () => {
    it('refuses a call signed with another secret and moves nothing', async () => {
      const { base, launch } = await player();
      const before = await checkLedger(t.app);
      const response = await callWallet(
        t.app,
        'debit',
        {
          ...base,
          requestId: id('r'),
          sessionToken: launch.sessionToken,
          transactionId: id('t'),
          roundId: id('round'),
          gameCode: 'G1',
          amountMinor: 100,
        },
        { secret: 'wrong-secret' },
      );
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('VENDOR_SIGNATURE_INVALID');
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
    });

    it('refuses a missing signature and an unknown vendor', async () => {
      const { base } = await player();
      const noSignature = await callWallet(t.app, 'balance', { ...base, requestId: id('r') }, { signature: '' });
      expect(noSignature.body.code).toBe('VENDOR_SIGNATURE_INVALID');
      const unknown = await callWallet(t.app, 'balance', { ...base, requestId: id('r') }, { vendorCode: 'NOPE' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.code).toBe('VENDOR_UNKNOWN');
    });

    it('checks the signature over the raw bytes, so a re-serialised body does not pass', async () => {
      const { base } = await player();
      const body = { ...base, requestId: id('r') };
      const now = unixSeconds();
      const signature = signWalletCall(TEST_VENDOR_SECRET, now, JSON.stringify(body, null, 2));
      const response = await callWallet(t.app, 'balance', body, { signature, timestamp: now });
      expect(response.body.code).toBe('VENDOR_SIGNATURE_INVALID');
    });

    it('reads nothing of a body before its signature checks out', async () => {
      const now = unixSeconds();
      const send = (raw: string, signature: string) =>
        t.app.inject({
          method: 'POST',
          url: VENDOR_WALLET_PATHS.balance,
          headers: {
            'content-type': 'application/json',
            [VENDOR_HEADERS.vendorCode]: 'TESTV',
            [VENDOR_HEADERS.timestamp]: String(now),
            [VENDOR_HEADERS.signature]: signature,
          },
          payload: raw,
        });
      const notJson = '{"requestId": ';
      const unsigned = await send(notJson, signWalletCall('wrong-secret', now, notJson));
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json<{ code: string }>().code).toBe('VENDOR_SIGNATURE_INVALID');
      const signed = await send(notJson, signWalletCall(TEST_VENDOR_SECRET, now, notJson));
      expect(signed.statusCode).toBe(400);
      expect(signed.json<{ code: string }>().code).toBe('MALFORMED_REQUEST');
    });
  });

  describe('signature time', () => {
    const MINUTE = 60;
    const debitOf = (p: Awaited<ReturnType<typeof player>>) => ({
      ...p.base,
      requestId: id('r'),
      sessionToken: p.launch.sessionToken,
      transactionId: id('t'),
      roundId: id('round'),
      gameCode: 'G1',
      amountMinor: 100,
    });
    const balanceOf = async (p: Awaited<ReturnType<typeof player>>) =>
      (await callWallet(t.app, 'balance', { ...p.base, requestId: id('r') })).body.value.balanceMinor as number;

    it('refuses a call signed 6 minutes ago or 6 minutes ahead, moves nothing and keeps no answer', async () => {
      const p = await player(1_000);
      const before = await checkLedger(t.app);
      const debit = debitOf(p);
      for (const offset of [-6 * MINUTE, 6 * MINUTE]) {
        const refused = await callWallet(t.app, 'debit', debit, { timestamp: unixSeconds() + offset });
        expect([refused.status, refused.body.code]).toEqual([401, 'VENDOR_SIGNATURE_EXPIRED']);
      }
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
      expect(await balanceOf(p)).toBe(1_000);
      // Nothing was stored for the requestId: the same call signed now is the first.
      const fresh = await callWallet(t.app, 'debit', debit);
      expect(fresh.body.value).toMatchObject({ balanceMinor: 900, applied: true });
    });

    it('takes a call signed 4 minutes ago or 4 minutes ahead (clocks drift)', async () => {
      const p = await player(1_000);
      const late = await callWallet(t.app, 'debit', debitOf(p), { timestamp: unixSeconds() - 4 * MINUTE });
      expect(late.body.value).toMatchObject({ balanceMinor: 900, applied: true });
      const early = await callWallet(t.app, 'debit', debitOf(p), { timestamp: unixSeconds() + 4 * MINUTE });
      expect(early.body.value).toMatchObject({ balanceMinor: 800, applied: true });
    });

    it('refuses an old-style signature over the body alone, with or without a time', async () => {
      const p = await player(1_000);
      const debit = debitOf(p);
      const bodyOnly = signBody(TEST_VENDOR_SECRET, JSON.stringify(debit));
      const noTime = await callWallet(t.app, 'debit', debit, { signature: bodyOnly, timestamp: null });
      expect([noTime.status, noTime.body.code]).toEqual([401, 'VENDOR_SIGNATURE_EXPIRED']);
      const withTime = await callWallet(t.app, 'debit', debit, { signature: bodyOnly });
      expect([withTime.status, withTime.body.code]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
      for (const timestamp of ['', 'soon', '1.7e9', '-60']) {
        const raw = JSON.stringify(debit);
        const response = await t.app.inject({
          method: 'POST',
          url: VENDOR_WALLET_PATHS.debit,
          headers: {
            'content-type': 'application/json',
            [VENDOR_HEADERS.vendorCode]: 'TESTV',
            [VENDOR_HEADERS.timestamp]: timestamp,
            [VENDOR_HEADERS.signature]: signWalletCall(TEST_VENDOR_SECRET, timestamp, raw),
          },
          payload: raw,
        });
        expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([
          401,
          'VENDOR_SIGNATURE_EXPIRED',
        ]);
      }
      expect(await balanceOf(p)).toBe(1_000);
    });

    it('refuses a captured call sent again with a new time: the signature covers the time', async () => {
      const p = await player(1_000);
      const debit = debitOf(p);
      const signedAt = unixSeconds() - 10 * MINUTE;
      const captured = signWalletCall(TEST_VENDOR_SECRET, signedAt, JSON.stringify(debit));
      const replayed = await callWallet(t.app, 'debit', debit, { signature: captured, timestamp: unixSeconds() });
      expect([replayed.status, replayed.body.code]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
      expect(await balanceOf(p)).toBe(1_000);
    });

    it('answers a repeated requestId signed again later with its first answer', async () => {
      const p = await player(1_000);
      const debit = debitOf(p);
      const first = await callWallet(t.app, 'debit', debit, { timestamp: unixSeconds() - 3 * MINUTE });
      const again = await callWallet(t.app, 'debit', debit);
      expect(again).toEqual(first);
      expect(await balanceOf(p)).toBe(900);
    });
  });

  describe('balance', () => {
    it('answers the balance the ledger holds', async () => {
      const { base } = await player(12_345);
      const response = await callWallet(t.app, 'balance', { ...base, requestId: id('r') });
      expect(response.status).toBe(200);
      expect(response.body.value).toEqual({ balanceMinor: 12_345, currency: 'KRW' });
    });

    it('refuses an unknown player and another currency', async () => {
      const { base } = await player();
      const unknown = await callWallet(t.app, 'balance', { ...base, playerId: '99999999', requestId: id('r') });
      expect(unknown.body.code).toBe('VENDOR_PLAYER_UNKNOWN');
      const currency = await callWallet(t.app, 'balance', { ...base, currency: 'USD', requestId: id('r') });
      expect(currency.body.code).toBe('VENDOR_CURRENCY_MISMATCH');
    });
  });

  describe('debit', () => {
    it('takes the stake once, even when the transactionId comes again with a new requestId', async () => {
      const { base, launch } = await player(1_000);
      const debit = {
        ...base,
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 300,
      };
      const first = await callWallet(t.app, 'debit', { ...debit, requestId: id('r') });
      expect(first.body.value).toMatchObject({ balanceMinor: 700, applied: true });
      const again = await callWallet(t.app, 'debit', { ...debit, requestId: id('r') });
      expect(again.body.value).toMatchObject({ balanceMinor: 700, applied: false });
      const ledger = await checkLedger(t.app);
      expect(ledger).toMatchObject({
        balanceMismatches: 0,
        unbalancedMovements: 0,
        negativeBalances: 0,
        duplicatedTransactions: 0,
        lostTransactions: 0,
      });
    });

    it('answers a repeated requestId with its first answer, byte for byte', async () => {
      const { base, launch } = await player(1_000);
      const body = {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 100,
      };
      const first = await callWallet(t.app, 'debit', body);
      const second = await callWallet(t.app, 'debit', body);
      expect(second).toEqual(first);
    });

    it('repeats a success for its requestId even after the session has ended', async () => {
      const { base, launch } = await player(1_000);
      const body = {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 100,
      };
      const first = await callWallet(t.app, 'debit', body);
      await t.app.db.execute(sql`UPDATE game_sessions SET ended_at = now()`);
      expect(await callWallet(t.app, 'debit', body)).toEqual(first);
    });

    it('refuses a requestId reused with another body', async () => {
      const { base, launch } = await player(1_000);
      const body = {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 100,
      };
      await callWallet(t.app, 'debit', body);
      const changed = await callWallet(t.app, 'debit', { ...body, amountMinor: 200 });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('VENDOR_IDEMPOTENCY_CONFLICT');
    });

    it('refuses a debit larger than the balance, says the balance, and moves nothing', async () => {
      const { base, launch } = await player(50);
      const before = await checkLedger(t.app);
      const response = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 51,
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
      expect(response.body.value).toEqual({ balanceMinor: 50 });
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
    });

    it('refuses a debit without a live session for this player', async () => {
      const { base } = await player(1_000);
      const other = await player(1_000);
      const response = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: other.launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 10,
      });
      expect(response.body.code).toBe('VENDOR_SESSION_EXPIRED');
    });

    it('refuses a game the vendor does not have', async () => {
      const { base, launch } = await player(1_000);
      const response = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'NOPE',
        amountMinor: 10,
      });
      expect(response.body.code).toBe('VENDOR_GAME_UNKNOWN');
    });

    it('refuses a body that breaks the contract', async () => {
      const { base, launch } = await player(1_000);
      const response = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: -5,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('credit', () => {
    it('pays the win and settles the round, even after the session ended', async () => {
      const { base, launch, authorization } = await player(1_000);
      const roundId = id('round');
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 200,
      });
      await t.app.db.execute(sql`UPDATE game_sessions SET ended_at = now()`);
      const credit = await callWallet(t.app, 'credit', {
        ...base,
        requestId: id('r'),
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 500,
        detail: { outcome: 'win' },
      });
      expect(credit.body.value).toMatchObject({ balanceMinor: 1_300, applied: true });
      const records = await t.app.inject({
        method: 'GET',
        url: '/wps/member/betting/records',
        headers: { authorization },
      });
      expect(records.json().value.list[0]).toMatchObject({
        roundId,
        stakeMinor: 200,
        winMinor: 500,
        validBetMinor: 200,
        profitMinor: 300,
        status: 'settled',
      });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/wps/member/betting/records/TESTV/${roundId}`,
        headers: { authorization },
      });
      expect(detail.json().value.detail).toEqual({ outcome: 'win' });
      expect(detail.json().value.transactions.map((tx: { kind: string }) => tx.kind)).toEqual(['debit', 'credit']);
    });

    it('refuses a credit to a settled round and moves nothing', async () => {
      const { base, launch } = await player(1_000);
      const roundId = id('round');
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 100,
      });
      await callWallet(t.app, 'credit', {
        ...base,
        requestId: id('r'),
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 0,
      });
      const late = await callWallet(t.app, 'credit', {
        ...base,
        requestId: id('r'),
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 100,
      });
      expect(late.body.code).toBe('VENDOR_ROUND_CLOSED');
      const balance = await callWallet(t.app, 'balance', { ...base, requestId: id('r') });
      expect(balance.body.value.balanceMinor).toBe(900);
    });

    it('refuses a NUL character in the round detail with 400 and moves nothing; the text \\u0000 is fine', async () => {
      const { base, launch } = await player(1_000);
      const round = id('round');
      const debit = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: round,
        gameCode: 'G1',
        amountMinor: 100,
      });
      expect(debit.status).toBe(200);
      const before = await checkLedger(t.app);
      const credit = (detail: Record<string, unknown>) =>
        callWallet(t.app, 'credit', {
          ...base,
          requestId: id('r'),
          transactionId: id('t'),
          roundId: round,
          gameCode: 'G1',
          amountMinor: 50,
          detail,
        });
      for (const detail of [{ outcome: 'a\u0000b' }, { '\u0000': 1 }, { reels: [['x', 'y\u0000']] }]) {
        const refused = await credit(detail);
        expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      }
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
      const paid = await credit({ outcome: 'a backslash and u0000: \\u0000' });
      expect(paid.body.value).toMatchObject({ balanceMinor: 950, applied: true });
    });
  });

  describe('rollback', () => {
    it('gives the stake back and cancels the round', async () => {
      const { base, launch, authorization } = await player(1_000);
      const roundId = id('round');
      const transactionId = id('t');
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId,
        roundId,
        gameCode: 'G1',
        amountMinor: 400,
      });
      const rollback = await callWallet(t.app, 'rollback', {
        ...base,
        requestId: id('r'),
        transactionId,
        roundId,
        gameCode: 'G1',
      });
      expect(rollback.body.value).toMatchObject({ balanceMinor: 1_000, applied: true });
      const again = await callWallet(t.app, 'rollback', {
        ...base,
        requestId: id('r'),
        transactionId,
        roundId,
        gameCode: 'G1',
      });
      expect(again.body.value).toMatchObject({ balanceMinor: 1_000, applied: false });
      const records = await t.app.inject({
        method: 'GET',
        url: '/wps/member/betting/records',
        headers: { authorization },
      });
      expect(records.json().value.list[0]).toMatchObject({ roundId, status: 'cancelled', validBetMinor: 0 });
    });

    it('acknowledges a rollback of an unknown transaction and refuses that debit when it arrives', async () => {
      const { base, launch } = await player(1_000);
      const roundId = id('round');
      const transactionId = id('t');
      const early = await callWallet(t.app, 'rollback', {
        ...base,
        requestId: id('r'),
        transactionId,
        roundId,
        gameCode: 'G1',
      });
      expect(early.status).toBe(200);
      expect(early.body.value).toMatchObject({ balanceMinor: 1_000, applied: true });
      const late = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId,
        roundId,
        gameCode: 'G1',
        amountMinor: 100,
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('VENDOR_TRANSACTION_ROLLED_BACK');
      const balance = await callWallet(t.app, 'balance', { ...base, requestId: id('r') });
      expect(balance.body.value.balanceMinor).toBe(1_000);
    });

    it('refuses to roll back a credit', async () => {
      const { base, launch } = await player(1_000);
      const roundId = id('round');
      const credit = id('t');
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 100,
      });
      await callWallet(t.app, 'credit', {
        ...base,
        requestId: id('r'),
        transactionId: credit,
        roundId,
        gameCode: 'G1',
        amountMinor: 100,
        roundEnded: false,
      });
      const response = await callWallet(t.app, 'rollback', {
        ...base,
        requestId: id('r'),
        transactionId: credit,
        roundId,
        gameCode: 'G1',
      });
      expect(response.body.code).toBe('VENDOR_ROLLBACK_NOT_DEBIT');
    });
  });

  describe('edges', () => {
    const debitOf = (p: Awaited<ReturnType<typeof player>>, amountMinor: number, more: object = {}) => ({
      ...p.base,
      requestId: id('r'),
      sessionToken: p.launch.sessionToken,
      transactionId: id('t'),
      roundId: id('round'),
      gameCode: 'G1',
      amountMinor,
      ...more,
    });
    const balanceOf = async (p: Awaited<ReturnType<typeof player>>) =>
      (await callWallet(t.app, 'balance', { ...p.base, requestId: id('r') })).body.value.balanceMinor as number;

    it("rolls back a debit whose id another debit's id ends with, after `rollback:` (the keys cannot meet)", async () => {
      const p = await player(1_000);
      const plain = id('tx');
      const first = await callWallet(t.app, 'debit', debitOf(p, 100, { transactionId: `rollback:${plain}` }));
      const second = await callWallet(t.app, 'debit', debitOf(p, 200, { transactionId: plain }));
      expect([first.status, second.status]).toEqual([200, 200]);
      const rolledBack = await callWallet(t.app, 'rollback', {
        ...p.base,
        requestId: id('r'),
        transactionId: plain,
        roundId: debitOf(p, 0).roundId,
        gameCode: 'G1',
      });
      // The round id differs from the debit's: the platform refuses that, so take the debit's own round.
      expect(rolledBack.body.code).toBe('VENDOR_IDEMPOTENCY_CONFLICT');
      const rows: unknown = await t.app.db.execute(
        sql`SELECT round_id FROM vendor_transactions WHERE transaction_id = ${plain}`,
      );
      const roundId = (rows as { rows: { round_id: string }[] }).rows[0]!.round_id;
      const back = await callWallet(t.app, 'rollback', {
        ...p.base,
        requestId: id('r'),
        transactionId: plain,
        roundId,
        gameCode: 'G1',
      });
      expect(back.status).toBe(200);
      expect(back.body.value).toMatchObject({ balanceMinor: 900, applied: true });
      expect(await balanceOf(p)).toBe(900);
      const ledger = await checkLedger(t.app);
      expect(ledger).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0, duplicatedTransactions: 0 });
    });

    it('answers a repeated debit as a repeat after its session ended, with a new requestId too', async () => {
      const p = await player(1_000);
      const body = debitOf(p, 300);
      const first = await callWallet(t.app, 'debit', body);
      expect(first.body.value).toMatchObject({ balanceMinor: 700, applied: true });
      await t.app.db.execute(sql`UPDATE game_sessions SET ended_at = now() WHERE member_id = ${p.member.id}`);
      const repeat = await callWallet(t.app, 'debit', { ...body, requestId: id('r') });
      expect(repeat.status).toBe(200);
      expect(repeat.body.value).toMatchObject({ balanceMinor: 700, applied: false, transactionId: body.transactionId });
      expect(await balanceOf(p)).toBe(700);
    });

    it('ends the game with the sign-in that launched it: no new stake after sign-out, the open round still settles', async () => {
      const p = await player(1_000);
      const other = await player(1_000);
      const open = debitOf(p, 100);
      expect((await callWallet(t.app, 'debit', open)).status).toBe(200);
      await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: p.authorization } });

      const refused = await callWallet(t.app, 'debit', debitOf(p, 100));
      expect(refused.body.code).toBe('VENDOR_SESSION_EXPIRED');
      expect(await balanceOf(p)).toBe(900);
      const credit = await callWallet(t.app, 'credit', {
        ...p.base,
        requestId: id('r'),
        transactionId: id('t'),
        roundId: open.roundId,
        gameCode: 'G1',
        amountMinor: 250,
      });
      expect(credit.body.value).toMatchObject({ balanceMinor: 1_150, applied: true });
      // Another member's game, launched from a sign-in of their own, plays on.
      expect((await callWallet(t.app, 'debit', debitOf(other, 100))).body.value).toMatchObject({ balanceMinor: 900 });
    });

    it('takes no new stake from a member who is no longer active, and settles the open round', async () => {
      const p = await player(1_000);
      const open = debitOf(p, 100);
      expect((await callWallet(t.app, 'debit', open)).status).toBe(200);
      await t.app.db.execute(sql`UPDATE members SET status = 'closed' WHERE id = ${p.member.id}`);
      try {
        const refused = await callWallet(t.app, 'debit', debitOf(p, 100));
        expect(refused.body.code).toBe('VENDOR_SESSION_EXPIRED');
        const rollback = await callWallet(t.app, 'rollback', {
          ...p.base,
          requestId: id('r'),
          transactionId: open.transactionId,
          roundId: open.roundId,
          gameCode: 'G1',
        });
        expect(rollback.body.value).toMatchObject({ balanceMinor: 1_000, applied: true });
      } finally {
        await t.app.db.execute(sql`UPDATE members SET status = 'active' WHERE id = ${p.member.id}`);
      }
    });

    it('settles the open rounds of a vendor switched off, for the platform or the brand, and takes no new stake', async () => {
      const p = await player(1_000);
      const open = debitOf(p, 100);
      const second = debitOf(p, 100);
      expect((await callWallet(t.app, 'debit', open)).status).toBe(200);
      expect((await callWallet(t.app, 'debit', second)).status).toBe(200);
      const settle = (round: typeof open) =>
        callWallet(t.app, 'credit', {
          ...p.base,
          requestId: id('r'),
          transactionId: id('t'),
          roundId: round.roundId,
          gameCode: 'G1',
          amountMinor: 150,
        });

      await t.app.db.execute(sql`UPDATE game_vendors SET status = 'disabled' WHERE code = 'TESTV'`);
      t.app.gaming.vendors.invalidateVendor('TESTV');
      try {
        const refused = await callWallet(t.app, 'debit', debitOf(p, 100));
        expect([refused.status, refused.body.code]).toEqual([401, 'VENDOR_UNKNOWN']);
        expect((await settle(open)).body.value).toMatchObject({ balanceMinor: 950, applied: true });
      } finally {
        await t.app.db.execute(sql`UPDATE game_vendors SET status = 'active' WHERE code = 'TESTV'`);
        t.app.gaming.vendors.invalidateVendor('TESTV');
      }

      const brandLink = sql`UPDATE merchant_vendors SET enabled = false
        WHERE vendor_id = (SELECT id FROM game_vendors WHERE code = 'TESTV')`;
      await t.app.db.execute(brandLink);
      t.app.gaming.seamlessWallet.invalidatePlayers();
      try {
        const refused = await callWallet(t.app, 'debit', debitOf(p, 100));
        expect(refused.body.code).toBe('VENDOR_PLAYER_UNKNOWN');
        expect((await settle(second)).body.value).toMatchObject({ balanceMinor: 1_100, applied: true });
      } finally {
        await t.app.db.execute(sql`UPDATE merchant_vendors SET enabled = true
          WHERE vendor_id = (SELECT id FROM game_vendors WHERE code = 'TESTV')`);
        t.app.gaming.seamlessWallet.invalidatePlayers();
      }
      expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });
    });
  });

  describe('requestId', () => {
    it('answers a repeat with the first refusal, even one found before the call was recorded', async () => {
      const p = await player(1_000);
      const open = {
        ...p.base,
        requestId: id('r'),
        sessionToken: p.launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 100,
      };
      expect((await callWallet(t.app, 'debit', open)).status).toBe(200);
      const credit = {
        ...p.base,
        requestId: id('r'),
        transactionId: id('t'),
        roundId: open.roundId,
        gameCode: 'G1',
        amountMinor: 300,
      };
      const link = sql`merchant_vendors WHERE vendor_id = (SELECT id FROM game_vendors WHERE code = 'TESTV')`;
      const selected: unknown = await t.app.db.execute(sql`SELECT * FROM ${link}`);
      const [saved] = (selected as { rows: Record<string, unknown>[] }).rows;
      // The brand no longer has the vendor at all: the player is unknown.
      await t.app.db.execute(sql`DELETE FROM ${link}`);
      t.app.gaming.seamlessWallet.invalidatePlayers();
      try {
        const first = await callWallet(t.app, 'credit', credit);
        expect([first.status, first.body.code]).toEqual([404, 'VENDOR_PLAYER_UNKNOWN']);
      } finally {
        const columns = Object.keys(saved!);
        await t.app.db.execute(
          sql`INSERT INTO merchant_vendors (${sql.raw(columns.join(', '))})
              VALUES (${sql.join(
                columns.map((column) => sql`${saved![column]}`),
                sql`, `,
              )})`,
        );
        t.app.gaming.seamlessWallet.invalidatePlayers();
      }
      const repeat = await callWallet(t.app, 'credit', credit);
      expect([repeat.status, repeat.body.code]).toEqual([404, 'VENDOR_PLAYER_UNKNOWN']);
      const retried = await callWallet(t.app, 'credit', { ...credit, requestId: id('r') });
      expect(retried.body.value).toMatchObject({ balanceMinor: 1_200, applied: true });
    });
  });

  describe('credits without a debit', () => {
    const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const rows = async (statement: ReturnType<typeof sql>) => {
      const result: unknown = await t.app.db.execute(statement);
      return (result as { rows: Record<string, unknown>[] }).rows;
    };
    const brandOf = async (p: Awaited<ReturnType<typeof player>>) => {
      const [brand] = await rows(sql`SELECT id, time_zone FROM merchants WHERE id = ${p.member.merchantId}`);
      return { id: Number(brand!['id']), timeZone: String(brand!['time_zone']) };
    };
    const creditOf = (p: Awaited<ReturnType<typeof player>>, amountMinor: number, more: object = {}) => ({
      ...p.base,
      requestId: id('r'),
      transactionId: id('t'),
      roundId: id('round'),
      gameCode: 'G1',
      amountMinor,
      ...more,
    });
    const debitIn = (p: Awaited<ReturnType<typeof player>>, roundId: string, amountMinor: number) =>
      callWallet(t.app, 'debit', {
        ...p.base,
        requestId: id('r'),
        sessionToken: p.launch.sessionToken,
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor,
      });
    const balanceOf = async (p: Awaited<ReturnType<typeof player>>) =>
      (await callWallet(t.app, 'balance', { ...p.base, requestId: id('r') })).body.value.balanceMinor as number;
    const roundsOf = async (roundId: string) =>
      (await rows(sql`SELECT round_id FROM game_rounds WHERE round_id = ${roundId}`)).length;
    const setCap = async (p: Awaited<ReturnType<typeof player>>, capMinor: number) =>
      t.app.gaming.promotionCaps.setPromotionCap(TEST_ACTOR, (await brandOf(p)).id, 'TESTV', capMinor);
    const clearDays = () => t.app.db.execute(sql`DELETE FROM vendor_promotion_days`);
    /** The /metrics counter of credits without a debit, for TESTV and one outcome. */
    const counted = async (outcome: string) => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text
        .split('\n')
        .find((row) =>
          row.startsWith(`parlay_vendor_credits_without_debit_total{vendor="TESTV",outcome="${outcome}"}`),
        );
      return line === undefined ? 0 : Number(line.split(' ').at(-1));
    };

    it("refuses a round credit for a round the player never staked in, keeps the refusal as the requestId's answer, and moves nothing", async () => {
      const p = await player(1_000);
      const before = await checkLedger(t.app);
      const alerts = await counted('round_without_debit');
      for (const more of [{}, { creditType: 'round' }]) {
        const body = creditOf(p, 5_000, more);
        const refused = await callWallet(t.app, 'credit', body);
        expect([refused.status, refused.body.code]).toEqual([409, 'VENDOR_CREDIT_WITHOUT_DEBIT']);
        expect(await roundsOf(body.roundId)).toBe(0);
        // The round is staked now; the requestId still gets its first answer, a new one is paid.
        expect((await debitIn(p, body.roundId, 100)).status).toBe(200);
        expect(await callWallet(t.app, 'credit', body)).toEqual(refused);
        const paid = await callWallet(t.app, 'credit', { ...body, requestId: id('r') });
        expect(paid.body.value).toMatchObject({ applied: true });
      }
      expect(await balanceOf(p)).toBe(1_000 - 200 + 10_000);
      expect((await checkLedger(t.app)).movements).toBe(before.movements + 4);
      // Each refusal counted once at /metrics, not again when its requestId is repeated.
      expect(await counted('round_without_debit')).toBe(alerts + 2);
    });

    it("refuses a round credit for another member's round, a closed one, and one whose stake was rolled back", async () => {
      const p = await player(1_000);
      const other = await player(1_000);
      const roundId = id('round');
      expect((await debitIn(other, roundId, 100)).status).toBe(200);
      const foreign = await callWallet(t.app, 'credit', creditOf(p, 50, { roundId }));
      expect(foreign.body.code).toBe('VENDOR_ROUND_CLOSED');

      // Staked, a part of the win paid, then the stake rolled back: the round is open with nothing staked.
      const rolled = id('round');
      const debit = await debitIn(p, rolled, 100);
      const partial = await callWallet(t.app, 'credit', creditOf(p, 30, { roundId: rolled, roundEnded: false }));
      expect(partial.body.value).toMatchObject({ balanceMinor: 930 });
      const back = await callWallet(t.app, 'rollback', {
        ...p.base,
        requestId: id('r'),
        transactionId: debit.body.value.transactionId,
        roundId: rolled,
        gameCode: 'G1',
      });
      expect(back.body.value).toMatchObject({ balanceMinor: 1_030 });
      const unstaked = await callWallet(t.app, 'credit', creditOf(p, 500, { roundId: rolled }));
      expect([unstaked.status, unstaked.body.code]).toEqual([409, 'VENDOR_CREDIT_WITHOUT_DEBIT']);
      expect(await balanceOf(p)).toBe(1_030);
    });

    it('adds a round win only to an open round of the member with a stake (the general path)', async () => {
      const p = await player(1_000);
      const roundId = id('round');
      const [vendor] = await rows(sql`SELECT id FROM game_vendors WHERE code = 'TESTV'`);
      const win = (round: string, memberId = p.member.id) =>
        t.app.db.transaction((tx) =>
          t.app.gaming.betting.addRoundWin(tx, {
            vendorId: Number(vendor!['id']),
            roundId: round,
            memberId,
            merchantId: p.member.merchantId,
            gameId: p.launch.gameId,
            gameCode: 'G1',
            currency: 'KRW',
            amountMinor: 10,
            ended: false,
            detail: null,
          }),
        );
      expect(await win(id('round'))).toBe('no_stake');
      expect((await debitIn(p, roundId, 100)).status).toBe(200);
      expect(await win(roundId)).toEqual({ stakeMinor: 100, bonusStakeMinor: 0 });
      const other = await player(1_000);
      expect(await win(roundId, other.member.id)).toBe('closed');
    });

    it("pays promotion and tournament credits within the brand's daily cap, and refuses the one that would pass it", async () => {
      const p = await player(1_000);
      const brand = await brandOf(p);
      await clearDays();
      await setCap(p, 0);
      const before = await checkLedger(t.app);
      const [paidBefore, overBefore] = [await counted('promotion_paid'), await counted('promotion_over_cap')];
      const none = await callWallet(t.app, 'credit', creditOf(p, 1, { creditType: 'promotion' }));
      expect([none.status, none.body.code]).toEqual([409, 'VENDOR_PROMOTION_CAP_REACHED']);

      await setCap(p, 1_000);
      const promotion = creditOf(p, 600, { creditType: 'promotion', detail: { campaign: 'welcome' } });
      expect((await callWallet(t.app, 'credit', promotion)).body.value).toMatchObject({
        balanceMinor: 1_600,
        applied: true,
      });
      // The same transaction again, with a new requestId: a repeat, not counted twice.
      const again = await callWallet(t.app, 'credit', { ...promotion, requestId: id('r') });
      expect(again.body.value).toMatchObject({ balanceMinor: 1_600, applied: false });
      const tournament = creditOf(p, 400, { creditType: 'tournament' });
      expect((await callWallet(t.app, 'credit', tournament)).body.value).toMatchObject({ balanceMinor: 2_000 });
      const over = creditOf(p, 1, { creditType: 'promotion' });
      const refused = await callWallet(t.app, 'credit', over);
      expect([refused.status, refused.body.code]).toEqual([409, 'VENDOR_PROMOTION_CAP_REACHED']);
      expect(await roundsOf(over.roundId)).toBe(0);
      // A higher cap does not change a refusal already given for its requestId; a new requestId is paid.
      await setCap(p, 1_001);
      expect(await callWallet(t.app, 'credit', over)).toEqual(refused);
      expect((await callWallet(t.app, 'credit', { ...over, requestId: id('r') })).body.value).toMatchObject({
        balanceMinor: 2_001,
      });

      expect(await balanceOf(p)).toBe(2_001);
      expect((await checkLedger(t.app)).movements).toBe(before.movements + 3);
      expect([await counted('promotion_paid'), await counted('promotion_over_cap')]).toEqual([
        paidBefore + 3,
        overBefore + 2,
      ]);
      expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });
      const day = await t.app.gaming.promotionCaps.findPromotionDay(brand.id, 'TESTV');
      expect(day).toMatchObject({ capMinor: 1_001, day: today(brand.timeZone), paidMinor: 1_001, credits: 3 });
      expect(day.list.map((credit) => [credit.account, credit.creditType, credit.amountMinor])).toEqual([
        [p.member.account, 'promotion', 600],
        [p.member.account, 'tournament', 400],
        [p.member.account, 'promotion', 1],
      ]);
      expect(day.list[0]).toMatchObject({ transactionId: promotion.transactionId, roundId: promotion.roundId });
      // The member's betting record shows the win, with no stake.
      const records = await t.app.inject({
        method: 'GET',
        url: '/wps/member/betting/records',
        headers: { authorization: p.authorization },
      });
      expect(
        records.json().value.list.find((record: { roundId: string }) => record.roundId === promotion.roundId),
      ).toMatchObject({ stakeMinor: 0, winMinor: 600, status: 'settled' });
    });

    it("counts the cap on the brand's own day: yesterday's credits leave today's cap whole", async () => {
      const p = await player(0);
      const brand = await brandOf(p);
      await clearDays();
      await setCap(p, 500);
      await t.app.db.execute(sql`INSERT INTO vendor_promotion_days (merchant_id, vendor_id, day, paid_minor, credits)
        SELECT ${brand.id}, id, (now() AT TIME ZONE ${brand.timeZone})::date - 1, 500, 1
        FROM game_vendors WHERE code = 'TESTV'`);
      const paid = await callWallet(t.app, 'credit', creditOf(p, 500, { creditType: 'promotion' }));
      expect(paid.body.value).toMatchObject({ balanceMinor: 500, applied: true });
      const days = await rows(sql`SELECT day::text AS day, paid_minor FROM vendor_promotion_days
        WHERE merchant_id = ${brand.id} ORDER BY day`);
      expect(days.map((row) => [row['day'], Number(row['paid_minor'])])).toEqual([
        [expect.any(String), 500],
        [today(brand.timeZone), 500],
      ]);
    });

    it('refuses a promotion credit for a closed round, and keeps the records of paid ones as written', async () => {
      const p = await player(1_000);
      await clearDays();
      await setCap(p, 10_000);
      const roundId = id('round');
      expect((await debitIn(p, roundId, 100)).status).toBe(200);
      expect((await callWallet(t.app, 'credit', creditOf(p, 0, { roundId }))).status).toBe(200);
      const closed = await callWallet(t.app, 'credit', creditOf(p, 50, { roundId, creditType: 'tournament' }));
      expect(closed.body.code).toBe('VENDOR_ROUND_CLOSED');
      expect((await t.app.gaming.promotionCaps.findPromotionDay(p.member.merchantId, 'TESTV')).paidMinor).toBe(0);

      expect((await callWallet(t.app, 'credit', creditOf(p, 70, { creditType: 'promotion' }))).status).toBe(200);
      await expect(t.app.db.execute(sql`UPDATE vendor_promotion_credits SET amount_minor = 1`)).rejects.toThrow();
      await expect(t.app.db.execute(sql`DELETE FROM vendor_promotion_credits`)).rejects.toThrow();
    });
  });

  describe('balance limit', () => {
    it('refuses a credit past the most a balance can hold, by a vendor or an operator, and moves nothing', async () => {
      const headroom = 1_000;
      const p = await player(Number.MAX_SAFE_INTEGER - headroom + 1);
      // A round credit pays a round the player staked in: one of 1 leaves the headroom.
      const roundId = id('round');
      const staked = await callWallet(t.app, 'debit', {
        ...p.base,
        requestId: id('r'),
        sessionToken: p.launch.sessionToken,
        transactionId: id('t'),
        roundId,
        gameCode: 'G1',
        amountMinor: 1,
      });
      expect(staked.body.value).toMatchObject({ balanceMinor: Number.MAX_SAFE_INTEGER - headroom });
      const before = await checkLedger(t.app);
      const credit = (amountMinor: number) =>
        callWallet(t.app, 'credit', {
          ...p.base,
          requestId: id('r'),
          transactionId: id('t'),
          roundId,
          gameCode: 'G1',
          amountMinor,
        });
      const refused = await credit(headroom + 1);
      expect([refused.status, refused.body.code]).toEqual([409, 'WALLET_BALANCE_LIMIT']);
      await expect(
        t.app.gaming.wallet.adjust(
          {
            merchantCode: p.member.merchantCode,
            account: p.member.account,
            amountMinor: headroom + 1,
            reason: 'past the limit',
            idempotencyKey: id('limit'),
          },
          t.app.merchants,
        ),
      ).rejects.toMatchObject({ code: 'WALLET_BALANCE_LIMIT' });
      expect((await checkLedger(t.app)).movements).toBe(before.movements);

      const filled = await credit(headroom);
      expect(filled.body.value).toMatchObject({ balanceMinor: Number.MAX_SAFE_INTEGER, applied: true });
      const balance = await t.app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: p.authorization },
      });
      expect(balance.json().value.sumBalance).toBe(Number.MAX_SAFE_INTEGER);
      expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, unbalancedMovements: 0 });
    });
  });

  describe('free trial', () => {
    it('plays with play money and never touches the ledger', async () => {
      const { authorization } = await createFundedPlayer(t.app, 500);
      const launch = await launchFor(t.app, authorization, { playMode: 'trial' });
      expect(launch.playerId).toMatch(/^trial-\d+$/);
      const before = await checkLedger(t.app);
      const base = { playerId: launch.playerId, currency: launch.currency };
      const start = await callWallet(t.app, 'balance', { ...base, requestId: id('r') });
      expect(start.body.value.balanceMinor).toBe(100_000);
      const debit = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId: id('t'),
        roundId: id('round'),
        gameCode: 'G1',
        amountMinor: 5_000,
      });
      expect(debit.body.value).toMatchObject({ balanceMinor: 95_000, applied: true });
      expect((await checkLedger(t.app)).movements).toBe(before.movements);
      const real = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization } });
      expect(real.json().value.sumBalance).toBe(500);
    });

    it('refuses play money past the largest amount, as a real wallet does, and the session plays on', async () => {
      const { authorization } = await createFundedPlayer(t.app, 0);
      const launch = await launchFor(t.app, authorization, { playMode: 'trial' });
      const base = { playerId: launch.playerId, currency: launch.currency };
      const credit = (amountMinor: number) =>
        callWallet(t.app, 'credit', {
          ...base,
          requestId: id('r'),
          transactionId: id('t'),
          roundId: id('round'),
          gameCode: 'G1',
          amountMinor,
        });
      const refused = await credit(Number.MAX_SAFE_INTEGER);
      expect([refused.status, refused.body.code]).toEqual([409, 'WALLET_BALANCE_LIMIT']);
      const balance = await callWallet(t.app, 'balance', { ...base, requestId: id('r') });
      expect([balance.status, balance.body.value.balanceMinor]).toEqual([200, 100_000]);
      const filled = await credit(Number.MAX_SAFE_INTEGER - 100_000);
      expect(filled.body.value).toMatchObject({ balanceMinor: Number.MAX_SAFE_INTEGER, applied: true });
    });

    it('refuses a free trial of a game without one', async () => {
      const { authorization } = await createFundedPlayer(t.app, 0);
      await expect(launchFor(t.app, authorization, { gameCode: 'G2', playMode: 'trial' })).rejects.toThrow(
        /GAME_TRIAL_NOT_SUPPORTED/,
      );
    });
  });
});
