import { z } from 'zod';
import { successEnvelope } from '../envelope';

// Agent contracts (docs/product/agent-centre.md#contracts, docs/decisions/0066-agent-contracts.md): an upline offers a
// direct downline agent a dividend or a salary contract; the downline accepts or rejects it; either side asks to end
// an active one and the other confirms. A contract is tiers, each a rate with requirements; the rate its settlement
// pays is the highest tier whose requirements the period met. Amounts are minor units; rates basis points.

/** Dividend (a share of the team's loss over D, W, H or M), daily, hourly and real-time (every 5 minutes) salary. */
export const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** A salary's measure: the team's profit, its loss, or its bets (single bet: a rate of the valid bet). */
export const SALARY_TYPES = ['profit', 'loss', 'single_bet'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];

/** A dividend's period: D daily, W weekly, H semi-monthly (1st–15th, 16th–end), M monthly, in the brand's time zone. */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

export const CONTRACT_STATUSES = ['offered', 'active', 'rejected', 'cancelled', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** What a caller may do with a contract (`POST /wps/agent/contracts/process` and the kinds' relay calls). */
export const CONTRACT_ACTIONS = [
  'offer',
  'accept',
  'reject',
  'cancel',
  'requestTermination',
  'confirmTermination',
  'withdrawTermination',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/** Most tiers a contract has. */
export const CONTRACT_TIERS_MAX = 10;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One tier: its rate, and what the period must reach for it (each 0 when it asks nothing). */
export const ContractTierSchema = z
  .object({
    rateBp: z.number().int().min(1).max(10_000).describe('The rate in basis points (100 = 1%).'),
    minActiveMembers: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .describe('Team members with a valid bet in the period, at least.'),
    minValidBetMinor: Minor.describe("The team's valid bets in the period (a day, an hour, 5 minutes), at least."),
  })
  .strict();
export type ContractTier = z.infer<typeof ContractTierSchema>;

/** The terms an offer carries. */
export const ContractTermsSchema = z
  .object({
    kind: z.enum(CONTRACT_KINDS),
    salaryType: z.enum(SALARY_TYPES).nullable().describe('A salary only; null for a dividend.'),
    period: z
      .enum(CONTRACT_PERIODS)
      .nullable()
      .describe('A dividend only; null for a salary (its kind is its rhythm).'),
    tiers: z
      .array(ContractTierSchema)
      .min(1)
      .max(CONTRACT_TIERS_MAX)
      .describe('Rates rising with their requirements: each tier asks at least what the one before asks.'),
  })
  .strict();
export type ContractTerms = z.infer<typeof ContractTermsSchema>;

export const ContractSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  salaryType: z.enum(SALARY_TYPES).nullable(),
  period: z.enum(CONTRACT_PERIODS).nullable(),
  tiers: z.array(ContractTierSchema),
  topRateBp: z.number().int().describe("The highest tier's rate: what an upline's contract bounds."),
  uplineAccount: z.string().nullable().describe("The upline's account; null: the brand (a top agent's contract)."),
  downlineAccount: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  terminationRequestedBy: z
    .enum(['upline', 'downline'])
    .nullable()
    .describe('An active contract one side asked to end: the other confirms (or the asker withdraws).'),
  endReason: z
    .enum(['rejected', 'cancelled', 'terminated', 'replaced', 'upline_rate_lowered', 'operator'])
    .nullable()
    .describe('Why it ended; null while offered or active.'),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  version: z.number().int().describe('Send it back with an action: an action on a contract changed since is refused.'),
});
export type Contract = z.infer<typeof ContractSchema>;

/** What a new contract request or termination request waits for: nothing, a new contract, a termination. */
export const CONTRACT_REQUEST_TYPES = ['none', 'new', 'terminate'] as const;
export type ContractRequestType = (typeof CONTRACT_REQUEST_TYPES)[number];

/**
 * The consolidated contract info (GET /wps/agent/contracts): per kind, the request waiting for the caller as a
 * downline (`*reqtype`), the caller's contracts with its upline, and those with its direct downline agents.
 */
export const ConsolidatedContractsSchema = z.object({
  dailysalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
  divtypereq: z.enum(CONTRACT_REQUEST_TYPES),
  contracthoursalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
  realtimesalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
  fromUpline: z
    .array(ContractSchema)
    .describe('Offered and active contracts the upline (or the brand) gives the caller.'),
  toDownline: z.array(ContractSchema).describe('Offered and active contracts the caller gives its direct downline.'),
});
export type ConsolidatedContracts = z.infer<typeof ConsolidatedContractsSchema>;
export const ConsolidatedContractsResponseSchema = successEnvelope(ConsolidatedContractsSchema);

/** One kind's contracts (the kinds' relay GET calls). */
export const KindContractsSchema = z.object({
  kind: z.enum(CONTRACT_KINDS),
  reqtype: z.enum(CONTRACT_REQUEST_TYPES),
  fromUpline: z.array(ContractSchema),
  toDownline: z.array(ContractSchema),
  history: z.array(ContractSchema).describe('Ended contracts of this kind, either side, newest first (at most 50).'),
});
export type KindContracts = z.infer<typeof KindContractsSchema>;
export const KindContractsResponseSchema = successEnvelope(KindContractsSchema);

/**
 * An action on a contract. `offer` takes `downlineAccount` (a direct downline agent) and `terms`; every other action
 * takes `contractId` and the `version` read. `accept` of an offer whose top rate is below what the accepting agent gives
 * its own downline ends those downline contracts: refused with CONTRACT_CONFIRM_DOWNLINE_TERMINATION (listing them)
 * unless `confirmDownlineTermination` is true.
 */
export const ContractActionRequestSchema = z
  .object({
    action: z.enum(CONTRACT_ACTIONS),
    contractId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    version: z.number().int().min(0).optional(),
    downlineAccount: z.string().trim().min(1).max(40).optional(),
    terms: ContractTermsSchema.optional(),
    confirmDownlineTermination: z.boolean().optional(),
  })
  .strict();
export type ContractActionRequest = z.infer<typeof ContractActionRequestSchema>;

/** The same for one kind's relay POST call: the kind is the call's. */
export const KindContractActionRequestSchema = ContractActionRequestSchema;

export const ContractActionSchema = z.object({
  contract: ContractSchema,
  /** Downline contracts an accept ended (auto-termination), by account. */
  endedDownline: z.array(z.object({ contractId: z.number().int(), account: z.string() })),
});
export type ContractActionResult = z.infer<typeof ContractActionSchema>;
export const ContractActionResponseSchema = successEnvelope(ContractActionSchema);
