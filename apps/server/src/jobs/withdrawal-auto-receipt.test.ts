import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithdrawalService } from '../modules/withdrawals/index';
import {
  bindAccount,
  createWithdrawer,
  requestWithdrawal,
  setWithdrawalSettings,
} from '../modules/withdrawals/withdrawals.fixtures';
import { TEST_ACTOR } from '../test/actors';
import { createTestApp, type TestApp } from '../test/app';
import { queryRows } from '../test/members';
import type { JobLog } from './interval-job';
import { startWithdrawalAutoReceipt } from './withdrawal-auto-receipt';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const PAID = 5;
let t: TestApp;
const ids: number[] = [];
let dueAt = 0;

const statuses = async () =>
  (
    await queryRows<{ status: string }>(
      t.app,
      sql`SELECT status FROM withdrawal_requests WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  ).map((row) => row.status);

beforeAll(async () => {
  t = await createTestApp();
  await setWithdrawalSettings(t.app, { minMinor: 1_000, dailyCount: 50, confirmMinutes: 30 });
  const merchant = (await t.app.merchants.findByCode('parlay'))!;
  const { review } = t.app.withdrawals;
  const who = await createWithdrawer(t.app, { depositMinor: 100_000, betMinor: 100_000 });
  const accountId = await bindAccount(t.app, who);
  for (let index = 0; index < PAID; index += 1) {
    const response = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 5_000 });
    const id = response.json<{ value: { id: number } }>().value.id;
    let row = await review.get(merchant, id);
    row = await review.approve(TEST_ACTOR, merchant, id, { version: row.version, payout: 'manual' });
    row = await review.markPaid(TEST_ACTOR, merchant, id, { version: row.version });
    ids.push(id);
    dueAt = Math.max(dueAt, Date.parse(row.paidAt!) + 30 * 60_000);
  }
});
afterAll(async () => {
  await t.close();
});

describe(startWithdrawalAutoReceipt.name, () => {
  const log = (): JobLog & { lines: object[] } => {
    const lines: object[] = [];
    return { lines, info: (details) => lines.push(details), error: (details) => lines.push(details) };
  };

  it("leaves paid withdrawals alone before the brand's minutes are up, on the job's clock", async () => {
    const quiet = log();
    const job = startWithdrawalAutoReceipt(t.app.withdrawals.requests, quiet, {
      clock: () => new Date(dueAt - 60_000),
      everyMs: 3_600_000,
    });
    await job.runNow();
    await job.stop();
    expect(await statuses()).toEqual(ids.map(() => 'paid'));
    // A run that turned nothing writes no log line.
    expect(quiet.lines).toEqual([]);
  });

  it('turns each one auto_received once when two instances run at the same time, in small batches', async () => {
    const logs = [log(), log()];
    const jobs = logs.map((lines) => {
      // Each instance its own service over the same database, as two servers would have.
      const service = new WithdrawalService(t.app.db, t.app.gaming.wallet, t.app.accounts.paymentPassword);
      return startWithdrawalAutoReceipt({ autoReceive: (now) => service.autoReceive(now, 2) }, lines, {
        clock: () => new Date(dueAt + 60_000),
        everyMs: 3_600_000,
      });
    });
    await Promise.all(jobs.map((job) => job.runNow()));
    await Promise.all(jobs.map((job) => job.stop()));
    expect(await statuses()).toEqual(ids.map(() => 'auto_received'));
    const turned = logs.flatMap((lines) => lines.lines).map((line) => (line as { received: number }).received);
    expect(turned.reduce((sum, value) => sum + value, 0)).toBe(PAID);
  });
});
