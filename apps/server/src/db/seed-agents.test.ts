import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_AGENT_LINK, DEMO_DOWNLINE, seedDemoDownline } from './seed-agents';

describe(seedDemoDownline.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The demo players seed-history.ts writes on a real start, as plain rows.
    for (const { account } of DEMO_DOWNLINE) {
      await query(
        t.app.db,
        sql`INSERT INTO members (merchant_id, account, register_method, first_time_login)
            SELECT id, ${account}, 'SEED', false FROM merchants WHERE code = ${DEMO_MERCHANT_CODE}`,
      );
    }
  });
  afterAll(() => t.close());

  it('gives the demo agent a downline three levels deep, once however often it runs', async () => {
    // One of them played before it was placed (its history, counted by the feed while it had no upline).
    await query(
      t.app.db,
      sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                         payout_minor)
          SELECT m.id, DATE '2026-11-20', 'RNG', m.merchant_id, 3, 30000, 30000, 12000
            FROM members m WHERE m.account = 'demoplayer07'`,
    );
    const placed = await seedDemoDownline(t.app.db, DEMO_MERCHANT_CODE);
    expect(placed).toHaveLength(DEMO_DOWNLINE.length);
    expect(await seedDemoDownline(t.app.db, DEMO_MERCHANT_CODE)).toEqual([]);
    // main.ts rebuilds the new uplines' team days: each of the player's three uplines counts its day (decision 0069).
    await t.app.downline.rebuildUplineTeams(placed);
    const teams = await query<{ account: string; rounds: unknown; active: unknown }>(
      t.app.db,
      sql`SELECT a.account, d.rounds, d.active_members AS active FROM agent_team_days d JOIN members a ON a.id = d.agent_id
           WHERE d.day = DATE '2026-11-20' ORDER BY a.account`,
    );
    expect(teams.map((row) => [row.account, toNumber(row.rounds), toNumber(row.active)])).toEqual([
      ['agent', 3, 1],
      ['subagent', 3, 1],
      ['subagent2', 3, 1],
    ]);
    const rows = await query<{ account: string; depth: unknown }>(
      t.app.db,
      sql`SELECT d.account, t.depth FROM member_tree t
            JOIN members a ON a.id = t.ancestor_id JOIN members d ON d.id = t.descendant_id
            JOIN merchants b ON b.id = a.merchant_id
           WHERE b.code = ${DEMO_MERCHANT_CODE} AND a.account = 'agent' AND t.depth > 0
           ORDER BY t.depth, d.account`,
    );
    expect(rows.map((row) => `${row.account}:${toNumber(row.depth)}`)).toEqual([
      'demo:1',
      'demoplayer09:1',
      'demoplayer10:1',
      'subagent:1',
      'demoplayer05:2',
      'demoplayer06:2',
      'subagent2:2',
      'demoplayer07:3',
      'demoplayer08:3',
    ]);
    // And its one invitation link, written once.
    const links = await query<{ code: string; account_type: unknown }>(
      t.app.db,
      sql`SELECT l.code, l.account_type FROM agent_invite_links l JOIN members a ON a.id = l.agent_id
           WHERE a.account = 'agent'`,
    );
    expect(links.map((link) => [link.code, toNumber(link.account_type)])).toEqual([[DEMO_AGENT_LINK.code, 0]]);
  });
});
