import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../lib/crypto/totp';
import { DEMO_TOTP_SECRET } from '../../modules/operators/index';
import { createTestApp, type TestApp } from '../../test/app';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';
import { operatorsCommand } from './operators';

let t: TestApp;
let context: AdminContext;
const run = (line: string) => runAdmin(adminCommands, context, line.split(' '));
const trail = (action: string) =>
  t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 50, action }).then((page) => page.items);

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay', osUser: 'root-on-host' };
});
afterAll(async () => t?.close());

describe(`admin ${operatorsCommand.name}`, () => {
  it('creates an operator and prints its one-time invitation link, audited as the CLI', async () => {
    const created = await run('operators create ivy --name Ivy --email ivy@example.com --role owner --all-brands');
    expect(created.exitCode, created.output).toBe(0);
    expect(created.output).toMatch(
      /^ivy \(Ivy, ivy@example\.com\): owner on every brand; invited, no authenticator yet/,
    );
    expect(created.output).toMatch(/\nhttp:\/\/localhost:8080\/backoffice\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    expect((await trail('operator.invite'))[0]).toMatchObject({
      actor: 'cli:root-on-host',
      targetId: String((await t.app.backoffice.operators.getByLogin('ivy')).id),
      after: { login: 'ivy', roles: ['owner'], allBrands: true },
    });
    const listed = await run('operators list');
    expect(listed.output).toContain('ivy  invited  owner  *');
    expect(listed.output).toContain('demo-support  active  support  parlay');
  });

  it('refuses what a command line gets wrong, and stores nothing', async () => {
    const before = (await trail('operator.')).length;
    expect((await run('operators create jay --name Jay --email jay@example.com --role owner')).output).toContain(
      '--merchant CODE[,CODE] or --all-brands',
    );
    expect(
      (await run('operators create jay --name Jay --email jay@example.com --role boss --all-brands')).output,
    ).toContain('--role is one or more of owner, admin');
    expect(
      (await run('operators create jay --name Jay --email jay@example.com --role support --merchant nowhere')).output,
    ).toContain('MERCHANT_NOT_FOUND');
    expect((await run('operators suspend nobody --reason x')).output).toContain('BO_OPERATOR_NOT_FOUND');
    expect(await trail('operator.')).toHaveLength(before);
  });

  it('suspends, reactivates, changes roles and resets the authenticator of an operator', async () => {
    expect((await run('operators suspend demo-risk')).output).toContain('--reason TEXT is required');
    expect((await run('operators suspend demo-risk --reason audit')).output).toContain(': risk on parlay; suspended');
    expect((await run('operators reactivate demo-risk')).output).toContain('; active, authenticator enrolled');
    expect((await run('operators roles demo-risk --role risk,support')).output).toContain(': risk, support on parlay');
    expect((await run('operators reset-totp demo-risk')).output).toContain('no authenticator yet');
    const actions = (await trail('operator.')).slice(0, 4).map((entry) => `${entry.actor} ${entry.action}`);
    expect(actions).toEqual([
      'cli:root-on-host operator.totp-reset',
      'cli:root-on-host operator.roles',
      'cli:root-on-host operator.reactivate',
      'cli:root-on-host operator.suspend',
    ]);
  });

  it('never suspends the last active owner', async () => {
    const result = await run('operators suspend demo-owner --reason leaving');
    expect(result).toEqual({ exitCode: 1, output: expect.stringContaining('BO_LAST_OWNER') });
  });

  it("prints a demo operator's code now, and no other operator's", async () => {
    const code = await run('operators totp demo-owner');
    expect(code.exitCode).toBe(0);
    expect([currentTotp(DEMO_TOTP_SECRET), currentTotp(DEMO_TOTP_SECRET, Date.now() - 30_000)]).toContain(code.output);
    // demo-risk's authenticator was reset above: it has none, and ivy has never enrolled one.
    for (const login of ['demo-risk', 'ivy', 'nobody']) {
      const refused = await run(`operators totp ${login}`);
      expect(refused.exitCode, login).toBe(1);
      expect(refused.output).toContain('only for a demo operator');
    }
  });

  it("shows and clears a brand's IP allow-list", async () => {
    expect((await run('operators ip-allow show')).output).toBe(
      'The back office of parlay has no IP allow-list: every IP may call it.',
    );
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    await t.app.backoffice.ipAllowLists.set({ kind: 'cli', osUser: 'x' }, brand, {
      entries: [{ cidr: '10.0.0.0/8', note: 'office' }],
      version: null,
    });
    expect((await run('operators ip-allow show')).output).toContain('  10.0.0.0/8  (office)');
    expect((await run('operators ip-allow clear')).output).toBe('The back office of parlay is open to every IP again.');
    expect((await trail('brand.ip-allow-list'))[0]).toMatchObject({
      actor: 'cli:root-on-host',
      before: { entries: [{ cidr: '10.0.0.0/8', note: 'office' }] },
      after: { entries: [] },
    });
  });
});
