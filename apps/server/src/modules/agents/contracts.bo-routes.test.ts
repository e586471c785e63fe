import { BACKOFFICE_CALLS, callWithParams, type BoContractPage, type ContractTerms } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { AgentContractsService } from './contracts';

// The back office's agent contracts (decision 0066): the brand's contracts, and a top agent's contract with the brand
// set by an operator with brand.write (audited), active at once in place of the one it had.

const realtime = (rateBp: number): ContractTerms => ({
  kind: 'realtime_salary',
  salaryType: 'single_bet',
  period: null,
  tiers: [{ rateBp, minActiveMembers: 0, minValidBetMinor: 0 }],
});

describe(`${AgentContractsService.name} in the back office`, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let top: TestMember;
  let sub: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `bct${tag}` });
    sub = await createTestMember(t.app, { agentType: 2, account: `bcs${tag}`, uplineId: top.id });
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  const call = (cookie: string, api: { method: 'GET' | 'POST'; path: string }, payload?: unknown, search = '') =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay' } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });

  it("sets a top agent's brand contract, replacing the one it had, audited; lists them newest first", async () => {
    const first = await call(admin, BACKOFFICE_CALLS.setBrandAgentContract, {
      account: top.account,
      terms: realtime(30),
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(admin, BACKOFFICE_CALLS.setBrandAgentContract, {
      account: top.account,
      terms: realtime(45),
    });
    expect(second.json().value).toMatchObject({ status: 'active', topRateBp: 45, uplineId: null, downlineId: top.id });
    const page = (await call(admin, BACKOFFICE_CALLS.agentContracts)).json().value as BoContractPage;
    const mine = page.items.filter((item) => item.downlineId === top.id);
    expect(mine.map((item) => [item.topRateBp, item.status, item.endReason])).toEqual([
      [45, 'active', null],
      [30, 'terminated', 'operator'],
    ]);
    const open = (await call(admin, BACKOFFICE_CALLS.agentContracts, undefined, '?status=open')).json()
      .value as BoContractPage;
    expect(open.items.filter((item) => item.downlineId === top.id)).toHaveLength(1);
    const audits = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'agents.contract' AND target_id = ${String(top.id)}`,
    );
    expect(toNumber(audits[0]?.n)).toBe(2);
  });

  it('refuses a sub-agent, an unknown account and a read-only operator, writing nothing', async () => {
    const count = async () =>
      toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM agent_contracts`))[0]?.n);
    const before = await count();
    const refusals: [string, unknown, string][] = [
      [admin, { account: sub.account, terms: realtime(10) }, 'CONTRACT_NOT_TOP_AGENT'],
      [admin, { account: 'nobody-here', terms: realtime(10) }, 'AGENT_MEMBER_NOT_FOUND'],
      [readOnly, { account: top.account, terms: realtime(10) }, 'BO_PERMISSION_DENIED'],
    ];
    for (const [cookie, payload, code] of refusals) {
      expect((await call(cookie, BACKOFFICE_CALLS.setBrandAgentContract, payload)).json().code).toBe(code);
    }
    expect(await count()).toBe(before);
  });
});
