import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, loginThroughApi, queryRows, signInTestMember } from '../../test/members';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';
import { memberCommand } from './member';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let context: AdminContext;
let ipCounter = 1;
const nextIp = () => `10.9.0.${ipCounter++}`;
const run = (line: string) => runAdmin(adminCommands, context, line.split(' '));

async function passwordRow(id: number) {
  const [row] = await queryRows<{ password_hash: string; password_is_default: boolean; password_changed_at: Date }>(
    t.app,
    sql`SELECT password_hash, password_is_default, password_changed_at FROM members WHERE id = ${id}`,
  );
  return row!;
}

async function liveSessions(memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app,
    sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${memberId} AND revoked_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay' };
});
afterAll(async () => {
  await t?.close();
});

describe(memberCommand.name, () => {
  it('gives an account a default password that signs in with the change-password dialog forced', async () => {
    const member = await createTestMember(t.app);
    await signInTestMember(t.app, member);
    expect(await liveSessions(member.id)).toBe(1);

    const result = await run(`member default-password --account ${member.account.toUpperCase()} --password Temp5678x`);
    expect(result).toEqual({
      exitCode: 0,
      output: expect.stringContaining(`${member.account} on parlay now has a default password.`),
    });
    expect(result.output).toContain('1 session(s) ended');
    expect(await liveSessions(member.id)).toBe(0);

    const old = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: nextIp() },
    );
    expect(old.json().code).toBe('WRONG_ACCOUNT_OR_PASSWORD');
    const login = await loginThroughApi(
      t.app,
      { username: member.account, password: 'Temp5678x' },
      { remoteAddress: nextIp() },
    );
    expect(login.json()).toMatchObject({ success: true, value: { cpw: true, passwordIsDefault: true } });

    const shown = await run(`member show --account ${member.account}`);
    expect(shown.output).toContain('password: default (must change at next sign-in)');

    // Audited with the member and the sessions ended, never the password.
    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 1, action: 'member.' });
    expect(trail.items[0]).toMatchObject({
      action: 'member.default-password',
      brand: 'parlay',
      targetId: String(member.id),
      after: { account: member.account, passwordIsDefault: true, endedSessions: 1 },
    });
    expect(JSON.stringify(trail.items[0])).not.toContain('Temp5678x');
  });

  it('generates and prints a default password when none is given', async () => {
    const member = await createTestMember(t.app);
    const result = await run(`member default-password --account ${member.account}`);
    const password = /default password: (\S+)/.exec(result.output)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const login = await loginThroughApi(
      t.app,
      { username: member.account, password: password! },
      { remoteAddress: nextIp() },
    );
    expect(login.json().value).toMatchObject({ cpw: true, passwordIsDefault: true });
  });

  it('expires a password so the next sign-in must change it', async () => {
    const member = await createTestMember(t.app);
    const result = await run(`member expire-password --account ${member.account}`);
    expect(result.output).toContain('the next sign-in must change it');
    const login = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: nextIp() },
    );
    expect(login.json().value).toMatchObject({ cpw: true, passwordExpired: true, passwordIsDefault: false });
    expect((await run(`member show --account ${member.account}`)).output).toContain('(expired)');
  });

  it('says when FORCE_PASSWORD_CHANGE is off, so an expired password is not forced', async () => {
    const member = await createTestMember(t.app);
    await run('flag set FORCE_PASSWORD_CHANGE off');
    try {
      const result = await run(`member expire-password --account ${member.account}`);
      expect(result.output).toContain('FORCE_PASSWORD_CHANGE is off for parlay');
      // The running app sees an operator's flag change within its brand cache time; do not wait for it here.
      t.app.merchants.invalidate();
      const login = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(login.json().value).toMatchObject({ cpw: false, passwordExpired: true });
    } finally {
      await run('flag set FORCE_PASSWORD_CHANGE on');
      t.app.merchants.invalidate();
    }
  });

  it('refuses an unknown account, a guest, a weak temporary password and a bad line, and changes nothing', async () => {
    const member = await createTestMember(t.app);
    const guest = await createTestMember(t.app, { isFreePlay: true });
    const before = await passwordRow(member.id);

    expect(await run('member default-password --account nobody --password Temp5678x')).toEqual({
      exitCode: 1,
      output: 'MEMBER_NOT_FOUND: No member nobody on this brand.',
    });
    expect((await run(`member expire-password --account ${guest.account}`)).output).toContain('MEMBER_NOT_FOUND');
    for (const password of ['short', 'has space', 'x'.repeat(65)]) {
      const refused = await runAdmin(adminCommands, context, [
        'member',
        'default-password',
        '--account',
        member.account,
        '--password',
        password,
      ]);
      expect(refused.output, password).toContain('TEMPORARY_PASSWORD_INVALID');
    }
    expect((await run(`member default-password --account ${member.account} --merchant nobody`)).output).toContain(
      'MERCHANT_NOT_FOUND',
    );
    for (const line of [
      'member reset --account x',
      'member show',
      `member show --account ${member.account} --password Temp5678x`,
      `member show extra --account ${member.account}`,
      `member show --account ${member.account} --forever`,
    ]) {
      const refused = await run(line);
      expect(refused.exitCode, line).toBe(1);
      expect(refused.output, line).toContain('member default-password --account NAME');
    }
    expect(await passwordRow(member.id)).toEqual(before);
  });

  it('is listed by help', async () => {
    const help = await run('help');
    expect(help.output).toContain('member: ');
    expect(help.output).toContain('member expire-password --account NAME');
  });
});
