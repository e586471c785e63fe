import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { MemberAdminService } from './member-admin.service';

describe(MemberAdminService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let secondId: number;
  beforeAll(async () => {
    t = await createTestApp();
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await query(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
          SELECT 'searchtwo', 'Search two', currency, time_zone, config, site, whitelabel FROM merchants WHERE code = 'parlay'`,
    );
    secondId = (await t.app.merchants.findByCode('searchtwo'))!.id;
    for (const account of ['findme01', 'FindMe02', 'findme03', 'findme04', 'findme05', 'find_x', 'findzz']) {
      await createTestMember(t.app, { account });
    }
    await createTestMember(t.app, { account: 'findme09', merchantCode: 'searchtwo' });
    await createTestMember(t.app, { account: 'findmeguest', isFreePlay: true });
    await createTestMember(t.app, { account: 'byphone', countryDialingCode: '82', mobileNum: '1055501234' });
    await createTestMember(t.app, { account: 'bymail', email: 'Someone@Example.test' });
    const byIp = await createTestMember(t.app, { account: 'byip' });
    await query(t.app.db, sql`INSERT INTO member_known_ips (member_id, ip) VALUES (${byIp.id}, '203.0.113.9')`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const search = (field: 'account' | 'id' | 'phone' | 'email' | 'ip', text: string, cursor?: string, limit = 50) =>
    t.app.admin.members.searchMembers(merchantId, { field, text, limit, ...(cursor ? { cursor } : {}) });

  it("pages a brand's accounts by their first letters in account order, free-play guests and other brands aside", async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await search('account', 'FINDME', cursor, 2);
      pages.push(page.items.map((member) => member.account));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(pages).toEqual([['findme01', 'FindMe02'], ['findme03', 'findme04'], ['findme05']]);
    // An underscore is a letter here, not LIKE's wildcard.
    expect((await search('account', 'find_')).items.map((member) => member.account)).toEqual(['find_x']);
    expect(
      (await t.app.admin.members.searchMembers(secondId, { field: 'account', text: 'findme', limit: 5 })).items,
    ).toHaveLength(1);
  });

  it('finds a member by id, mobile number, e-mail and an IP it signed in from', async () => {
    const [phone] = (await search('phone', '010-5550-1234')).items;
    expect(phone?.account).toBe('byphone');
    expect((await search('id', String(phone!.id))).items.map((member) => member.account)).toEqual(['byphone']);
    expect((await search('email', 'someone@example.TEST')).items.map((member) => member.account)).toEqual(['bymail']);
    expect((await search('ip', '203.0.113.9')).items.map((member) => member.account)).toEqual(['byip']);
    expect((await search('id', 'not a number')).items).toEqual([]);
  });

  it('refuses a cursor that is not one of the list', async () => {
    await expect(search('email', 'someone@example.test', '!!')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
