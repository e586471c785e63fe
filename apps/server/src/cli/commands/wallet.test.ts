import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { checkLedger } from '../../modules/seamless-wallet/seamless-wallet.fixtures';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';
import { walletCommand } from './wallet';

let t: TestApp;
let context: AdminContext;
const adjust = (...args: string[]) => runAdmin(adminCommands, context, ['wallet', 'adjust', ...args]);

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay', osUser: 'cashier' };
}, 180_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

describe(walletCommand.name, () => {
  it('credits a member once per key and says so on a repeat', async () => {
    const { account } = await createTestMember(t.app);
    const args = ['--account', account, '--amount', '500', '--reason', 'goodwill', '--key', 'cli-credit-0001'];
    expect(await adjust(...args)).toEqual({
      exitCode: 0,
      output: `Credited 500 KRW (minor units) for ${account}; balance 500.`,
    });
    expect((await adjust(...args)).output).toBe(
      `Key cli-credit-0001 was already applied; nothing moved. Balance of ${account}: 500.`,
    );
    // One entry: the repeat moved nothing and changed nothing.
    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 5, action: 'wallet.adjust' });
    expect(trail.items.filter((entry) => (entry.after as { account: string }).account === account)).toEqual([
      expect.objectContaining({
        actor: 'cli:cashier',
        brand: 'parlay',
        before: { account, balanceMinor: 0 },
        after: expect.objectContaining({
          balanceMinor: 500,
          amountMinor: 500,
          reason: 'goodwill',
          idempotencyKey: 'cli-credit-0001',
        }),
      }),
    ]);
  });

  it('refuses a debit larger than the balance, prints the balance, and moves nothing', async () => {
    const { account } = await createTestMember(t.app);
    await adjust('--account', account, '--amount', '300', '--reason', 'funding', '--key', 'cli-fund-0002');
    const before = await checkLedger(t.app);
    const refused = await adjust(
      '--account',
      account,
      '--amount=-301',
      '--reason',
      'too much',
      '--key',
      'cli-debit-0002',
    );
    expect(refused).toEqual({
      exitCode: 1,
      output: 'WALLET_INSUFFICIENT_BALANCE: Not enough money. Balance: 300 (minor units).',
    });
    expect((await checkLedger(t.app)).movements).toBe(before.movements);
  });

  it('names an unknown brand as such, and an unknown member as such', async () => {
    const { account } = await createTestMember(t.app);
    const common = ['--amount', '1', '--reason', 'test', '--key', 'cli-unknown-0003'];
    const brand = await adjust('--account', account, '--merchant', 'nobody', ...common);
    expect(brand).toEqual({ exitCode: 1, output: 'MERCHANT_NOT_FOUND: No brand has this merchant code.' });
    const member = await adjust('--account', 'nobody-here', ...common);
    expect(member).toEqual({ exitCode: 1, output: 'WALLET_MEMBER_NOT_FOUND: The member was not found.' });
  });
});
