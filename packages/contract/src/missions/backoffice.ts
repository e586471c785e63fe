import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { MISSION_GAME_TYPES, MISSION_GOALS, MISSION_LIMITS, MISSION_PERIODS } from './schemas';

// The back office's missions (docs/decisions/0054-missions.md): a brand's missions (reading asks brand.read; adding,
// editing and switching off brand.write, audited, each save carrying the version it opened), each with its current
// period's figures: members in progress, completed, claimed, and the reward paid.

const Text = (max: number) => z.string().trim().max(max);
const Instant = z.string().datetime({ offset: true }).nullable();

/** A mission's current period (the brand's calendar): how many members count in it, and what was paid. */
export const BoMissionPeriodStatsSchema = z.object({
  periodStart: z.string().describe('YYYY-MM-DD.'),
  inProgress: z.number().int().describe('Members with progress short of the target.'),
  completed: z.number().int().describe('Members who reached the target (claimed or not).'),
  claimed: z.number().int(),
  rewardPaidMinor: z.number().int().describe('The rewards claimed in this period.'),
});
export type BoMissionPeriodStats = z.infer<typeof BoMissionPeriodStatsSchema>;

/** A mission as the operator sees and edits it. */
export const BoMissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  titleKo: z.string(),
  titleEn: z.string(),
  summaryKo: z.string(),
  summaryEn: z.string(),
  goal: z.enum(MISSION_GOALS),
  gameType: z.enum(MISSION_GAME_TYPES).nullable(),
  target: z.number().int(),
  period: z.enum(MISSION_PERIODS),
  rewardMinor: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  current: BoMissionPeriodStatsSchema.describe("This period's figures (a campaign's: the whole campaign)."),
});
export type BoMission = z.infer<typeof BoMissionSchema>;
export const BoMissionResponseSchema = successEnvelope(BoMissionSchema);

export const BoMissionListQuerySchema = PageRequestSchema.extend({
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('Only the missions on (true) or off (false).'),
});
export type BoMissionListQuery = z.infer<typeof BoMissionListQuerySchema>;
export const BoMissionPageSchema = pageSchema(BoMissionSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type BoMissionPage = z.infer<typeof BoMissionPageSchema>;
export const BoMissionPageResponseSchema = successEnvelope(BoMissionPageSchema);

/** What an operator may change of a mission (its code and goal never change once saved). */
const MissionFields = {
  titleKo: Text(120).min(1),
  titleEn: Text(120).min(1),
  summaryKo: Text(1000).default(''),
  summaryEn: Text(1000).default(''),
  gameType: z.enum(MISSION_GAME_TYPES).nullable().default(null).describe('rounds and wager only; null: every type.'),
  target: z.number().int().min(1).max(MISSION_LIMITS.targetMax),
  period: z.enum(MISSION_PERIODS),
  rewardMinor: z.number().int().min(1).max(MISSION_LIMITS.rewardMaxMinor),
  startsAt: Instant.default(null),
  endsAt: Instant.default(null),
  active: z.boolean().default(true),
};

/**
 * Adds a mission: its code (upper case letters, digits, - and _) is the brand's own and never changes. A campaign
 * needs startsAt; a sign-in mission's target is at most MISSION_LIMITS.signinTargetMax days and has no game type
 * (refused with MISSION_INVALID).
 */
export const BoCreateMissionRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/)
      .transform((code) => code.toUpperCase()),
    goal: z.enum(MISSION_GOALS),
    ...MissionFields,
  })
  .strict();
export type BoCreateMissionRequest = z.infer<typeof BoCreateMissionRequestSchema>;

/** Saves a mission opened at `version`. Progress and rewards already paid stay as they are. */
export const BoUpdateMissionRequestSchema = z.object({ version: VersionSchema, ...MissionFields }).strict();
export type BoUpdateMissionRequest = z.infer<typeof BoUpdateMissionRequestSchema>;

/** Switches a mission off (opened at `version`): members no longer see it; rewards paid stay paid. */
export const BoDeactivateMissionRequestSchema = z.object({ version: VersionSchema }).strict();
export type BoDeactivateMissionRequest = z.infer<typeof BoDeactivateMissionRequestSchema>;

export const BoMissionParamsSchema = BrandParamsSchema.extend({
  missionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
