import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

// Missions (missionLeaderboard; docs/decisions/0054-missions.md, docs/product/member-centre.md#rewards-missions-and-promotions):
// a brand's tasks with a goal counted in a period of the brand's calendar (settled rounds, valid bet, credited
// deposits, or sign-ins on consecutive days); a mission whose target is reached is claimed by the member, which pays
// its reward into the main balance once per period (wallet kind `mission`). Amounts are integers in minor units.

/**
 * What a mission counts: rounds, settled rounds; wager, their valid bet (minor units); deposit, credited deposits
 * (minor units); signin, sign-ins on consecutive days of the brand (a missed day starts the count again).
 */
export const MISSION_GOALS = ['rounds', 'wager', 'deposit', 'signin'] as const;
export type MissionGoal = (typeof MISSION_GOALS)[number];

/**
 * The period progress counts in: daily (a brand day), weekly (from Monday 00:00 in the brand's time zone), or
 * campaign (from startsAt to endsAt, once).
 */
export const MISSION_PERIODS = ['daily', 'weekly', 'campaign'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/**
 * A mission's state for the member (docs/product/member-centre.md's activity states): coming_soon, not started;
 * in_process, progress short of the target; claim, target reached and not claimed; claimed, paid this period;
 * signed, a sign-in mission's day already counted today (target not yet reached); close, ended.
 */
export const MISSION_STATES = ['coming_soon', 'in_process', 'claim', 'claimed', 'signed', 'close'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

/** The game types a rounds or wager mission may be limited to (null: every type). */
export const MISSION_GAME_TYPES = GAME_TYPES;

/** Bounds of a mission's numbers. */
export const MISSION_LIMITS = {
  /** A target: a count of rounds or days, or minor units. */
  targetMax: 1_000_000_000_000,
  /** A sign-in mission's target: days in a row. */
  signinTargetMax: 366,
  rewardMaxMinor: 1_000_000_000_000,
} as const;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Integer amount in minor units.');
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day of the brand's calendar (YYYY-MM-DD).");

/** A mission as the member sees it, with the member's progress in its current period. */
export const MissionItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string().describe("In the request's language."),
  summary: z.string().describe("In the request's language; may be empty."),
  goal: z.enum(MISSION_GOALS),
  gameType: z.enum(MISSION_GAME_TYPES).nullable().describe('rounds and wager: only this game type counts; null: all.'),
  target: z.number().int().min(1).describe('A count (rounds, days) or minor units (wager, deposit).'),
  progress: z.number().int().min(0).describe('So far in this period; may pass the target.'),
  period: z.enum(MISSION_PERIODS),
  periodStart: Day.describe("The current period's first day (a campaign's: its start's day)."),
  periodEnd: Day.nullable().describe("The current period's last day (included); null: a campaign with no end."),
  rewardMinor: Minor.describe('Paid into the main balance when claimed.'),
  state: z.enum(MISSION_STATES),
  startsAt: z.string().nullable().describe('ISO 8601; null: started.'),
  endsAt: z.string().nullable().describe('ISO 8601; null: no end.'),
  claimedAt: z.string().nullable().describe('ISO 8601: when this period was claimed.'),
});
export type MissionItem = z.infer<typeof MissionItemSchema>;

/** GET /wps/relay/MCSFE_getMissionSummaryDetails */
export const MissionSummarySchema = z.object({
  readyCount: z.number().int().min(0).describe('Missions in state claim: the member-centre menu badge.'),
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  timeZone: z.string().describe("The brand's time zone: the periods' days are its days."),
  items: z.array(MissionItemSchema).describe('Claimable first, then in process, signed, claimed, coming soon, closed.'),
});
export type MissionSummary = z.infer<typeof MissionSummarySchema>;
export const MissionSummaryResponseSchema = successEnvelope(MissionSummarySchema);

/** POST /wps/member/missions/claim */
export const ClaimMissionRequestSchema = z
  .object({ missionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .strict();
export type ClaimMissionRequest = z.infer<typeof ClaimMissionRequestSchema>;

export const ClaimMissionResultSchema = z.object({
  mission: MissionItemSchema.describe('The mission after the claim (state claimed).'),
  amountMinor: Minor.describe('What the main balance received (wallet kind mission).'),
  balanceMinor: z.number().int().describe('The main balance after.'),
});
export type ClaimMissionResult = z.infer<typeof ClaimMissionResultSchema>;
export const ClaimMissionResponseSchema = successEnvelope(ClaimMissionResultSchema);
