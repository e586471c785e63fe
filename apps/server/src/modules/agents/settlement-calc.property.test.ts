import type { ContractTier, SalaryType } from '@parlay/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netIncome, settle, type SettledContract, type TeamFigures } from './settlement-calc';

// The settlement arithmetic (decision 0067) against an independent calculation on generated trees: random agents
// under random uplines, rates that never rise down the tree, rounds of random members. Independently: each agent's
// team is walked from the rounds, its tier found by scanning, its pay computed in bigint; its net income is its pay
// less its direct downline agents' pay. The brand pays exactly the sum of every agent's net income, each contract is
// paid once, no line is negative, and a dividend's negative period is carried, never paid.

interface Tree {
  /** parent[i]: the upline of agent i (agent 0 the top: -1). */
  parent: number[];
  /** Each agent's contract tiers' rates (rising), in basis points, each no higher than its upline's top. */
  rates: number[][];
  /** Rounds: the agent directly over the player, its stake, its win. */
  rounds: { agent: number; player: number; stake: number; win: number }[];
}

const treeArbitrary: fc.Arbitrary<Tree> = fc
  .integer({ min: 1, max: 12 })
  .chain((agents) =>
    fc.record({
      parent: fc.tuple(
        ...Array.from({ length: agents }, (_, index) =>
          index === 0 ? fc.constant(-1) : fc.integer({ min: 0, max: index - 1 }),
        ),
      ),
      topRates: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: agents, maxLength: agents }),
      rounds: fc.array(
        fc.record({
          agent: fc.integer({ min: 0, max: agents - 1 }),
          player: fc.integer({ min: 0, max: 5 }),
          stake: fc.integer({ min: 1, max: 2_000_000 }),
          win: fc.integer({ min: 0, max: 4_000_000 }),
        }),
        { maxLength: 60 },
      ),
    }),
  )
  .map(({ parent, topRates, rounds }) => {
    // Down the tree each top rate is capped by its upline's; two tiers: half the rate, then the rate.
    const tops: number[] = [];
    parent.forEach((up, index) => tops.push(up < 0 ? topRates[index]! : Math.min(topRates[index]!, tops[up]!)));
    const rates = tops.map((top) => (top >= 2 ? [Math.floor(top / 2), top] : [top]));
    return { parent: [...parent], rates, rounds };
  });

function tiersOf(rates: number[]): ContractTier[] {
  return rates.map((rateBp, index) => ({ rateBp, minActiveMembers: index * 2, minValidBetMinor: index * 1_000_000 }));
}

/** The team of agent `a`: itself and every agent below it, by walking the parents. */
function teamOf(tree: Tree, agent: number): Set<number> {
  const team = new Set<number>();
  tree.parent.forEach((_, candidate) => {
    for (let up = candidate; up >= 0; up = tree.parent[up]!) {
      if (up === agent) {
        team.add(candidate);
        break;
      }
    }
  });
  return team;
}

function figuresOf(tree: Tree, agent: number): TeamFigures {
  const team = teamOf(tree, agent);
  const rounds = tree.rounds.filter((round) => team.has(round.agent));
  return {
    activeMembers: new Set(rounds.map((round) => `${round.agent}:${round.player}`)).size,
    validBetMinor: rounds.reduce((sum, round) => sum + round.stake, 0),
    profitLossMinor: rounds.reduce((sum, round) => sum + round.win - round.stake, 0),
  };
}

/** An agent's pay as a reader computes it: scan the tiers, take the base, multiply in bigint. */
function payOf(
  tree: Tree,
  agent: number,
  kind: 'dividend' | 'salary',
  salaryType: SalaryType | null,
  carry = 0,
): bigint {
  const figures = figuresOf(tree, agent);
  let rate = 0;
  tiersOf(tree.rates[agent]!).forEach((tier) => {
    if (figures.activeMembers >= tier.minActiveMembers && figures.validBetMinor >= tier.minValidBetMinor) {
      rate = tier.rateBp;
    }
  });
  const loss = -figures.profitLossMinor;
  const base =
    kind === 'dividend'
      ? loss + carry
      : salaryType === 'single_bet'
        ? figures.validBetMinor
        : salaryType === 'profit'
          ? Math.max(0, figures.profitLossMinor)
          : Math.max(0, loss);
  return base > 0 ? (BigInt(base) * BigInt(rate)) / 10_000n : 0n;
}

describe('contract settlement arithmetic', () => {
  const kinds = fc.constantFrom(
    { kind: 'dividend' as const, salaryType: null },
    { kind: 'salary' as const, salaryType: 'single_bet' as const },
    { kind: 'salary' as const, salaryType: 'loss' as const },
    { kind: 'salary' as const, salaryType: 'profit' as const },
  );

  it('pays each level its rate on its team less its downline agents, the brand the sum of all net incomes', () => {
    fc.assert(
      fc.property(
        treeArbitrary,
        kinds,
        fc.integer({ min: -3_000_000, max: 0 }),
        (tree, { kind, salaryType }, carry) => {
          const contracts: SettledContract[] = tree.parent.map((up, agent) => ({
            contractId: 100 + agent,
            agentId: agent,
            payerId: up < 0 ? null : up,
            kind: kind === 'dividend' ? 'dividend' : 'daily_salary',
            salaryType,
            tiers: tiersOf(tree.rates[agent]!),
          }));
          // The top agent's dividend carries a loss clawed back from this period.
          const carries = new Map(kind === 'dividend' ? [[100, carry]] : []);
          const lines = settle(contracts, (agent) => figuresOf(tree, agent), carries);

          // Each contract once, none negative, each as the reader computes it.
          expect(lines.map((line) => line.contractId).sort()).toEqual(contracts.map((c) => c.contractId).sort());
          for (const line of lines) {
            expect(line.amountMinor).toBeGreaterThanOrEqual(0);
            const expected = payOf(tree, line.agentId, kind, salaryType, line.agentId === 0 ? carry : 0);
            expect(BigInt(line.amountMinor)).toBe(expected);
            // A dividend's negative base is carried, never paid.
            if (kind === 'dividend' && line.baseMinor <= 0) expect(line.carryMinor).toBe(line.baseMinor);
            if (kind !== 'dividend') expect(line.carryMinor).toBe(0);
          }
          // Net income: own pay less the direct downline agents' pay; together what the brand pays.
          const net = netIncome(lines);
          tree.parent.forEach((_, agent) => {
            const children = tree.parent.flatMap((up, child) => (up === agent ? [child] : []));
            const own = payOf(tree, agent, kind, salaryType, agent === 0 ? carry : 0);
            const paid = children.reduce((sum, child) => sum + payOf(tree, child, kind, salaryType), 0n);
            expect(BigInt(net.get(agent) ?? 0)).toBe(own - paid);
          });
          const brand = lines.filter((line) => line.payerId === null).reduce((sum, line) => sum + line.amountMinor, 0);
          expect([...net.values()].reduce((sum, value) => sum + value, 0)).toBe(brand);
        },
      ),
      { numRuns: 300 },
    );
  });
});
