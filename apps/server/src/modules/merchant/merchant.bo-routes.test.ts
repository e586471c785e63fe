import { BACKOFFICE_CALLS, callWithParams, SYSTEM_CALLS, type BrandSettings } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { merchantBackofficeRoutes } from './merchant.bo-routes';

type Call = { method: 'GET' | 'PUT' | 'DELETE'; path: string };

describe(merchantBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  const path = (call: Call, brand = 'parlay') => callWithParams(call as never, { brand } as never).path;
  const settings = async (brand = 'parlay', cookie = admin) => {
    const response = await callBackoffice(t.app, {
      method: 'GET',
      url: path(BACKOFFICE_CALLS.brandSettings, brand),
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: BrandSettings }>().value;
  };
  const save = (call: Call, payload: unknown, brand = 'parlay', cookie = admin) =>
    callBackoffice(t.app, { method: call.method, url: path(call, brand), cookie, payload });
  const auditCount = async (action: string) =>
    toNumber((await query(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`))[0]?.['n']);
  const status = async (host = 'localhost') =>
    (await t.app.inject({ method: 'GET', url: SYSTEM_CALLS.status.path, headers: { host } })).json().value;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'demo-admin');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it("answers the brand's settings with the version a save must carry", async () => {
    const brand = await settings();
    expect(brand).toMatchObject({
      code: 'parlay',
      siteUrl: expect.stringMatching(/^http:\/\/localhost/),
      maintenance: { state: 'off', startsAt: null, endsAt: null },
      currency: { code: 'KRW', exponent: 0 },
      theme: { primaryColor: '#f6c544', secondaryColor: '#ff8a3d' },
      logoUrl: null,
    });
    expect(brand.version).toEqual(expect.any(Number));
    expect(brand.knownModules).toContain('DIRECT_REGISTER');
    expect(brand.whitelabel.length).toBeGreaterThan(0);
  });

  it('switches a flag, audits it, and the player site sees it at its next call', async () => {
    const before = await settings();
    const response = await save(BACKOFFICE_CALLS.setBrandFlag, {
      modId: 'REFERRAL',
      enabled: false,
      version: before.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<{ value: BrandSettings }>().value;
    expect(after.version).toBe(before.version + 1);
    const whitelabel = (await t.app.inject({ method: 'GET', url: SYSTEM_CALLS.whitelabel.path })).json().value;
    expect(JSON.stringify(whitelabel)).toContain('{"modId":"REFERRAL","enabled":"0"');
    const [entry] = await query(
      t.app.db,
      sql`SELECT actor, before, after FROM audit_log WHERE action = 'brand.flag' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({ before: { REFERRAL: '1' }, after: { REFERRAL: '0' } });
    expect(entry?.['actor']).toMatch(/^operator:\d+$/);
  });

  it('refuses a stale version with BO_CHANGED_SINCE_OPENED and changes and audits nothing', async () => {
    const opened = await settings();
    expect(
      (await save(BACKOFFICE_CALLS.setBrandSiteUrl, { siteUrl: 'https://one.example', version: opened.version }))
        .statusCode,
    ).toBe(200);
    const audited = await auditCount('brand.site-url');
    const stale = await save(BACKOFFICE_CALLS.setBrandSiteUrl, {
      siteUrl: 'https://two.example',
      version: opened.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED' });
    expect((await settings()).siteUrl).toBe('https://one.example');
    expect(await auditCount('brand.site-url')).toBe(audited);
  });

  it('turns maintenance on now, schedules it, and the site shows it once the start has come', async () => {
    let brand = await settings();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    let response = await save(BACKOFFICE_CALLS.setBrandMaintenance, {
      state: 'on',
      endsAt: end,
      version: brand.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await status()).status).toBe(1);
    expect((await status()).maintenanceEndAt).toBe(end);

    brand = await settings();
    const start = new Date(Date.now() + 600_000).toISOString();
    response = await save(BACKOFFICE_CALLS.setBrandMaintenance, {
      state: 'scheduled',
      startsAt: start,
      endsAt: end,
      version: brand.version,
    });
    expect(response.json().value.maintenance).toEqual({ state: 'scheduled', startsAt: start, endsAt: end });
    expect((await status()).status).toBe(0);
    // The start comes: nothing runs then, the status judges the time of each call.
    await query(
      t.app.db,
      sql`UPDATE merchants SET maintenance_starts_at = now() - interval '1 second' WHERE code = 'parlay'`,
    );
    t.app.merchants.invalidate();
    expect((await status()).status).toBe(1);
    expect((await settings()).maintenance.state).toBe('on');

    brand = await settings();
    response = await save(BACKOFFICE_CALLS.setBrandMaintenance, { state: 'off', version: brand.version });
    expect(response.json().value.maintenance).toEqual({ state: 'off', startsAt: null, endsAt: null });
    expect((await status()).status).toBe(0);
  });

  it('refuses a schedule in the past, one without its start, or an end before its start', async () => {
    const { version } = await settings();
    const past = new Date(Date.now() - 60_000).toISOString();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const cases = [
      { body: { state: 'scheduled', startsAt: past, version }, code: 'MAINTENANCE_SCHEDULE_INVALID' },
      { body: { state: 'scheduled', version }, code: 'VALIDATION_FAILED' },
      { body: { state: 'on', endsAt: past, version }, code: 'MAINTENANCE_SCHEDULE_INVALID' },
      { body: { state: 'scheduled', startsAt: soon, endsAt: past, version }, code: 'VALIDATION_FAILED' },
    ];
    for (const { body, code } of cases) {
      const response = await save(BACKOFFICE_CALLS.setBrandMaintenance, body);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await settings()).version).toBe(version);
  });

  it('replaces region blocks in canonical form, refusing a bad rule whole', async () => {
    const { version } = await settings();
    const bad = await save(BACKOFFICE_CALLS.setBrandRegions, { countries: ['kr'], ips: ['10.0.0.0/33'], version });
    expect(bad.json()).toMatchObject({ code: 'REGION_RULE_INVALID' });
    const response = await save(BACKOFFICE_CALLS.setBrandRegions, {
      countries: ['kr', 'JP'],
      ips: ['203.0.113.7/32', '198.51.100.0/24'],
      version,
    });
    expect(response.json().value.regions).toEqual({ countries: ['KR', 'JP'], ips: ['203.0.113.7', '198.51.100.0/24'] });
    const cleared = await save(BACKOFFICE_CALLS.setBrandRegions, { countries: [], ips: [], version: version + 1 });
    expect(cleared.json().value.regions).toEqual({ countries: [], ips: [] });
  });

  it("replaces the domains in order and refuses another brand's domain", async () => {
    await createTestBrand(t.app.db, 'other', 'other.example');
    const opened = await settings();
    const taken = await save(BACKOFFICE_CALLS.setBrandDomains, {
      domains: [...opened.domains, { domain: 'other.example', isRoute: false }],
      version: opened.version,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'BRAND_DOMAIN_TAKEN', value: { domain: 'other.example' } });
    const domains = [
      { domain: 'play.parlay.example', isRoute: true, isAgentSite: false },
      { domain: 'agents.parlay.example', isRoute: false, isAgentSite: true },
      ...opened.domains,
    ];
    const response = await save(BACKOFFICE_CALLS.setBrandDomains, { domains, version: opened.version });
    expect(response.json().value.domains).toEqual(domains);
    expect(await t.app.merchants.isAgentSite('agents.parlay.example')).toBe(true);
    expect((await status('play.parlay.example')).brand.merchantCode).toBe('parlay');
    const routes = (await t.app.inject({ method: 'GET', url: SYSTEM_CALLS.domainRoute.path })).json().value.domainList;
    expect(routes[0].url).toBe('play.parlay.example');
  });

  it('sets customer-service links, languages and colours the status then carries', async () => {
    let { version } = await settings();
    const links = [{ csType: 'LIVECHAT', path: 'https://chat.example/parlay' }];
    expect((await save(BACKOFFICE_CALLS.setBrandCustomerService, { entries: links, version })).statusCode).toBe(200);
    version += 1;
    const wrong = await save(BACKOFFICE_CALLS.setBrandLanguages, { languages: ['KO'], defaultLanguage: 'EN', version });
    expect(wrong.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await save(BACKOFFICE_CALLS.setBrandLanguages, { languages: ['EN', 'KO'], defaultLanguage: 'EN', version }))
        .statusCode,
    ).toBe(200);
    version += 1;
    const unreadable = await save(BACKOFFICE_CALLS.setBrandTheme, {
      chatHeaderColor: '#123456',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      version,
    });
    expect(unreadable.json().code).toBe('BRAND_THEME_LOW_CONTRAST');
    const theme = { chatHeaderColor: '#123456', primaryColor: '#1565C0', secondaryColor: '#0d47a1', version };
    expect((await save(BACKOFFICE_CALLS.setBrandTheme, theme)).statusCode).toBe(200);
    const { brand, customerService } = await status();
    expect(brand).toMatchObject({
      languages: ['EN', 'KO'],
      defaultLanguage: 'EN',
      chatHeaderColor: '#123456',
      primaryColor: '#1565c0',
      secondaryColor: '#0d47a1',
    });
    expect(customerService).toEqual(links);
  });

  it('keeps a customer-service link that is a path of the site, and refuses any scheme but http(s)', async () => {
    const { version } = await settings();
    const audited = await auditCount('brand.customer-service');
    for (const path of ['javascript:alert(1)', '//evil.example/chat', 'data:text/html,x']) {
      const refused = await save(BACKOFFICE_CALLS.setBrandCustomerService, {
        entries: [{ csType: 'LIVECHAT', path }],
        version,
      });
      expect(refused.json().code, path).toBe('VALIDATION_FAILED');
    }
    expect(await auditCount('brand.customer-service')).toBe(audited);
    const links = [
      { csType: 'LIVECHAT', path: '/helpmc#contact' },
      { csType: 'VIP', path: 'https://vip.example/parlay' },
    ];
    expect((await save(BACKOFFICE_CALLS.setBrandCustomerService, { entries: links, version })).statusCode).toBe(200);
    expect((await status()).customerService).toEqual(links);
  });

  it('states the operator and licence the footer shows, and refuses a licence without its regulator', async () => {
    const opened = await settings();
    expect(opened.operator).toMatchObject({ demo: true, licenceNumber: '' });
    const audited = await auditCount('brand.operator');
    const operator = {
      company: 'Parlay Gaming N.V.',
      address: 'Abraham de Veerstraat 9, Willemstad, Curaçao',
      regulator: 'Curaçao Gaming Authority',
      licenceNumber: 'OGL/2024/1234/0567',
      licenceUrl: 'https://cert.gcb.cw/certificate?id=example',
      demo: false,
    };
    for (const wrong of [
      { ...operator, regulator: '' },
      { ...operator, licenceNumber: '', regulator: '', licenceUrl: 'https://cert.example' },
      { ...operator, licenceUrl: 'javascript:alert(1)' },
      { ...operator, licenceUrl: 'http://plain.example' },
    ]) {
      const refused = await save(BACKOFFICE_CALLS.setBrandOperator, { operator: wrong, version: opened.version });
      expect(refused.json().code, JSON.stringify(wrong)).toBe('VALIDATION_FAILED');
    }
    expect(await auditCount('brand.operator')).toBe(audited);
    const saved = await save(BACKOFFICE_CALLS.setBrandOperator, { operator, version: opened.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ value: BrandSettings }>().value.operator).toEqual(operator);
    expect(await auditCount('brand.operator')).toBe(audited + 1);
    expect((await status()).site.footer.operator).toEqual(operator);
  });

  describe('currency', () => {
    it('changes while no member holds a balance, and only the symbol once one does', async () => {
      await createTestBrand(t.app.db, 'coins', 'coins.example');
      const owner = await signInAs(t.app, 'demo-owner');
      const opened = await settings('coins', owner);
      const first = await save(
        BACKOFFICE_CALLS.setBrandCurrency,
        { currency: 'usd', currencySymbol: '$', currencyExponent: 2, version: opened.version },
        'coins',
        owner,
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value.currency).toEqual({ code: 'USD', symbol: '$', exponent: 2, membersWithBalance: 0 });

      const member = await createTestMember(t.app, { merchantCode: 'coins' });
      await t.app.gaming.wallet.adjust(
        {
          merchantCode: 'coins',
          account: member.account,
          amountMinor: 1_000,
          reason: 'test funds',
          idempotencyKey: 'coins-1',
        },
        t.app.merchants,
      );
      const audited = await auditCount('brand.currency');
      const { version } = await settings('coins', owner);
      for (const change of [
        { currency: 'EUR', currencySymbol: '€', currencyExponent: 2 },
        { currency: 'USD', currencySymbol: '$', currencyExponent: 0 },
      ]) {
        const refused = await save(BACKOFFICE_CALLS.setBrandCurrency, { ...change, version }, 'coins', owner);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'BRAND_CURRENCY_HAS_BALANCES', value: { members: 1 } });
        expect(refused.json().message).toContain('1');
      }
      expect(await auditCount('brand.currency')).toBe(audited);
      const symbol = await save(
        BACKOFFICE_CALLS.setBrandCurrency,
        { currency: 'USD', currencySymbol: 'US$', currencyExponent: 2, version },
        'coins',
        owner,
      );
      expect(symbol.json().value.currency).toEqual({ code: 'USD', symbol: 'US$', exponent: 2, membersWithBalance: 1 });
    });
  });

  describe('logo', () => {
    const png = (width: number, height: number, tail = Buffer.alloc(0)) => {
      const image = new PNG({ width, height });
      image.data.fill(200);
      return Buffer.concat([PNG.sync.write(image), tail]);
    };
    const upload = (body: Buffer, version: number, type = 'application/octet-stream') =>
      callBackoffice(t.app, {
        method: 'PUT',
        url: `${path(BACKOFFICE_CALLS.uploadBrandLogo)}?version=${version}`,
        cookie: admin,
        payload: body,
        headers: { 'content-type': type },
      });

    it('stores an upload encoded again under a generated name, served with its type and nosniff', async () => {
      const { version } = await settings();
      const polyglot = png(120, 40, Buffer.from('<script>alert(1)</script>'));
      const response = await upload(polyglot, version, 'image/png');
      expect(response.statusCode, response.body).toBe(200);
      const { logoUrl } = response.json<{ value: BrandSettings }>().value;
      expect(logoUrl).toMatch(/^\/wps\/media\/[a-f0-9]{32}\.png$/);
      expect((await status()).brand.logoUrl).toBe(logoUrl);

      const image = await t.app.inject({ method: 'GET', url: logoUrl! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toContain('immutable');
      expect(image.rawPayload.includes('<script>')).toBe(false);
      expect(PNG.sync.read(image.rawPayload)).toMatchObject({ width: 120, height: 40 });
      const [entry] = await query(
        t.app.db,
        sql`SELECT before, after FROM audit_log WHERE action = 'brand.logo' ORDER BY id DESC LIMIT 1`,
      );
      expect(entry).toMatchObject({ before: { logoUrl: null }, after: { logoUrl } });
    });

    it('refuses what is not a PNG or JPEG by its bytes, a size out of bounds, and a stale version: nothing stored', async () => {
      const opened = await settings();
      const files = async () => toNumber((await query(t.app.db, sql`SELECT count(*) AS n FROM media_files`))[0]?.['n']);
      const before = await files();
      const cases: [Buffer, string, string][] = [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png', 'IMAGE_INVALID'],
        [Buffer.from('GIF89a......'), 'application/octet-stream', 'IMAGE_INVALID'],
        [png(120, 40).subarray(0, 60), 'image/png', 'IMAGE_INVALID'],
        [png(8, 8), 'image/png', 'IMAGE_DIMENSIONS'],
        [png(2000, 40), 'image/png', 'IMAGE_DIMENSIONS'],
      ];
      for (const [body, type, code] of cases) {
        const response = await upload(body, opened.version, type);
        expect(response.json().code, code).toBe(code);
      }
      const stale = await upload(png(120, 40), opened.version - 1);
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const huge = await upload(Buffer.alloc(3 * 1024 * 1024, 1), opened.version);
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('IMAGE_TOO_LARGE');
      expect(await files()).toBe(before);
      expect((await settings()).version).toBe(opened.version);
    });

    it('removes the logo; an unknown or made-up media name is not found', async () => {
      const { version } = await settings();
      const response = await callBackoffice(t.app, {
        method: 'DELETE',
        url: `${path(BACKOFFICE_CALLS.removeBrandLogo)}?version=${version}`,
        cookie: admin,
      });
      expect(response.json().value.logoUrl).toBeNull();
      expect((await status()).brand.logoUrl).toBeUndefined();
      for (const name of ['0'.repeat(32) + '.png', '..%2F..%2Fetc%2Fpasswd']) {
        const missing = await t.app.inject({ method: 'GET', url: callWithParams(SYSTEM_CALLS.media, { name }).path });
        expect(missing.statusCode, name).toBeGreaterThanOrEqual(400);
        expect(missing.headers['content-type']).toContain('application/json');
      }
    });
  });

  it('lets a content operator read the settings but change none', async () => {
    const content = await signInAs(t.app, 'demo-content');
    const read = await callBackoffice(t.app, {
      method: 'GET',
      url: path(BACKOFFICE_CALLS.brandSettings),
      cookie: content,
    });
    expect(read.statusCode).toBe(200);
    const { version } = read.json<{ value: BrandSettings }>().value;
    const write = await save(
      BACKOFFICE_CALLS.setBrandFlag,
      { modId: 'REFERRAL', enabled: true, version },
      'parlay',
      content,
    );
    expect(write.json().code).toBe('BO_PERMISSION_DENIED');
  });
});
