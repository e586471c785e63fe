import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
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
import { AuthService } from './auth.service';
import { practiceBalanceOf, signInGuest as signInGuestAt } from './practice.fixtures';

// A free-play guest's practice money (decision 0072): given at sign-in, staked by every trial the guest launches,
// and never anywhere real money is.
describe(`${AuthService.name} practice money`, () => {
  let t: TestApp;
  let seq = 0;
  const id = (prefix: string) => `practice-${prefix}-${(seq += 1)}`;
  let ip = 0;
  const nextIp = () => `10.72.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  async function count(statement: SQL): Promise<number> {
    const rows = await query<{ n: unknown }>(t.app.db, statement);
    return toNumber(rows[0]?.n ?? 0);
  }

  const signInGuest = () => signInGuestAt(t.app, nextIp());
  const practiceBalance = (authorization: string) => practiceBalanceOf(t.app, authorization);

  async function brand(): Promise<{ id: number; exponent: number; currency: string }> {
    const rows = await query<{ id: unknown; currency_exponent: unknown; currency: string }>(
      t.app.db,
      sql`SELECT id, currency_exponent, currency FROM merchants WHERE code = 'parlay'`,
    );
    const row = rows[0];
    return { id: toNumber(row?.id), exponent: toNumber(row?.currency_exponent), currency: row?.currency ?? '' };
  }

  it("gives a guest the default practice money at once, and the brand's amount when it sets one", async () => {
    const { exponent, currency, id: merchantId } = await brand();
    const guest = await signInGuest();
    expect(await practiceBalance(guest.authorization)).toEqual({
      balanceMinor: 100_000 * 10 ** exponent,
      currency,
      currencyExponent: exponent,
    });
    await t.app.db.execute(
      sql`UPDATE merchants SET config = config || '{"practiceBalanceMajor": 2500}'::jsonb WHERE id = ${merchantId}`,
    );
    t.app.merchants.invalidate();
    try {
      const second = await signInGuest();
      expect((await practiceBalance(second.authorization))?.balanceMinor).toBe(2_500 * 10 ** exponent);
    } finally {
      await t.app.db.execute(
        sql`UPDATE merchants SET config = config - 'practiceBalanceMajor' WHERE id = ${merchantId}`,
      );
      t.app.merchants.invalidate();
    }
  });

  it('answers no practice balance to a member, whose money is only ever real', async () => {
    const member = await signInTestMember(t.app);
    expect(await practiceBalance(member.authorization)).toBeNull();
  });

  it("stakes and pays a guest's trials in its one practice balance, never in the ledger, a round or a real balance", async () => {
    const guest = await signInGuest();
    const start = (await practiceBalance(guest.authorization))?.balanceMinor ?? 0;
    const ledger = await checkLedger(t.app);
    const feed = await count(sql`SELECT count(*) AS n FROM settlement_feed`);

    // Two games open at once share the guest's one balance: there is no practice money per game.
    const dice = await launchFor(t.app, guest.authorization, { playMode: 'trial' });
    const other = await launchFor(t.app, guest.authorization, { playMode: 'trial' });
    expect(dice.playerId).toMatch(/^trial-\d+$/);
    const opened = await callWallet(t.app, 'balance', {
      playerId: dice.playerId,
      currency: dice.currency,
      requestId: id('r'),
    });
    expect(opened.body.value.balanceMinor).toBe(start);
    const round = id('round');
    const debit = await callWallet(t.app, 'debit', {
      playerId: dice.playerId,
      currency: dice.currency,
      requestId: id('r'),
      sessionToken: dice.sessionToken,
      transactionId: id('t'),
      roundId: round,
      gameCode: 'G1',
      amountMinor: 4_000,
    });
    expect(debit.body.value).toMatchObject({ balanceMinor: start - 4_000, applied: true });
    const credit = await callWallet(t.app, 'credit', {
      playerId: dice.playerId,
      currency: dice.currency,
      requestId: id('r'),
      transactionId: id('t'),
      roundId: round,
      gameCode: 'G1',
      amountMinor: 9_000,
    });
    expect(credit.body.value).toMatchObject({ balanceMinor: start + 5_000, applied: true });
    const seen = await callWallet(t.app, 'balance', {
      playerId: other.playerId,
      currency: other.currency,
      requestId: id('r'),
    });
    expect(seen.body.value.balanceMinor).toBe(start + 5_000);
    expect((await practiceBalance(guest.authorization))?.balanceMinor).toBe(start + 5_000);

    // A stake past the practice balance is refused and moves nothing.
    const tooMuch = await callWallet(t.app, 'debit', {
      playerId: other.playerId,
      currency: other.currency,
      requestId: id('r'),
      sessionToken: other.sessionToken,
      transactionId: id('t'),
      roundId: id('round'),
      gameCode: 'G1',
      amountMinor: start + 5_001,
    });
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await practiceBalance(guest.authorization))?.balanceMinor).toBe(start + 5_000);

    // Nothing real: no wallet account, movement, round or feed entry, and the real balance stays 0.
    expect(await checkLedger(t.app)).toMatchObject({ ...ledger, balanceMismatches: 0, unbalancedMovements: 0 });
    expect(await count(sql`SELECT count(*) AS n FROM wallet_accounts WHERE member_id = ${guest.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${guest.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM game_rounds WHERE member_id = ${guest.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM settlement_feed`)).toBe(feed);
    const real = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: guest.authorization },
    });
    expect(real.json().value.sumBalance).toBe(0);
  });

  it("keeps a member's free trial on play money of its own, apart from any guest's practice money", async () => {
    const { authorization } = await createFundedPlayer(t.app, 700);
    const launch = await launchFor(t.app, authorization, { playMode: 'trial' });
    const balance = await callWallet(t.app, 'balance', {
      playerId: launch.playerId,
      currency: launch.currency,
      requestId: id('r'),
    });
    expect(balance.body.value.balanceMinor).toBe(100_000);
    expect(await practiceBalance(authorization)).toBeNull();
  });

  it('refuses a guest a real-money launch, a deposit, a withdrawal and a transfer, and moves nothing', async () => {
    const guest = await signInGuest();
    const ledger = await checkLedger(t.app);
    const refusedCalls = [
      { method: 'POST' as const, url: '/wps/game/launchGame', payload: { gameId: 1, playMode: 'real' } },
      { method: 'GET' as const, url: '/wps/member/cashier/methods' },
      { method: 'POST' as const, url: '/wps/member/cashier/deposits', payload: { methodId: 1, amountMinor: 10_000 } },
      { method: 'GET' as const, url: '/wps/member/withdrawals/overview' },
      { method: 'POST' as const, url: '/wps/member/withdrawals', payload: { amountMinor: 10_000 } },
      { method: 'POST' as const, url: '/wps/member/transfers/upline', payload: { amountMinor: 10_000 } },
    ];
    for (const call of refusedCalls) {
      const response = await t.app.inject({ ...call, headers: { authorization: guest.authorization } });
      expect([call.url, response.statusCode, response.json().code]).toEqual([call.url, 403, 'NEED_TRUE_ACCOUNT']);
    }
    expect((await checkLedger(t.app)).movements).toBe(ledger.movements);
    expect(await count(sql`SELECT count(*) AS n FROM wallet_accounts WHERE member_id = ${guest.id}`)).toBe(0);
  });

  it('applies each of 50 parallel practice stakes once, and a stake sent 50 times at once once', async () => {
    const guest = await signInGuest();
    const start = (await practiceBalance(guest.authorization))?.balanceMinor ?? 0;
    const launch = await launchFor(t.app, guest.authorization, { playMode: 'trial' });
    const stake = (transactionId: string) =>
      callWallet(t.app, 'debit', {
        playerId: launch.playerId,
        currency: launch.currency,
        requestId: id('r'),
        sessionToken: launch.sessionToken,
        transactionId,
        roundId: `round-${transactionId}`,
        gameCode: 'G1',
        amountMinor: 100,
      });
    const distinct = await Promise.all(Array.from({ length: 50 }, () => stake(id('t'))));
    expect(distinct.every((answer) => answer.status === 200)).toBe(true);
    expect((await practiceBalance(guest.authorization))?.balanceMinor).toBe(start - 50 * 100);
    const repeated = id('t');
    const repeats = await Promise.all(Array.from({ length: 50 }, () => stake(repeated)));
    expect(repeats.every((answer) => answer.status === 200)).toBe(true);
    expect((await practiceBalance(guest.authorization))?.balanceMinor).toBe(start - 51 * 100);
    expect(
      await count(sql`SELECT count(*) AS n FROM vendor_transactions WHERE member_id = ${guest.id} AND mode = 'trial'`),
    ).toBe(51);
  });
});
