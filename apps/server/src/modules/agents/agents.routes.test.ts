import { AGENT_CALLS, type TeamPage } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { agentsRoutes } from './agents.routes';

// The agent's team calls and the scoping every agent call makes (decision 0059): the caller's own downline only, and
// the token rule "agent" (a trial account NEED_TRUE_ACCOUNT, any other non-agent NOT_AGENT).

describe(agentsRoutes.name, () => {
  let t: TestApp;
  // top ─┬─ sub (agent) ─┬─ deep1
  //      │               └─ deep2
  //      ├─ direct1
  //      └─ direct2
  // other ── outsider; brand-b's agentB ── foreigner
  let top: TestMember;
  let sub: TestMember;
  let deep1: TestMember;
  let direct1: TestMember;
  let outsider: TestMember;
  let foreigner: TestMember;
  let topAuth: string;
  let subAuth: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createTestBrand(t.app.db, 'team-b', 'team-b.test');
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `top${tag}` });
    sub = await createTestMember(t.app, { agentType: 2, account: `sub${tag}`, uplineId: top.id });
    deep1 = await createTestMember(t.app, { account: `deepa${tag}`, uplineId: sub.id });
    await createTestMember(t.app, { account: `deepb${tag}`, uplineId: sub.id });
    direct1 = await createTestMember(t.app, { account: `dira${tag}`, uplineId: top.id });
    await createTestMember(t.app, { account: `dirb${tag}`, uplineId: top.id });
    const other = await createTestMember(t.app, { agentType: 1 });
    outsider = await createTestMember(t.app, { uplineId: other.id });
    const agentB = await createTestMember(t.app, { agentType: 1, merchantCode: 'team-b' });
    foreigner = await createTestMember(t.app, { merchantCode: 'team-b', uplineId: agentB.id });
    topAuth = (await signInTestMember(t.app, top)).authorization;
    subAuth = (await signInTestMember(t.app, sub)).authorization;
  });
  afterAll(() => t.close());

  const get = (path: string, authorization: string | undefined, search = '') =>
    t.app.inject({
      method: 'GET',
      url: `${path}${search}`,
      headers: { language: 'EN', ...(authorization ? { authorization } : {}) },
    });
  const page = async (path: string, authorization: string, search = ''): Promise<TeamPage> => {
    const response = await get(path, authorization, search);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as TeamPage;
  };
  const accounts = (team: TeamPage) => team.items.map((item) => `${item.account}:${item.level}`);

  it("lists the agent's whole downline by account, each with its level, type, balance and children", async () => {
    const team = await page(AGENT_CALLS.teamMembers.path, topAuth);
    expect(accounts(team)).toEqual([
      `${deep1.account}:2`,
      expect.stringMatching(/^deepb.*:2$/),
      `${direct1.account}:1`,
      expect.stringMatching(/^dirb.*:1$/),
      `${sub.account}:1`,
    ]);
    expect(team.items.find((item) => item.id === sub.id)).toMatchObject({
      type: 2,
      uplineId: top.id,
      uplineAccount: top.account,
      childCount: 2,
      balanceMinor: 0,
      status: 'active',
      lastLoginAt: null,
    });
    expect(team).toMatchObject({ currency: 'KRW', nextCursor: null });
  });

  it('pages by account, searches by account prefix, and lists the direct members only on request', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: TeamPage = await page(
        AGENT_CALLS.teamMembers.path,
        topAuth,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((item) => item.account));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const direct = await page(AGENT_CALLS.teamMembers.path, topAuth, '?direct=true');
    expect(direct.items.map((item) => item.level)).toEqual([1, 1, 1]);
    const search = await page(AGENT_CALLS.teamMembers.path, topAuth, '?account=DEEP');
    expect(search.items.map((item) => item.account.slice(0, 5))).toEqual(['deepa', 'deepb']);
  });

  it("opens a node's children for the tree view, with levels counted from the caller", async () => {
    const own = await page(AGENT_CALLS.teamChildren.path, topAuth);
    expect(own.items.map((item) => item.level)).toEqual([1, 1, 1]);
    const underSub = await page(AGENT_CALLS.teamChildren.path, topAuth, `?parentId=${sub.id}`);
    expect(accounts(underSub)).toEqual([`${deep1.account}:2`, expect.stringMatching(/^deepb.*:2$/)]);
    const subOwn = await page(AGENT_CALLS.teamChildren.path, subAuth);
    expect(subOwn.items.map((item) => item.level)).toEqual([1, 1]);
  });

  it("refuses a node outside the caller's downline: another agent's, another brand's, its upline, none", async () => {
    for (const parentId of [outsider.id, foreigner.id, top.id, direct1.id * 1000]) {
      const response = await get(AGENT_CALLS.teamChildren.path, subAuth, `?parentId=${parentId}`);
      expect({ parentId, status: response.statusCode, body: response.json() }).toMatchObject({
        parentId,
        status: 403,
        body: { code: 'AGENT_NOT_IN_DOWNLINE', message: 'This member is not in your downline.' },
      });
    }
    const team = await page(AGENT_CALLS.teamMembers.path, subAuth);
    expect(team.items.map((item) => item.id)).not.toContain(outsider.id);
    expect(await t.app.downline.isInDownline(top.id, deep1.id)).toBe(true);
    expect(await t.app.downline.isInDownline(sub.id, direct1.id)).toBe(false);
    expect(await t.app.downline.isInDownline(top.id, top.id)).toBe(false);
    await expect(
      t.app.downline.requireInDownline({ memberId: top.id, merchantId: top.merchantId }, foreigner.id),
    ).rejects.toMatchObject({ code: 'AGENT_NOT_IN_DOWNLINE' });
  });

  it('refuses a plain member NOT_AGENT, a trial account NEED_TRUE_ACCOUNT and no session NOT_LOGGED_IN', async () => {
    const member = (await signInTestMember(t.app, { uplineId: top.id })).authorization;
    const trial = (await signInTestMember(t.app, { agentType: 4 })).authorization;
    for (const path of [AGENT_CALLS.teamMembers.path, AGENT_CALLS.teamChildren.path]) {
      expect((await get(path, member)).json()).toMatchObject({
        code: 'NOT_AGENT',
        message: 'Non-agents cannot log in',
      });
      expect((await get(path, trial)).json()).toMatchObject({ code: 'NEED_TRUE_ACCOUNT' });
      expect((await get(path, undefined)).statusCode).toBe(401);
    }
  });

  it("answers an agent's session only on its own brand", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AGENT_CALLS.teamMembers.path,
      headers: { host: 'team-b.test', authorization: topAuth },
    });
    expect(response.json()).toMatchObject({ code: 'NOT_LOGGED_IN' });
  });
});
