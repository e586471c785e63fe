import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/app';
import { waitForFeedReady } from '../../test/feed';
import { createTestMember, type TestMember } from '../../test/members';

// The agents' team days, month members and sign-ups (decision 0069) against a model: random feed events (rounds with
// and without a valid bet, deposits, withdrawals) over a few days around a month's end, applied in batches of random
// sizes, with random registrations and moves in the tree between them. After each step the tables must equal the
// members' days (member_figure_days) and registration days summed over every agent's team as the tree is now, walked
// up upline_id here.

const EVENT = fc.record({
  kind: fc.constantFrom('round', 'round', 'round', 'deposit', 'withdrawal'),
  member: fc.nat(),
  stake: fc.integer({ min: 0, max: 50_000 }),
  // A round without a valid bet (0) still counts its member as active, as the overview always has.
  valid: fc.constantFrom(0, 1),
  win: fc.integer({ min: 0, max: 200_000 }),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  // Around the brand's (Asia/Seoul) midnight between November 30th and December 1st, two days either side.
  minutes: fc.integer({ min: -48 * 60, max: 48 * 60 }),
});

const STEP = fc.record({
  events: fc.array(EVENT, { maxLength: 12 }),
  batchSize: fc.integer({ min: 1, max: 8 }),
  moves: fc.array(fc.record({ node: fc.nat(), parent: fc.option(fc.nat(), { nil: null }) }), { maxLength: 2 }),
  // Members registered under one of the agents (or none), at a time around the same midnight.
  signUps: fc.array(
    fc.record({ parent: fc.option(fc.nat(), { nil: null }), minutes: fc.integer({ min: -48 * 60, max: 48 * 60 }) }),
    { maxLength: 2 },
  ),
});

type Row = Record<string, number>;

const MIDNIGHT = Date.parse('2026-11-30T15:00:00Z');

/** What both tables should hold: every member's days added to each of its uplines, at any depth. */
async function expectedTeams(t: TestApp) {
  const upline = new Map<number, number | null>();
  for (const row of await query(t.app.db, sql`SELECT id, upline_id FROM members`)) {
    upline.set(toNumber(row['id']), row['upline_id'] === null ? null : toNumber(row['upline_id']));
  }
  const days = new Map<string, Row>();
  const active = new Map<string, Set<number>>();
  const months = new Set<string>();
  const figures = await query(t.app.db, sql`SELECT *, day::text AS day_text FROM member_figure_days`);
  for (const row of figures) {
    const memberId = toNumber(row['member_id']);
    const day = String(row['day_text']);
    const played = toNumber(row['rounds']) > 0;
    for (let agent = upline.get(memberId) ?? null; agent !== null; agent = upline.get(agent) ?? null) {
      const key = `${agent}|${day}`;
      const sums = days.get(key) ?? {};
      for (const column of [
        'rounds',
        'stake_minor',
        'valid_bet_minor',
        'payout_minor',
        'deposits',
        'deposit_minor',
        'withdrawals',
        'withdrawal_minor',
      ]) {
        sums[column] = (sums[column] ?? 0) + toNumber(row[column]);
      }
      days.set(key, sums);
      const members = active.get(key) ?? new Set<number>();
      if (played) members.add(memberId);
      active.set(key, members);
      if (played) months.add(`${agent}|${day.slice(0, 7)}-01|${memberId}`);
    }
  }
  for (const [key, sums] of days) sums['active_members'] = active.get(key)!.size;
  const signUps: Record<string, number> = {};
  const registered = await query(
    t.app.db,
    sql`SELECT m.id, (m.created_at AT TIME ZONE b.time_zone)::date::text AS day
        FROM members m JOIN merchants b ON b.id = m.merchant_id`,
  );
  for (const row of registered) {
    const memberId = toNumber(row['id']);
    for (let agent = upline.get(memberId) ?? null; agent !== null; agent = upline.get(agent) ?? null) {
      const key = `${agent}|${String(row['day'])}`;
      signUps[key] = (signUps[key] ?? 0) + 1;
    }
  }
  const monthCounts: Record<string, number> = {};
  for (const month of months) {
    const key = month.split('|').slice(0, 2).join('|');
    monthCounts[key] = (monthCounts[key] ?? 0) + 1;
  }
  return { days: Object.fromEntries(days), months: [...months].sort(), monthCounts, signUps };
}

async function storedTeams(t: TestApp) {
  const days: Record<string, Row> = {};
  for (const row of await query(t.app.db, sql`SELECT *, day::text AS day_text FROM agent_team_days`)) {
    const sums: Row = {};
    for (const column of [
      'rounds',
      'stake_minor',
      'valid_bet_minor',
      'payout_minor',
      'deposits',
      'deposit_minor',
      'withdrawals',
      'withdrawal_minor',
      'active_members',
    ]) {
      sums[column] = toNumber(row[column]);
    }
    days[`${toNumber(row['agent_id'])}|${String(row['day_text'])}`] = sums;
  }
  const months = (
    await query(t.app.db, sql`SELECT agent_id, month::text AS month, member_id FROM agent_team_month_members`)
  ).map((row) => `${toNumber(row['agent_id'])}|${String(row['month'])}|${toNumber(row['member_id'])}`);
  // A move leaves an upline's day at 0 members rather than deleting it: the same as no row.
  const signUps: Record<string, number> = {};
  for (const row of await query(
    t.app.db,
    sql`SELECT agent_id, day::text AS day, members FROM agent_team_sign_ups WHERE members <> 0`,
  )) {
    signUps[`${toNumber(row['agent_id'])}|${String(row['day'])}`] = toNumber(row['members']);
  }
  const monthCounts: Record<string, number> = {};
  for (const row of await query(
    t.app.db,
    sql`SELECT agent_id, month::text AS month, active_members FROM agent_team_months WHERE active_members <> 0`,
  )) {
    monthCounts[`${toNumber(row['agent_id'])}|${String(row['month'])}`] = toNumber(row['active_members']);
  }
  return { days, months: months.sort(), monthCounts, signUps };
}

describe('agent team days', () => {
  let t: TestApp;
  let members: TestMember[];
  const actor = { kind: 'cli' as const, osUser: 'team-days-test' };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await query(t.app.db, sql`UPDATE merchants SET time_zone = 'Asia/Seoul' WHERE code = 'parlay'`);
    // All agents, so that any of them may take another's subtree.
    members = [];
    for (let i = 0; i < 7; i += 1) members.push(await createTestMember(t.app, { agentType: 1 }));
  }, 180_000);
  afterAll(() => t.close());

  it("keeps every agent's team days, month members and sign-ups equal to its members', through batches and moves", async () => {
    let registrations = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 4 }), async (steps) => {
        for (const step of steps) {
          for (const signUp of step.signUps) {
            registrations += 1;
            const upline = signUp.parent === null ? null : members[signUp.parent % members.length]!.id;
            await query(
              t.app.db,
              sql`INSERT INTO members (merchant_id, account, nickname, upline_id, register_method, first_time_login,
                                       created_at)
                  VALUES (${members[0]!.merchantId}, ${`signup${registrations}`}, ${`Sign-up ${registrations}`},
                          ${upline}, 'TEST', false, ${new Date(MIDNIGHT + signUp.minutes * 60_000).toISOString()})`,
            );
          }
          for (const move of step.moves) {
            const member = members[move.node % members.length]!;
            const upline = move.parent === null ? null : members[move.parent % members.length]!.id;
            try {
              await t.app.downline.move(actor, { id: member.merchantId }, member.id, { uplineId: upline });
            } catch (error) {
              // A move under the member's own downline is refused and changes nothing.
              if (!(error instanceof AppError) || error.code !== 'AGENT_UPLINE_CYCLE') throw error;
            }
          }
          for (const event of step.events) {
            const member = members[event.member % members.length]!;
            const round = event.kind === 'round';
            await query(
              t.app.db,
              sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, stake_minor, valid_bet_minor,
                                               payout_minor, amount_minor, at)
                  VALUES (${event.kind}, ${member.merchantId}, ${member.id}, 'KRW', ${round ? event.stake : 0},
                          ${round ? event.stake * event.valid : 0}, ${round ? event.win : 0},
                          ${round ? 0 : event.amount}, ${new Date(MIDNIGHT + event.minutes * 60_000).toISOString()})`,
            );
          }
          await waitForFeedReady(t.app.db);
          await t.app.memberFigures.consumeFeed({ batchSize: step.batchSize });
          expect(await storedTeams(t)).toEqual(await expectedTeams(t));
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
