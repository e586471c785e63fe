import { z } from 'zod';
import { successEnvelope } from '../envelope';

/** The longest custom period a dashboard or report answers, in days. */
export const MAX_REPORT_DAYS = 366;

const Minor = z.number().int().describe('Integer amount in the minor unit of the brand currency.');
const Count = z.number().int().min(0);

/** A day in the brand's time zone. */
export const ReportDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a date YYYY-MM-DD')
  .describe("A day in the brand's time zone, YYYY-MM-DD.");

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A period of whole days in the brand's time zone: custom ones need `from` and `to`, at most MAX_REPORT_DAYS. */
export function refineReportPeriod(
  value: { period?: string; from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (value.period !== undefined && value.period !== 'custom') return;
  if (value.from === undefined || value.to === undefined) {
    context.addIssue({ code: 'custom', path: ['from'], message: 'a custom period needs from and to' });
    return;
  }
  const days = daysBetween(value.from, value.to);
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  if (days > MAX_REPORT_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_REPORT_DAYS} days` });
  }
}

export const DASHBOARD_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET the dashboard: the brand's figures over a period. */
export const DashboardQuerySchema = z
  .object({
    period: z
      .enum(DASHBOARD_PERIODS)
      .default('today')
      .describe("today; 7d or 30d: that many days up to today; custom: from..to. Days are the brand's."),
    from: ReportDateSchema.optional().describe('First day of a custom period.'),
    to: ReportDateSchema.optional().describe('Last day of a custom period (included).'),
  })
  .superRefine(refineReportPeriod);
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** The figures of settled rounds: turnover (stakes), valid bets, payouts and GGR. */
const RoundFiguresShape = {
  turnoverMinor: Minor.describe('Stakes of the rounds settled.'),
  validBetMinor: Minor.describe('Stakes that count as bets: those of settled rounds.'),
  payoutMinor: Minor.describe('Wins paid in those rounds.'),
  ggrMinor: Minor.describe('Gross gaming revenue: turnover - payouts (negative when players won).'),
  rounds: Count.describe('Rounds settled.'),
};

export const DashboardTotalsSchema = z.object({
  ...RoundFiguresShape,
  activePlayers: Count.describe('Distinct members with a settled round with a stake in the period.'),
  signups: Count.describe('Members who registered in the period (free-play guests aside).'),
  depositMinor: Minor,
  deposits: Count,
  withdrawalMinor: Minor,
  withdrawals: Count,
});
export type DashboardTotals = z.infer<typeof DashboardTotalsSchema>;

export const DashboardPointSchema = z.object({
  at: z.string().describe('The hour (ISO time of its start) or the day (YYYY-MM-DD) the point is for.'),
  ...RoundFiguresShape,
  activePlayers: Count.nullable().describe("The day's distinct players; null for an hour."),
  signups: Count.nullable().describe("The day's sign-ups; null for an hour."),
  depositMinor: Minor,
  withdrawalMinor: Minor,
});
export type DashboardPoint = z.infer<typeof DashboardPointSchema>;

export const DashboardCategorySchema = z.object({
  gameType: z.string().describe('The game category (LIVE, SPORTS, RNG, …).'),
  ...RoundFiguresShape,
  activePlayers: Count.describe('Distinct players of the category in the period.'),
});

export const DashboardVendorSchema = z.object({
  vassalage: z.string().describe("The vendor's code."),
  vendorName: z.string(),
  ...RoundFiguresShape,
  activePlayers: Count.describe('Distinct players of the vendor in the period.'),
});

export const DashboardSchema = z.object({
  brand: z.string().describe("The brand's merchant code."),
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  timeZone: z.string().describe("The brand's time zone, which decides its days and hours."),
  from: z.string().describe('First day of the period.'),
  to: z.string().describe('Last day of the period (included).'),
  granularity: z.enum(['hour', 'day']).describe('hour for a one-day period, else day.'),
  totals: DashboardTotalsSchema,
  series: z
    .array(DashboardPointSchema)
    .describe('Every hour or day of the period, in order; zero where nothing happened.'),
  byCategory: z.array(DashboardCategorySchema).describe('Largest turnover first.'),
  byVendor: z.array(DashboardVendorSchema).describe('Largest turnover first.'),
  updatedAt: z
    .string()
    .nullable()
    .describe('When the figures last took in settled rounds (they follow within seconds); null before the first.'),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = successEnvelope(DashboardSchema);
