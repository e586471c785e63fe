import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  checkLedger,
  createFundedPlayer,
  TEST_VENDOR_SECRET,
  testVendorFeed,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { countTransfers, installWalletVendor, setTransferWallets, walletBalances } from './wallet-transfer.fixtures';
import { WalletTransfers } from './wallet-transfer.service';

const COPIES = 16;
const setup = { multiWallet: true, language: 'EN' as const };

// The race needs two connections: on the embedded PGlite (one connection) the calls run one after another, so only a
// run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(WalletTransfers.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await installWalletVendor(t.app, testVendorFeed('TESTV'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await installWalletVendor(t.app, testVendorFeed('TESTW'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await setTransferWallets(t.app, 'parlay', true);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const ownerOf = (player: Awaited<ReturnType<typeof createFundedPlayer>>) => ({
    memberId: player.member.id,
    merchantId: player.member.merchantId,
    currency: 'KRW',
  });
  const settle = async (calls: Promise<unknown>[]) => {
    const replies = await Promise.allSettled(calls);
    const codes = replies.map((reply) =>
      reply.status === 'fulfilled' ? 'applied' : ((reply.reason as { code?: string }).code ?? String(reply.reason)),
    );
    return codes;
  };

  it('never overdraws one balance under transfers at once: as many go through as the money covers', async () => {
    const player = await createFundedPlayer(t.app, 1_000);
    const codes = await settle(
      Array.from({ length: COPIES }, (_, index) =>
        t.app.gaming.wallet.transfers.transfer(
          ownerOf(player),
          {
            fromWallet: 'MAIN',
            toWallet: index % 2 ? 'TESTV' : 'TESTW',
            amountMinor: 300,
            requestId: `race-o-${index}-000`,
          },
          setup,
        ),
      ),
    );
    expect(codes.filter((code) => code === 'applied')).toHaveLength(3);
    expect(codes.filter((code) => code !== 'applied').every((code) => code === 'WALLET_INSUFFICIENT_BALANCE')).toBe(
      true,
    );
    const balances = await walletBalances(t.app, player.member.id);
    expect(balances['MAIN']).toBe(100);
    expect((balances['TESTV'] ?? 0) + (balances['TESTW'] ?? 0)).toBe(900);
    expect(await countTransfers(t.app, player.member.id)).toBe(3);
  });

  it('moves the money once when the same key comes many times at once, and answers every copy', async () => {
    const player = await createFundedPlayer(t.app, 1_000);
    const body = { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 700, requestId: 'race-same-0001' };
    const codes = await settle(
      Array.from({ length: COPIES }, () => t.app.gaming.wallet.transfers.transfer(ownerOf(player), body, setup)),
    );
    expect(codes).toEqual(Array.from({ length: COPIES }, () => 'applied'));
    expect(await walletBalances(t.app, player.member.id)).toMatchObject({ MAIN: 300, TESTV: 700 });
    expect(await countTransfers(t.app, player.member.id)).toBe(1);
  });

  it('finishes transfers in both directions and recalls at once without a deadlock, the total kept', async () => {
    const player = await createFundedPlayer(t.app, 1_000);
    await t.app.gaming.wallet.transfers.transfer(
      ownerOf(player),
      { fromWallet: 'MAIN', toWallet: 'TESTV', amountMinor: 500, requestId: 'race-both-fund' },
      setup,
    );
    const codes = await settle(
      Array.from({ length: COPIES }, (_, index) => {
        if (index % 4 === 3) {
          return t.app.gaming.wallet.transfers.recallAll(ownerOf(player), { requestId: `race-recall-${index}` }, setup);
        }
        const into = index % 2 === 0;
        return t.app.gaming.wallet.transfers.transfer(
          ownerOf(player),
          {
            fromWallet: into ? 'MAIN' : 'TESTV',
            toWallet: into ? 'TESTV' : 'MAIN',
            amountMinor: 100,
            requestId: `race-both-${index}-00`,
          },
          setup,
        );
      }),
    );
    expect(codes.filter((code) => code !== 'applied' && code !== 'WALLET_INSUFFICIENT_BALANCE')).toEqual([]);
    const balances = await walletBalances(t.app, player.member.id);
    expect(Object.values(balances).reduce((sum, value) => sum + value, 0)).toBe(1_000);
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
    });
  });
});
