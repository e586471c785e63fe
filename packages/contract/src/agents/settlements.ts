import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { CONTRACT_KINDS, SALARY_TYPES } from './contracts';
import { TEAM_PAGE_LIMIT } from './schemas';

// Contract settlement (docs/decisions/0068-contract-settlement-runs.md): each kind's periods settled once at their end,
// a line per contract and period, paid by the contract's upline (the brand for a top agent) as a wallet movement. The
// agent's income (agentRevenueReport) and the kinds' records (agentDividendRecordCopy2, agentDailyWages2,
// agentHourSalary, agentRealtimeSalary) read these lines; the back office reads the runs. Amounts are integers in minor
// units of the brand's currency.

/** Real-time salary settles every 5 minutes (the specification's constant). */
export const REALTIME_SALARY_PERIOD_MINUTES = 5;

/**
 * A settlement period's rhythm: a salary's by its kind (5 minutes, an hour, a brand day), a dividend's by its
 * contract's period (D a day, W a week from Monday, H half a month: the 1st to the 15th and the 16th to its end, M a
 * month, in the brand's calendar).
 */
export const SETTLEMENT_RHYTHMS = ['5m', '1h', 'D', 'W', 'H', 'M'] as const;
export type SettlementRhythm = (typeof SETTLEMENT_RHYTHMS)[number];

/**
 * A line's state: `paid` (the movement made), `pending` (its payer's wallet could not cover it: tried again at each
 * run until it can), `none` (nothing to pay: no tier met, or no positive base; kept as the period's record).
 */
export const SETTLEMENT_LINE_STATUSES = ['paid', 'pending', 'none'] as const;
export type SettlementLineStatus = (typeof SETTLEMENT_LINE_STATUSES)[number];

const Minor = z.number().int();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** One contract's settlement for one period, as the caller sees it. */
export const SettlementLineSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  salaryType: z.enum(SALARY_TYPES).nullable(),
  rhythm: z.enum(SETTLEMENT_RHYTHMS),
  periodStart: z.string().describe('The instant the period starts (ISO 8601).'),
  periodEnd: z.string().describe('The instant it ends (excluded).'),
  agentAccount: z.string().describe('Who the line pays.'),
  payerAccount: z.string().nullable().describe('Who pays it; null: the brand (a top agent).'),
  direction: z
    .enum(['earned', 'paid_out'])
    .describe("The caller's side: `earned` its own contract's line, `paid_out` a direct downline's it pays."),
  activeMembers: z.number().int().describe('Team members with a valid bet in the period.'),
  validBetMinor: Minor.describe("The team's valid bets in the period."),
  profitLossMinor: Minor.describe("The team's players' result (wins less stakes; negative: they lost)."),
  rateBp: z.number().int().describe('The tier met, by its rate; 0: none met.'),
  baseMinor: Minor.describe('What the rate applies to, after a dividend’s carried loss.'),
  amountMinor: Minor.describe('floor(base × rate ÷ 10,000); 0 when the base is not positive.'),
  carryMinor: Minor.describe("A dividend's negative base carried to its next period (0 or less)."),
  status: z.enum(SETTLEMENT_LINE_STATUSES),
  settledAt: z.string().describe('When the period was settled.'),
  paidAt: z.string().nullable(),
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

/** GET /wps/agent/income: the caller's settlement lines of the brand days [from, to], newest first (keyset). */
export const AgentIncomeQuerySchema = z.object({
  from: Day.describe(
    "The first day (the brand's calendar) a period ends in; at most MEMBER_PERIOD_MAX_DAYS with `to`.",
  ),
  to: Day.describe('The last day, included.'),
  kind: z.enum(CONTRACT_KINDS).optional().describe("Only this kind's lines (a kind's record page)."),
  limit: z.coerce.number().int().min(1).max(TEAM_PAGE_LIMIT.max).default(TEAM_PAGE_LIMIT.default),
  cursor: z.string().min(1).max(64).optional().describe("The previous page's nextCursor; absent: the first page."),
});
export type AgentIncomeQuery = z.infer<typeof AgentIncomeQuerySchema>;

/** Money in and out of one kind over the filtered period (paid lines; pending apart). */
export const IncomeTotalsSchema = z.object({
  earnedMinor: Minor.describe('Paid to the caller.'),
  paidOutMinor: Minor.describe('Paid by the caller to its downline agents.'),
  netMinor: Minor.describe('Earned less paid out.'),
  pendingInMinor: Minor.describe('Owed to the caller, its payer short.'),
  pendingOutMinor: Minor.describe('Owed by the caller, its wallet short.'),
});
export type IncomeTotals = z.infer<typeof IncomeTotalsSchema>;

export const AgentIncomeSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
  from: Day,
  to: Day,
  totals: IncomeTotalsSchema,
  byKind: z.array(IncomeTotalsSchema.extend({ kind: z.enum(CONTRACT_KINDS) })).describe('Each kind with a line.'),
  rebateMinor: Minor.describe("The caller's own cashback paid in the period (its play, not its team's)."),
  lines: z.array(SettlementLineSchema),
  nextCursor: z.string().nullable(),
});
export type AgentIncome = z.infer<typeof AgentIncomeSchema>;
export const AgentIncomeResponseSchema = successEnvelope(AgentIncomeSchema);

// The back office's settlement runs (Agent settlements page).

export const SettlementRunParamsSchema = BrandParamsSchema.extend({ runId: z.coerce.number().int().positive() });

/** One period of one kind settled for a brand. */
export const SettlementRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  rhythm: z.enum(SETTLEMENT_RHYTHMS),
  periodStart: z.string(),
  periodEnd: z.string(),
  settledAt: z.string(),
  lines: z.number().int(),
  paidLines: z.number().int(),
  pendingLines: z.number().int(),
  paidMinor: Minor,
  pendingMinor: Minor,
  brandPaidMinor: Minor.describe('What the brand paid its top agents in this period.'),
});
export type SettlementRun = z.infer<typeof SettlementRunSchema>;

/** The brand's runs, newest first, a keyset page at a time (the cursor: the page's last run). */
export const SettlementRunsQuerySchema = PageRequestSchema.extend({
  kind: z.enum(CONTRACT_KINDS).optional(),
  pendingOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('Only runs with a pending line.'),
});
export type SettlementRunsQuery = z.infer<typeof SettlementRunsQuerySchema>;

export const SettlementRunsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
  runs: z.array(SettlementRunSchema),
  nextCursor: z.string().nullable().describe('Send as cursor for the next page; null: this is the last page.'),
  pendingLines: z.number().int().describe("The brand's pending lines, every run."),
  pendingMinor: Minor,
});
export type SettlementRuns = z.infer<typeof SettlementRunsSchema>;
export const SettlementRunsResponseSchema = successEnvelope(SettlementRunsSchema);

/** A run's lines (each with both accounts; direction is `earned` from the agent's side). */
export const SettlementRunLinesSchema = z.object({
  run: SettlementRunSchema,
  lines: z.array(SettlementLineSchema),
});
export type SettlementRunLines = z.infer<typeof SettlementRunLinesSchema>;
export const SettlementRunLinesResponseSchema = successEnvelope(SettlementRunLinesSchema);

/** POST …/agent-settlements/:id/pay: its pending lines tried again now (each paid once by its key). */
export const PaySettlementRunResultSchema = z.object({
  paid: z.number().int(),
  stillPending: z.number().int(),
});
export type PaySettlementRunResult = z.infer<typeof PaySettlementRunResultSchema>;
export const PaySettlementRunResponseSchema = successEnvelope(PaySettlementRunResultSchema);

/** POST /wps/dev/settlement-clock (DEV_CLOCK_API only). */
export const DevSettlementClockRequestSchema = z
  .object({
    advanceMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 40),
  })
  .strict();
export const DevSettlementClockSchema = z.object({
  now: z.string().describe("The settlement's clock after the move."),
  settled: z.number().int().describe('Periods settled by the run it started.'),
  paid: z.number().int().describe('Lines paid by that run.'),
});
export type DevSettlementClock = z.infer<typeof DevSettlementClockSchema>;
export const DevSettlementClockResponseSchema = successEnvelope(DevSettlementClockSchema);
