import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GuestService } from '../modules/auth/index';
import { callWallet, installTestVendor, launchFor } from '../modules/seamless-wallet/seamless-wallet.fixtures';
import { createTestApp, type TestApp } from '../test/app';
import { queryRows, signInTestMember, type TestMember } from '../test/members';
import { GUEST_CLEANUP_EVERY_MS, startGuestCleanup } from './guest-cleanup';
import { startIntervalJob, type JobLog } from './interval-job';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let t: TestApp;
const log = (): JobLog & { lines: { level: string; details: object; message: string }[] } => {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: 'info', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
};

async function count(table: string, memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE member_id = ${memberId}`,
  );
  return Number(row?.n ?? 0);
}

async function memberExists(id: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(t.app, sql`SELECT count(*)::int AS n FROM members WHERE id = ${id}`);
  return Number(row?.n) === 1;
}

async function expire(member: TestMember, minutesAgo: number): Promise<void> {
  await t.app.db.execute(
    sql`UPDATE members SET expires_at = now() - make_interval(mins => ${minutesAgo}) WHERE id = ${member.id}`,
  );
}

/** A guest that played a free trial: a session, a trial launch and a play-money bet on record. */
async function guestWhoPlayed(): Promise<TestMember> {
  const { member, authorization } = await signInTestMember(t.app, { isFreePlay: true });
  const launch = await launchFor(t.app, authorization, { playMode: 'trial' });
  const bet = await callWallet(t.app, 'debit', {
    playerId: launch.playerId,
    currency: launch.currency,
    gameCode: 'G1',
    roundId: `r-${member.id}`,
    requestId: `q-${member.id}`,
    sessionToken: launch.sessionToken,
    transactionId: `d-${member.id}`,
    amountMinor: 100,
  });
  expect(bet.body.success).toBe(true);
  expect(await count('vendor_transactions', member.id)).toBe(1);
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
  await installTestVendor(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe(GuestService.name, () => {
  it('removes a guest expired past the grace with its sessions and practice money, and nobody else', async () => {
    const gone = await guestWhoPlayed();
    await expire(gone, 20);
    const inGrace = await guestWhoPlayed();
    await expire(inGrace, 5);
    const live = await guestWhoPlayed();
    const { member: real } = await signInTestMember(t.app);
    await expire(real, 60); // a real account has no expiry that counts, whatever the column says

    const result = await new GuestService(t.app.db).removeExpired();
    expect(result).toEqual({ removed: 1, kept: 0 });
    expect(await memberExists(gone.id)).toBe(false);
    for (const table of ['member_sessions', 'game_sessions', 'vendor_transactions', 'practice_wallets']) {
      expect(await count(table, gone.id), table).toBe(0);
    }
    for (const kept of [inGrace, live, real]) expect(await memberExists(kept.id)).toBe(true);
    expect(await count('member_sessions', live.id)).toBe(1);
    expect(await count('vendor_transactions', inGrace.id)).toBe(1);
  });

  it('keeps a guest with a real-money record, says so, and still clears the others in later batches', async () => {
    const { member: marked } = await signInTestMember(t.app, { isFreePlay: true });
    await t.app.db.execute(
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${marked.merchantId}, 'member', ${marked.id}, 'KRW', 0)`,
    );
    await expire(marked, 120);
    const others: TestMember[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { member } = await signInTestMember(t.app, { isFreePlay: true });
      await expire(member, 30 + index);
      others.push(member);
    }
    const result = await new GuestService(t.app.db).removeExpired({ batch: 2 });
    expect(result).toEqual({ removed: 3, kept: 1 });
    expect(await memberExists(marked.id)).toBe(true);
    for (const member of others) expect(await memberExists(member.id)).toBe(false);
    expect(await new GuestService(t.app.db).removeExpired()).toEqual({ removed: 0, kept: 1 });
  });
});

describe(startGuestCleanup.name, () => {
  it('runs on its timer and logs what it removed', async () => {
    const { member } = await signInTestMember(t.app, { isFreePlay: true });
    await expire(member, 30);
    const lines = log();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const job = startGuestCleanup(new GuestService(t.app.db), lines);
      vi.advanceTimersByTime(GUEST_CLEANUP_EVERY_MS - 1);
      expect(await memberExists(member.id)).toBe(true);
      vi.advanceTimersByTime(1);
      // Resolves once the run the timer started has finished.
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(await memberExists(member.id)).toBe(false);
    expect(lines.lines.some((line) => line.message === 'guest-cleanup done')).toBe(true);
  });

  it('is started by the app and stopped when it closes', () => {
    expect(t.app.housekeeping.guestCleanup).not.toBeNull();
  });
});

describe(startIntervalJob.name, () => {
  it('logs a failed run, runs again on time, and never runs twice at once', async () => {
    const lines = log();
    let calls = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      // Every 10 ms, and each run takes 40 ms: the timer fires again while each run is on.
      const job = startIntervalJob(
        'flaky',
        10,
        async () => {
          calls += 1;
          concurrent += 1;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await new Promise((resolve) => setTimeout(resolve, 40));
          concurrent -= 1;
          if (calls === 1) throw new Error('database away');
          return { calls };
        },
        lines,
      );
      await vi.advanceTimersByTimeAsync(150);
      expect(calls).toBeGreaterThanOrEqual(3);
      const stopped = job.stop();
      await vi.advanceTimersByTimeAsync(40);
      await stopped;
      const after = calls;
      await vi.advanceTimersByTimeAsync(60);
      expect(calls).toBe(after);
    } finally {
      vi.useRealTimers();
    }
    expect(maxConcurrent).toBe(1);
    expect(lines.lines[0]).toMatchObject({ level: 'error', message: 'flaky failed' });
    expect(lines.lines.some((line) => line.level === 'info')).toBe(true);
  });
});
