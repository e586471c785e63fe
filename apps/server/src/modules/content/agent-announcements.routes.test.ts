import { AGENT_CALLS, type AgentAnnouncementPage } from '@parlay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, merchants } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember } from '../../test/members';

// The agent centre's announcement page (docs/product/agent-centre.md#announcements): an announcement to agents shows
// only to the brand's agents, newest first, 9 a page, read or not per agent, and never in the site's public lists.

describe('agent announcements', () => {
  let t: TestApp;
  let agentAuth: string;
  let otherAgentAuth: string;
  let memberAuth: string;
  let publicId: number;
  const hour = 3_600_000;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.handle.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.code, 'parlay'));
    const brandB = await createTestBrand(db, 'notice-b', 'notice-b.test');
    const base = { merchantId: demo!.id, language: 'EN', type: 'PL', content: '<p>x</p>' };
    const ago = (hours: number) => new Date(Date.now() - hours * hour);
    // Eleven live notices to agents, 1 hour to 11 hours old, on top of the seed's one (2025): the second page holds
    // the oldest two and the seed's.
    await db.insert(announcements).values(
      Array.from({ length: 11 }, (_, index) => ({
        ...base,
        audience: 'agents',
        title: `Agents ${index + 1}`,
        startsAt: ago(index + 1),
      })),
    );
    await db.insert(announcements).values([
      { ...base, audience: 'agents', title: 'Agents ended', startsAt: ago(3), endsAt: ago(1) },
      { ...base, audience: 'agents', title: 'Agents later', startsAt: new Date(Date.now() + hour) },
      { ...base, audience: 'agents', language: 'KO', title: 'Agents KO', startsAt: ago(1) },
      { ...base, merchantId: brandB, audience: 'agents', title: 'Brand B agents', startsAt: ago(1) },
    ]);
    const [open] = await db
      .insert(announcements)
      .values({ ...base, title: 'Everyone', startsAt: ago(1) })
      .returning({ id: announcements.id });
    publicId = open!.id;
    const tag = Date.now().toString(36);
    agentAuth = (await signInTestMember(t.app, await createTestMember(t.app, { agentType: 1, account: `ana${tag}` })))
      .authorization;
    otherAgentAuth = (
      await signInTestMember(t.app, await createTestMember(t.app, { agentType: 42, account: `anb${tag}` }))
    ).authorization;
    memberAuth = (await signInTestMember(t.app, await createTestMember(t.app, { account: `anm${tag}` }))).authorization;
  }, 180_000);
  afterAll(() => t.close());

  const list = async (authorization: string, page = 1): Promise<AgentAnnouncementPage> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${AGENT_CALLS.agentAnnouncements.path}?page=${page}`,
      headers: { language: 'EN', authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as AgentAnnouncementPage;
  };
  const read = (authorization: string, id: number) =>
    t.app.inject({
      method: 'POST',
      url: AGENT_CALLS.readAgentAnnouncement.path,
      headers: { language: 'EN', authorization },
      payload: { id },
    });

  it("lists the brand's live announcements to agents in the language, newest first, 9 a page", async () => {
    const first = await list(agentAuth);
    expect(first.items.map((item) => item.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Agents ${i + 1}`));
    expect(first).toMatchObject({ total: 12, unread: 12, pageSize: 9 });
    expect((await list(agentAuth, 2)).items.map((item) => item.title)).toEqual([
      'Agents 10',
      'Agents 11',
      'Agent commission settlement',
    ]);
  });

  it('refuses a member who is not an agent (NOT_AGENT) and one signed out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AGENT_CALLS.agentAnnouncements.path,
      headers: { language: 'EN', authorization: memberAuth },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_AGENT');
    expect((await read(memberAuth, publicId)).json().code).toBe('NOT_AGENT');
    const signedOut = await t.app.inject({ method: 'GET', url: AGENT_CALLS.agentAnnouncements.path });
    expect(signedOut.statusCode).toBe(401);
  });

  it("keeps announcements to agents out of the site's public list", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements',
      query: { types: 'PL', platform: 'W', execution: 'B', language: 'EN' },
    });
    const titles = (response.json().value.player as { title: string }[]).map((notice) => notice.title);
    expect(titles).toContain('Everyone');
    expect(titles.filter((title) => title.startsWith('Agents') || title.startsWith('Brand B'))).toEqual([]);
  });

  it("marks one read for that agent only, once, and refuses a public or another brand's announcement", async () => {
    const [newest] = (await list(agentAuth)).items;
    const first = await read(agentAuth, newest!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({ unread: 11 });
    expect((await read(agentAuth, newest!.id)).json().value).toEqual({ unread: 11 });
    const after = await list(agentAuth);
    expect(after.items.filter((item) => item.read).map((item) => item.id)).toEqual([newest!.id]);
    expect((await list(otherAgentAuth)).unread).toBe(12);

    expect((await read(agentAuth, publicId)).json().code).toBe('CONTENT_NOT_FOUND');
    const [brandB] = await t.database.handle.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.title, 'Brand B agents'));
    const foreign = await read(agentAuth, brandB!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CONTENT_NOT_FOUND');
  });
});
