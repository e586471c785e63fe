import { z } from 'zod';
import { successEnvelope } from '../envelope';

// Player protection (docs/decisions/0042-player-protection.md, docs/product/member-centre.md#responsible-gaming):
// the member's limits, time-out and self-exclusion, and the reality check.

/** Hours a raise or removal of a limit waits before it takes effect; a lowering takes effect at once. */
export const PROTECTION_CHANGE_DELAY_HOURS = 24;
export const TIME_OUT_MIN_DAYS = 1;
export const TIME_OUT_MAX_DAYS = 42;
export const SELF_EXCLUSION_MIN_MONTHS = 6;
export const SELF_EXCLUSION_MAX_MONTHS = 60;
/** A money limit's largest value (minor units). */
export const PROTECTION_MONEY_LIMIT_MAX = 1_000_000_000_000;
export const SESSION_LIMIT_MINUTES = { min: 15, max: 24 * 60 } as const;
export const REALITY_CHECK_MINUTES = { min: 10, max: 240 } as const;

/** Money limits: deposits in, net loss (stakes less wins), and stakes, each per day, week and month. */
export const PROTECTION_MONEY_LIMITS = [
  'depositDaily',
  'depositWeekly',
  'depositMonthly',
  'lossDaily',
  'lossWeekly',
  'lossMonthly',
  'wagerDaily',
  'wagerWeekly',
  'wagerMonthly',
] as const;
/** Time limits, in minutes: the length of one signed-in session, and how often the reality check shows. */
export const PROTECTION_TIME_LIMITS = ['sessionMinutes', 'realityCheckMinutes'] as const;
export const PROTECTION_LIMITS = [...PROTECTION_MONEY_LIMITS, ...PROTECTION_TIME_LIMITS] as const;
export type ProtectionLimitKey = (typeof PROTECTION_LIMITS)[number];
export type ProtectionMoneyLimitKey = (typeof PROTECTION_MONEY_LIMITS)[number];

export const PROTECTION_BLOCK_KINDS = ['timeOut', 'selfExclusion'] as const;
export type ProtectionBlockKind = (typeof PROTECTION_BLOCK_KINDS)[number];

export const ProtectionLimitSchema = z.object({
  key: z.enum(PROTECTION_LIMITS),
  value: z.number().int().nullable().describe('In force now: minor units (money) or minutes (time); null for none.'),
  usedMinor: z
    .number()
    .int()
    .nullable()
    .describe("A money limit's use in the current period (the brand's day, ISO week or month); null for time limits."),
  pending: z
    .object({
      value: z.number().int().nullable().describe('null: the limit is being removed.'),
      effectiveAt: z.string().describe('When the raise or removal takes effect (ISO).'),
    })
    .nullable()
    .describe('A raise or removal waiting its 24 hours.'),
});
export type ProtectionLimit = z.infer<typeof ProtectionLimitSchema>;

export const ProtectionBlockSchema = z.object({
  kind: z.enum(PROTECTION_BLOCK_KINDS),
  startedAt: z.string(),
  until: z.string().describe('When sign-in is possible again (ISO); never earlier than first set.'),
});
export type ProtectionBlock = z.infer<typeof ProtectionBlockSchema>;

export const ProtectionSettingsSchema = z.object({
  limits: z.array(ProtectionLimitSchema),
  block: ProtectionBlockSchema.nullable().describe('The time-out or self-exclusion in force, if any.'),
  changeDelayHours: z.number().int(),
});
export type ProtectionSettings = z.infer<typeof ProtectionSettingsSchema>;
export const ProtectionSettingsResponseSchema = successEnvelope(ProtectionSettingsSchema);

export const SetProtectionLimitRequestSchema = z
  .object({
    key: z.enum(PROTECTION_LIMITS),
    value: z
      .number()
      .int()
      .positive()
      .max(PROTECTION_MONEY_LIMIT_MAX)
      .nullable()
      .describe('Minor units for money limits, minutes for time limits; null removes the limit (after 24 hours).'),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.value === null) return;
    const range =
      body.key === 'sessionMinutes'
        ? SESSION_LIMIT_MINUTES
        : body.key === 'realityCheckMinutes'
          ? REALITY_CHECK_MINUTES
          : null;
    if (range && (body.value < range.min || body.value > range.max)) {
      context.addIssue({ code: 'custom', path: ['value'], message: `between ${range.min} and ${range.max} minutes` });
    }
  });
export type SetProtectionLimitRequest = z.infer<typeof SetProtectionLimitRequestSchema>;

export const TimeOutRequestSchema = z
  .object({ days: z.number().int().min(TIME_OUT_MIN_DAYS).max(TIME_OUT_MAX_DAYS) })
  .strict();
export type TimeOutRequest = z.infer<typeof TimeOutRequestSchema>;
export const SelfExclusionRequestSchema = z
  .object({ months: z.number().int().min(SELF_EXCLUSION_MIN_MONTHS).max(SELF_EXCLUSION_MAX_MONTHS) })
  .strict();
export type SelfExclusionRequest = z.infer<typeof SelfExclusionRequestSchema>;
export const ProtectionBlockResponseSchema = successEnvelope(ProtectionBlockSchema);

export const RealityCheckSchema = z.object({
  intervalMinutes: z.number().int().nullable().describe("The member's reality-check interval; null for none."),
  sessionStartedAt: z.string().describe('When this session signed in (ISO).'),
  playedSeconds: z.number().int().min(0).describe('Since the session signed in, by the server clock.'),
  stakeMinor: z.number().int().describe('Stakes of rounds started in this session.'),
  winMinor: z.number().int().describe('Wins of those rounds.'),
  netMinor: z.number().int().describe('winMinor less stakeMinor: negative is a loss.'),
  sessionEndsAt: z.string().nullable().describe('When the session limit ends this session; null without one.'),
});
export type RealityCheck = z.infer<typeof RealityCheckSchema>;
export const RealityCheckResponseSchema = successEnvelope(RealityCheckSchema);

/** One change of a member's protection, as the member or an operator made it. */
export const ProtectionHistoryItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  key: z.string().describe('A limit key, or timeOut / selfExclusion.'),
  action: z.enum(['set', 'lowered', 'raiseRequested', 'removeRequested', 'applied', 'cancelled', 'blocked']),
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  effectiveAt: z.string().describe('When it took or takes effect; for a block, when it ends.'),
  actor: z.string().describe("'member', 'system' (a pending change applied), 'operator:<id>' or 'cli:<user>'."),
});
export type ProtectionHistoryItem = z.infer<typeof ProtectionHistoryItemSchema>;

// The back office: a player's protection and its history (permission players.read; a block: players.write).
export const PlayerProtectionSchema = z.object({
  currency: z.string().describe("The brand's currency, which the money limits are in."),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  settings: ProtectionSettingsSchema,
  history: z.array(ProtectionHistoryItemSchema).describe('Newest first, the last 200 changes.'),
});
export type PlayerProtection = z.infer<typeof PlayerProtectionSchema>;
export const PlayerProtectionResponseSchema = successEnvelope(PlayerProtectionSchema);
export const PlayerProtectionBlockRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('timeOut'), days: z.number().int().min(TIME_OUT_MIN_DAYS).max(TIME_OUT_MAX_DAYS) })
    .strict(),
  z
    .object({
      kind: z.literal('selfExclusion'),
      months: z.number().int().min(SELF_EXCLUSION_MIN_MONTHS).max(SELF_EXCLUSION_MAX_MONTHS),
    })
    .strict(),
]);
export type PlayerProtectionBlockRequest = z.infer<typeof PlayerProtectionBlockRequestSchema>;
