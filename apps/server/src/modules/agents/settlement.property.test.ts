import fc from 'fast-check';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { findTeamFiguresOver } from './settlements.repository';
import { netIncome, settle, type SettledContract } from './settlement-calc';

// A settlement's figures as the database reads them (decision 0067: each agent's whole downline over the tree, summed
// from the members' days of the period) against the same figures worked out from the generated rows in TypeScript:
// random trees of agents with players under them, days in and out of the period, and the lines and net incomes that
// follow. The brand pays the sum of every agent's net income; each level is paid its rate on its team, once.

const PERIOD = { from: '2026-11-01', to: '2026-11-07' };
const DAYS = ['2026-10-31', '2026-11-01', '2026-11-04', '2026-11-07', '2026-11-08'];

interface Generated {
  parents: number[];
  rates: number[];
  players: number[];
  days: { player: number; day: number; gameType: string; stake: number; validBet: number; payout: number }[];
}

const generated: fc.Arbitrary<Generated> = fc.integer({ min: 1, max: 8 }).chain((agents) =>
  fc.record({
    parents: fc.tuple(
      ...Array.from({ length: agents }, (_, index) =>
        index === 0 ? fc.constant(-1) : fc.integer({ min: 0, max: index - 1 }),
      ),
    ),
    rates: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: agents, maxLength: agents }),
    // Each player's agent.
    players: fc.array(fc.integer({ min: 0, max: agents - 1 }), { minLength: 1, maxLength: 10 }),
    days: fc.array(
      fc.record({
        player: fc.nat(9),
        day: fc.integer({ min: 0, max: DAYS.length - 1 }),
        gameType: fc.constantFrom('RNG', 'LIVE'),
        stake: fc.integer({ min: 0, max: 3_000_000 }),
        validBet: fc.integer({ min: 0, max: 3_000_000 }),
        payout: fc.integer({ min: 0, max: 6_000_000 }),
      }),
      { maxLength: 25 },
    ),
  }),
);

describe('contract settlement over the database figures', () => {
  let t: TestApp;
  let merchantId: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
  });
  afterAll(() => t.close());

  const insertMember = async (agentType: number, uplineId: number | null): Promise<number> => {
    serial += 1;
    const rows = await query<{ id: unknown }>(
      t.app.db,
      sql`INSERT INTO members (merchant_id, account, agent_type, upline_id, register_method, first_time_login)
          VALUES (${merchantId}, ${`settle${serial}`}, ${agentType}, ${uplineId}, 'SEED', false) RETURNING id`,
    );
    return toNumber(rows[0]?.id);
  };

  it("reads each agent's team from the tree and the period's days, and settles as the model says", async () => {
    await fc.assert(
      fc.asyncProperty(generated, async ({ parents, rates, players, days }) => {
        const agentIds: number[] = [];
        for (const parent of parents) agentIds.push(await insertMember(2, parent < 0 ? null : agentIds[parent]!));
        const playerIds: number[] = [];
        for (const agent of players) playerIds.push(await insertMember(0, agentIds[agent]!));
        // One row a player, day and game type, as the feed's consumer keeps them.
        const rows = new Map<string, Generated['days'][number]>();
        for (const row of days)
          if (row.player < playerIds.length) rows.set(`${row.player}:${row.day}:${row.gameType}`, row);
        for (const row of rows.values()) {
          await query(
            t.app.db,
            sql`INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor,
                                               valid_bet_minor, payout_minor)
                VALUES (${playerIds[row.player]!}, ${DAYS[row.day]!}::date, ${row.gameType}, ${merchantId}, 1,
                        ${row.stake}, ${row.validBet}, ${row.payout})`,
          );
        }

        // Independently: an agent's team is every player whose agent is it or below it.
        const under = (agent: number, of: number) => {
          for (let up = of; up >= 0; up = parents[up]!) if (up === agent) return true;
          return false;
        };
        const expected = (agent: number) => {
          const inTeam = [...rows.values()].filter(
            (row) => under(agent, players[row.player]!) && DAYS[row.day]! >= PERIOD.from && DAYS[row.day]! <= PERIOD.to,
          );
          return {
            activeMembers: new Set(inTeam.filter((row) => row.validBet > 0).map((row) => row.player)).size,
            validBetMinor: inTeam.reduce((sum, row) => sum + row.validBet, 0),
            profitLossMinor: inTeam.reduce((sum, row) => sum + row.payout - row.stake, 0),
          };
        };
        const period = { start: new Date(`${PERIOD.from}T00:00:00Z`), end: new Date(`${PERIOD.to}T00:00:00Z`) };
        const figures = await findTeamFiguresOver(t.app.db, merchantId, agentIds, 'W', period, PERIOD);
        agentIds.forEach((id, agent) => expect(figures.get(id)).toEqual(expected(agent)));

        // Rates never rise down the tree; one tier each: the lines follow the model.
        const tops: number[] = [];
        parents.forEach((up, agent) => tops.push(up < 0 ? rates[agent]! : Math.min(rates[agent]!, tops[up]!)));
        const contracts: SettledContract[] = agentIds.map((id, agent) => ({
          contractId: id,
          agentId: id,
          payerId: parents[agent]! < 0 ? null : agentIds[parents[agent]!]!,
          kind: 'dividend',
          salaryType: null,
          tiers: [{ rateBp: tops[agent]!, minActiveMembers: 0, minValidBetMinor: 0 }],
        }));
        const lines = settle(contracts, (id) => figures.get(id)!);
        const pay = (agent: number) => {
          const loss = -expected(agent).profitLossMinor;
          return loss > 0 ? Math.floor((loss * tops[agent]!) / 10_000) : 0;
        };
        expect(lines.map((line) => line.amountMinor)).toEqual(agentIds.map((_, agent) => pay(agent)));
        const net = netIncome(lines);
        const brand = lines.filter((line) => line.payerId === null).reduce((sum, line) => sum + line.amountMinor, 0);
        expect([...net.values()].reduce((sum, value) => sum + value, 0)).toBe(brand);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
