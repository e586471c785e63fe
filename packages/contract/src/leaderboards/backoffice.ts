import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { LEADERBOARD_GAME_TYPES, LEADERBOARD_LIMITS, LEADERBOARD_MEASURES, LEADERBOARD_PERIODS } from './schemas';

// The back office's leaderboards (docs/decisions/0056-leaderboards.md): a brand's boards (reading asks brand.read;
// adding, editing and switching off brand.write, audited, each save carrying the version it opened), and a period's
// standings with what each rank was paid.

const Text = (max: number) => z.string().trim().max(max);
const Instant = z.string().datetime({ offset: true }).nullable();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A board as the operator sees and edits it. */
export const BoLeaderboardSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  titleKo: z.string(),
  titleEn: z.string(),
  summaryKo: z.string(),
  summaryEn: z.string(),
  measure: z.enum(LEADERBOARD_MEASURES),
  gameType: z.enum(LEADERBOARD_GAME_TYPES).nullable(),
  minBetMinor: z.number().int(),
  period: z.enum(LEADERBOARD_PERIODS),
  prizesMinor: z.array(z.number().int()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  currentPeriodStart: Day.describe("The current period's first day (the brand's calendar)."),
  members: z.number().int().describe('Members with a score in the current period.'),
});
export type BoLeaderboard = z.infer<typeof BoLeaderboardSchema>;
export const BoLeaderboardResponseSchema = successEnvelope(BoLeaderboardSchema);

export const BoLeaderboardListQuerySchema = PageRequestSchema.extend({
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('Only the boards on (true) or off (false).'),
});
export type BoLeaderboardListQuery = z.infer<typeof BoLeaderboardListQuerySchema>;
export const BoLeaderboardPageSchema = pageSchema(BoLeaderboardSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type BoLeaderboardPage = z.infer<typeof BoLeaderboardPageSchema>;
export const BoLeaderboardPageResponseSchema = successEnvelope(BoLeaderboardPageSchema);

/** What an operator may change of a board (its code and measure never change once saved). */
const LeaderboardFields = {
  titleKo: Text(120).min(1),
  titleEn: Text(120).min(1),
  summaryKo: Text(1000).default(''),
  summaryEn: Text(1000).default(''),
  gameType: z.enum(LEADERBOARD_GAME_TYPES).nullable().default(null).describe('null: every type.'),
  minBetMinor: z
    .number()
    .int()
    .min(0)
    .max(LEADERBOARD_LIMITS.minBetMaxMinor)
    .default(0)
    .describe("multiplier: a round's stake must be at least this."),
  period: z.enum(LEADERBOARD_PERIODS),
  prizesMinor: z
    .array(z.number().int().min(1).max(LEADERBOARD_LIMITS.prizeMaxMinor))
    .min(1)
    .max(LEADERBOARD_LIMITS.prizesMax)
    .describe('The prize of rank i + 1.'),
  startsAt: Instant.default(null),
  endsAt: Instant.default(null),
  active: z.boolean().default(true),
};

/**
 * Adds a board: its code (letters, digits, - and _) is the brand's own and never changes. A campaign needs startsAt
 * and endsAt (refused with LEADERBOARD_INVALID).
 */
export const BoCreateLeaderboardRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/)
      .transform((code) => code.toUpperCase()),
    measure: z.enum(LEADERBOARD_MEASURES),
    ...LeaderboardFields,
  })
  .strict();
export type BoCreateLeaderboardRequest = z.infer<typeof BoCreateLeaderboardRequestSchema>;

/** Saves a board opened at `version`. Scores and prizes already paid stay as they are. */
export const BoUpdateLeaderboardRequestSchema = z.object({ version: VersionSchema, ...LeaderboardFields }).strict();
export type BoUpdateLeaderboardRequest = z.infer<typeof BoUpdateLeaderboardRequestSchema>;

/** Switches a board off (opened at `version`): members no longer see it, and periods not yet paid are not paid. */
export const BoDeactivateLeaderboardRequestSchema = z.object({ version: VersionSchema }).strict();
export type BoDeactivateLeaderboardRequest = z.infer<typeof BoDeactivateLeaderboardRequestSchema>;

export const BoLeaderboardParamsSchema = BrandParamsSchema.extend({
  leaderboardId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const BoLeaderboardStandingsQuerySchema = z.object({
  periodStart: Day.optional().describe("A period's first day; absent: the current period."),
});

/** A rank of a period, with the account in full (operators), and what it was paid once the period is paid. */
export const BoStandingSchema = z.object({
  rank: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  score: z.number().int(),
  reachedAt: z.string().nullable().describe('When the member reached this score (ties: the first ranks first).'),
  prizeMinor: z.number().int().nullable().describe('Paid (a paid period) or to be paid (the current); null: none.'),
  movementId: z.number().int().nullable().describe("The prize's wallet movement; null: not paid."),
  refused: z
    .string()
    .nullable()
    .describe(
      "A paid period's prize that could not be paid: the refusal's error code (ACCOUNT_DISABLED: the winner's account " +
        'is closed; WALLET_BALANCE_LIMIT: the balance would pass its limit). Null: paid, or not a paid period.',
    ),
});
export type BoStanding = z.infer<typeof BoStandingSchema>;

/** A period's standings (at most 100 rows) and its payout. */
export const BoLeaderboardStandingsSchema = z.object({
  leaderboardId: z.number().int(),
  periodStart: Day,
  periodEnd: Day,
  current: z.boolean(),
  paidAt: z.string().nullable().describe('When its prizes were paid; null: not yet (or the board was off).'),
  paidMinor: z.number().int(),
  rows: z.array(BoStandingSchema),
  periods: z.array(Day).describe('The current period and the paid ones, newest first (at most 20): to choose from.'),
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoLeaderboardStandings = z.infer<typeof BoLeaderboardStandingsSchema>;
export const BoLeaderboardStandingsResponseSchema = successEnvelope(BoLeaderboardStandingsSchema);
