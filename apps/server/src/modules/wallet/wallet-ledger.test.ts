import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { WalletService } from './wallet.service';

describe(WalletService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("pages a member's ledger newest first, each movement with the balance after it", async () => {
    const member = await createTestMember(t.app);
    const amounts = [500, -200, 1_000, -50, 75];
    for (const [index, amountMinor] of amounts.entries()) {
      await t.app.gaming.wallet.adjust(
        {
          merchantCode: 'parlay',
          account: member.account,
          amountMinor,
          reason: `step ${index}`,
          idempotencyKey: `ledger-${member.id}-${index}`,
        },
        t.app.merchants,
        { kind: 'cli', osUser: 'wallet-test' },
      );
    }
    const lines = [];
    let cursor: string | undefined;
    do {
      const page = await t.app.gaming.wallet.listLedger(member.merchantId, member.id, {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      lines.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(lines.map((line) => [line.amountMinor, line.balanceAfterMinor, line.reason])).toEqual([
      [75, 1_325, 'step 4'],
      [-50, 1_250, 'step 3'],
      [1_000, 1_300, 'step 2'],
      [-200, 300, 'step 1'],
      [500, 500, 'step 0'],
    ]);
    // Another brand's id for the member finds nothing.
    expect((await t.app.gaming.wallet.listLedger(member.merchantId + 1_000, member.id, { limit: 5 })).items).toEqual(
      [],
    );
    await expect(
      t.app.gaming.wallet.listLedger(member.merchantId, member.id, { limit: 5, cursor: 'ZZ' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
