import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import type { TransferDirection } from './member-transfer.repository';
import { countWritten, createTransferPair, mainBalance, TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';

const COPIES = 50;

// Each direction (decisions 0043, 0062). The race needs two connections: on the embedded PGlite (one connection) the
// calls run one after another, so only a run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same
// facts.
describe.each(['upline', 'downline'] as const)('member transfers to the %s', (direction: TransferDirection) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const codesOf = async (calls: Promise<unknown>[]) =>
    (await Promise.allSettled(calls)).map((reply) =>
      reply.status === 'fulfilled' ? 'applied' : ((reply.reason as { code?: string }).code ?? String(reply.reason)),
    );

  it(`never overdraws one balance under ${COPIES} transfers at once: as many go through as the money covers`, async () => {
    const pair = await createTransferPair(t.app, direction, 10_500);
    const codes = await codesOf(
      Array.from({ length: COPIES }, (_, index) =>
        pair.send({ amountMinor: 1_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: `race-${index}` }),
      ),
    );
    expect(codes.filter((code) => code === 'applied')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'applied').every((code) => code === 'TRANSFER_INSUFFICIENT_BALANCE')).toBe(
      true,
    );
    expect(await mainBalance(t.app, pair.sender.id)).toBe(500);
    expect(await mainBalance(t.app, pair.recipient.id)).toBe(10_000);
    expect(await countWritten(t.app, pair.sender.id, direction)).toEqual({ movements: 10, transfers: 10 });
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
    });
  }, 120_000);

  it('moves the money once when copies of one request arrive at once', async () => {
    const pair = await createTransferPair(t.app, direction, 10_000);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        pair.send({ amountMinor: 3_000, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: 'same-request' }),
      ),
    );
    expect(new Set(replies.map((reply) => reply.transferNo)).size).toBe(1);
    expect(replies.filter((reply) => !reply.repeated)).toHaveLength(1);
    expect(await mainBalance(t.app, pair.sender.id)).toBe(7_000);
    expect(await mainBalance(t.app, pair.recipient.id)).toBe(3_000);
  }, 120_000);
});
