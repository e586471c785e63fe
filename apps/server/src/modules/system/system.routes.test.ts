import { createDecipheriv, createHash } from 'node:crypto';
import { CUSTOMER_SERVICE_PATH_TYPE, splitCustomerServicePath } from '@parlay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantDomains, merchants } from '../../db/schema/index';
import { demoBrandConfig, demoSite, demoWhitelabel } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/app';
import { encryptCustomerServicePath } from './system.service';

function decrypt(path: string): string {
  const { iv, ciphertextAndTag, key } = splitCustomerServicePath(path);
  const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(key, 'utf8').digest(), iv);
  decipher.setAuthTag(ciphertextAndTag.subarray(ciphertextAndTag.length - 16));
  return Buffer.concat([decipher.update(ciphertextAndTag.subarray(0, -16)), decipher.final()]).toString('utf8');
}

describe('system routes', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
    const [acme] = await t.database.handle.db
      .insert(merchants)
      .values({
        code: 'acme',
        name: 'Acme Bet',
        currency: 'USD',
        currencyExponent: 2,
        currencySymbol: '$',
        timeZone: 'UTC',
        config: { ...demoBrandConfig, languages: ['EN'], defaultLanguage: 'EN' },
        site: { ...demoSite, customerService: [] },
        whitelabel: demoWhitelabel.slice(0, 1),
      })
      .returning();
    await t.database.handle.db.insert(merchantDomains).values([
      { domain: 'acme.example', merchantId: acme!.id, isRoute: true, sortOrder: 1 },
      { domain: 'www.acme.example', merchantId: acme!.id, isRoute: true, sortOrder: 0 },
      { domain: 'admin.acme.example', merchantId: acme!.id, isRoute: false },
    ]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  async function setDemo(app: TestApp, patch: Partial<typeof merchants.$inferInsert>) {
    await app.database.handle.db.update(merchants).set(patch).where(eq(merchants.code, 'parlay'));
    app.app.merchants.invalidate();
  }
  const normal = { maintenance: false, maintenanceEndAt: null, restrictedCountries: [], restrictedIps: [] };
  beforeEach(async () => {
    await setDemo(t, normal);
    await setDemo(proxied, normal);
  });

  describe('GET /wps/system/status', () => {
    it('answers the demo brand with status 0 and the whole permission info when nothing is restricted', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/system/status', query: { url: 'localhost' } });
      expect(response.statusCode).toBe(200);
      const { success, value } = response.json();
      expect(success).toBe(true);
      expect(value.status).toBe(0);
      expect(value.maintenance).toBe(false);
      expect(value.regionRestriction).toBe(false);
      expect(value.location).toEqual({ ip: '127.0.0.1', country: '' });
      expect(value.brand).toMatchObject({ merchantCode: 'parlay', defaultLanguage: 'KO', languages: ['KO', 'EN'] });
      expect(value.whitelabel.length).toBeGreaterThan(5);
      expect(value.resources.map((r: { resourceType: string }) => r.resourceType)).toEqual([
        'IOS',
        'MOBILECONFIG',
        'ANDROID',
      ]);
      expect(value.customerService).toContainEqual({ csType: 'LIVECHAT', path: '/helpmc#contact' });
      expect(value.analytics).toEqual({ gtagId: '' });
      expect(value.site.footer.paymentImages.length).toBeGreaterThan(0);
    });

    it("ignores a client's X-Forwarded-For when no proxy is trusted", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '8.8.8.8' },
      });
      expect(response.json().value.location).toEqual({ ip: '127.0.0.1', country: '' });
    });

    it('believes X-Forwarded-For from a trusted proxy and finds the country', async () => {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '168.126.63.1' },
      });
      expect(response.json().value.location).toEqual({ ip: '168.126.63.1', country: 'KR' });
    });

    it('answers status 2 for a visitor from a restricted country', async () => {
      await setDemo(proxied, { restrictedCountries: ['US'] });
      const fromUs = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '8.8.8.8' },
      });
      expect(fromUs.json().value).toMatchObject({ status: 2, regionRestriction: true, location: { country: 'US' } });
      const fromKr = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '168.126.63.1' },
      });
      expect(fromKr.json().value).toMatchObject({ status: 0, regionRestriction: false });
    });

    it('answers status 2 for a visitor inside a restricted CIDR range and 0 just outside it', async () => {
      await setDemo(proxied, { restrictedIps: ['203.0.113.0/25'] });
      const inside = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '203.0.113.127' },
      });
      expect(inside.json().value.status).toBe(2);
      const outside = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '203.0.113.128' },
      });
      expect(outside.json().value.status).toBe(0);
    });

    it('answers status 1 with the end time when maintenance and a restriction both apply', async () => {
      const endsAt = new Date('2030-01-01T03:00:00.000Z');
      await setDemo(t, { maintenance: true, maintenanceEndAt: endsAt, restrictedIps: ['127.0.0.1'] });
      const { value } = (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json();
      expect(value).toMatchObject({
        status: 1,
        maintenance: true,
        regionRestriction: true,
        maintenanceEndAt: '2030-01-01T03:00:00.000Z',
      });
    });

    it('picks the brand of the url parameter, then of the Host header, then the default brand', async () => {
      const byUrl = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        query: { url: 'https://www.acme.example:8443/index?x=1' },
      });
      expect(byUrl.json().value.brand).toMatchObject({ merchantCode: 'acme', currency: 'USD', currencyExponent: 2 });
      const byHost = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { host: 'ACME.example:8080' },
      });
      expect(byHost.json().value.brand.merchantCode).toBe('acme');
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { host: 'nobody.example' },
      });
      expect(unknown.json().value.brand.merchantCode).toBe('parlay');
    });
  });

  describe('GET /wps/system/whitelabel', () => {
    it("answers the tree of the request's brand", async () => {
      const demo = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json();
      expect(demo.value).toEqual(demoWhitelabel);
      const acme = (
        await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { host: 'acme.example' } })
      ).json();
      expect(acme.value).toEqual(demoWhitelabel.slice(0, 1));
    });
  });

  describe('GET /wps/system/domainRoute', () => {
    it("lists only the brand's route domains, in the operator's order, with speed 0", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/domainRoute',
        headers: { host: 'acme.example' },
      });
      expect(response.json().value).toEqual({
        domainList: [
          { url: 'www.acme.example', speed: 0 },
          { url: 'acme.example', speed: 0 },
        ],
      });
    });
  });

  describe('GET /wps/system/customerService', () => {
    it('answers each link encrypted with its key at the end, type 3 being the live chat', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/system/customerService' });
      const { pathList } = response.json().value.version;
      expect(pathList).toHaveLength(2);
      const live = pathList.find((entry: { type: number }) => entry.type === CUSTOMER_SERVICE_PATH_TYPE.LIVECHAT);
      expect(live.path).not.toContain('helpmc');
      expect(decrypt(live.path)).toBe('/helpmc#contact');
      const vip = pathList.find((entry: { type: number }) => entry.type === CUSTOMER_SERVICE_PATH_TYPE.VIP);
      expect(decrypt(vip.path)).toBe('/helpmc?channel=vip#contact');
    });

    it('answers an empty list for a brand without customer service', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/customerService',
        headers: { host: 'acme.example' },
      });
      expect(response.json().value).toEqual({ version: { pathList: [] } });
    });
  });

  describe('unknown calls', () => {
    it('answers the NOT_FOUND envelope in the request language', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/does/not/exist', headers: { language: 'EN' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'The requested item was not found.',
      });
    });
  });
});

describe(encryptCustomerServicePath.name, () => {
  it('round-trips a link with the given key and fails with another key', () => {
    const path = encryptCustomerServicePath('https://chat.example/room?id=7', 'Ab3dE6gH');
    expect(path.endsWith('Ab3dE6gH')).toBe(true);
    expect(decrypt(path)).toBe('https://chat.example/room?id=7');
    expect(() => decrypt(path.slice(0, -8) + 'Zb3dE6gH')).toThrow();
  });

  it('gives a different ciphertext each time (fresh IV)', () => {
    expect(encryptCustomerServicePath('/x', 'abcdefgh')).not.toBe(encryptCustomerServicePath('/x', 'abcdefgh'));
  });

  it('refuses a key that is not 8 characters', () => {
    expect(() => encryptCustomerServicePath('/x', 'short')).toThrow();
  });
});
