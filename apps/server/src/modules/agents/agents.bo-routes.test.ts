import { BACKOFFICE_CALLS, callWithParams, type BoTreeNode, type BoTreePage } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { agentsBackofficeRoutes } from './agents.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(agentsBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  // top ── sub ── leaf; other (agent); brand-b's foreign agent
  let top: TestMember;
  let sub: TestMember;
  let leaf: TestMember;
  let other: TestMember;
  let plain: TestMember;
  let foreign: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    await createTestBrand(t.app.db, 'tree-bo-b', 'tree-bo-b.test');
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `bot${tag}` });
    sub = await createTestMember(t.app, { agentType: 2, account: `bos${tag}`, uplineId: top.id });
    leaf = await createTestMember(t.app, { account: `bol${tag}`, uplineId: sub.id });
    other = await createTestMember(t.app, { agentType: 41, account: `boo${tag}` });
    plain = await createTestMember(t.app, { account: `bop${tag}` });
    foreign = await createTestMember(t.app, { agentType: 1, merchantCode: 'tree-bo-b' });
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const moves = async () =>
    toNumber(
      (await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = 'agents.move'`))[0]!
        .n,
    );
  const move = (cookie: string, member: TestMember, uplineId: number | null) =>
    call(cookie, BACKOFFICE_CALLS.moveAgentTreeMember, { memberId: member.id }, { uplineId });

  it('lists members with their upline, level and counts, searchable, agents only, and opens children', async () => {
    const page = value<BoTreePage>(
      await call(readOnly, BACKOFFICE_CALLS.agentTree, {}, undefined, `?account=${top.account}`),
    );
    expect(page.items).toEqual([
      expect.objectContaining({ id: top.id, level: 0, uplineId: null, childCount: 1, downlineCount: 2, type: 1 }),
    ]);
    const agents = value<BoTreePage>(
      await call(readOnly, BACKOFFICE_CALLS.agentTree, {}, undefined, '?agents=true&limit=200'),
    );
    expect(agents.items.map((item) => item.id)).toEqual(expect.arrayContaining([top.id, sub.id, other.id]));
    expect(agents.items.map((item) => item.id)).not.toContain(plain.id);
    const children = value<BoTreePage>(await call(readOnly, BACKOFFICE_CALLS.agentTreeChildren, { memberId: sub.id }));
    expect(children.items).toEqual([
      expect.objectContaining({ id: leaf.id, level: 2, uplineId: sub.id, uplineAccount: sub.account }),
    ]);
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.agentTreeChildren, { memberId: foreign.id }))).toBe(
      'AGENT_MEMBER_NOT_FOUND',
    );
  });

  it('moves a member with its whole downline under another agent, audited with before and after', async () => {
    const count = await moves();
    expect(codeOf(await move(readOnly, sub, other.id))).toBe('BO_PERMISSION_DENIED');
    const moved = value<BoTreeNode>(await move(admin, sub, other.id));
    expect(moved).toMatchObject({ id: sub.id, uplineId: other.id, uplineAccount: other.account, level: 1 });
    expect(await t.app.downline.isInDownline(other.id, leaf.id)).toBe(true);
    expect(await t.app.downline.isInDownline(top.id, leaf.id)).toBe(false);
    expect(await moves()).toBe(count + 1);
    const [entry] = await query<{ before: unknown; after: unknown; target_id: string }>(
      t.app.db,
      sql`SELECT before, after, target_id FROM audit_log WHERE action = 'agents.move' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({
      target_id: String(sub.id),
      before: { uplineId: top.id, uplineAccount: top.account, level: 1, downlineCount: 1 },
      after: { uplineId: other.id, uplineAccount: other.account, level: 1, downlineCount: 1 },
    });
    // Back under top, then to the top of its own tree.
    value<BoTreeNode>(await move(admin, sub, top.id));
    expect(value<BoTreeNode>(await move(admin, leaf, null))).toMatchObject({ uplineId: null, level: 0 });
    value<BoTreeNode>(await move(admin, leaf, sub.id));
  });

  it('refuses a cycle, another brand and an upline that is no agent, translated, changing nothing', async () => {
    const count = await moves();
    const cycle = await callBackoffice(t.app, {
      method: 'POST',
      url: callWithParams(BACKOFFICE_CALLS.moveAgentTreeMember, { brand: 'parlay', memberId: top.id }).path,
      cookie: admin,
      payload: { uplineId: sub.id },
      headers: { language: 'KO' },
    });
    expect(cycle.json()).toMatchObject({
      code: 'AGENT_UPLINE_CYCLE',
      message: '자신 또는 자신의 하위 회원 아래로는 이동할 수 없습니다.',
    });
    expect(codeOf(await move(admin, sub, sub.id))).toBe('AGENT_UPLINE_CYCLE');
    expect(codeOf(await move(admin, sub, foreign.id))).toBe('AGENT_UPLINE_OTHER_BRAND');
    expect(codeOf(await move(admin, sub, plain.id))).toBe('AGENT_UPLINE_NOT_AGENT');
    expect(codeOf(await move(admin, foreign, top.id))).toBe('AGENT_MEMBER_NOT_FOUND');
    expect(await moves()).toBe(count);
    expect(await t.app.downline.isInDownline(top.id, leaf.id)).toBe(true);
    expect(await t.app.downline.isInDownline(sub.id, top.id)).toBe(false);
  });
});
