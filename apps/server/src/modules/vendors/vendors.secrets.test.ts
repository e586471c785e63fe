import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { SecretBox } from './secret-box';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
  TEST_VENDOR_SECRET,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { VendorService } from './vendors.service';

const KEY = 'a-test-data-encryption-key-of-enough-length';

describe(SecretBox.name, () => {
  it('opens what it sealed and refuses another key, another row or a changed byte', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('the secret', 'game_vendors.wallet_secret:A');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('the secret');
    expect(box.open(sealed, 'game_vendors.wallet_secret:A')).toBe('the secret');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('the secret', 'game_vendors.wallet_secret:A')).not.toBe(sealed);

    expect(() => new SecretBox(`${KEY}-other`).open(sealed, 'game_vendors.wallet_secret:A')).toThrow(/another/);
    expect(() => box.open(sealed, 'game_vendors.wallet_secret:B')).toThrow();
    const parts = sealed.split(':');
    const ciphertext = parts[4] ?? '';
    parts[4] = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open(parts.join(':'), 'game_vendors.wallet_secret:A')).toThrow();
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new SecretBox('short')).toThrow(/32/);
  });
});

describe(VendorService.name, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DATA_ENCRYPTION_KEY: KEY });
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  async function storedSecret(): Promise<string> {
    const result: unknown = await t.app.db.execute(sql`SELECT wallet_secret FROM game_vendors WHERE code = 'TESTV'`);
    return String((result as { rows: { wallet_secret: unknown }[] }).rows[0]?.wallet_secret);
  }

  async function signedBalance(app: TestApp['app'], secret: string) {
    const { authorization } = await createFundedPlayer(app, 500);
    const launch = await launchFor(app, authorization);
    return callWallet(
      app,
      'balance',
      { requestId: `secret-${Math.random()}`, playerId: launch.playerId, currency: launch.currency },
      { secret },
    );
  }

  it('stores a wallet secret sealed and still checks signatures made with it', async () => {
    const stored = await storedSecret();
    expect(stored.startsWith('enc:v1:')).toBe(true);
    expect(stored).not.toContain(TEST_VENDOR_SECRET);
    const answer = await signedBalance(t.app, TEST_VENDOR_SECRET);
    expect(answer.status).toBe(200);
    expect(answer.body.value.balanceMinor).toBe(500);
  });

  it('seals a secret stored as given at the next start, and signatures made with it still check', async () => {
    const legacy = 'legacy-plaintext-wallet-secret-0123456789';
    await t.app.db.execute(sql`UPDATE game_vendors SET wallet_secret = ${legacy} WHERE code = 'TESTV'`);
    // A second instance starting on the same database seals the row.
    const next = await buildApp({ config: t.config, database: t.database.handle });
    await next.ready();
    try {
      const stored = await storedSecret();
      expect(stored.startsWith('enc:v1:')).toBe(true);
      expect(stored).not.toContain(legacy);
      expect((await signedBalance(next, legacy)).status).toBe(200);
      const refused = await signedBalance(next, TEST_VENDOR_SECRET);
      expect(refused.status).not.toBe(200);
      expect(refused.body.code).toBe('VENDOR_SIGNATURE_INVALID');
    } finally {
      await next.close();
    }
  });
});
