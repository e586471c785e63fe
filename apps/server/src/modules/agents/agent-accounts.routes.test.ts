import { AGENT_CALLS, type DownlineAccount, type InviteLink, type InviteLinks } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createTestMember,
  injectEncrypted,
  loginThroughApi,
  queryRows,
  signInTestMember,
  solveAltcha,
  type TestMember,
} from '../../test/members';
import { agentAccountsRoutes } from './agent-accounts.routes';

// The agent centre's account page (decision 0064): invitation links whose code makes a registrant a direct member of
// the agent with the link's type, and accounts the agent creates directly; token rule "agent".

describe(agentAccountsRoutes.name, () => {
  let t: TestApp;
  let top: TestMember;
  let sub: TestMember;
  let topAuth: string;
  let subAuth: string;
  let memberAuth: string;
  let trialAuth: string;
  let counter = 0;
  const tag = Date.now().toString(36).slice(-5);
  const uniqueName = () => `r${tag}${(counter += 1)}`;

  beforeAll(async () => {
    t = await createTestApp();
    top = await createTestMember(t.app, { agentType: 1 });
    sub = await createTestMember(t.app, { agentType: 2, uplineId: top.id });
    topAuth = (await signInTestMember(t.app, top)).authorization;
    subAuth = (await signInTestMember(t.app, sub)).authorization;
    memberAuth = (await signInTestMember(t.app, {})).authorization;
    trialAuth = (await signInTestMember(t.app, { agentType: 4 })).authorization;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, authorization: string, body?: unknown) =>
    t.app.inject({
      method,
      url: path,
      headers: { language: 'EN', authorization },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  async function value<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as T;
  }
  const createLink = (authorization: string, accountType: 'member' | 'agent', label = 'Forum') =>
    call('POST', AGENT_CALLS.createInviteLink.path, authorization, { label, accountType }).then(value<InviteLink>);
  const listLinks = (authorization: string) =>
    call('GET', AGENT_CALLS.inviteLinks.path, authorization).then(value<InviteLinks>);
  const register = async (affiliateCode: string, username = uniqueName()) =>
    injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      body: {
        login: false,
        registerMethod: 'WEB',
        altcha: await solveAltcha(t.app),
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        affiliateCode,
      },
      remoteAddress: `10.9.0.${(counter += 1) % 250}`,
    });
  const memberRow = async (account: string) =>
    (
      await queryRows<{ id: number; upline_id: number | null; agent_type: number }>(
        t.app,
        sql`SELECT id::int, upline_id::int, agent_type FROM members WHERE lower(account) = lower(${account})`,
      )
    )[0];
  const depthUnder = async (agentId: number, memberId: number) =>
    (
      await queryRows<{ depth: number }>(
        t.app,
        sql`SELECT depth FROM member_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId}`,
      )
    )[0]?.depth;
  const memberCount = async () =>
    (await queryRows<{ n: number }>(t.app, sql`SELECT count(*)::int AS n FROM members`))[0]!.n;

  it('refuses a plain member NOT_AGENT and a trial account NEED_TRUE_ACCOUNT on every call', async () => {
    const calls = [
      ['GET', AGENT_CALLS.inviteLinks.path, undefined],
      ['POST', AGENT_CALLS.createInviteLink.path, { label: 'x', accountType: 'member' }],
      ['POST', AGENT_CALLS.disableInviteLink.path, { id: 1 }],
      [
        'POST',
        AGENT_CALLS.createDownlineAccount.path,
        { account: uniqueName(), password: 'Secret12!', accountType: 'member', requestId: 'req-refused-1' },
      ],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await call(method, path, memberAuth, body)).json().code, path).toBe('NOT_AGENT');
      expect((await call(method, path, trialAuth, body)).json().code, path).toBe('NEED_TRUE_ACCOUNT');
    }
  });

  it('creates links with their own codes and full links, listed newest first', async () => {
    const first = await createLink(topAuth, 'member', 'Forum');
    const second = await createLink(topAuth, 'agent', 'Partners');
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(second.code).not.toBe(first.code);
    expect(first).toMatchObject({ label: 'Forum', accountType: 'member', registrations: 0, active: true });
    expect(first.url).toMatch(new RegExp(`^https?://[^/]+/register\\?affiliateCode=${first.code}$`));
    const list = await listLinks(topAuth);
    expect(list.items.map((link) => link.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(list).toMatchObject({ subAgentsAllowed: true, max: 50 });
    // Another agent sees none of them.
    expect((await listLinks(subAuth)).items.map((link) => link.id)).not.toContain(first.id);
  });

  it("registers with a link's code under the agent with the link's type, and counts it", async () => {
    const memberLink = await createLink(topAuth, 'member');
    const agentLink = await createLink(topAuth, 'agent');
    const check = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${agentLink.code.toLowerCase()}`,
    });
    expect(check.json()).toMatchObject({ value: { code: agentLink.code, valid: true } });

    const asMember = uniqueName();
    expect((await register(memberLink.code, asMember)).statusCode).toBe(200);
    const asAgent = uniqueName();
    expect((await register(agentLink.code.toLowerCase(), asAgent)).statusCode).toBe(200);

    const member = await memberRow(asMember);
    const agent = await memberRow(asAgent);
    expect(member).toMatchObject({ upline_id: top.id, agent_type: 0 });
    expect(agent).toMatchObject({ upline_id: top.id, agent_type: 2 });
    expect(await depthUnder(top.id, agent!.id)).toBe(1);
    const counts = new Map((await listLinks(topAuth)).items.map((link) => [link.id, link.registrations]));
    expect(counts.get(memberLink.id)).toBe(1);
    expect(counts.get(agentLink.id)).toBe(1);
  });

  it("still takes an agent's own affiliate code, as a member", async () => {
    const [own] = await queryRows<{ code: string }>(
      t.app,
      sql`SELECT invite_code AS code FROM members WHERE lower(account) = 'agent'`,
    );
    const name = uniqueName();
    expect((await register(own!.code, name)).statusCode).toBe(200);
    expect(await memberRow(name)).toMatchObject({ agent_type: 0 });
  });

  it('refuses a disabled link with INVITATION_CODE_ERROR and creates nothing; only its agent disables it', async () => {
    const link = await createLink(topAuth, 'member');
    const foreign = await call('POST', AGENT_CALLS.disableInviteLink.path, subAuth, { id: link.id });
    expect(foreign.json()).toMatchObject({ code: 'AGENT_INVITE_LINK_NOT_FOUND' });
    const disabled = await value<InviteLink>(
      await call('POST', AGENT_CALLS.disableInviteLink.path, topAuth, { id: link.id }),
    );
    expect(disabled).toMatchObject({ active: false, registrations: 0 });
    expect(disabled.disabledAt).not.toBeNull();

    const before = await memberCount();
    const refused = await register(link.code);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_CODE_ERROR', value: { field: 'affiliateCode' } });
    expect(await memberCount()).toBe(before);
    const check = await t.app.inject({ method: 'GET', url: `/wps/agent/affiliate?code=${link.code}` });
    expect(check.json().code).toBe('INVITATION_CODE_ERROR');
  });

  it("gives a sub-agent's link registrants a level under the sub-agent, two under its agent", async () => {
    const link = await createLink(subAuth, 'member');
    const name = uniqueName();
    expect((await register(link.code, name)).statusCode).toBe(200);
    const row = await memberRow(name);
    expect(row).toMatchObject({ upline_id: sub.id, agent_type: 0 });
    expect(await depthUnder(sub.id, row!.id)).toBe(1);
    expect(await depthUnder(top.id, row!.id)).toBe(2);
  });

  describe('creating an account directly', () => {
    const create = (authorization: string, body: Record<string, unknown>) =>
      call('POST', AGENT_CALLS.createDownlineAccount.path, authorization, {
        password: 'Secret12!',
        accountType: 'member',
        requestId: `req-${uniqueName()}`,
        ...body,
      });

    it('makes a direct member or sub-agent of the caller that signs in with its password', async () => {
      const account = uniqueName();
      const made = await value<DownlineAccount>(
        await create(topAuth, { account, nickname: 'Kim', accountType: 'agent' }),
      );
      expect(made).toMatchObject({ account, nickname: 'Kim', accountType: 'agent', repeated: false });
      expect(await memberRow(account)).toMatchObject({ upline_id: top.id, agent_type: 2 });
      expect(await depthUnder(top.id, made.id)).toBe(1);
      const [row] = await queryRows<{ register_method: string }>(
        t.app,
        sql`SELECT register_method FROM members WHERE id = ${made.id}`,
      );
      expect(row?.register_method).toBe('AGENT');
      const signIn = await loginThroughApi(
        t.app,
        { username: account, password: 'Secret12!' },
        { remoteAddress: '10.9.1.1' },
      );
      expect(signIn.json(), signIn.body).toMatchObject({ success: true });
    });

    it('answers a repeated request id with the same account, also when sent at once', async () => {
      const account = uniqueName();
      const requestId = `req-same-${uniqueName()}`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => create(subAuth, { account, requestId }).then(value<DownlineAccount>)),
      );
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(answers.filter((answer) => !answer.repeated)).toHaveLength(1);
      const again = await value<DownlineAccount>(await create(subAuth, { account, requestId }));
      expect(again).toMatchObject({ id: answers[0]!.id, repeated: true });
      expect(await memberRow(account)).toMatchObject({ upline_id: sub.id });
    });

    it("refuses a taken name, a weak password and a bad name by the brand's rules, creating nothing", async () => {
      const before = await memberCount();
      const taken = await create(topAuth, { account: 'AGENT' });
      expect(taken.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', message: 'This username is already taken.' });
      const weak = await create(topAuth, { account: uniqueName(), password: 'abc' });
      expect(weak.json()).toMatchObject({ code: 'FIELD_INVALID', value: { field: 'password' } });
      const badName = await create(topAuth, { account: '1-bad name' });
      expect(badName.json()).toMatchObject({ code: 'FIELD_INVALID', value: { field: 'username' } });
      expect(await memberCount()).toBe(before);
    });

    it("refuses sub-agents where the brand's agents may not make them, for links too", async () => {
      await queryRows(
        t.app,
        sql`INSERT INTO agent_settings (merchant_id, sub_agents_allowed) VALUES (${top.merchantId}, false)`,
      );
      try {
        const refused = await create(topAuth, { account: uniqueName(), accountType: 'agent' });
        expect(refused.json()).toMatchObject({ code: 'AGENT_SUB_AGENTS_OFF' });
        const link = await call('POST', AGENT_CALLS.createInviteLink.path, topAuth, {
          label: 'x',
          accountType: 'agent',
        });
        expect(link.json().code).toBe('AGENT_SUB_AGENTS_OFF');
        expect((await listLinks(topAuth)).subAgentsAllowed).toBe(false);
        expect((await create(topAuth, { account: uniqueName() })).statusCode).toBe(200);
      } finally {
        await queryRows(t.app, sql`DELETE FROM agent_settings WHERE merchant_id = ${top.merchantId}`);
      }
    });
  });
});
