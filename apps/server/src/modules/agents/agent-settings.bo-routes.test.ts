import { AGENT_CALLS, BACKOFFICE_CALLS, callWithParams, type BoAgentSettings } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { agentSettingsBackofficeRoutes } from './agent-settings.bo-routes';

// The brand's agent settings in the back office: read with their defaults (brand.read), saved with the version they
// were opened at (brand.write, audited), and obeyed by the agent centre's account page at once.

describe(agentSettingsBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let top: TestMember;
  let topAuth: string;
  let counter = 0;
  const tag = Date.now().toString(36).slice(-5);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    top = await createTestMember(t.app, { agentType: 1 });
    topAuth = (await signInTestMember(t.app, top)).authorization;
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  const call = (cookie: string, api: { method: 'GET' | 'PUT'; path: string }, payload?: unknown) =>
    callBackoffice(t.app, {
      method: api.method,
      url: callWithParams(api, { brand: 'parlay' } as never).path,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const read = async () => {
    const response = await call(admin, BACKOFFICE_CALLS.agentSettings);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as BoAgentSettings;
  };
  const audits = () =>
    query<{ before: unknown; after: unknown }>(
      t.app.db,
      sql`SELECT before, after FROM audit_log WHERE action = 'agents.settings' AND merchant_id = ${top.merchantId}
          ORDER BY id`,
    );
  const agentCall = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { language: 'EN', authorization: topAuth },
      payload: body as object,
    });

  it('reads a brand that never saved as both on at version 0, and a read-only operator may read it', async () => {
    expect(await read()).toEqual({ subAgentsAllowed: true, dividendCarriesLoss: true, version: 0, updatedAt: null });
    expect((await call(readOnly, BACKOFFICE_CALLS.agentSettings)).statusCode).toBe(200);
  });

  it('refuses a read-only operator a save, changing nothing', async () => {
    const refused = await call(readOnly, BACKOFFICE_CALLS.updateAgentSettings, {
      subAgentsAllowed: false,
      dividendCarriesLoss: false,
      version: 0,
    });
    expect(refused.json().code).toBe('BO_PERMISSION_DENIED');
    expect(await read()).toMatchObject({ subAgentsAllowed: true, dividendCarriesLoss: true, version: 0 });
    expect(await audits()).toHaveLength(0);
  });

  it('saves both settings, bumping the version, with an audit row of before and after', async () => {
    const saved = await call(admin, BACKOFFICE_CALLS.updateAgentSettings, {
      subAgentsAllowed: true,
      dividendCarriesLoss: false,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ subAgentsAllowed: true, dividendCarriesLoss: false, version: 1 });
    expect(saved.json().value.updatedAt).toEqual(expect.any(String));
    expect(await read()).toEqual(saved.json().value);
    expect(await audits()).toEqual([
      {
        before: { subAgentsAllowed: true, dividendCarriesLoss: true },
        after: { subAgentsAllowed: true, dividendCarriesLoss: false },
      },
    ]);
  });

  it('refuses a save of a stale version, and a first save over a stored one, writing nothing', async () => {
    const before = await read();
    for (const version of [0, before.version + 1]) {
      const stale = await call(admin, BACKOFFICE_CALLS.updateAgentSettings, {
        subAgentsAllowed: false,
        dividendCarriesLoss: true,
        version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
    }
    expect(await read()).toEqual(before);
    expect(await audits()).toHaveLength(1);
  });

  it('refuses a body with a field it does not know', async () => {
    const extra = await call(admin, BACKOFFICE_CALLS.updateAgentSettings, {
      subAgentsAllowed: false,
      dividendCarriesLoss: true,
      version: 1,
      salary: true,
    });
    expect(extra.statusCode).toBe(400);
    expect((await read()).version).toBe(1);
  });

  it("refuses an agent's sub-agent, by a link or an account, once the brand turns sub-agents off", async () => {
    const subAgent = () =>
      agentCall(AGENT_CALLS.createDownlineAccount.path, {
        account: `as${tag}${(counter += 1)}`,
        password: 'Secret12!',
        accountType: 'agent',
        requestId: `req-${tag}-${counter}`,
      });
    expect((await subAgent()).statusCode).toBe(200);
    const { version } = await read();
    const off = await call(admin, BACKOFFICE_CALLS.updateAgentSettings, {
      subAgentsAllowed: false,
      dividendCarriesLoss: true,
      version,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await subAgent()).json().code).toBe('AGENT_SUB_AGENTS_OFF');
    const link = await agentCall(AGENT_CALLS.createInviteLink.path, { label: 'Forum', accountType: 'agent' });
    expect(link.json().code).toBe('AGENT_SUB_AGENTS_OFF');
  });
});
