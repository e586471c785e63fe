import type { ContractKind, ContractTier, SalaryType } from '@parlay/contract';

// The arithmetic of a contract settlement (docs/decisions/0067-contract-settlement-model.md), apart from the database:
// given the agents' contracts of one kind and each agent's team figures over one period, what each contract pays.
// Every level is paid by its upline at its own rate on its whole team's figure, and pays its direct downline agents
// their rates on their teams: each keeps the difference. The brand pays the top. All amounts are integers in minor
// units; a share is floored once, per contract.

/** A contract in force over the period: who is paid (`agentId`), by whom (`payerId`, null: the brand), on what terms. */
export interface SettledContract {
  contractId: number;
  agentId: number;
  payerId: number | null;
  kind: ContractKind;
  salaryType: SalaryType | null;
  tiers: readonly ContractTier[];
}

/** An agent's whole team over the period: its downline at any depth, not itself (decision 0067). */
export interface TeamFigures {
  /** Members with a valid bet in the period. */
  activeMembers: number;
  validBetMinor: number;
  /** The players' result: their wins less their stakes (negative: the players lost, the house won). */
  profitLossMinor: number;
}

/** What one contract pays for the period. */
export interface SettlementLine {
  contractId: number;
  agentId: number;
  payerId: number | null;
  /** The tier met, by its rate (0: none met, nothing paid). */
  rateBp: number;
  /** The figure the rate applies to, after a dividend's carried loss. */
  baseMinor: number;
  amountMinor: number;
  /** A dividend's negative base carried to the next period (0 or less). */
  carryMinor: number;
}

/** The highest tier whose requirements the figures meet; undefined when none is met. */
export function tierMet(tiers: readonly ContractTier[], figures: TeamFigures): ContractTier | undefined {
  let met: ContractTier | undefined;
  for (const tier of tiers) {
    if (figures.activeMembers >= tier.minActiveMembers && figures.validBetMinor >= tier.minValidBetMinor) met = tier;
  }
  return met;
}

/**
 * The base a rate applies to: a dividend and a loss salary the team's loss (what its players lost: the house's win), a
 * profit salary the players' profit, a single-bet salary the valid bets. A dividend's base may be negative (the team
 * won): it pays nothing and carries the negative base into the next period, where it is clawed back first.
 */
export function baseOf(contract: Pick<SettledContract, 'kind' | 'salaryType'>, figures: TeamFigures): number {
  if (contract.kind === 'dividend') return -figures.profitLossMinor;
  switch (contract.salaryType) {
    case 'single_bet':
      return figures.validBetMinor;
    case 'profit':
      return Math.max(0, figures.profitLossMinor);
    default:
      return Math.max(0, -figures.profitLossMinor);
  }
}

/**
 * Each contract's line for the period: its tier met on its agent's team figures, its base (a dividend's after the loss
 * carried from the period before, `carries` by contract id), and floor(base × rate ÷ 10,000) when the base is positive.
 * What the payer keeps is its own line less the lines it pays (`netIncome`).
 */
export function settle(
  contracts: readonly SettledContract[],
  figuresOf: (agentId: number) => TeamFigures,
  carries: ReadonlyMap<number, number> = new Map(),
): SettlementLine[] {
  return contracts.map((contract) => {
    const figures = figuresOf(contract.agentId);
    const tier = tierMet(contract.tiers, figures);
    const carried = contract.kind === 'dividend' ? Math.min(0, carries.get(contract.contractId) ?? 0) : 0;
    const baseMinor = baseOf(contract, figures) + carried;
    const rateBp = tier?.rateBp ?? 0;
    // In bigint: a brand's month of losses times a rate can pass 2^53 before the division.
    const amountMinor = baseMinor > 0 && rateBp > 0 ? Number((BigInt(baseMinor) * BigInt(rateBp)) / 10_000n) : 0;
    // A dividend carries a negative base forward whatever tier was met; a positive one is settled and done.
    const carryMinor = contract.kind === 'dividend' ? Math.min(0, baseMinor) : 0;
    return {
      contractId: contract.contractId,
      agentId: contract.agentId,
      payerId: contract.payerId,
      rateBp,
      baseMinor,
      amountMinor,
      carryMinor,
    };
  });
}

/** Each agent's net income: what its contract paid it, less what it paid its downline agents' contracts. */
export function netIncome(lines: readonly SettlementLine[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const line of lines) {
    net.set(line.agentId, (net.get(line.agentId) ?? 0) + line.amountMinor);
    if (line.payerId !== null) net.set(line.payerId, (net.get(line.payerId) ?? 0) - line.amountMinor);
  }
  return net;
}
