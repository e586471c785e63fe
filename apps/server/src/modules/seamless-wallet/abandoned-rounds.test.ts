import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { AbandonedRoundService } from './abandoned-rounds.service';

/** Decision 0021: an operator ends a round its vendor abandoned, by cancelling or settling it. */
describe(`${AbandonedRoundService.name}.closeAbandonedRound`, () => {
  let t: TestApp;
  let seq = 0;
  const id = (prefix: string) => `${prefix}-abandoned-${(seq += 1)}`;
  const reason = 'vendor confirmed the round never finished';

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A funded player with a launched game and a round holding `stakes` debits. */
  async function openRound(stakes: number[], balance = 10_000) {
    const { authorization, member } = await createFundedPlayer(t.app, balance);
    const launch = await launchFor(t.app, authorization);
    const base = { playerId: launch.playerId, currency: launch.currency, gameCode: 'G1' };
    const roundId = id('round');
    const transactionIds: string[] = [];
    for (const amountMinor of stakes) {
      const transactionId = id('debit');
      const debit = await callWallet(t.app, 'debit', {
        ...base,
        requestId: id('req'),
        sessionToken: launch.sessionToken,
        transactionId,
        roundId,
        amountMinor,
      });
      expect(debit.status).toBe(200);
      transactionIds.push(transactionId);
    }
    return { authorization, member, launch, base, roundId, transactionIds };
  }

  const balanceOf = (memberId: number) => t.app.gaming.wallet.getBalance({ memberId, merchantId: 0, currency: 'KRW' });

  async function roundRow(roundId: string) {
    const result: unknown = await t.app.db.execute(
      sql`SELECT status, stake_minor, win_minor, valid_bet_minor, closed_reason, settled_at
          FROM game_rounds WHERE round_id = ${roundId}`,
    );
    return (result as { rows: Record<string, unknown>[] }).rows[0];
  }

  async function refusal(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
    throw new Error('expected a refusal');
  }

  function expectLedgerSound(check: Awaited<ReturnType<typeof checkLedger>>) {
    expect(check).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
  }

  it('cancels: every stake still debited goes back, once, and the round says why it ended', async () => {
    const { authorization, member, base, roundId, transactionIds } = await openRound([300, 200, 100]);
    // The vendor itself rolled back the second debit before it went quiet.
    const rolledBack = await callWallet(t.app, 'rollback', {
      ...base,
      requestId: id('req'),
      transactionId: transactionIds[1],
      roundId,
    });
    expect(rolledBack.body.value.balanceMinor).toBe(9_600);

    const closed = await t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
      vassalage: 'TESTV',
      roundId,
      outcome: 'cancelled',
      reason,
    });
    expect(closed).toEqual({
      vassalage: 'TESTV',
      roundId,
      account: member.account,
      outcome: 'cancelled',
      currency: 'KRW',
      refundedMinor: 400,
      balanceMinor: 10_000,
    });
    expect(await balanceOf(member.id)).toBe(10_000);
    expect(await roundRow(roundId)).toMatchObject({
      status: 'cancelled',
      closed_reason: reason,
      win_minor: expect.anything(),
      settled_at: expect.anything(),
    });
    expect(Number((await roundRow(roundId))?.stake_minor)).toBe(0);
    expectLedgerSound(await checkLedger(t.app));

    // The member's betting record: cancelled, each debit with the rollback that gave it back, no reason.
    const record = await t.app.inject({
      method: 'GET',
      url: `/wps/member/betting/records/TESTV/${roundId}`,
      headers: { authorization },
    });
    const detail = record.json<{ value: Record<string, unknown> & { transactions: { kind: string }[] } }>().value;
    expect(detail.status).toBe('cancelled');
    expect(detail.transactions.map((move) => move.kind)).toEqual([
      'debit',
      'rollback',
      'debit',
      'rollback',
      'debit',
      'rollback',
    ]);
    expect(JSON.stringify(detail)).not.toContain(reason);

    // Closing it again is refused and moves nothing.
    const before = await checkLedger(t.app);
    expect(
      await refusal(
        t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
          vassalage: 'TESTV',
          roundId,
          outcome: 'cancelled',
          reason,
        }),
      ),
    ).toBe('VENDOR_ROUND_CLOSED');
    expect((await checkLedger(t.app)).movements).toBe(before.movements);
  });

  it("after a cancel, the vendor's late calls find the round closed and move nothing", async () => {
    const { member, launch, base, roundId, transactionIds } = await openRound([500]);
    await t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
      vassalage: 'TESTV',
      roundId,
      outcome: 'cancelled',
      reason,
    });
    const before = await checkLedger(t.app);

    const credit = await callWallet(t.app, 'credit', {
      ...base,
      requestId: id('req'),
      transactionId: id('credit'),
      roundId,
      amountMinor: 1_000,
    });
    expect(credit.body.code).toBe('VENDOR_ROUND_CLOSED');
    const debit = await callWallet(t.app, 'debit', {
      ...base,
      requestId: id('req'),
      sessionToken: launch.sessionToken,
      transactionId: id('debit'),
      roundId,
      amountMinor: 100,
    });
    expect(debit.body.code).toBe('VENDOR_ROUND_CLOSED');
    // The vendor's own rollback of the debit given back is a repeat: applied false, the balance as it is.
    const rollback = await callWallet(t.app, 'rollback', {
      ...base,
      requestId: id('req'),
      transactionId: transactionIds[0],
      roundId,
    });
    expect(rollback.status).toBe(200);
    expect(rollback.body.value).toMatchObject({ applied: false, balanceMinor: 10_000 });

    expect(await balanceOf(member.id)).toBe(10_000);
    expect((await checkLedger(t.app)).movements).toBe(before.movements);
    expectLedgerSound(await checkLedger(t.app));
  });

  it('will not cancel a round with a win paid; settling ends it as it stands and moves no money', async () => {
    const { member, base, roundId } = await openRound([400]);
    const partial = await callWallet(t.app, 'credit', {
      ...base,
      requestId: id('req'),
      transactionId: id('credit'),
      roundId,
      amountMinor: 150,
      roundEnded: false,
    });
    expect(partial.status).toBe(200);
    const before = await checkLedger(t.app);

    expect(
      await refusal(
        t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
          vassalage: 'TESTV',
          roundId,
          outcome: 'cancelled',
          reason,
        }),
      ),
    ).toBe('WALLET_ROUND_HAS_WIN');
    expect((await roundRow(roundId))?.status).toBe('open');

    const settled = await t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
      vassalage: 'TESTV',
      roundId,
      outcome: 'settled',
      reason,
    });
    expect(settled).toMatchObject({ outcome: 'settled', refundedMinor: 0, balanceMinor: undefined });
    const row = await roundRow(roundId);
    expect(row).toMatchObject({ status: 'settled', closed_reason: reason });
    expect(Number(row?.valid_bet_minor)).toBe(400);
    expect(Number(row?.stake_minor)).toBe(400);
    expect(await balanceOf(member.id)).toBe(10_000 - 400 + 150);
    expect((await checkLedger(t.app)).movements).toBe(before.movements);

    const late = await callWallet(t.app, 'credit', {
      ...base,
      requestId: id('req'),
      transactionId: id('credit'),
      roundId,
      amountMinor: 50,
    });
    expect(late.body.code).toBe('VENDOR_ROUND_CLOSED');
  });

  it('names a round that does not exist, under a vendor or a round id that does not', async () => {
    const { roundId } = await openRound([100]);
    const close = (vassalage: string, round: string) =>
      refusal(
        t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
          vassalage,
          roundId: round,
          outcome: 'cancelled',
          reason,
        }),
      );
    expect(await close('NOPE', roundId)).toBe('WALLET_ROUND_NOT_FOUND');
    expect(await close('TESTV', 'no-such-round')).toBe('WALLET_ROUND_NOT_FOUND');
    expect((await roundRow(roundId))?.status).toBe('open');
  });

  it('counts the rounds open for more than a day in the metrics, until they are closed', async () => {
    const abandoned = async () => {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      const line = metrics.body.split('\n').find((entry) => entry.startsWith('parlay_game_rounds_abandoned '));
      return Number(line?.split(' ')[1]);
    };
    const before = await abandoned();
    const { roundId } = await openRound([100]);
    expect(await abandoned()).toBe(before);
    await t.app.db.execute(
      sql`UPDATE game_rounds SET started_at = now() - interval '25 hours' WHERE round_id = ${roundId}`,
    );
    expect(await abandoned()).toBe(before + 1);
    await t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
      vassalage: 'TESTV',
      roundId,
      outcome: 'cancelled',
      reason,
    });
    expect(await abandoned()).toBe(before);

    // A count the database cannot answer keeps the last one, and the rest of /metrics is still served.
    const count = vi.spyOn(t.app.gaming.betting, 'countOpenRounds').mockRejectedValueOnce(new Error('no database'));
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(count).toHaveBeenCalled();
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('process_cpu_seconds_total');
    expect(metrics.body).toContain(`parlay_game_rounds_abandoned ${before}`);
    count.mockRestore();
  });

  it("gives a stake back once when the vendor's rollback of it comes at the same moment", async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { member, base, roundId, transactionIds } = await openRound([700]);
      const [cancel, rollback] = await Promise.allSettled([
        t.app.gaming.abandonedRounds.closeAbandonedRound(TEST_ACTOR, {
          vassalage: 'TESTV',
          roundId,
          outcome: 'cancelled',
          reason,
        }),
        callWallet(t.app, 'rollback', { ...base, requestId: id('req'), transactionId: transactionIds[0], roundId }),
      ]);
      // Whichever came second found the stake given back: the rollback repeats, or the cancel finds the
      // round closed (the rollback cancelled it, as it left no stake).
      expect(rollback.status).toBe('fulfilled');
      if (cancel.status === 'rejected') {
        expect((cancel.reason as AppError).code).toBe('VENDOR_ROUND_CLOSED');
      }
      expect(await balanceOf(member.id)).toBe(10_000);
      expect((await roundRow(roundId))?.status).toBe('cancelled');
    }
    expectLedgerSound(await checkLedger(t.app));
  });
});
