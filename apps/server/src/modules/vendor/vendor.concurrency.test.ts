import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './vendor.fixtures';
import { VendorService } from './vendor.service';

const CLIENTS = 64;
const ROUNDS = 2;
const START = 10_000;

describe(VendorService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps every balance exact when 64 clients send every transaction three times at once', async () => {
    const players = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const { authorization } = await createFundedPlayer(t.app, START);
      players.push(await launchFor(t.app, authorization));
    }

    const thrice = (operation: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) =>
      [
        callWallet(t.app, operation, body),
        callWallet(t.app, operation, body),
        callWallet(t.app, operation, { ...body, requestId: `${String(body['requestId'])}-again` }),
      ] as const;

    const expected = await Promise.all(
      players.map(async (player, client) => {
        let balance = START;
        for (let round = 0; round < ROUNDS; round += 1) {
          const base = { playerId: player.playerId, currency: 'KRW', gameCode: 'G1', roundId: `c${client}-r${round}` };
          const stake = 100 + client + round;
          const debit = {
            ...base,
            requestId: `c${client}-r${round}-d`,
            sessionToken: player.sessionToken,
            transactionId: `c${client}-r${round}-d`,
            amountMinor: stake,
          };
          if (round === ROUNDS - 1) {
            // Out of order: the rollback races its own debit. Either order leaves the balance as it was.
            const rollback = { ...base, requestId: `c${client}-r${round}-x`, transactionId: debit.transactionId };
            await Promise.all([...thrice('debit', debit), ...thrice('rollback', rollback)]);
            continue;
          }
          const debits = await Promise.all(thrice('debit', debit));
          expect(debits.every((reply) => reply.status === 200)).toBe(true);
          // The two copies of one requestId answer alike; exactly one of the two requestIds moved the money.
          expect(debits[1]).toEqual(debits[0]);
          expect([debits[0], debits[2]].filter((reply) => reply.body.value.applied === true)).toHaveLength(1);
          const win = client % 2 === 0 ? stake * 2 : 0;
          const credit = {
            ...base,
            requestId: `c${client}-r${round}-c`,
            transactionId: `c${client}-r${round}-c`,
            amountMinor: win,
          };
          await Promise.all(thrice('credit', credit));
          balance += win - stake;
        }
        return balance;
      }),
    );

    const rows: unknown = await t.app.db.execute(sql`SELECT m.id, a.balance_minor FROM members m
      JOIN wallet_accounts a ON a.member_id = m.id AND a.owner_type = 'member'`);
    const balances = new Map(
      (rows as { rows: { id: unknown; balance_minor: unknown }[] }).rows.map((row) => [
        String(row.id),
        Number(row.balance_minor),
      ]),
    );
    expect(players.map((player) => balances.get(player.playerId))).toEqual(expected);
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
    const open: unknown = await t.app.db.execute(sql`SELECT count(*) AS n FROM game_rounds WHERE status = 'open'`);
    expect(Number((open as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(0);
  }, 480_000);
});
