import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { SeamlessWalletService } from './seamless-wallet.service';

const CLIENTS = 64;
const ROUNDS = 2;
const START = 10_000;

describe(SeamlessWalletService.name, () => {
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

  it('never pays promotion credits past the cap when 96 arrive at once, and refuses none that would fit', async () => {
    const CAP = 20_000;
    const brand = await t.app.merchants.findByCode('parlay');
    await t.app.gaming.promotionCaps.setPromotionCap(TEST_ACTOR, brand!.id, 'TESTV', CAP);
    const players: Awaited<ReturnType<typeof launchFor>>[] = [];
    for (let index = 0; index < 16; index += 1) {
      const { authorization } = await createFundedPlayer(t.app, 0);
      players.push(await launchFor(t.app, authorization));
    }
    const before = await t.app.gaming.promotionCaps.findPromotionDay(brand!.id, 'TESTV', { limit: 0 });

    // 96 credits of 100 to 595 (about 33,000 in all) from 16 players at once: the cap takes about 60 of them.
    const credits = Array.from({ length: 96 }, (_, index) => {
      const player = players[index % players.length]!;
      return {
        playerId: player.playerId,
        currency: 'KRW',
        gameCode: 'G1',
        requestId: `promo-${index}`,
        transactionId: `promo-${index}`,
        roundId: `promo-${index}`,
        amountMinor: 100 + ((index * 37) % 100) * 5,
        creditType: index % 2 === 0 ? 'promotion' : 'tournament',
      };
    });
    const replies = await Promise.all(credits.map((credit) => callWallet(t.app, 'credit', credit)));

    const paid = credits.filter((_, index) => replies[index]!.body.value?.applied === true);
    const refused = credits.filter((_, index) => replies[index]!.status !== 200);
    expect(paid.length + refused.length).toBe(credits.length);
    expect(refused.map((credit) => replies[credits.indexOf(credit)]!.body.code)).toEqual(
      refused.map(() => 'VENDOR_PROMOTION_CAP_REACHED'),
    );
    const paidMinor = paid.reduce((sum, credit) => sum + credit.amountMinor, 0);
    expect(before.paidMinor + paidMinor).toBeLessThanOrEqual(CAP);
    expect(refused.length).toBeGreaterThan(0);
    // A credit is refused only when it did not fit: each refused one is larger than what is left at the end.
    const left = CAP - before.paidMinor - paidMinor;
    expect(refused.filter((credit) => credit.amountMinor <= left)).toEqual([]);

    const day = await t.app.gaming.promotionCaps.findPromotionDay(brand!.id, 'TESTV', { limit: 1_000 });
    expect(day.paidMinor).toBe(before.paidMinor + paidMinor);
    expect(day.list.filter((credit) => credit.transactionId.startsWith('promo-'))).toHaveLength(paid.length);
    const moved: unknown = await t.app.db.execute(sql`SELECT coalesce(sum(m.amount_minor), 0) AS n
      FROM vendor_promotion_credits p JOIN wallet_movements m ON m.id = p.movement_id
      WHERE p.transaction_id LIKE 'promo-%'`);
    expect(Number((moved as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(paidMinor);
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
  }, 240_000);
});
