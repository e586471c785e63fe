import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  checkLedger,
  createFundedPlayer,
  TEST_VENDOR_SECRET,
  testVendorFeed,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { installWalletVendor, setTransferWallets, walletBalances } from './wallet-transfer.fixtures';
import { WalletTransfers } from './wallet-transfer.service';

const WALLETS = ['MAIN', 'TESTV', 'TESTW'] as const;
type WalletCode = (typeof WALLETS)[number];
const START = 1_000;

type Step =
  | { kind: 'transfer'; player: number; vendor: 'TESTV' | 'TESTW'; into: boolean; amount: number; key: number }
  | { kind: 'recall'; player: number; key: number };

/** The wallets as a reader would write them down: what the server must agree with after every step. */
class TransferModel {
  readonly balances: Record<WalletCode, number>[] = [0, 1].map(() => ({ MAIN: START, TESTV: 0, TESTW: 0 }));
  /** The content first sent under each (player, key): a repeat with the same moves nothing, another is a conflict. */
  private readonly keys = new Map<string, string>();

  apply(step: Step): string {
    const wallets = this.balances[step.player]!;
    const id = `${step.player}:${step.kind}:${step.key}`;
    if (step.kind === 'recall') {
      if (this.keys.has(id)) return 'repeat';
      const total = wallets.TESTV + wallets.TESTW;
      // A recall with nothing to recall writes nothing, so keeps no key.
      if (total === 0) return 'applied';
      this.keys.set(id, 'recall');
      wallets.MAIN += total;
      wallets.TESTV = 0;
      wallets.TESTW = 0;
      return 'applied';
    }
    const content = `${step.vendor}:${step.into}:${step.amount}`;
    const known = this.keys.get(id);
    if (known !== undefined) return known === content ? 'repeat' : 'WALLET_IDEMPOTENCY_CONFLICT';
    const [from, to]: WalletCode[] = step.into ? ['MAIN', step.vendor] : [step.vendor, 'MAIN'];
    if (wallets[from!] < step.amount) return 'WALLET_INSUFFICIENT_BALANCE';
    this.keys.set(id, content);
    wallets[from!] -= step.amount;
    wallets[to!] += step.amount;
    return 'applied';
  }
}

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      player: fc.integer({ min: 0, max: 1 }),
      vendor: fc.constantFrom('TESTV' as const, 'TESTW' as const),
      into: fc.boolean(),
      amount: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constantFrom(START, START + 1)),
      // Few keys, so that repeats and conflicts come up often.
      key: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('recall' as const),
      player: fc.integer({ min: 0, max: 1 }),
      key: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

describe(WalletTransfers.name, () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await installWalletVendor(t.app, testVendorFeed('TESTV'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await installWalletVendor(t.app, testVendorFeed('TESTW'), TEST_VENDOR_SECRET, { walletMode: 'transfer' });
    await setTransferWallets(t.app, 'parlay', true);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('agrees with the model over random transfers and recalls: balances are the sums of entries, nothing made or lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 24 }), async (steps) => {
        run += 1;
        const players = [await createFundedPlayer(t.app, START), await createFundedPlayer(t.app, START)];
        const model = new TransferModel();
        const setup = { multiWallet: true, language: 'EN' as const };
        for (const step of steps) {
          const player = players[step.player]!;
          const owner = { memberId: player.member.id, merchantId: player.member.merchantId, currency: 'KRW' };
          const requestId = `model-${run}-${step.kind}-${step.key}`;
          const expected = model.apply(step);
          let outcome: string;
          try {
            if (step.kind === 'recall') {
              await t.app.gaming.wallet.transfers.recallAll(owner, { requestId }, setup);
            } else {
              const [fromWallet, toWallet] = step.into ? ['MAIN', step.vendor] : [step.vendor, 'MAIN'];
              await t.app.gaming.wallet.transfers.transfer(
                owner,
                { fromWallet: fromWallet, toWallet: toWallet, amountMinor: step.amount, requestId },
                setup,
              );
            }
            outcome = expected === 'repeat' ? 'repeat' : 'applied';
          } catch (error) {
            outcome = (error as { code?: string }).code ?? String(error);
          }
          expect(outcome, JSON.stringify(step)).toBe(expected);
        }
        for (const [index, player] of players.entries()) {
          const stored = await walletBalances(t.app, player.member.id);
          const modelled = model.balances[index]!;
          for (const code of WALLETS) expect(stored[code] ?? 0, code).toBe(modelled[code]);
          // Transfers move money between a member's wallets: the member's total is what was funded.
          expect(Object.values(stored).reduce((sum, value) => sum + value, 0)).toBe(START);
        }
        expect(await checkLedger(t.app)).toMatchObject({
          balanceMismatches: 0,
          unbalancedMovements: 0,
          negativeBalances: 0,
        });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
