import { BACKOFFICE_CALLS, callWithParams, SYSTEM_CALLS, type BoAnnouncement, type BoHelpItem } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { contentBackofficeRoutes } from './content.bo-routes';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

/** Script and event-handler payloads an operator's HTML may carry (issue 32: none may run on the player site). */
const PAYLOAD =
  '<p>Safe <strong>text</strong></p><script>alert("script")</script>' +
  '<img src="https://cdn.example/a.png" onerror="alert(1)">' +
  '<p onclick="alert(2)" style="color:red">Click</p>' +
  '<a href="javascript:alert(3)">bad link</a><a href="https://ok.example" target="_blank">good link</a>' +
  '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"><circle /></svg>' +
  '<img src="data:image/png;base64,AAAA"><math><mi>x</mi></math>';
const DANGER = /<script|onerror|onclick|onload|javascript:|<iframe|<svg|<math|style=|data:/i;

describe(contentBackofficeRoutes.name, () => {
  let t: TestApp;
  let content: string;
  const path = (call: Call, params: Record<string, string | number> = {}) =>
    callWithParams(call as never, { brand: 'parlay', ...params } as never).path;
  const send = (call: Call, payload?: unknown, params: Record<string, string | number> = {}, cookie = content) =>
    callBackoffice(t.app, { method: call.method, url: path(call, params), cookie, payload });
  const auditCount = async (action: string) =>
    toNumber((await query(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`))[0]?.['n']);
  const count = async (table: 'announcements' | 'help_items') =>
    toNumber((await query(t.app.db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))[0]?.['n']);
  const draft = (overrides: Record<string, unknown> = {}) => ({
    type: 'PL',
    language: 'EN',
    title: 'A notice',
    content: '<p>Hello</p>',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await send(BACKOFFICE_CALLS.createAnnouncement, draft(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: BoAnnouncement }>().value;
  };
  const playerNotices = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${SYSTEM_CALLS.announcements.path}?types=PL&language=EN`,
        headers: { language: 'EN' },
      })
    ).json<{ value: { player: { id: number; title: string; content: string }[] } }>().value.player;

  beforeAll(async () => {
    t = await createTestApp();
    content = await signInAs(t.app, 'demo-content');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  describe('announcements', () => {
    it('stores script and event-handler payloads sanitised, audits them so, and the player API serves them so', async () => {
      const created = await create({ title: 'Payload', content: PAYLOAD });
      expect(created.content).toContain('Safe <strong>text</strong>');
      expect(created.content).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">');
      expect(created.content).not.toMatch(DANGER);
      expect(created).toMatchObject({ state: 'live', version: 0, type: 'PL', language: 'EN' });

      const [entry] = await query(
        t.app.db,
        sql`SELECT actor, after FROM audit_log WHERE action = 'content.announcement.create' AND target_id = ${String(created.id)}`,
      );
      expect(entry?.['actor']).toMatch(/^operator:\d+$/);
      expect(JSON.stringify(entry?.['after'])).not.toMatch(DANGER);

      const served = (await playerNotices()).find((notice) => notice.id === created.id);
      expect(served?.content).toBe(created.content);
      expect(served?.content).not.toMatch(DANGER);
    });

    it('changes an announcement with the version it opened, and refuses a stale one: nothing changed or audited', async () => {
      const created = await create({ title: 'Before' });
      const updated = await send(
        BACKOFFICE_CALLS.updateAnnouncement,
        draft({ title: 'After', content: '<p onmouseover="x()">After</p>', version: created.version }),
        { id: created.id },
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<{ value: BoAnnouncement }>().value).toMatchObject({
        title: 'After',
        content: '<p>After</p>',
        version: created.version + 1,
      });
      const [entry] = await query(
        t.app.db,
        sql`SELECT before, after FROM audit_log WHERE action = 'content.announcement.update' AND target_id = ${String(created.id)}`,
      );
      expect(entry).toMatchObject({ before: { title: 'Before' }, after: { title: 'After', content: '<p>After</p>' } });

      const audited = await auditCount('content.announcement.update');
      const stale = await send(
        BACKOFFICE_CALLS.updateAnnouncement,
        draft({ title: 'Lost', version: created.version }),
        { id: created.id },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED', value: { version: created.version + 1 } });
      const now = await send(BACKOFFICE_CALLS.announcement, undefined, { id: created.id });
      expect(now.json<{ value: BoAnnouncement }>().value.title).toBe('After');
      expect(await auditCount('content.announcement.update')).toBe(audited);
    });

    it('removes one only with its current version', async () => {
      const created = await create();
      const audited = await auditCount('content.announcement.remove');
      const remove = (version: number) =>
        callBackoffice(t.app, {
          method: 'DELETE',
          url: `${path(BACKOFFICE_CALLS.removeAnnouncement, { id: created.id })}?version=${version}`,
          cookie: content,
        });
      expect((await remove(created.version + 1)).json()).toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED' });
      expect(await auditCount('content.announcement.remove')).toBe(audited);
      expect((await send(BACKOFFICE_CALLS.announcement, undefined, { id: created.id })).statusCode).toBe(200);

      expect((await remove(created.version)).statusCode).toBe(200);
      expect(await auditCount('content.announcement.remove')).toBe(audited + 1);
      const gone = await send(BACKOFFICE_CALLS.announcement, undefined, { id: created.id });
      expect(gone.json()).toMatchObject({ code: 'CONTENT_NOT_FOUND' });
    });

    it.each([
      ['a banner without its image', { type: 'B' }],
      ['a group on a notice', { groupName: 'w_login' }],
      ['a javascript: link', { type: 'B', imageUrl: '/wps/media/a.png', linkUrl: 'javascript:alert(1)' }],
      ['a protocol-relative image', { type: 'PR', imageUrl: '//evil.example/a.png' }],
      ['an end before the start', { endsAt: new Date(Date.now() - 3_600_000).toISOString() }],
      ['a language the site has no texts in', { language: 'ZH' }],
      ['an unknown field', { script: '<script>' }],
    ])('refuses %s and stores and audits nothing', async (_name, overrides) => {
      const [rows, audited] = [await count('announcements'), await auditCount('content.announcement.create')];
      const response = await send(BACKOFFICE_CALLS.createAnnouncement, draft(overrides));
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await count('announcements')).toBe(rows);
      expect(await auditCount('content.announcement.create')).toBe(audited);
    });

    it('lists newest first by keyset, by type and state', async () => {
      const later = await create({ title: 'Later', startsAt: new Date(Date.now() + 86_400_000).toISOString() });
      const banner = await create({ type: 'B', imageUrl: '/wps/media/b.png', groupName: 'w_login' });
      const list = async (query: string) =>
        (
          await callBackoffice(t.app, {
            method: 'GET',
            url: `${path(BACKOFFICE_CALLS.announcements)}?${query}`,
            cookie: content,
          })
        ).json<{ value: { items: BoAnnouncement[]; nextCursor: string | null } }>().value;

      const first = await list('limit=1');
      expect(first.items.map((item) => item.id)).toEqual([banner.id]);
      const second = await list(`limit=1&cursor=${first.nextCursor}`);
      expect(second.items.map((item) => item.id)).toEqual([later.id]);
      expect((await list('state=scheduled')).items.map((item) => item.id)).toContain(later.id);
      expect((await list('state=live')).items.map((item) => item.id)).not.toContain(later.id);
      const banners = (await list('type=B')).items;
      expect(banners.every((item) => item.type === 'B')).toBe(true);
      expect(banners.map((item) => item.id)).toContain(banner.id);
      expect(await playerNotices()).not.toContainEqual(expect.objectContaining({ id: later.id }));
    });

    it('reorders announcements as one change, and a stale version in the list changes none', async () => {
      const one = await create({ type: 'B', imageUrl: '/wps/media/1.png', title: 'One', sortOrder: 1 });
      const two = await create({ type: 'B', imageUrl: '/wps/media/2.png', title: 'Two', sortOrder: 2 });
      const audited = await auditCount('content.announcement.order');
      const stale = await send(BACKOFFICE_CALLS.setAnnouncementOrder, {
        items: [
          { id: two.id, version: two.version },
          { id: one.id, version: one.version + 1 },
        ],
      });
      expect(stale.json()).toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED' });
      expect(await auditCount('content.announcement.order')).toBe(audited);
      const unchanged = await send(BACKOFFICE_CALLS.announcement, undefined, { id: two.id });
      expect(unchanged.json<{ value: BoAnnouncement }>().value).toMatchObject({ sortOrder: 2, version: two.version });

      const response = await send(BACKOFFICE_CALLS.setAnnouncementOrder, {
        items: [
          { id: two.id, version: two.version },
          { id: one.id, version: one.version },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json<{ value: { items: BoAnnouncement[] } }>().value.items;
      expect(items.map(({ id, sortOrder, version }) => ({ id, sortOrder, version }))).toEqual([
        { id: two.id, sortOrder: 10, version: two.version + 1 },
        { id: one.id, sortOrder: 20, version: one.version + 1 },
      ]);
      const [entry] = await query(
        t.app.db,
        sql`SELECT before, after FROM audit_log WHERE action = 'content.announcement.order' ORDER BY id DESC LIMIT 1`,
      );
      expect(entry).toMatchObject({
        before: {
          order: [
            { id: one.id, sortOrder: 1 },
            { id: two.id, sortOrder: 2 },
          ],
        },
        after: {
          order: [
            { id: two.id, sortOrder: 10 },
            { id: one.id, sortOrder: 20 },
          ],
        },
      });
    });

    it('addresses one to agents only: kept out of the player API, and audited with its audience', async () => {
      const created = await create({ title: 'For agents', audience: 'agents' });
      expect(created).toMatchObject({ audience: 'agents', state: 'live' });
      expect((await create({ title: 'For all' })).audience).toBe('all');
      expect((await playerNotices()).map((notice) => notice.id)).not.toContain(created.id);
      const [entry] = await query(
        t.app.db,
        sql`SELECT after FROM audit_log WHERE action = 'content.announcement.create' AND target_id = ${String(created.id)}`,
      );
      expect(entry?.['after']).toMatchObject({ audience: 'agents' });
    });

    it("never reaches another brand's announcement", async () => {
      const otherId = await createTestBrand(t.app.db, 'elsewhere', 'elsewhere.example');
      const [row] = await query(
        t.app.db,
        sql`INSERT INTO announcements (merchant_id, type, platform, execution, language, title, content, starts_at)
            VALUES (${otherId}, 'PL', 'W', 'B', 'EN', 'Theirs', '<p>x</p>', now()) RETURNING id`,
      );
      const id = Number(row?.['id']);
      expect((await send(BACKOFFICE_CALLS.announcement, undefined, { id })).json()).toMatchObject({
        code: 'CONTENT_NOT_FOUND',
      });
      const update = await send(BACKOFFICE_CALLS.updateAnnouncement, draft({ version: 0 }), { id });
      expect(update.json()).toMatchObject({ code: 'CONTENT_NOT_FOUND' });
      const order = await send(BACKOFFICE_CALLS.setAnnouncementOrder, { items: [{ id, version: 0 }] });
      expect(order.json()).toMatchObject({ code: 'CONTENT_NOT_FOUND' });
      const [theirs] = await query(t.app.db, sql`SELECT title, version FROM announcements WHERE id = ${id}`);
      expect(theirs).toMatchObject({ title: 'Theirs', version: 0 });
    });

    it('lets a read-only operator read and not write', async () => {
      const readOnly = await signInAs(t.app, 'demo-readonly');
      expect((await send(BACKOFFICE_CALLS.announcements, undefined, {}, readOnly)).statusCode).toBe(200);
      const rows = await count('announcements');
      const refused = await send(BACKOFFICE_CALLS.createAnnouncement, draft(), {}, readOnly);
      expect(refused.json()).toMatchObject({ code: 'BO_PERMISSION_DENIED' });
      expect(await count('announcements')).toBe(rows);
    });
  });

  describe('help centre', () => {
    it('stores help items sanitised, changes them with their version, removes them', async () => {
      const response = await send(BACKOFFICE_CALLS.createHelpItem, {
        language: 'EN',
        category: 'faq',
        title: 'How do I play?',
        content: PAYLOAD,
      });
      expect(response.statusCode, response.body).toBe(200);
      const item = response.json<{ value: BoHelpItem }>().value;
      expect(item.content).toContain('Safe <strong>text</strong>');
      expect(item.content).not.toMatch(DANGER);
      const help = await t.app.inject({
        method: 'GET',
        url: `${SYSTEM_CALLS.helpCenter.path}?category=faq&language=EN`,
      });
      expect(help.body).toContain('How do I play?');
      expect(help.body).not.toMatch(DANGER);

      const audited = await auditCount('content.help.update');
      const stale = await send(
        BACKOFFICE_CALLS.updateHelpItem,
        { language: 'EN', category: 'faq', title: 'Lost', content: '<p>x</p>', version: item.version + 1 },
        { id: item.id },
      );
      expect(stale.json()).toMatchObject({ code: 'BO_CHANGED_SINCE_OPENED' });
      expect(await auditCount('content.help.update')).toBe(audited);
      const updated = await send(
        BACKOFFICE_CALLS.updateHelpItem,
        { language: 'EN', category: 'terms', title: 'Terms', content: '<p>Read me</p>', version: item.version },
        { id: item.id },
      );
      expect(updated.json<{ value: BoHelpItem }>().value).toMatchObject({ category: 'terms', version: 1 });
      expect(await auditCount('content.help.update')).toBe(audited + 1);

      const removed = await callBackoffice(t.app, {
        method: 'DELETE',
        url: `${path(BACKOFFICE_CALLS.removeHelpItem, { id: item.id })}?version=1`,
        cookie: content,
      });
      expect(removed.statusCode).toBe(200);
      expect((await send(BACKOFFICE_CALLS.helpItem, undefined, { id: item.id })).json()).toMatchObject({
        code: 'CONTENT_NOT_FOUND',
      });
    });

    it('refuses a help item with no text, and stores and audits nothing', async () => {
      const [rows, audited] = [await count('help_items'), await auditCount('content.help.create')];
      const response = await send(BACKOFFICE_CALLS.createHelpItem, {
        language: 'EN',
        category: 'faq',
        title: 'Empty',
        content: '',
      });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await count('help_items')).toBe(rows);
      expect(await auditCount('content.help.create')).toBe(audited);
    });
  });

  describe('images', () => {
    const upload = (body: Buffer) =>
      callBackoffice(t.app, {
        method: 'POST',
        url: path(BACKOFFICE_CALLS.uploadContentImage),
        cookie: content,
        payload: body,
        headers: { 'content-type': 'application/octet-stream' },
      });

    it('stores a banner image encoded again under a generated name', async () => {
      const image = new PNG({ width: 600, height: 200 });
      image.data.fill(120);
      const response = await upload(PNG.sync.write(image));
      expect(response.statusCode, response.body).toBe(200);
      const stored = response.json<{ value: { url: string; width: number } }>().value;
      expect(stored).toMatchObject({ url: expect.stringMatching(/^\/wps\/media\/[a-f0-9]{32}\.png$/), width: 600 });
      expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(200);
      expect(await auditCount('content.image.upload')).toBeGreaterThan(0);
    });

    it('refuses what is not an image by its bytes, and stores and audits nothing', async () => {
      const audited = await auditCount('content.image.upload');
      const response = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
      expect(response.json()).toMatchObject({ code: 'IMAGE_INVALID' });
      expect(await auditCount('content.image.upload')).toBe(audited);
    });
  });
});
