import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';
import { BrandGameChoicesSchema, GAME_STATUSES } from '../games/schemas';
import { CloseRoundRequestSchema } from '../wallet/index';
import { pageSchema, PageRequestSchema, VersionSchema } from './paging';

// The back office's Games pages (issue 32): vendors and their feeds (decision 0020), a brand's offer
// (decision 0024) and its caps on promotion credits (decision 0027), rounds left open (decision 0021), the
// house games' limits, and the request-encryption keys (decision 0006).

const Code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');
const Minor = z.number().int().describe('Integer amount in minor units.');
const Time = z.string().describe('ISO 8601 time.');

/** Most games a vendor's order editor takes at once: a vendor with more is ordered game by game. */
export const MAX_ORDERED_GAMES = 1_000;
/** Most vendors a brand's vendor order takes. */
export const MAX_ORDERED_VENDORS = 200;

export const VendorParamsSchema = z.object({
  vendor: Code.describe("The vendor's code (vassalage)."),
});
export const BrandVendorParamsSchema = VendorParamsSchema.extend({
  brand: z.string().trim().min(1).max(64).describe("The brand's merchant code."),
});
export const BrandVendorGameParamsSchema = BrandVendorParamsSchema.extend({
  game: Code.describe("The vendor's game code."),
});

// ---- Vendors and their feeds (platform) ----

export const VendorFeedSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(GAME_STATUSES),
  gameTypes: z.array(z.enum(GAME_TYPES)),
  games: z.number().int().min(0).describe("Games of the vendor's feed, every status."),
  catalogueUrl: z
    .string()
    .nullable()
    .describe('Where the vendor publishes its feed, read again every 6 hours; null: imported by hand only.'),
  checkedAt: Time.nullable().describe('The last reading of the feed, written or not.'),
  syncedAt: Time.nullable().describe('The last reading that was written.'),
  error: z.string().nullable().describe('Why the last reading was not written; null when it was.'),
  updatedAt: Time.describe('The last time a feed (imported or read) was written.'),
});
export type VendorFeed = z.infer<typeof VendorFeedSchema>;

export const VendorFeedListQuerySchema = PageRequestSchema;
export type VendorFeedListQuery = z.infer<typeof VendorFeedListQuerySchema>;
export const VendorFeedPageSchema = pageSchema(VendorFeedSchema);
export const VendorFeedListResponseSchema = successEnvelope(VendorFeedPageSchema);
export const VendorFeedResponseSchema = successEnvelope(VendorFeedSchema);

/** What writing a feed did (an upload, as `games import`). */
export const FeedImportResultSchema = z.object({
  vendor: z.string(),
  vendorCreated: z.boolean(),
  games: z.number().int().min(0).describe('Games written.'),
  walletSecret: z
    .string()
    .optional()
    .describe('A new vendor only: the secret it signs wallet calls with. Shown this once; give it to the vendor.'),
});
export type FeedImportResult = z.infer<typeof FeedImportResultSchema>;
export const FeedImportResponseSchema = successEnvelope(FeedImportResultSchema);

// ---- A brand's offer ----

export const BrandOfferVendorSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(GAME_STATUSES).describe("The vendor's own status (its feed's)."),
  enabled: z.boolean().describe("Whether the brand offers the vendor's games at all."),
  sortOrder: z.number().int().describe("The vendor's place among the brand's vendors."),
  games: z.number().int().min(0),
  listed: z.number().int().min(0).describe('Games the brand lists now.'),
  promotionCapMinor: Minor.describe(
    "The most the vendor may pay the brand's members a day in promotion and tournament credits; 0: none.",
  ),
  version: VersionSchema.describe("The brand's offer of this vendor: send it back with a change."),
});
export type BrandOfferVendor = z.infer<typeof BrandOfferVendorSchema>;

/** The brand's vendors in its order. */
export const BrandOfferSchema = z.object({
  currency: z.string(),
  orderVersion: VersionSchema.describe("The order of the brand's vendors: send it back with a new order."),
  vendors: z.array(BrandOfferVendorSchema),
});
export type BrandOffer = z.infer<typeof BrandOfferSchema>;
export const BrandOfferResponseSchema = successEnvelope(BrandOfferSchema);
export const BrandOfferVendorResponseSchema = successEnvelope(BrandOfferVendorSchema);

export const SetVendorOrderRequestSchema = z
  .object({
    version: VersionSchema,
    vendors: z
      .array(Code)
      .min(1)
      .max(MAX_ORDERED_VENDORS)
      .refine((codes) => new Set(codes).size === codes.length, 'each vendor once')
      .describe('Every vendor of the brand, in the new order (the first first).'),
  })
  .strict();
export type SetVendorOrderRequest = z.infer<typeof SetVendorOrderRequestSchema>;

export const SetBrandVendorRequestSchema = z
  .object({ version: VersionSchema, enabled: z.boolean().describe("Whether the brand offers the vendor's games.") })
  .strict();
export type SetBrandVendorRequest = z.infer<typeof SetBrandVendorRequestSchema>;

export const SetPromotionCapRequestSchema = z
  .object({
    version: VersionSchema,
    capMinor: z
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .describe("Minor units of the brand's currency a day; 0 accepts none."),
  })
  .strict();
export type SetPromotionCapRequest = z.infer<typeof SetPromotionCapRequestSchema>;

export const BrandOfferGameSchema = z.object({
  code: z.string(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  status: z.enum(GAME_STATUSES).describe("The game's status in its vendor's feed."),
  topLevel: z.boolean().describe('false: listed under its VASSALAGE game.'),
  listed: z.boolean().describe('What the brand lists now, from the feed and the choices below.'),
  isHot: z.boolean(),
  sortOrder: z.number().int(),
  brandEnabled: z.boolean().nullable().describe("The brand's own choice; null follows the feed."),
  brandHot: z.boolean().nullable(),
  brandSortOrder: z.number().int().nullable(),
});
export type BrandOfferGame = z.infer<typeof BrandOfferGameSchema>;

export const BrandOfferGameListQuerySchema = PageRequestSchema.extend({
  q: z.string().trim().max(64).optional().describe("Part of the game's name or code."),
  listed: z.enum(['yes', 'no']).optional().describe('Only the games the brand lists (yes) or does not (no).'),
  hot: z.enum(['yes', 'no']).optional(),
});
export type BrandOfferGameListQuery = z.infer<typeof BrandOfferGameListQuerySchema>;
export const BrandOfferGamePageSchema = pageSchema(BrandOfferGameSchema);
export const BrandOfferGameListResponseSchema = successEnvelope(BrandOfferGamePageSchema);

/** A brand's choices over one game, with the offer's version (BrandGameChoicesSchema: null follows the feed). */
export const SetBrandGameRequestSchema = BrandGameChoicesSchema.extend({ version: VersionSchema }).strict();
export type SetBrandGameRequest = z.infer<typeof SetBrandGameRequestSchema>;

export const BrandGameChangeSchema = z.object({
  game: BrandOfferGameSchema,
  version: VersionSchema.describe("The offer's version after the change."),
});
export type BrandGameChange = z.infer<typeof BrandGameChangeSchema>;
export const BrandGameChangeResponseSchema = successEnvelope(BrandGameChangeSchema);

/** The vendor's top-level games in the brand's order, for its order editor. */
export const GameOrderSchema = z.object({
  version: VersionSchema,
  games: z.array(BrandOfferGameSchema).max(MAX_ORDERED_GAMES),
  complete: z
    .boolean()
    .describe(`false: the vendor has more than ${MAX_ORDERED_GAMES} top-level games; order them one by one.`),
});
export type GameOrder = z.infer<typeof GameOrderSchema>;
export const GameOrderResponseSchema = successEnvelope(GameOrderSchema);

export const SetGameOrderRequestSchema = z
  .object({
    version: VersionSchema,
    games: z
      .array(Code)
      .min(1)
      .max(MAX_ORDERED_GAMES)
      .refine((codes) => new Set(codes).size === codes.length, 'each game once')
      .describe("Every top-level game of the vendor, in the brand's new order."),
  })
  .strict();
export type SetGameOrderRequest = z.infer<typeof SetGameOrderRequestSchema>;

// ---- Promotion credits (decision 0027) ----

export const PromotionCreditSchema = z.object({
  createdAt: Time,
  account: z.string(),
  creditType: z.enum(['promotion', 'tournament']),
  amountMinor: Minor,
  currency: z.string(),
  transactionId: z.string(),
  roundId: z.string(),
});
export type PromotionCredit = z.infer<typeof PromotionCreditSchema>;

export const PromotionCreditListQuerySchema = PageRequestSchema.extend({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .optional()
    .describe("The brand's day (its time zone); today when absent."),
});
export type PromotionCreditListQuery = z.infer<typeof PromotionCreditListQuerySchema>;

export const PromotionDaySchema = pageSchema(PromotionCreditSchema).extend({
  day: z.string(),
  timeZone: z.string(),
  capMinor: Minor,
  paidMinor: Minor.describe('Paid on the day, all credits.'),
  credits: z.number().int().min(0).describe('Credits paid on the day.'),
});
export type PromotionDay = z.infer<typeof PromotionDaySchema>;
export const PromotionDayResponseSchema = successEnvelope(PromotionDaySchema);

// ---- Rounds left open (decision 0021) ----

export const OpenRoundSchema = z.object({
  vassalage: z.string(),
  roundId: z.string(),
  account: z.string(),
  gameCode: z.string(),
  currency: z.string(),
  stakeMinor: Minor,
  winMinor: Minor,
  startedAt: Time,
});
export type OpenRound = z.infer<typeof OpenRoundSchema>;

export const OpenRoundListQuerySchema = PageRequestSchema.extend({
  vassalage: Code.optional().describe("Only this vendor's rounds."),
});
export type OpenRoundListQuery = z.infer<typeof OpenRoundListQuerySchema>;
export const OpenRoundPageSchema = pageSchema(OpenRoundSchema);
export const OpenRoundListResponseSchema = successEnvelope(OpenRoundPageSchema);

/** Cancel (the stakes go back) or settle (as it stands) a round its vendor left open, with a reason. */
export const CloseOpenRoundRequestSchema = CloseRoundRequestSchema.strict();
export const ClosedRoundSchema = z.object({
  vassalage: z.string(),
  roundId: z.string(),
  account: z.string(),
  outcome: z.enum(['cancelled', 'settled']),
  currency: z.string(),
  refundedMinor: Minor.describe('The stakes given back (a cancel); 0 for a settle.'),
  balanceMinor: Minor.nullable().describe("The member's balance after a cancel; null for a settle."),
});
export type ClosedRound = z.infer<typeof ClosedRoundSchema>;
export const ClosedRoundResponseSchema = successEnvelope(ClosedRoundSchema);

// ---- The house games' limits ----

export const HOUSE_GAME_CODES = ['dice', 'limbo', 'mines', 'plinko', 'lucky-parlay', 'crash'] as const;

export const HouseLimitSchema = z.object({
  scope: z.enum(['brand', 'default']).describe("brand: the brand's own; default: every brand without its own."),
  currency: z.string(),
  gameCode: z.enum(HOUSE_GAME_CODES),
  minBetMinor: Minor,
  maxBetMinor: Minor,
  maxWinMinor: Minor,
  version: VersionSchema,
});
export type HouseLimit = z.infer<typeof HouseLimitSchema>;

export const HouseLimitsSchema = z.object({
  currency: z.string().describe("The brand's currency: the limits its players bet under."),
  limits: z.array(HouseLimitSchema).describe("The brand's own limits and the default ones, by game."),
});
export type HouseLimits = z.infer<typeof HouseLimitsSchema>;
export const HouseLimitsResponseSchema = successEnvelope(HouseLimitsSchema);

const LimitMinor = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const SetHouseLimitRequestSchema = z
  .object({
    scope: z
      .enum(['brand', 'default'])
      .describe('default: the limits of every brand without its own (an operator of every brand only).'),
    gameCode: z.enum(HOUSE_GAME_CODES),
    minBetMinor: LimitMinor,
    maxBetMinor: LimitMinor,
    maxWinMinor: LimitMinor,
    version: VersionSchema.nullable().describe('The version opened; null: the limit did not exist then.'),
  })
  .strict()
  .refine((limit) => limit.maxBetMinor >= limit.minBetMinor, {
    path: ['maxBetMinor'],
    message: 'the maximum bet must not be below the minimum',
  });
export type SetHouseLimitRequest = z.infer<typeof SetHouseLimitRequestSchema>;

// ---- Request-encryption keys (platform) ----

export const EncryptionKeySchema = z.object({
  kid: z.string(),
  isCurrent: z.boolean(),
  isUsable: z.boolean().describe('Current, or retired and still within its grace.'),
  createdAt: Time,
  retiredAt: Time.nullable(),
  decryptUntil: Time.nullable(),
});
export type EncryptionKey = z.infer<typeof EncryptionKeySchema>;
export const EncryptionKeyListResponseSchema = successEnvelope(
  z.object({ items: z.array(EncryptionKeySchema).describe('Every key kept, newest first; never key material.') }),
);

/** The longest grace a rotation takes, in seconds (7 days), and the one it proposes (1 day). */
export const MAX_KEY_GRACE_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_KEY_GRACE_SECONDS = 24 * 60 * 60;

export const RotateKeyRequestSchema = z
  .object({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_KEY_GRACE_SECONDS)
      .describe('How long the old key still decrypts; 0 ends it at once (a key that leaked).'),
  })
  .strict();
export type RotateKeyRequest = z.infer<typeof RotateKeyRequestSchema>;
export const RotateKeyResponseSchema = successEnvelope(z.object({ kid: z.string().describe('The new current key.') }));
