import { HELP_CATEGORIES } from '@parlay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, merchants } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { ContentService } from './content.service';

describe(ContentService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [demo] = await t.database.handle.db.select().from(merchants).where(eq(merchants.code, 'parlay'));
    const hour = 3_600_000;
    const base = { merchantId: demo!.id, language: 'EN', content: '<p>x</p>' };
    await t.database.handle.db.insert(announcements).values([
      {
        ...base,
        type: 'PL',
        title: 'Ended notice',
        startsAt: new Date(Date.now() - 2 * hour),
        endsAt: new Date(Date.now() - hour),
      },
      { ...base, type: 'PL', title: 'Future notice', startsAt: new Date(Date.now() + hour) },
      {
        ...base,
        type: 'PL',
        title: 'Live until later',
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + hour),
      },
      { ...base, type: 'PL', title: 'Mobile app notice', platform: 'M', startsAt: new Date(Date.now() - hour) },
      { ...base, type: 'H', title: 'Other notice', startsAt: new Date(Date.now() - hour) },
    ]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const list = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements', query, headers });

  describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
    it('groups live announcements as banners, player notices, popups and promotions', async () => {
      const response = await list({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B', language: 'EN' });
      expect(response.statusCode).toBe(200);
      const { value } = response.json();
      expect(value.banners.map((b: { groupName: string | null }) => b.groupName).sort()).toEqual([
        null,
        null,
        null,
        'w_login',
        'w_register',
      ]);
      expect(value.banners[0].imageUrl).toMatch(/^\/banners\/.+-en\.svg$/);
      expect(value.player.length).toBeGreaterThan(9);
      expect(value.popup).toHaveLength(1);
      expect(value.promotion).toHaveLength(2);
      expect(value.other).toEqual([]);
      expect(value.player.every((n: { type: string }) => n.type === 'PL')).toBe(true);
    });

    it('leaves out ended, not yet started and other-platform announcements', async () => {
      const titles = (await list({ types: 'PL', language: 'EN' }))
        .json()
        .value.player.map((n: { title: string }) => n.title);
      expect(titles).toContain('Live until later');
      expect(titles).not.toContain('Ended notice');
      expect(titles).not.toContain('Future notice');
      expect(titles).not.toContain('Mobile app notice');
    });

    it("answers in the language asked, else the request's language", async () => {
      const ko = (await list({ types: 'PR', language: 'ko' })).json().value.promotion;
      expect(ko[0].title).toMatch(/[가-힣]/);
      const en = (await list({ types: 'PR' }, { language: 'EN' })).json().value.promotion;
      expect(en[0].title).not.toMatch(/[가-힣]/);
    });

    it("uses the brand's types when none are named, and unknown types match nothing", async () => {
      const all = (await list({ language: 'EN' })).json().value;
      expect(all.other.map((n: { title: string }) => n.title)).toEqual(['Other notice']);
      const unknown = (await list({ types: 'ZZ', language: 'EN' })).json().value;
      expect(unknown).toEqual({ banners: [], player: [], popup: [], promotion: [], other: [] });
    });

    it('refuses a malformed types list and another platform with a translated error', async () => {
      const bad = await list({ types: 'B;DROP' }, { language: 'EN' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
      });
      const platform = await list({ platform: 'X' });
      expect(platform.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: '입력값이 올바르지 않습니다.' });
    });
  });

  describe('GET /wps/system/helpCenter', () => {
    it('answers items of every category in the request language', async () => {
      const ko = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter' })).json().value.list;
      const en = (
        await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter', headers: { language: 'EN' } })
      ).json().value.list;
      expect(new Set(ko.map((i: { category: string }) => i.category))).toEqual(new Set(HELP_CATEGORIES));
      expect(en).toHaveLength(ko.length);
      expect(ko.find((i: { category: string }) => i.category === 'terms').title).toBe('이용약관');
      expect(en.find((i: { category: string }) => i.category === 'terms').title).toBe('General terms and conditions');
    });

    it('narrows to one category', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/helpCenter',
        query: { category: 'responsible', language: 'EN' },
      });
      const list = response.json().value.list;
      expect(list).toHaveLength(1);
      expect(list[0].content).toContain('18');
    });

    it('refuses an unknown category', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/helpCenter',
        query: { category: 'casino' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });
  });
});
