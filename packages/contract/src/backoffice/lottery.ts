import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { pageSchema, PageRequestSchema, VersionSchema } from './paging';

// The back office's lottery pages (issue 38, docs/decisions/0070-lottery-vendor.md): each lottery game's settings
// for a brand (on or off, when betting closes, the liability limit per number and draw, odds per prize mode), and
// each game's draws with their commitment, reveal, result and the brand's figures. The lottery vendor keeps them
// in its own schema of the platform's database, as the house games keep their limits.

/** The brand's prize modes, each its own odds table (docs/product/site-shell-and-routes.md). */
export const BO_LOTTERY_PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type BoLotteryPrizeMode = (typeof BO_LOTTERY_PRIZE_MODES)[number];

/** Highest odds the page takes, in hundredths (10,000.00 times the stake): above is a typing mistake. */
export const BO_LOTTERY_MAX_ODDS = 1_000_000;

const Minor = z.number().int().describe('Integer amount in minor units.');
const Time = z.string().describe('ISO 8601 time.');
const GameCode = z
  .string()
  .regex(/^[A-Z0-9_]{1,16}$/, 'capital letters, digits and _ only')
  .describe("The lottery game's code: FAST1, FAST3, FAST5, KENO, and the regional draws' codes.");

/** A prize mode's odds: bet type key (e.g. `digit`, `sum:12`, `pick5:3`) → hundredths of the stake (980 = 9.80). */
const OddsTableSchema = z.record(z.string(), z.number().int());
const OddsInputSchema = z.record(
  z.string().min(1).max(32),
  z.number().int().min(1).max(BO_LOTTERY_MAX_ODDS).describe('Hundredths of the stake paid per winning hit.'),
);

/** One scope's stored settings of a game (the brand's own, or the default of every brand). */
export const BoLotterySettingsRowSchema = z.object({
  enabled: z.boolean(),
  closeSeconds: z.number().int().describe('Betting closes this many seconds before each draw.'),
  maxLiabilityMinor: Minor.describe('The most the brand may owe on one number (or option) of one draw.'),
  odds: z
    .partialRecord(z.enum(BO_LOTTERY_PRIZE_MODES), OddsTableSchema)
    .describe("The prize modes this row sets; a mode left out pays the rules' default odds."),
  version: VersionSchema,
});
export type BoLotterySettingsRow = z.infer<typeof BoLotterySettingsRowSchema>;

export const BoLotteryGameSchema = z.object({
  code: GameCode,
  name: z.string(),
  family: z.string().describe('fast (five digits), keno (20 of 80), vn (regional draws) or sea (4D draws).'),
  region: z.string().nullable().describe("A Vietnamese draw's region (north, south, central); null for the others."),
  intervalMinutes: z.number().int().describe('A draw every this many minutes.'),
  defaultCloseSeconds: z.number().int(),
  maxCloseSeconds: z.number().int().describe('The most seconds before the draw betting may close.'),
  defaultMaxLiabilityMinor: Minor,
  defaultOdds: z.record(z.enum(BO_LOTTERY_PRIZE_MODES), OddsTableSchema).describe("The rules' odds per prize mode."),
  own: BoLotterySettingsRowSchema.nullable().describe("The brand's own settings; null: it has none."),
  fallback: BoLotterySettingsRowSchema.nullable().describe('The default settings of every brand; null: none.'),
});
export type BoLotteryGame = z.infer<typeof BoLotteryGameSchema>;

export const BoLotteryGamesSchema = z.object({
  currency: z.string().describe("The brand's currency: the liability limit is in its minor units."),
  games: z.array(BoLotteryGameSchema),
});
export type BoLotteryGames = z.infer<typeof BoLotteryGamesSchema>;
export const BoLotteryGamesResponseSchema = successEnvelope(BoLotteryGamesSchema);

export const BoLotteryGameParamsSchema = z.object({
  brand: z.string().trim().min(1).max(64).describe("The brand's merchant code."),
  game: GameCode,
});

export const SetBoLotterySettingsRequestSchema = z
  .object({
    scope: z
      .enum(['brand', 'default'])
      .describe('default: the settings of every brand without its own (an operator of every brand only).'),
    enabled: z.boolean(),
    closeSeconds: z.number().int().min(0).max(86_399),
    maxLiabilityMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    odds: z
      .partialRecord(z.enum(BO_LOTTERY_PRIZE_MODES), OddsInputSchema)
      .describe("The prize modes set: each mode's odds laid over the rules' table; a mode left out pays them."),
    version: VersionSchema.nullable().describe('The version opened; null: there were no settings of this scope.'),
  })
  .strict();
export type SetBoLotterySettingsRequest = z.infer<typeof SetBoLotterySettingsRequestSchema>;

export const BO_LOTTERY_DRAW_STATUSES = ['scheduled', 'open', 'closed', 'drawn', 'settled', 'void'] as const;

export const BoLotteryDrawSchema = z.object({
  id: z.number().int(),
  gameCode: GameCode,
  drawNo: z.string(),
  opensAt: Time,
  closesAt: Time,
  drawsAt: Time,
  status: z.enum(BO_LOTTERY_DRAW_STATUSES),
  seedHash: z
    .string()
    .nullable()
    .describe("SHA-256 of the draw's seed, public before betting opens (the commitment); null for a regional draw."),
  seed: z.string().nullable().describe('The seed, once drawn (the reveal); null before, and for a regional draw.'),
  result: z
    .object({
      digits: z.array(z.number().int()).optional(),
      numbers: z.array(z.number().int()).optional(),
      prizes: z.record(z.string(), z.array(z.string())).optional(),
    })
    .nullable()
    .describe("The numbers drawn (fast: digits, keno: numbers, regional: each prize tier's); null until drawn."),
  drawnAt: Time.nullable(),
  settledAt: Time.nullable(),
  voidedAt: Time.nullable(),
  voidReason: z.string().nullable(),
  slips: z.number().int().describe("The brand's slips taken on this draw."),
  openSlips: z.number().int().describe('Of them, still waiting for their payout.'),
  stakeMinor: Minor,
  payoutMinor: Minor,
  ggrMinor: Minor.describe('Stakes less payouts.'),
});
export type BoLotteryDraw = z.infer<typeof BoLotteryDrawSchema>;

export const BoLotteryDrawListQuerySchema = PageRequestSchema;
export type BoLotteryDrawListQuery = z.infer<typeof BoLotteryDrawListQuerySchema>;

export const BoLotteryDrawPageSchema = pageSchema(BoLotteryDrawSchema).extend({
  currency: z.string(),
});
export type BoLotteryDrawPage = z.infer<typeof BoLotteryDrawPageSchema>;
export const BoLotteryDrawPageResponseSchema = successEnvelope(BoLotteryDrawPageSchema);

// ---- Voiding a draw and the Vietnamese draws' results (operators' actions on a draw, each audited) ----

export const BoLotteryDrawParamsSchema = BoLotteryGameParamsSchema.extend({
  drawNo: z
    .string()
    .regex(/^\d{8}-\d{4}$/, 'a draw number such as 20261129-0001')
    .describe("The draw's number: its UTC (or, for a regional draw, Vietnamese) date and place in the day."),
});

export const VoidLotteryDrawRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(500).describe('Why the draw is void: kept on the draw and audited.') })
  .strict();
export type VoidLotteryDrawRequest = z.infer<typeof VoidLotteryDrawRequestSchema>;

export const BoVoidedDrawSchema = z.object({
  gameCode: GameCode,
  drawNo: z.string(),
  voided: z.boolean().describe('False when the draw already was void: nothing more was done.'),
  refunds: z.number().int().describe('The slips this void has refunded (through the seamless wallet).'),
});
export type BoVoidedDraw = z.infer<typeof BoVoidedDrawSchema>;
export const BoVoidedDrawResponseSchema = successEnvelope(BoVoidedDrawSchema);

/** A regional draw's prize tiers, as the state lotteries publish them (the north has no eighth prize). */
export const BO_VN_PRIZE_TIERS = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;

const VnPrizesSchema = z.partialRecord(z.enum(BO_VN_PRIZE_TIERS), z.array(z.string().max(6)).max(10));

export const BoVnEntrySchema = z.object({
  prizes: VnPrizesSchema,
  enteredBy: z.string().describe('The operator who entered it (or "feed" for the results feed).'),
  enteredByYou: z.boolean(),
  enteredAt: Time,
  version: z.number().int().describe('Send it with the confirmation: another entry since is refused.'),
});
export type BoVnEntry = z.infer<typeof BoVnEntrySchema>;

export const BoVnDrawAwaitingSchema = z.object({
  gameCode: GameCode,
  drawNo: z.string(),
  region: z.enum(['north', 'central', 'south']),
  province: z.string(),
  date: z.string().describe("The draw's date in Vietnam."),
  drawsAt: Time,
  entry: BoVnEntrySchema.nullable().describe('The result entered and waiting for its confirmation; null: none yet.'),
});
export type BoVnDrawAwaiting = z.infer<typeof BoVnDrawAwaitingSchema>;

export const BoVnDrawsAwaitingSchema = z.object({ items: z.array(BoVnDrawAwaitingSchema) });
export type BoVnDrawsAwaiting = z.infer<typeof BoVnDrawsAwaitingSchema>;
export const BoVnDrawsAwaitingResponseSchema = successEnvelope(BoVnDrawsAwaitingSchema);

export const EnterVnResultRequestSchema = z.object({ prizes: VnPrizesSchema }).strict();
export type EnterVnResultRequest = z.infer<typeof EnterVnResultRequestSchema>;

export const ConfirmVnResultRequestSchema = z
  .object({ version: z.number().int().min(1).describe('The entry the confirming operator checked.') })
  .strict();
export type ConfirmVnResultRequest = z.infer<typeof ConfirmVnResultRequestSchema>;

// ---- The SEA 4D draws' results (docs/product/lottery.md#sea-lottery-4d): entered and confirmed as the Vietnamese ----

/** A SEA 4D draw's prize tiers, in the order the operators publish them. */
export const BO_SEA_PRIZE_TIERS = ['first', 'second', 'third', 'special', 'consolation'] as const;
export type BoSeaPrizeTier = (typeof BO_SEA_PRIZE_TIERS)[number];

/** How many four-digit numbers each tier has: 23 in all (packages/fairness sea.ts, SEA_TIER_COUNTS). */
export const BO_SEA_TIER_COUNTS: Readonly<Record<BoSeaPrizeTier, number>> = {
  first: 1,
  second: 1,
  third: 1,
  special: 10,
  consolation: 10,
};

/** The 4D operators whose draws are entered (packages/fairness sea.ts, SEA_OPERATORS). */
export const BO_SEA_OPERATORS = ['MAGNUM', 'TOTO', 'DAMACAI', 'SG'] as const;

// Shape only: how many numbers each tier has and their four digits are the vendor's checker's (its refusal names the
// tier and the number), as for the Vietnamese draws.
const SeaPrizesSchema = z.partialRecord(z.enum(BO_SEA_PRIZE_TIERS), z.array(z.string().max(4)).max(10));

export const BoSeaEntrySchema = BoVnEntrySchema.extend({ prizes: SeaPrizesSchema });
export type BoSeaEntry = z.infer<typeof BoSeaEntrySchema>;

export const BoSeaDrawAwaitingSchema = z.object({
  gameCode: GameCode,
  drawNo: z.string(),
  operator: z.enum(BO_SEA_OPERATORS),
  date: z.string().describe("The draw's local date (UTC+8)."),
  drawsAt: Time,
  entry: BoSeaEntrySchema.nullable().describe('The result entered and waiting for its confirmation; null: none yet.'),
});
export type BoSeaDrawAwaiting = z.infer<typeof BoSeaDrawAwaitingSchema>;

export const BoSeaDrawsAwaitingSchema = z.object({ items: z.array(BoSeaDrawAwaitingSchema) });
export type BoSeaDrawsAwaiting = z.infer<typeof BoSeaDrawsAwaitingSchema>;
export const BoSeaDrawsAwaitingResponseSchema = successEnvelope(BoSeaDrawsAwaitingSchema);

export const EnterSeaResultRequestSchema = z.object({ prizes: SeaPrizesSchema }).strict();
export type EnterSeaResultRequest = z.infer<typeof EnterSeaResultRequestSchema>;

export const ConfirmSeaResultRequestSchema = ConfirmVnResultRequestSchema;
export type ConfirmSeaResultRequest = z.infer<typeof ConfirmSeaResultRequestSchema>;
