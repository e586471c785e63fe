import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { WalletService } from './wallet.service';

const COPIES = 16;

// The race needs two connections: on the embedded PGlite (one connection) the copies run one after
// another, so only a run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(WalletService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const adjust = (account: string, amountMinor: number, idempotencyKey: string) =>
    t.app.gaming.wallet.adjust(
      { merchantCode: 'parlay', account, amountMinor, reason: 'concurrent adjustment', idempotencyKey },
      t.app.merchants,
    );
  const movementsWithKey = async (idempotencyKey: string) => {
    const result: unknown = await t.app.db.execute(
      sql`SELECT count(*) AS n FROM wallet_movements WHERE idempotency_key LIKE ${`adjustment:%:${idempotencyKey}`}`,
    );
    return Number((result as { rows: { n: unknown }[] }).rows[0]?.n);
  };

  describe('adjust', () => {
    it('answers every concurrent copy of one credit as a repeat, and moves the money once', async () => {
      const { member } = await signInTestMember(t.app);
      const replies = await Promise.allSettled(
        Array.from({ length: COPIES }, () => adjust(member.account, 500, 'race-credit-0001')),
      );
      expect(replies.filter((reply) => reply.status === 'rejected')).toEqual([]);
      const values = replies.flatMap((reply) => (reply.status === 'fulfilled' ? [reply.value] : []));
      expect(values.filter((value) => value.applied)).toHaveLength(1);
      expect(values.every((value) => value.balanceMinor === 500)).toBe(true);
      expect(await movementsWithKey('race-credit-0001')).toBe(1);
      expect(
        await t.app.gaming.wallet.getBalance({ memberId: member.id, merchantId: member.merchantId, currency: 'KRW' }),
      ).toBe(500);
    });

    it('answers every concurrent copy of one debit as a repeat, even once the balance is short, and takes the money once', async () => {
      const { member } = await signInTestMember(t.app);
      await adjust(member.account, 1_000, 'race-fund-0002');
      // After the first copy the balance no longer covers the amount: a late copy is still a repeat.
      const replies = await Promise.allSettled(
        Array.from({ length: COPIES }, () => adjust(member.account, -700, 'race-debit-0002')),
      );
      expect(replies.filter((reply) => reply.status === 'rejected')).toEqual([]);
      const values = replies.flatMap((reply) => (reply.status === 'fulfilled' ? [reply.value] : []));
      expect(values.filter((value) => value.applied)).toHaveLength(1);
      expect(values.every((value) => value.balanceMinor === 300)).toBe(true);
      expect(await movementsWithKey('race-debit-0002')).toBe(1);
    });

    it('refuses the concurrent copies that reuse the key for another amount as a conflict', async () => {
      const { member } = await signInTestMember(t.app);
      const replies = await Promise.allSettled(
        Array.from({ length: COPIES }, (_, index) => adjust(member.account, 100 + index, 'race-conflict-0003')),
      );
      const applied = replies.flatMap((reply) => (reply.status === 'fulfilled' ? [reply.value] : []));
      expect(applied).toHaveLength(1);
      expect(applied[0]?.applied).toBe(true);
      const refusals = replies.flatMap((reply) => (reply.status === 'rejected' ? [reply.reason as unknown] : []));
      expect(refusals).toHaveLength(COPIES - 1);
      for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'WALLET_IDEMPOTENCY_CONFLICT' });
      expect(await movementsWithKey('race-conflict-0003')).toBe(1);
      expect(await checkLedger(t.app)).toMatchObject({
        balanceMismatches: 0,
        unbalancedMovements: 0,
        negativeBalances: 0,
      });
    });
  });
});
