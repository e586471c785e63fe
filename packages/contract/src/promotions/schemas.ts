import { z } from 'zod';
import { PROMOTION_KINDS } from '../bonuses/schemas';
import { successEnvelope } from '../envelope';

// The promotions hub (docs/decisions/0058-promotions-hub-and-reward-centre.md,
// docs/product/member-centre.md#rewards-missions-and-promotions): every promotion row of a brand, whatever its
// kind, with the member's activity state (asked of the kind's module) and the one action that state allows.

/**
 * The activity states of docs/product/member-centre.md#rewards-missions-and-promotions, every kind's in one list:
 * join (may take part), claim (earned, to claim), applying (an application waits), close (ended, or no longer open
 * to this member), rejected (an application was turned down), issued (an application's reward was paid), claimed
 * (the reward was paid), in_process (taking part, not there yet), joined (in, e.g. a raffle's tickets), signed
 * (signed in today for a sign-in mission), coming_soon (not started). A kind's own list (APPLICATION_OFFER_STATES,
 * MISSION_STATES) is a part of this one.
 */
export const ACTIVITY_STATES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'in_process',
  'joined',
  'signed',
  'coming_soon',
] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/**
 * The one thing a promotion's card lets the member do now. login: a visitor signs in first; register: a visitor's
 * sign-up bonus is paid at registration; deposit: the deposit page, where the deposit bonus is chosen; apply: the
 * application dialog; raffle: the raffle's own section (its tickets and draw); bonusDetails, manualRebate,
 * missionLeaderboard: that member-centre page; none: nothing to do (ended, waiting, done).
 */
export const PROMOTION_ACTIONS = [
  'none',
  'login',
  'register',
  'deposit',
  'apply',
  'raffle',
  'bonusDetails',
  'manualRebate',
  'missionLeaderboard',
] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A promotion as the hub shows it. Texts in the request's language. */
export const HubPromotionSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('/promoDetail?code= and the detail call take it.'),
  kind: z.enum(PROMOTION_KINDS),
  category: z.string().describe('The brand’s own word, as the back office typed it; the page groups by it.'),
  title: z.string(),
  summary: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  audience: z.enum(['all', 'new']),
  state: z
    .enum(ACTIVITY_STATES)
    .describe("The member's state; a visitor's by the dates only (join, coming_soon, close)."),
  action: z.enum(PROMOTION_ACTIONS),
  rules: z
    .object({
      percentBp: z.number().int().nullable(),
      maxBonusMinor: Minor.nullable(),
      fixedMinor: Minor.nullable(),
      minDepositMinor: Minor,
      wageringMultiplier: z.number().int(),
      expiryDays: z.number().int(),
    })
    .nullable()
    .describe('A bonus-paying kind’s rules (deposit, sign-up, application), for the page to say in words; else null.'),
});
export type HubPromotion = z.infer<typeof HubPromotionSchema>;

/** GET /wps/promotions/hub */
export const PromotionHubSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  categories: z.array(z.string()).describe('The categories present, in the order of their first promotion.'),
  items: z.array(HubPromotionSchema).describe('Open ones first, then coming soon, then closed; newest first in each.'),
});
export type PromotionHub = z.infer<typeof PromotionHubSchema>;
export const PromotionHubResponseSchema = successEnvelope(PromotionHubSchema);

export const PromotionCodeParamsSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .transform((code) => code.toUpperCase()),
});

/** GET /wps/promotions/hub/:code: one promotion; another brand's or an unknown one is PROMOTION_NOT_FOUND. */
export const PromotionDetailSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  promotion: HubPromotionSchema,
});
export type PromotionDetail = z.infer<typeof PromotionDetailSchema>;
export const PromotionDetailResponseSchema = successEnvelope(PromotionDetailSchema);
