import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { merchantDomains, merchants } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, loginThroughApi } from '../../test/members';
import { eq } from 'drizzle-orm';

// The sign-in rule of each site (decision 0059): on a domain the brand marks as its agent site only agents sign in
// ("Non-agents cannot log in"); on the player site any account type but a member's or an agent's is refused
// ("Non-member account unable to login").
const AGENT_HOST = 'agents.demo.test';

let t: TestApp;
let ipCounter = 1;
const nextIp = () => `10.37.0.${ipCounter++}`;

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.app.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.code, DEMO_MERCHANT_CODE));
  await t.app.db.insert(merchantDomains).values({ domain: AGENT_HOST, merchantId: demo!.id, isAgentSite: true });
});
afterAll(() => t.close());

async function signIn(agentType: number, host: string) {
  const member = await createTestMember(t.app, { agentType });
  const response = await loginThroughApi(
    t.app,
    { username: member.account, password: member.password },
    { remoteAddress: nextIp(), headers: { host, language: 'EN' } },
  );
  return response.json<{ success: boolean; code: string; message: string; value: { type?: number } | null }>();
}

describe('the agent site', () => {
  it.each([1, 2, 41, 42])('signs in an agent of type %i', async (type) => {
    const answer = await signIn(type, AGENT_HOST);
    expect(answer).toMatchObject({ success: true, value: { type } });
  });

  it.each([0, 4])('refuses an account of type %i: "Non-agents cannot log in"', async (type) => {
    expect(await signIn(type, AGENT_HOST)).toMatchObject({ code: 'NOT_AGENT', message: 'Non-agents cannot log in' });
  });

  it('refuses a non-agent in Korean too', async () => {
    const member = await createTestMember(t.app);
    const response = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: nextIp(), headers: { host: AGENT_HOST, language: 'KO' } },
    );
    expect(response.json()).toMatchObject({ code: 'NOT_AGENT', message: '에이전트가 아니면 로그인할 수 없습니다.' });
  });

  it('opens no free-play guest session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { host: AGENT_HOST, language: 'EN' },
      payload: { os: 'web', platform: 'W', random: 'x', gatewayVersion: 3 },
      remoteAddress: nextIp(),
    });
    expect(response.json()).toMatchObject({ code: 'NOT_AGENT' });
  });
});

describe('the player site', () => {
  it.each([0, 1, 2, 4, 41, 42])('signs in an account of type %i', async (type) => {
    expect(await signIn(type, 'localhost')).toMatchObject({ success: true, value: { type } });
  });

  it('refuses a non-member account: "Non-member account unable to login"', async () => {
    expect(await signIn(9, 'localhost')).toMatchObject({
      code: 'NON_MEMBER_LOGIN',
      message: 'Non-member account unable to login',
    });
  });
});
