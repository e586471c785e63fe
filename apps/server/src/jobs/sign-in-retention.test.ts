import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_HISTORY_RETENTION_DAYS } from '../modules/session/index';
import { createTestApp, type TestApp } from '../test/app';
import { createTestMember, queryRows, type TestMember } from '../test/members';
import type { JobLog } from './interval-job';
import { removeOldSignInRows, startSignInRetention, type SignInRetentionParts } from './sign-in-retention';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
// The job's clock: the rows below are placed around it, and nothing here waits for real time to pass.
const NOW = new Date(Date.now() + 400 * DAY_MS);
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();

let t: TestApp;
let member: TestMember;
let parts: SignInRetentionParts;

async function signInAt(at: string, ip: string): Promise<void> {
  await t.app.db.execute(
    sql`INSERT INTO member_sign_ins (member_id, merchant_id, at, ip, method)
        VALUES (${member.id}, ${member.merchantId}, ${at}::timestamptz, ${ip}, 'password')`,
  );
}

async function memberThrottle(key: string, windowStartedAt: string, lockedUntil: string | null): Promise<void> {
  await t.app.db.execute(
    sql`INSERT INTO login_throttle (merchant_id, key, failures, window_started_at, locked_until)
        VALUES (${member.merchantId}, ${key}, 3, ${windowStartedAt}::timestamptz, ${lockedUntil}::timestamptz)`,
  );
}

async function operatorThrottle(key: string, windowStartedAt: string, waitUntil: string | null): Promise<void> {
  await t.app.db.execute(
    sql`INSERT INTO operator_sign_in_throttle (key, failures, window_started_at, wait_until)
        VALUES (${key}, 3, ${windowStartedAt}::timestamptz, ${waitUntil}::timestamptz)`,
  );
}

async function column(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await queryRows<{ v: string }>(t.app, query)).map((row) => row.v).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  member = await createTestMember(t.app);
  parts = {
    sessions: t.app.sessions,
    memberThrottle: t.app.accounts.auth,
    operatorThrottle: t.app.backoffice.signIn,
  };
  // Whatever the seed left that is old by NOW goes first, so the counts below are this test's rows alone.
  await removeOldSignInRows(parts, NOW);
});
afterAll(async () => {
  await t?.close();
});

describe(removeOldSignInRows.name, () => {
  it('deletes sign-ins past the retention and ended throttles, in batches, and nothing else', async () => {
    const retention = SIGN_IN_HISTORY_RETENTION_DAYS * DAY_MS;
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await signInAt(ago(retention + DAY_MS), ip);
    await signInAt(ago(retention - DAY_MS), '10.0.1.1');
    await signInAt(ago(MINUTE_MS), '10.0.1.2');

    await memberThrottle('ip:old', ago(2 * 60 * MINUTE_MS), null);
    await memberThrottle('p:old@wait-over', ago(2 * 60 * MINUTE_MS), ago(MINUTE_MS));
    await memberThrottle('ip:in-window', ago(30 * MINUTE_MS), null);
    await memberThrottle('c:still-locked', ago(2 * 60 * MINUTE_MS), ago(-5 * MINUTE_MS));
    await operatorThrottle('ip:old', ago(2 * 60 * MINUTE_MS), null);
    await operatorThrottle('ip:in-window', ago(10 * MINUTE_MS), null);
    await operatorThrottle('t:1@waiting', ago(3 * 60 * MINUTE_MS), ago(-MINUTE_MS));

    // Two rows a statement: the three old sign-ins take two statements.
    const spy = vi.spyOn(t.app.sessions, 'removeSignInsBefore');
    expect(await removeOldSignInRows(parts, NOW, 2)).toEqual({
      signIns: 3,
      memberThrottles: 2,
      operatorThrottles: 1,
    });
    expect(spy.mock.calls.map(([, limit]) => limit)).toEqual([2, 2]);
    spy.mockRestore();

    expect(await column(sql`SELECT ip AS v FROM member_sign_ins WHERE member_id = ${member.id}`)).toEqual([
      '10.0.1.1',
      '10.0.1.2',
    ]);
    expect(await column(sql`SELECT key AS v FROM login_throttle WHERE merchant_id = ${member.merchantId}`)).toEqual(
      expect.arrayContaining(['c:still-locked', 'ip:in-window']),
    );
    expect(await column(sql`SELECT key AS v FROM login_throttle WHERE key IN ('ip:old', 'p:old@wait-over')`)).toEqual(
      [],
    );
    expect(await column(sql`SELECT key AS v FROM operator_sign_in_throttle`)).toEqual(
      expect.arrayContaining(['ip:in-window', 't:1@waiting']),
    );
    expect(await column(sql`SELECT key AS v FROM operator_sign_in_throttle WHERE key = 'ip:old'`)).toEqual([]);

    // A second run at the same time finds nothing left to delete.
    expect(await removeOldSignInRows(parts, NOW, 2)).toEqual({ signIns: 0, memberThrottles: 0, operatorThrottles: 0 });
  });
});

describe(startSignInRetention.name, () => {
  it('reads its clock at each run and logs only a run that deleted something', async () => {
    const lines: string[] = [];
    const log: JobLog = {
      info: (_details, message) => lines.push(message),
      error: (_d, message) => lines.push(message),
    };
    await signInAt(ago(SIGN_IN_HISTORY_RETENTION_DAYS * DAY_MS - MINUTE_MS), '10.0.2.1');
    let now = NOW;
    const job = startSignInRetention(parts, log, { clock: () => now });
    await job.runNow();
    expect(lines).toEqual([]);
    now = new Date(NOW.getTime() + 2 * MINUTE_MS);
    await job.runNow();
    await job.stop();
    expect(lines).toEqual(['sign-in-retention done']);
    expect(await column(sql`SELECT ip AS v FROM member_sign_ins WHERE ip = '10.0.2.1'`)).toEqual([]);
  });

  it('is started by the app', () => {
    expect(t.app.housekeeping.signInRetention).not.toBeNull();
  });
});
