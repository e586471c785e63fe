import os from 'node:os';
import { WHITELABEL, isModuleEnabled } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../db/data-dir-lock';
import { AuditService } from '../modules/audit/index';
import { MediaService, MerchantAdminService, MerchantService } from '../modules/merchant/index';
import { WalletService } from '../modules/wallet/index';
import { createTestDatabase, type TestDatabase } from '../test/database';
import type { AdminContext } from './command';
import { adminCommands } from './commands/index';
import { explainLockedDataDir, runAdmin } from './run';

describe('admin CLI', () => {
  let database: TestDatabase;
  let context: AdminContext;
  let admin: MerchantAdminService;
  const run = (line: string) => runAdmin(adminCommands, context, line.split(' '));
  const brand = () => admin.getBrand('parlay').then((b) => b.merchant);

  beforeAll(async () => {
    database = await createTestDatabase();
    context = { db: database.handle.db, defaultMerchantCode: 'parlay', osUser: 'alice' };
    const { db } = database.handle;
    const audit = new AuditService(db);
    admin = new MerchantAdminService(
      db,
      audit,
      new WalletService(db, audit),
      new MediaService(db),
      new MerchantService(db, 'parlay'),
    );
  }, 180_000);
  afterAll(async () => {
    await database.drop();
  });

  describe('maintenance', () => {
    it('turns maintenance on with an end time and off again', async () => {
      const on = await run('maintenance on --until 2030-01-01T03:00:00Z');
      expect(on).toEqual({
        exitCode: 0,
        output: expect.stringContaining('ON for parlay until 2030-01-01T03:00:00.000Z'),
      });
      expect(await brand()).toMatchObject({ maintenance: true, maintenanceEndAt: new Date('2030-01-01T03:00:00Z') });
      expect((await run('maintenance off')).exitCode).toBe(0);
      expect(await brand()).toMatchObject({ maintenance: false, maintenanceEndAt: null });
    });

    it('refuses an end time that is not ISO and changes nothing', async () => {
      const result = await run('maintenance on --until tomorrow');
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain('MAINTENANCE_END_INVALID');
      expect((await brand()).maintenance).toBe(false);
    });

    it('refuses an unknown brand and an unknown option', async () => {
      expect((await run('maintenance on --merchant nobody')).output).toContain('MERCHANT_NOT_FOUND');
      const unknownOption = await run('maintenance on --forever');
      expect(unknownOption.exitCode).toBe(1);
      expect(unknownOption.output).toContain('maintenance on [--from');
    });
  });

  describe('region', () => {
    it('blocks and unblocks a country and a CIDR range, keeping one copy of each', async () => {
      await run('region block --country kr');
      await run('region block --country KR');
      await run('region block --ip 1.2.3.0/24');
      expect(await brand()).toMatchObject({ restrictedCountries: ['KR'], restrictedIps: ['1.2.3.0/24'] });
      const listed = await run('region list');
      expect(listed.output).toContain('countries: KR');
      await run('region unblock --country KR');
      await run('region unblock --ip 1.2.3.0/24');
      expect(await brand()).toMatchObject({ restrictedCountries: [], restrictedIps: [] });
    });

    it('refuses a rule that is neither a country nor an IP range and stores nothing', async () => {
      for (const line of [
        'region block --country Korea',
        'region block --ip 1.2.3.0/40',
        'region block --ip example.com',
      ]) {
        const result = await run(line);
        expect(result.exitCode, line).toBe(1);
        expect(result.output).toContain('REGION_RULE_INVALID');
      }
      expect((await run('region block --country KR --ip 1.1.1.1')).output).toContain('exactly one of');
      expect(await brand()).toMatchObject({ restrictedCountries: [], restrictedIps: [] });
    });
  });

  describe('flag', () => {
    it('switches a nested module in the whitelabel tree', async () => {
      expect(isModuleEnabled((await brand()).whitelabel, WHITELABEL.REGISTER_MOBILE)).toBe(true);
      const result = await run(`flag set ${WHITELABEL.REGISTER_MOBILE} off`);
      expect(result.output).toBe('REGISTER_MOBILE is off for parlay.');
      const tree = (await brand()).whitelabel;
      expect(isModuleEnabled(tree, WHITELABEL.REGISTER_MOBILE)).toBe(false);
      expect(isModuleEnabled(tree, WHITELABEL.REGISTER_USERNAME)).toBe(true);
      const listed = await run('flag list');
      expect(listed.output).toMatch(/\[off\] REGISTER_MOBILE/);
      expect(listed.output).toMatch(/\[on\] {2}REGISTER_SMS_VERIFICATION \(hidden: a parent is off\)/);
      await run(`flag set ${WHITELABEL.REGISTER_MOBILE} on`);
      expect(isModuleEnabled((await brand()).whitelabel, WHITELABEL.REGISTER_MOBILE)).toBe(true);
    });

    it('refuses a module id the platform does not know and leaves the tree alone', async () => {
      const before = (await brand()).whitelabel;
      const result = await run('flag set FREE_PLAYY on');
      expect(result).toEqual({ exitCode: 1, output: 'WHITELABEL_MODULE_UNKNOWN: Unknown feature module: FREE_PLAYY' });
      expect((await brand()).whitelabel).toEqual(before);
    });
  });

  describe('brand', () => {
    it('shows the brand with its domains', async () => {
      const result = await run('brand show');
      expect(result.exitCode).toBe(0);
      expect(result.output).toContain('Parlay (parlay)');
      expect(result.output).toContain('localhost (route)');
      expect(result.output).toContain('KRW');
      // The demo seed's site address, on the port of the default configuration.
      expect(result.output).toMatch(/site url: {5}http:\/\/localhost:\d+\n/);
    });

    it('sets the site address as an origin, and shows it', async () => {
      const result = await run('brand site-url https://Play.Parlay.example:443/');
      expect(result).toEqual({
        exitCode: 0,
        output: 'Links parlay sends (password resets) now lead to https://play.parlay.example.',
      });
      expect((await brand()).siteUrl).toBe('https://play.parlay.example');
      expect((await run('brand show')).output).toContain('site url:     https://play.parlay.example\n');
      expect((await run('brand site-url http://127.0.0.1:8080')).exitCode).toBe(0);
      expect((await brand()).siteUrl).toBe('http://127.0.0.1:8080');
    });

    it('refuses an address that is not an https origin, or plain http off the loopback, and keeps the old one', async () => {
      await run('brand site-url https://play.parlay.example');
      for (const address of [
        'http://play.parlay.example',
        'https://play.parlay.example/site',
        'https://play.parlay.example/?next=1',
        'https://play.parlay.example/#top',
        'https://user:pass@play.parlay.example',
        'javascript:alert(1)',
        'ftp://play.parlay.example',
        'play.parlay.example',
      ]) {
        const result = await run(`brand site-url ${address}`);
        expect(result.exitCode, address).toBe(1);
        expect(result.output, address).toContain('SITE_URL_INVALID');
        expect(result.output, address).toContain(address);
      }
      expect((await run('brand site-url')).output).toContain('brand site-url https://brand.example');
      expect((await run('brand site-url https://a.example --merchant nobody')).output).toContain('MERCHANT_NOT_FOUND');
      expect((await brand()).siteUrl).toBe('https://play.parlay.example');
    });
  });

  describe('the audit trail', () => {
    const trail = (action: string) =>
      new AuditService(database.handle.db).search({ allBrands: true, merchantIds: [] }, { limit: 50, action });

    it('records each change a command makes as cli:<OS user>, with the values before and after', async () => {
      await run('maintenance on --until 2031-02-03T04:05:06Z');
      await run('maintenance off');
      const [off, on] = (await trail('brand.maintenance')).items;
      expect(on).toMatchObject({
        actor: 'cli:alice',
        operatorId: null,
        brand: 'parlay',
        targetType: 'brand',
        targetId: 'parlay',
        before: { maintenance: false, maintenanceEndAt: null },
        after: { maintenance: true, maintenanceEndAt: '2031-02-03T04:05:06.000Z' },
        ip: null,
      });
      expect(off).toMatchObject({ before: { maintenance: true }, after: { maintenance: false } });
      await run('region block --country JP');
      expect((await trail('brand.region')).items[0]).toMatchObject({
        before: { restrictedCountries: [] },
        after: { restrictedCountries: ['JP'] },
      });
      await run('region unblock --country JP');

      const listed = await run('audit list --actor cli:alice --action brand.');
      expect(listed.exitCode).toBe(0);
      expect(listed.output.split('\n')[0]).toMatch(/^#\d+ \S+ {2}cli:alice {2}parlay {2}brand\.region brand:parlay /);
      expect(listed.output).toContain('brand.maintenance brand:parlay  {"maintenance":false,');
    });

    it('names the OS user who ran the command when the context does not', async () => {
      const { osUser: _, ...anonymous } = context;
      await runAdmin(adminCommands, anonymous, ['flag', 'set', WHITELABEL.REFERRAL, 'off']);
      await runAdmin(adminCommands, anonymous, ['flag', 'set', WHITELABEL.REFERRAL, 'on']);
      const [entry] = (await trail('brand.flag')).items;
      expect(entry!.actor).toBe(`cli:${os.userInfo().username}`);
    });

    it('writes no entry for a change that is refused', async () => {
      const before = (await trail('brand.')).items.length;
      expect((await run('flag set FREE_PLAYY on')).exitCode).toBe(1);
      expect((await run('region block --ip 300.1.1.1')).exitCode).toBe(1);
      expect((await run('maintenance on --merchant nobody')).exitCode).toBe(1);
      expect((await trail('brand.')).items).toHaveLength(before);
      // More than the demo member holds (its seeded deposits included): refused, nothing audited.
      const debit = await run('wallet adjust --account demo --amount=-900000000000000 --reason test --key refused-1');
      expect(debit.output).toContain('WALLET_INSUFFICIENT_BALANCE');
      expect((await trail('wallet.adjust')).items).toEqual([]);
    });
  });

  it('answers help and unknown commands with the usage of every command', async () => {
    const help = await run('help');
    expect(help.exitCode).toBe(0);
    for (const name of ['maintenance', 'region', 'flag', 'brand']) expect(help.output).toContain(`${name}:`);
    const unknown = await run('teleport');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toContain('Unknown command "teleport"');
  });
});

describe(explainLockedDataDir.name, () => {
  it('names the folder and the owner, and tells the operator to stop the server or use DATABASE_URL', () => {
    const text = explainLockedDataDir(new DataDirLockedError('/srv/parlay/data', 4242));
    expect(text).toContain('/srv/parlay/data');
    expect(text).toContain('4242');
    expect(text).toContain('Stop the server');
    expect(text).toContain('DATABASE_URL');
  });
});
