import { BACKOFFICE_CALLS, callWithParams } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { protectionBackofficeRoutes } from './protection.bo-routes';

describe(protectionBackofficeRoutes.name, () => {
  let t: TestApp;
  let risk: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp();
    risk = await signInAs(t.app, 'demo-risk');
    finance = await signInAs(t.app, 'demo-finance');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const read = (cookie: string, playerId: number) =>
    callBackoffice(t.app, {
      method: 'GET',
      url: callWithParams(BACKOFFICE_CALLS.playerProtection, { brand: 'parlay', playerId }).path,
      cookie,
    });
  const block = (cookie: string, playerId: number, payload: unknown) =>
    callBackoffice(t.app, {
      method: 'POST',
      url: callWithParams(BACKOFFICE_CALLS.blockPlayerProtection, { brand: 'parlay', playerId }).path,
      cookie,
      payload,
    });
  const auditRows = (memberId: number) =>
    query(
      t.app.db,
      sql`SELECT action, actor FROM audit_log WHERE target_type = 'member' AND target_id = ${String(memberId)}
                        AND action LIKE 'protection.%'`,
    );

  it("shows the player's limits and the member's own changes to an operator who reads players", async () => {
    const member = await createTestMember(t.app);
    const owner = { memberId: member.id, merchantId: member.merchantId };
    await t.app.protection.setLimit(owner, 'lossDaily', 20_000);
    await t.app.protection.setLimit(owner, 'lossDaily', 40_000);
    const reply = await read(finance, member.id);
    expect(reply.statusCode).toBe(200);
    const { settings, history } = reply.json().value;
    expect(settings.limits.find((limit: { key: string }) => limit.key === 'lossDaily')).toMatchObject({
      value: 20_000,
      pending: { value: 40_000 },
    });
    expect(history.map((row: { action: string; actor: string }) => `${row.action}:${row.actor}`)).toEqual([
      'raiseRequested:member',
      'set:member',
    ]);
    expect((await read(finance, 999_999_999)).json().code).toBe('PROTECTION_PLAYER_NOT_FOUND');
  });

  it('lets an operator who changes players add a self-exclusion, audited, signing the player out, never shorter', async () => {
    const member = await createTestMember(t.app);
    const session = await signInTestMember(t.app, member);
    expect((await block(finance, member.id, { kind: 'timeOut', days: 3 })).json().code).toBe('BO_PERMISSION_DENIED');
    expect(await auditRows(member.id)).toHaveLength(0);

    const added = await block(risk, member.id, { kind: 'selfExclusion', months: 12 });
    expect(added.statusCode).toBe(200);
    expect(added.json().value.kind).toBe('selfExclusion');
    expect(await auditRows(member.id)).toEqual([
      { action: 'protection.selfExclusion', actor: expect.stringMatching(/^operator:\d+$/) },
    ]);
    const after = await t.app.inject({
      method: 'GET',
      url: '/wps/member/protection',
      headers: { host: 'localhost', authorization: session.authorization },
    });
    expect(after.json()).toMatchObject({ code: 'NOT_LOGGED_IN', value: { reason: 'selfExclusion' } });

    const shorter = await block(risk, member.id, { kind: 'timeOut', days: 42 });
    expect(shorter.json().code).toBe('PROTECTION_BLOCK_SHORTER');
    expect(await auditRows(member.id)).toHaveLength(1);
    expect((await block(risk, member.id, { kind: 'selfExclusion', months: 61 })).statusCode).toBe(400);
    const { history } = (await read(risk, member.id)).json().value;
    expect(history).toHaveLength(1);
  });
});
