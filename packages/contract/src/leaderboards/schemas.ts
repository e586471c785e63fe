import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

// Leaderboards (missionLeaderboard; docs/decisions/0056-leaderboards.md,
// docs/product/member-centre.md#rewards-missions-and-promotions): a brand's boards ranking its members over a period
// of the brand's calendar by a measure of their settled rounds; each finished period's prizes, by rank, are paid once
// into the winners' main balances (wallet kind `leaderboard`). Amounts are integers in minor units.

/**
 * What a board ranks by: valid_bet, the sum of the period's valid bets (minor units); multiplier, the biggest win
 * multiplier (payout ÷ stake) of one round whose stake is at least the board's minimum, in hundredths (1250 = x12.50).
 */
export const LEADERBOARD_MEASURES = ['valid_bet', 'multiplier'] as const;
export type LeaderboardMeasure = (typeof LEADERBOARD_MEASURES)[number];

/** A board's period: daily, weekly (from Monday 00:00 in the brand's time zone), or campaign (startsAt to endsAt). */
export const LEADERBOARD_PERIODS = ['daily', 'weekly', 'campaign'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** The game types a board may be limited to (null: every type). */
export const LEADERBOARD_GAME_TYPES = GAME_TYPES;

/** Bounds of a board's numbers. */
export const LEADERBOARD_LIMITS = {
  /** Ranks with a prize. */
  prizesMax: 100,
  prizeMaxMinor: 1_000_000_000_000,
  minBetMaxMinor: 1_000_000_000_000,
  /** The member call's standings: the top this many. */
  top: 10,
} as const;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Integer amount in minor units.');
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day of the brand's calendar (YYYY-MM-DD).");

/** A ranked member: the account masked as the site's winner boards mask it (`de**o`). */
export const LeaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  account: z.string().describe('Masked: its first two letters and its last, stars between.'),
  score: z.number().int().describe('valid_bet: minor units; multiplier: hundredths (1250 = x12.50).'),
  isMe: z.boolean().describe("The member's own row."),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** A finished period's winner: what the rank was paid. */
export const LeaderboardWinnerSchema = LeaderboardEntrySchema.extend({ prizeMinor: Minor });
export type LeaderboardWinner = z.infer<typeof LeaderboardWinnerSchema>;

/** A board as the member sees it: the current period's top, the member's own place, and the last finished period. */
export const LeaderboardItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string().describe("In the request's language."),
  summary: z.string().describe("In the request's language; may be empty."),
  measure: z.enum(LEADERBOARD_MEASURES),
  gameType: z.enum(LEADERBOARD_GAME_TYPES).nullable().describe('Only rounds of this game type count; null: all.'),
  minBetMinor: Minor.describe("multiplier: a round's stake must be at least this to count."),
  period: z.enum(LEADERBOARD_PERIODS),
  periodStart: Day.describe("The current period's first day."),
  periodEnd: Day.describe("The current period's last day (included)."),
  endsAt: z.string().describe('ISO 8601: when the current period ends and its prizes are paid.'),
  started: z.boolean().describe('false: the board starts at startsAt (coming soon).'),
  startsAt: z.string().nullable(),
  prizesMinor: z.array(Minor).describe('The prize of rank i + 1.'),
  top: z.array(LeaderboardEntrySchema).describe('The current period, best first (ties: who reached it first).'),
  me: z
    .object({ rank: z.number().int().min(1), score: z.number().int() })
    .nullable()
    .describe("The member's rank and score this period; null: nothing counted yet."),
  lastPeriod: z
    .object({ periodStart: Day, periodEnd: Day, winners: z.array(LeaderboardWinnerSchema) })
    .nullable()
    .describe('The last finished period paid, with its winners; null: none yet.'),
});
export type LeaderboardItem = z.infer<typeof LeaderboardItemSchema>;

/** GET /wps/relay/MCSFE_getMissionLeaderboard */
export const LeaderboardSummarySchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  timeZone: z.string().describe("The brand's time zone: the periods' days are its days."),
  items: z.array(LeaderboardItemSchema),
});
export type LeaderboardSummary = z.infer<typeof LeaderboardSummarySchema>;
export const LeaderboardSummaryResponseSchema = successEnvelope(LeaderboardSummarySchema);
