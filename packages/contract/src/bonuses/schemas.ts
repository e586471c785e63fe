import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

// Bonuses with wagering (docs/decisions/0050-bonuses-with-wagering.md, docs/product/member-centre.md#rewards-missions-and-promotions): a
// brand's promotions pay a bonus into the main balance under a wagering lock; settled rounds' valid bets count
// towards it by game type; the member may forfeit it; it expires. Amounts are integers in minor units.

/** What a promotion is. deposit, sign-up and application promotions pay; the column keeps the kinds of later slices. */
export const PROMOTION_KINDS = [
  'deposit_bonus',
  'signup_bonus',
  'cashback',
  'mission',
  'raffle',
  'application',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
/** The kinds that grant a bonus with wagering (an application's when an operator approves it, decision 0052). */
export const BONUS_PROMOTION_KINDS = ['deposit_bonus', 'signup_bonus', 'application'] as const;
export type BonusPromotionKind = (typeof BONUS_PROMOTION_KINDS)[number];

/** Who may receive it: every member, or only members with no credited deposit yet. */
export const PROMOTION_AUDIENCES = ['all', 'new'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

/**
 * active: paid, wagering short (the withdrawal lock holds); completed: wagering met, the money is free;
 * forfeited: the member gave it up; expired: its time ran out first; cancelled: an operator ended it. The last
 * three took back what was left of the bonus (at most the balance).
 */
export const BONUS_STATUSES = ['active', 'completed', 'forfeited', 'expired', 'cancelled'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
/**
 * Where a brand pays bonus money (docs/decisions/0063-a-separate-bonus-balance.md): into the main balance under a
 * withdrawal lock, or into a separate bonus balance that stakes after the main one and is released once wagered.
 */
export const BONUS_BALANCE_MODES = ['locked', 'separate'] as const;
export type BonusBalanceMode = (typeof BONUS_BALANCE_MODES)[number];

/** Where a bonus came from: a credited deposit, the registration, or an approved application. */
export const BONUS_SOURCES = ['deposit', 'signup', 'application'] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];

/** Basis points: 10 000 bp = 100 %. */
export const BONUS_BP_MAX = 10_000;
/** A deposit bonus pays at most 1 000 % of the deposit. */
export const BONUS_PERCENT_BP_MAX = 100_000;
export const BONUS_WAGERING_MULTIPLIER_MAX = 100;
export const BONUS_EXPIRY_DAYS = { min: 1, max: 365 } as const;
/** Bonuses a page of the member's list holds at most. */
export const BONUS_PAGE_MAX = 50;

/** The categories a promotion's contributions are set by: the game types. */
export const BONUS_CONTRIBUTION_CATEGORIES = GAME_TYPES;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Integer amount in minor units.');

/**
 * A bonus promotion's rules. A deposit bonus pays `percentBp` of the deposit up to `maxBonusMinor`; a sign-up bonus
 * pays `fixedMinor`. Wagering required = bonus × `wageringMultiplier`; a settled round's valid bet counts
 * `contributionBp` / 10 000 of itself by its game type (a type not listed counts nothing).
 */
export const BonusRulesSchema = z
  .object({
    percentBp: z
      .number()
      .int()
      .min(1)
      .max(BONUS_PERCENT_BP_MAX)
      .nullable()
      .describe('Deposit bonus: basis points of the deposit (10 000 = 100 %); null for a sign-up bonus.'),
    maxBonusMinor: Minor.nullable().describe('Deposit bonus: the most it pays; null: no cap.'),
    fixedMinor: Minor.nullable().describe(
      'Sign-up bonus or application: the amount paid (an application on approval); null for a deposit bonus.',
    ),
    minDepositMinor: Minor.describe('Deposit bonus: the least deposit that earns it (what the balance gets).'),
    wageringMultiplier: z
      .number()
      .int()
      .min(0)
      .max(BONUS_WAGERING_MULTIPLIER_MAX)
      .describe('Times the bonus amount to wager before it can be withdrawn (0: free at once).'),
    contributionBp: z
      .partialRecord(z.enum(BONUS_CONTRIBUTION_CATEGORIES), z.number().int().min(0).max(BONUS_BP_MAX))
      .describe('How much of a round valid bet counts, by game type, in basis points (SLOT/RNG 10 000, LIVE 1 000).'),
    expiryDays: z
      .number()
      .int()
      .min(BONUS_EXPIRY_DAYS.min)
      .max(BONUS_EXPIRY_DAYS.max)
      .describe('Days from payment until an unmet bonus expires.'),
  })
  .strict();
export type BonusRules = z.infer<typeof BonusRulesSchema>;

// The member's calls.

/** One of the member's bonuses (bonusDetails). Titles are in the request's language. */
export const MemberBonusSchema = z.object({
  id: z.number().int(),
  promotionCode: z.string(),
  kind: z.enum(BONUS_PROMOTION_KINDS),
  title: z.string(),
  source: z.enum(BONUS_SOURCES),
  depositOrderNo: z.string().nullable().describe('The deposit that earned it; null for a sign-up bonus.'),
  amountMinor: Minor.describe('The bonus paid.'),
  wageringRequiredMinor: Minor,
  wageringDoneMinor: Minor.describe('Valid bets counted so far (at most the required).'),
  wageringLeftMinor: Minor.describe('Still to wager; 0 once completed.'),
  progressPercent: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Done of required, rounded down (100 when none is required).'),
  contributionBp: BonusRulesSchema.shape.contributionBp,
  status: z.enum(BONUS_STATUSES),
  balanceMode: z
    .enum(BONUS_BALANCE_MODES)
    .describe('locked: paid into the main balance under a lock; separate: paid into the bonus balance.'),
  takenBackMinor: Minor.nullable().describe('What a forfeit, expiry or cancel took back; null otherwise.'),
  createdAt: z.string(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable().describe('When it was completed, forfeited, expired or cancelled.'),
});
export type MemberBonus = z.infer<typeof MemberBonusSchema>;

export const BonusListQuerySchema = z
  .object({
    status: z.enum(['active', 'finished']).optional().describe('active: only active ones; finished: all others.'),
    limit: z.coerce.number().int().min(1).max(BONUS_PAGE_MAX).default(20),
    cursor: z.string().min(1).max(40).optional().describe("The previous page's nextCursor."),
  })
  .strict();
export type BonusListQuery = z.infer<typeof BonusListQuerySchema>;

/** GET /wps/member/bonuses */
export const BonusListSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  lockedMinor: Minor.describe(
    "The bonus money of the member's active bonuses: a withdrawal may not take the balance below it.",
  ),
  wageringLeftMinor: Minor.describe("Wagering still short over the member's active bonuses."),
  bonusBalanceMinor: Minor.describe(
    'The bonus balance (separate bonuses): staked after the main balance, moved to it once every separate bonus is wagered.',
  ),
  items: z.array(MemberBonusSchema),
  nextCursor: z.string().nullable(),
});
export type BonusList = z.infer<typeof BonusListSchema>;
export const BonusListResponseSchema = successEnvelope(BonusListSchema);

/** POST /wps/member/bonuses/forfeit: a repeat of the same requestId answers the first and takes nothing more. */
export const ForfeitBonusRequestSchema = z
  .object({
    bonusId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    requestId: z.string().trim().min(8).max(64).describe('Made once per forfeit by the page.'),
  })
  .strict();
export type ForfeitBonusRequest = z.infer<typeof ForfeitBonusRequestSchema>;
export const ForfeitBonusSchema = z.object({
  bonus: MemberBonusSchema,
  takenBackMinor: Minor,
  balanceMinor: z.number().int().describe("The member's main balance after."),
});
export type ForfeitBonus = z.infer<typeof ForfeitBonusSchema>;
export const ForfeitBonusResponseSchema = successEnvelope(ForfeitBonusSchema);

/** A deposit bonus the member may choose on the deposit page. */
export const BonusOfferSchema = z.object({
  code: z.string().describe('Send as the deposit request promotionCode.'),
  title: z.string(),
  summary: z.string(),
  percentBp: z.number().int(),
  maxBonusMinor: Minor.nullable(),
  minDepositMinor: Minor,
  wageringMultiplier: z.number().int(),
  contributionBp: BonusRulesSchema.shape.contributionBp,
  expiryDays: z.number().int(),
  endsAt: z.string().nullable(),
});
export type BonusOffer = z.infer<typeof BonusOfferSchema>;
/** GET /wps/member/bonuses/offers: empty once the member has a credited deposit (the first-deposit bonus is gone). */
export const BonusOffersSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  items: z.array(BonusOfferSchema),
});
export type BonusOffers = z.infer<typeof BonusOffersSchema>;
export const BonusOffersResponseSchema = successEnvelope(BonusOffersSchema);

/** GET /wps/promotions/signup-bonus: the brand's active sign-up bonus, or null when it offers none. */
export const SignupBonusSchema = z
  .object({
    amountMinor: Minor,
    currency: z.string(),
    currencyExponent: z.number().int(),
    wageringMultiplier: z.number().int(),
  })
  .nullable();
export type SignupBonus = z.infer<typeof SignupBonusSchema>;
export const SignupBonusResponseSchema = successEnvelope(SignupBonusSchema);
