import { sql } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EncryptionKeyService, KEY_ROTATION_GRACE_SECONDS } from '../../modules/auth/index';
import { createTestApp, type TestApp } from '../../test/app';
import { queryRows } from '../../test/members';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';
import { keysCommand } from './keys';

// RSA key generation is slow on a loaded CI machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let t: TestApp;
let context: AdminContext;
const run = (line: string) => runAdmin(adminCommands, context, line.split(' '));

interface KeyRow {
  kid: string;
  is_current: boolean;
  /** A Date on PostgreSQL, text on PGlite. */
  retired_at: Date | string | null;
  grace_seconds: number | null;
  private_jwk: { d: string };
}

function keyRows(): Promise<KeyRow[]> {
  return queryRows<KeyRow>(
    t.app,
    sql`SELECT kid, is_current, retired_at, extract(epoch FROM decrypt_until - retired_at)::int AS grace_seconds, private_jwk FROM encryption_keys ORDER BY created_at`,
  );
}

async function currentKid(): Promise<string> {
  const current = (await keyRows()).filter((row) => row.is_current);
  expect(current).toHaveLength(1);
  return current[0]!.kid;
}

/** A body as a page opened now would encrypt it: with the current key in the table (not a server's cache). */
async function encryptWithCurrentKey(body: unknown): Promise<string> {
  const jwk = await new EncryptionKeyService(t.app.db, t.app.audit).getPublicJwk();
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid })
    .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
}

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay' };
  // The app makes its first key when it first serves the public key.
  await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
});
afterAll(async () => {
  await t?.close();
});

describe(keysCommand.name, () => {
  it('rotates to a new current key while a body made before the rotation still decrypts during the grace', async () => {
    const madeBefore = await encryptWithCurrentKey({ hello: 'before the rotation' });
    const oldKid = await currentKid();

    const result = await run('keys rotate');
    expect(result.exitCode).toBe(0);
    const newKid = await currentKid();
    expect(newKid).not.toBe(oldKid);
    expect(result.output).toContain(`New current key ${newKid}.`);
    expect(result.output).toContain(`The previous key ${oldKid} decrypts until`);

    const old = (await keyRows()).find((row) => row.kid === oldKid)!;
    expect(old.grace_seconds).toBe(KEY_ROTATION_GRACE_SECONDS);

    // A server that reads the key table after the rotation: it serves the new key and still takes the old one.
    const server = new EncryptionKeyService(t.app.db, t.app.audit);
    expect((await server.getPublicJwk()).kid).toBe(newKid);
    expect(await server.decrypt(madeBefore)).toBe(JSON.stringify({ hello: 'before the rotation' }));

    const listed = await run('keys list');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toMatch(new RegExp(`^${newKid}  created \\S+  current$`, 'm'));
    expect(listed.output).toContain(`${oldKid}  created `);
    expect(listed.output).toContain(`retiring: retired ${new Date(old.retired_at!).toISOString()}, decrypts until `);

    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 1, action: 'keys.rotate' });
    expect(trail.items[0]).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      brand: null,
      targetId: newKid,
      after: { kid: newKid, graceSeconds: KEY_ROTATION_GRACE_SECONDS },
    });
    expect(JSON.stringify(trail.items[0])).not.toMatch(/"d"|privateJwk/);
  });

  it('with --grace 0 stops the old key at once, and lists it only as past its grace', async () => {
    const madeBefore = await encryptWithCurrentKey({ hello: 'stale' });
    const oldKid = await currentKid();

    const result = await run('keys rotate --grace 0');
    expect(result.output).toContain(`The previous key ${oldKid} has no grace`);

    const server = new EncryptionKeyService(t.app.db, t.app.audit);
    await expect(server.decrypt(madeBefore)).rejects.toMatchObject({ code: 'ENCRYPTED_BODY_INVALID' });
    const listed = await run('keys list');
    expect(listed.output).not.toContain(oldKid);
    expect(listed.output).toContain('1 older key(s) past their grace no longer decrypt.');
  });

  it('never prints private key material', async () => {
    const listed = await run('keys list');
    const rotated = await run('keys rotate --grace 60');
    for (const row of await keyRows()) {
      expect(listed.output).not.toContain(row.private_jwk.d);
      expect(rotated.output).not.toContain(row.private_jwk.d);
    }
  });

  it('refuses a bad --grace or a bad line and changes nothing', async () => {
    const before = await keyRows();
    for (const line of [
      'keys rotate --grace abc',
      'keys rotate --grace -5',
      'keys rotate --grace 1.5',
      'keys rotate --grace 1e3',
      'keys rotate --grace 604801',
      'keys rotate --grace 86400000',
      'keys rotate --grace',
      'keys rotate now',
      'keys list --grace 60',
      'keys retire',
      'keys',
    ]) {
      const refused = await run(line);
      expect(refused.exitCode, line).toBe(1);
      expect(refused.output, line).toContain('keys rotate [--grace SECONDS]');
    }
    expect((await run('keys rotate --grace abc')).output).toContain(
      '--grace is a whole number of seconds from 0 to 604800',
    );
    expect(await keyRows()).toEqual(before);
  });

  it('is listed by help', async () => {
    const help = await run('help');
    expect(help.output).toContain('keys: ');
    expect(help.output).toContain('  keys list');
    expect(help.output).toContain('  keys rotate [--grace SECONDS]');
  });
});
