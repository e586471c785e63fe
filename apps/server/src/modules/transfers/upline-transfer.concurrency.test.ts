import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { countWritten, createMemberUnderAgent, mainBalance, TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';
import { UplineTransferService } from './upline-transfer.service';

const COPIES = 50;

// The race needs two connections: on the embedded PGlite (one connection) the calls run one after another, so only a
// run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(UplineTransferService.name, () => {
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
    const player = await createMemberUnderAgent(t.app, 10_500);
    const merchant = await t.app.merchants.findByCode('parlay');
    if (!merchant) throw new Error('no demo brand');
    const codes = await codesOf(
      Array.from({ length: COPIES }, (_, index) =>
        t.app.gaming.uplineTransfers.transfer(merchant, player.member, {
          amountMinor: 1_000,
          paymentPassword: TEST_PAYMENT_PASSWORD,
          requestId: `race-${player.member.id}-${index}`,
        }),
      ),
    );
    expect(codes.filter((code) => code === 'applied')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'applied').every((code) => code === 'TRANSFER_INSUFFICIENT_BALANCE')).toBe(
      true,
    );
    expect(await mainBalance(t.app, player.member.id)).toBe(500);
    expect(await mainBalance(t.app, player.agent.id)).toBe(10_000);
    expect(await countWritten(t.app, player.member.id)).toEqual({ movements: 10, transfers: 10 });
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
    });
  }, 120_000);

  it('moves the money once when copies of one request arrive at once', async () => {
    const player = await createMemberUnderAgent(t.app, 10_000);
    const merchant = await t.app.merchants.findByCode('parlay');
    if (!merchant) throw new Error('no demo brand');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.gaming.uplineTransfers.transfer(merchant, player.member, {
          amountMinor: 3_000,
          paymentPassword: TEST_PAYMENT_PASSWORD,
          requestId: `same-${player.member.id}`,
        }),
      ),
    );
    expect(new Set(replies.map((reply) => reply.transferNo)).size).toBe(1);
    expect(replies.filter((reply) => !reply.repeated)).toHaveLength(1);
    expect(await mainBalance(t.app, player.member.id)).toBe(7_000);
    expect(await mainBalance(t.app, player.agent.id)).toBe(3_000);
  }, 120_000);
});
