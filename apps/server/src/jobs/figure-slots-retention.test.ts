import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createTestMember, type TestMember } from '../test/members';
import { FIGURE_SLOTS_RETENTION_DAYS, removeOldFigureSlots } from './figure-slots-retention';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const DAY_MS = 24 * 60 * 60 * 1000;
// The job's clock: the slots below are placed around it, and nothing here waits for real time to pass.
const NOW = new Date(Date.parse('2026-12-01T00:00:00Z') + 400 * DAY_MS);
const SLOT_MS = 5 * 60 * 1000;
const slotAgo = (ms: number) => new Date(Math.floor((NOW.getTime() - ms) / SLOT_MS) * SLOT_MS).toISOString();

let t: TestApp;
let member: TestMember;

async function slotAt(at: string): Promise<void> {
  await query(
    t.app.db,
    sql`INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor)
        VALUES (${member.id}, ${at}::timestamptz, ${member.merchantId}, 1, 1000, 1000, 0)`,
  );
}

async function slotsLeft(): Promise<string[]> {
  const rows = await query(
    t.app.db,
    sql`SELECT slot FROM member_figure_slots WHERE member_id = ${member.id} ORDER BY slot`,
  );
  return rows.map((row) => new Date(String(row['slot'])).toISOString());
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.housekeeping.figureSlotsRetention?.stop();
  member = await createTestMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe(removeOldFigureSlots.name, () => {
  it('deletes the slots past the retention, in batches, and keeps the rest', async () => {
    const retention = FIGURE_SLOTS_RETENTION_DAYS * DAY_MS;
    const old = [retention + 3 * DAY_MS, retention + 2 * DAY_MS, retention + DAY_MS].map(slotAgo);
    const kept = [retention - DAY_MS, SLOT_MS].map(slotAgo);
    for (const at of [...old, ...kept]) await slotAt(at);
    // Whatever else is that old (none of this member's) goes too; the count is at least this member's three.
    const spy = vi.spyOn(t.app.memberFigures, 'removeSlotsBefore');
    const deleted = await removeOldFigureSlots(t.app.memberFigures, NOW, 2);
    expect(deleted).toBeGreaterThanOrEqual(3);
    // Two a statement: three take two full statements and a short one.
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(await slotsLeft()).toEqual(kept.sort());
    expect(await removeOldFigureSlots(t.app.memberFigures, NOW, 2)).toBe(0);
  });
});
