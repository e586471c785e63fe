import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { isIdempotencyKeyTaken, type WalletOwner } from './index';

// The cashier's accounts (decision 0038): deposits against the cashier, withdrawals held and paid out, money from
// one member to another. Each movement's entries sum to zero and no member balance goes below zero.
describe('cashier and withdrawal-hold accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const ownerOf = (member: TestMember): WalletOwner => ({
    memberId: member.id,
    merchantId: member.merchantId,
    currency: 'KRW',
  });

  async function brandSum(merchantId: number, type: string): Promise<number> {
    const rows = await query<{ total: unknown }>(
      t.app.db,
      sql`SELECT coalesce(sum(e.amount_minor), 0) AS total FROM ledger_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE a.merchant_id = ${merchantId} AND a.owner_type = ${type}`,
    );
    return toNumber(rows[0]?.total ?? 0);
  }

  async function unbalancedMovements(): Promise<number> {
    const rows = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM (SELECT movement_id FROM ledger_entries GROUP BY movement_id
          HAVING sum(amount_minor) <> 0) unbalanced`,
    );
    return toNumber(rows[0]?.n ?? 0);
  }

  it('credits a deposit against the cashier, holds, releases and pays out a withdrawal', async () => {
    const wallet = t.app.gaming.wallet;
    const member = await createTestMember(t.app);
    const owner = ownerOf(member);
    const cashierBefore = await brandSum(member.merchantId, 'cashier');
    const holdBefore = await brandSum(member.merchantId, 'withdrawal_hold');

    await t.app.db.transaction(async (tx) => {
      const posted = await wallet.credit(tx, {
        ...owner,
        amountMinor: 10_000,
        kind: 'deposit',
        idempotencyKey: `test-deposit:${member.id}`,
        counterparty: 'cashier',
      });
      expect(posted.balanceAfterMinor).toBe(10_000);
    });
    await t.app.db.transaction(async (tx) => {
      const held = await wallet.debit(tx, {
        ...owner,
        amountMinor: 7_000,
        kind: 'withdrawal_hold',
        idempotencyKey: `test-hold:${member.id}`,
        counterparty: 'withdrawal_hold',
      });
      expect(held?.balanceAfterMinor).toBe(3_000);
      // More than is left cannot be held: nothing moves.
      const short = await wallet.debit(tx, {
        ...owner,
        amountMinor: 3_001,
        kind: 'withdrawal_hold',
        idempotencyKey: `test-hold-short:${member.id}`,
        counterparty: 'withdrawal_hold',
      });
      expect(short).toBeUndefined();
    });
    expect(await brandSum(member.merchantId, 'withdrawal_hold')).toBe(holdBefore + 7_000);

    await t.app.db.transaction(async (tx) => {
      await wallet.credit(tx, {
        ...owner,
        amountMinor: 2_000,
        kind: 'withdrawal_release',
        idempotencyKey: `test-release:${member.id}`,
        counterparty: 'withdrawal_hold',
      });
      await wallet.moveBetweenBrandAccounts(tx, {
        merchantId: member.merchantId,
        memberId: member.id,
        currency: 'KRW',
        amountMinor: 5_000,
        from: 'withdrawal_hold',
        to: 'cashier',
        kind: 'withdrawal_payout',
        idempotencyKey: `test-payout:${member.id}`,
      });
    });

    expect(await wallet.getBalance(owner)).toBe(5_000);
    expect(await brandSum(member.merchantId, 'withdrawal_hold')).toBe(holdBefore);
    // 10,000 came in and 5,000 went out: the outside world's side is 5,000 short.
    expect(await brandSum(member.merchantId, 'cashier')).toBe(cashierBefore - 5_000);
    expect(await unbalancedMovements()).toBe(0);
  });

  it('refuses a second movement with the same key', async () => {
    const wallet = t.app.gaming.wallet;
    const member = await createTestMember(t.app);
    const deposit = {
      ...ownerOf(member),
      amountMinor: 1_000,
      kind: 'deposit' as const,
      idempotencyKey: `test-deposit-once:${member.id}`,
      counterparty: 'cashier' as const,
    };
    await t.app.db.transaction((tx) => wallet.credit(tx, deposit));
    const again = await t.app.db.transaction((tx) => wallet.credit(tx, deposit)).catch((error: unknown) => error);
    expect(isIdempotencyKeyTaken(again)).toBe(true);
    expect(await wallet.getBalance(ownerOf(member))).toBe(1_000);
    expect(
      (await t.app.db.transaction((tx) => wallet.findMovementByKey(tx, deposit.idempotencyKey)))?.amountMinor,
    ).toBe(1_000);
  });

  it('moves money between two members, never below zero, in both directions at once', async () => {
    const wallet = t.app.gaming.wallet;
    const [first, second] = [await createTestMember(t.app), await createTestMember(t.app)];
    if (!first || !second) throw new Error('members missing');
    for (const member of [first, second]) {
      await t.app.db.transaction((tx) =>
        wallet.credit(tx, {
          ...ownerOf(member),
          amountMinor: 1_000,
          kind: 'deposit',
          idempotencyKey: `test-fund:${member.id}`,
          counterparty: 'cashier',
        }),
      );
    }
    const transfer = (from: TestMember, to: TestMember, index: number) =>
      t.app.db.transaction((tx) =>
        wallet.transferBetweenMembers(tx, {
          merchantId: from.merchantId,
          currency: 'KRW',
          fromMemberId: from.id,
          toMemberId: to.id,
          amountMinor: 100,
          kind: 'upline_transfer',
          idempotencyKey: `test-member-transfer:${from.id}:${index}`,
        }),
      );
    // 15 each way on 1,000 each: opposite transfers lock the two accounts in one order and never deadlock.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0 ? transfer(first, second, index) : transfer(second, first, index),
      ),
    );
    expect(results.every((result) => result !== undefined)).toBe(true);
    const balances = [await wallet.getBalance(ownerOf(first)), await wallet.getBalance(ownerOf(second))];
    expect(balances[0]! + balances[1]!).toBe(2_000);

    // More than the sender has: nothing moves.
    const short = await t.app.db.transaction((tx) =>
      wallet.transferBetweenMembers(tx, {
        merchantId: first.merchantId,
        currency: 'KRW',
        fromMemberId: first.id,
        toMemberId: second.id,
        amountMinor: 5_000,
        kind: 'upline_transfer',
        idempotencyKey: `test-member-transfer-short:${first.id}`,
      }),
    );
    expect(short).toBeUndefined();
    expect([await wallet.getBalance(ownerOf(first)), await wallet.getBalance(ownerOf(second))]).toEqual(balances);
    expect(await unbalancedMovements()).toBe(0);
  });

  it("makes a batch's missing main wallets at 0 and keeps the others' balances, each member once", async () => {
    const wallet = t.app.gaming.wallet;
    const [funded, bare, other] = [
      await createTestMember(t.app),
      await createTestMember(t.app),
      await createTestMember(t.app),
    ];
    if (!funded || !bare || !other) throw new Error('members missing');
    await t.app.db.transaction((tx) =>
      wallet.credit(tx, {
        ...ownerOf(funded),
        amountMinor: 700,
        kind: 'deposit',
        idempotencyKey: `test-lock-fund:${funded.id}`,
        counterparty: 'cashier',
      }),
    );
    const wallets = () =>
      query<{ member_id: unknown; balance_minor: unknown }>(
        t.app.db,
        sql`SELECT member_id, balance_minor FROM wallet_accounts
            WHERE owner_type = 'member' AND member_id IN (${funded.id}, ${bare.id}, ${other.id})
            ORDER BY member_id`,
      );
    const before = await wallets();
    await t.app.db.transaction(async (tx) => {
      // Unordered and repeated, as a batch of settlement lines names its agents and payers.
      await wallet.ensureAndLockMemberWallets(tx, {
        merchantId: funded.merchantId,
        currency: 'KRW',
        memberIds: [other.id, funded.id, bare.id, funded.id],
      });
      await wallet.ensureAndLockMemberWallets(tx, { merchantId: funded.merchantId, currency: 'KRW', memberIds: [] });
    });
    const after = (await wallets()).map((row) => [toNumber(row.member_id), toNumber(row.balance_minor)]);
    expect(after).toEqual(
      [
        [funded.id, 700],
        [bare.id, 0],
        [other.id, 0],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(before.length).toBeLessThan(3);
  });
});
