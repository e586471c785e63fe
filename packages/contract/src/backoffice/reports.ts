import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';
import { refineReportPeriod, ReportDateSchema } from './dashboard';
import { pageSchema, PageRequestSchema } from './paging';

export const REPORT_LEVELS = ['brand', 'vendor', 'category', 'game'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

const Minor = z.number().int().describe('Integer amount in the minor unit of the brand currency.');
const Count = z.number().int().min(0);

/** The filters of the daily report, its page and its CSV export. */
const DailyReportFilterShape = {
  from: ReportDateSchema.describe("First day (the brand's time zone)."),
  to: ReportDateSchema.describe('Last day, included.'),
  level: z
    .enum(REPORT_LEVELS)
    .default('game')
    .describe('One row per day and brand, vendor, category, or game (with its vendor and category).'),
  vassalage: z.string().trim().min(1).max(64).optional().describe("Only this vendor's games (vendor and game levels)."),
  gameType: z.enum(GAME_TYPES).optional().describe('Only this category (vendor, category and game levels).'),
};

/** GET the daily report: a page of rows, newest day first. */
export const DailyReportQuerySchema = PageRequestSchema.extend(DailyReportFilterShape).superRefine((value, context) =>
  refineReportPeriod({ ...value, period: 'custom' }, context),
);
export type DailyReportQuery = z.infer<typeof DailyReportQuerySchema>;

/** GET the daily report as CSV, every row of the period, streamed. */
export const DailyReportExportQuerySchema = z
  .object(DailyReportFilterShape)
  .superRefine((value, context) => refineReportPeriod({ ...value, period: 'custom' }, context));
export type DailyReportExportQuery = z.infer<typeof DailyReportExportQuerySchema>;

export const DailyReportRowSchema = z.object({
  day: z.string().describe("The day, YYYY-MM-DD, in the brand's time zone."),
  vassalage: z.string().nullable().describe("The vendor's code (vendor and game levels)."),
  vendorName: z.string().nullable(),
  gameCode: z.string().nullable().describe('The game (game level).'),
  gameName: z.string().nullable(),
  gameType: z.string().nullable().describe('The category (category and game levels).'),
  turnoverMinor: Minor.describe('Stakes of the rounds settled that day.'),
  validBetMinor: Minor,
  payoutMinor: Minor,
  ggrMinor: Minor.describe('turnover - payouts.'),
  rounds: Count,
  players: Count.describe("Distinct players that day at this row's level."),
  signups: Count.nullable().describe('Sign-ups of the day (brand level; null at other levels).'),
  depositMinor: Minor.nullable().describe('Brand level; null at other levels.'),
  withdrawalMinor: Minor.nullable().describe('Brand level; null at other levels.'),
});
export type DailyReportRow = z.infer<typeof DailyReportRowSchema>;

export const DailyReportPageSchema = pageSchema(DailyReportRowSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type DailyReportPage = z.infer<typeof DailyReportPageSchema>;
export const DailyReportPageResponseSchema = successEnvelope(DailyReportPageSchema);
