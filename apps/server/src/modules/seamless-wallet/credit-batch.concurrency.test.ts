import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { SeamlessWalletService } from './seamless-wallet.service';

// The concurrency test of the batched credit (docs/decisions/0071-batched-vendor-credits.md): the same batch, batches
// overlapping it in another order, and single credits of its ids, 50 calls at once.

const PLAYERS = 8;
const ROUNDS = 6;
const START = 10_000;
const STAKE = 100;
const CALLS = 50;

describe(`${SeamlessWalletService.name} batched credits`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('applies each credit once when 50 calls carry the same batch, overlapping batches and single credits at once', async () => {
    const players = [];
    for (let index = 0; index < PLAYERS; index += 1) {
      const { authorization } = await createFundedPlayer(t.app, START);
      players.push(await launchFor(t.app, authorization));
    }
    for (const [client, player] of players.entries()) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const staked = await callWallet(t.app, 'debit', {
          requestId: `cd${client}-${round}`,
          playerId: player.playerId,
          currency: 'KRW',
          sessionToken: player.sessionToken,
          transactionId: `cd${client}-${round}`,
          roundId: `cr${client}-${round}`,
          gameCode: 'G1',
          amountMinor: STAKE,
        });
        expect(staked.status).toBe(200);
      }
    }
    const credits = players.flatMap((player, client) =>
      Array.from({ length: ROUNDS }, (_, round) => ({
        playerId: player.playerId,
        currency: 'KRW',
        transactionId: `cc${client}-${round}`,
        roundId: `cr${client}-${round}`,
        gameCode: 'G1',
        amountMinor: (client + round) % 3 === 0 ? 0 : 150 + client * 10 + round,
        roundEnded: true,
      })),
    );

    // A third: the whole batch (half of them under one requestId); a third: half of it, reversed, under their own
    // requestIds; a third: single credits of its ids.
    const calls = Array.from({ length: CALLS }, (_, index) => {
      if (index % 3 === 0) {
        const requestId = index % 2 === 0 ? 'batch-same' : `batch-${index}`;
        return callWallet(t.app, 'creditBatch', { requestId, credits });
      }
      if (index % 3 === 1) {
        const half = credits.filter((_, position) => position % 2 === (index % 4) >> 1).reverse();
        return callWallet(t.app, 'creditBatch', { requestId: `half-${index}`, credits: half });
      }
      const credit = credits[(index * 7) % credits.length]!;
      return callWallet(t.app, 'credit', { requestId: `single-${index}`, ...credit });
    });
    const replies = await Promise.all(calls);

    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    // Each id applied by exactly one answer (a copy of the batch under one requestId repeats the first's answer).
    const appliedBy = new Map<string, Set<string>>();
    for (const [index, reply] of replies.entries()) {
      const answers: { transactionId: string; outcome?: string; applied?: boolean }[] = reply.body.value.credits ?? [
        reply.body.value,
      ];
      for (const answer of answers) {
        expect(answer.outcome ?? 'applied').not.toBe('refused');
        if (answer.outcome === 'applied' || answer.applied === true) {
          const by = appliedBy.get(answer.transactionId) ?? new Set<string>();
          by.add(index % 3 === 0 && index % 2 === 0 ? 'batch-same' : String(index));
          appliedBy.set(answer.transactionId, by);
        }
      }
    }
    expect(credits.filter((credit) => appliedBy.get(credit.transactionId)?.size !== 1)).toEqual([]);

    const rows: unknown = await t.app.db.execute(sql`SELECT m.id, a.balance_minor FROM members m
      JOIN wallet_accounts a ON a.member_id = m.id AND a.owner_type = 'member'`);
    const balances = new Map(
      (rows as { rows: { id: unknown; balance_minor: unknown }[] }).rows.map((row) => [
        String(row.id),
        Number(row.balance_minor),
      ]),
    );
    expect(players.map((player) => balances.get(player.playerId))).toEqual(
      players.map(
        (player) =>
          START -
          ROUNDS * STAKE +
          credits
            .filter((credit) => credit.playerId === player.playerId)
            .reduce((sum, credit) => sum + credit.amountMinor, 0),
      ),
    );
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
    const open: unknown = await t.app.db.execute(sql`SELECT count(*) AS n FROM game_rounds WHERE status = 'open'`);
    expect(Number((open as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(0);
  }, 300_000);
});
