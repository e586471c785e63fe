import { z } from 'zod';
import { successEnvelope } from '../envelope';

// Raffles (MCS2_claimRafflePromotion; docs/decisions/0055-raffles.md, docs/product/member-centre.md#rewards-missions-and-promotions): a
// promotion of kind 'raffle' whose members join, earn tickets by rules in its sale window (credited deposits, valid
// bets), and whose winners are drawn after drawAt from a server seed committed by its SHA-256 hash when the raffle
// was created and revealed after the draw; anyone recomputes the winners from the seed and the public ticket list
// (@parlay/fairness drawRaffleWinners, `npm run verify -- raffle`). Prizes are paid into the main balance (wallet kind
// `raffle`). Amounts are integers in minor units.

/** open: selling or waiting for its draw; drawn: winners drawn and paid, seed revealed; void: switched off undrawn. */
export const RAFFLE_STATUSES = ['open', 'drawn', 'void'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];

/**
 * A raffle's state for the member (the activity states of docs/product/member-centre.md): coming_soon, the sale has
 * not started; join, on sale and not joined; joined, in the draw; close, the sale ended without the member, or drawn
 * without a prize for the member; issued, drawn and the member won (the prize is paid).
 */
export const RAFFLE_STATES = ['coming_soon', 'join', 'joined', 'close', 'issued'] as const;
export type RaffleState = (typeof RAFFLE_STATES)[number];

/** Bounds of a raffle's numbers. */
export const RAFFLE_LIMITS = {
  /** Prizes (ranks) of one raffle. */
  maxPrizes: 100,
  prizeMaxMinor: 1_000_000_000_000,
  stepMaxMinor: 1_000_000_000_000,
  maxTicketsPerMember: 1_000_000,
} as const;

/** The draw's algorithm, named in every proof so a later change of it cannot be mistaken for this one. */
export const RAFFLE_DRAW_ALGORITHM = 'hmac-sha256-raffle-v1' as const;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Integer amount in minor units.');
const RaffleId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** How a member earns tickets in the sale window; both rules add up, capped at maxTicketsPerMember. */
export const RaffleTicketRulesSchema = z.object({
  depositStepMinor: Minor.nullable().describe(
    'One ticket per this much of credited deposits; null: deposits earn none.',
  ),
  betStepMinor: Minor.nullable().describe('One ticket per this much of valid bets of settled rounds; null: none.'),
  maxTicketsPerMember: z.number().int().min(1).max(RAFFLE_LIMITS.maxTicketsPerMember),
});
export type RaffleTicketRules = z.infer<typeof RaffleTicketRulesSchema>;

/** One prize: rank 1 is drawn first. */
export const RafflePrizeSchema = z.object({
  rank: z.number().int().min(1),
  amountMinor: Minor.describe('Paid into the main balance of the winner of this rank.'),
});
export type RafflePrize = z.infer<typeof RafflePrizeSchema>;

/** A raffle as the member (or a visitor) sees it. */
export const RaffleItemSchema = z.object({
  id: z.number().int().describe("The raffle's id (its promotion's id): send as raffleId."),
  code: z.string(),
  category: z.string().describe("The promotion's category ('raffle')."),
  title: z.string().describe("In the request's language."),
  summary: z.string().describe("In the request's language; may be empty."),
  saleStartsAt: z.string().describe('ISO 8601: tickets count from here.'),
  saleEndsAt: z.string().describe('ISO 8601: joining closes and tickets stop counting here.'),
  drawAt: z.string().describe('ISO 8601: the draw runs at or soon after this time.'),
  rules: RaffleTicketRulesSchema,
  prizes: z.array(RafflePrizeSchema).describe('By rank; one prize per member at most.'),
  seedHash: z.string().describe("SHA-256 (hex) of the server seed, published from the raffle's creation."),
  status: z.enum(RAFFLE_STATUSES),
  drawnAt: z.string().nullable().describe('ISO 8601; null until drawn.'),
  state: z.enum(RAFFLE_STATES).nullable().describe("The member's state; null for a visitor."),
  tickets: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(
      "The member's tickets: so far in the sale window (counted whether joined or not: only a joined member's are " +
        'in the draw), once drawn the frozen count (0 if not joined); null for a visitor.',
    ),
  joinedAt: z.string().nullable().describe('ISO 8601; null if not joined (or a visitor).'),
  prize: RafflePrizeSchema.nullable().describe('What the member won (state issued); null otherwise.'),
});
export type RaffleItem = z.infer<typeof RaffleItemSchema>;

/** GET /wps/promotions/raffles */
export const RaffleListSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  items: z.array(RaffleItemSchema).describe('Open raffles first (by draw time), then drawn ones, newest draw first.'),
});
export type RaffleList = z.infer<typeof RaffleListSchema>;
export const RaffleListResponseSchema = successEnvelope(RaffleListSchema);

/** POST /wps/relay/MCS2_claimRafflePromotion */
export const ClaimRaffleRequestSchema = z.object({ raffleId: RaffleId }).strict();
export type ClaimRaffleRequest = z.infer<typeof ClaimRaffleRequestSchema>;

export const ClaimRaffleResultSchema = z.object({
  raffle: RaffleItemSchema.describe('The raffle after joining (state joined).'),
  joinedNow: z.boolean().describe('false: the member had joined already (the first join stands, nothing changed).'),
});
export type ClaimRaffleResult = z.infer<typeof ClaimRaffleResultSchema>;
export const ClaimRaffleResponseSchema = successEnvelope(ClaimRaffleResultSchema);

export const RaffleDrawParamsSchema = z.object({
  raffleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * One entrant of the frozen ticket list: entrants in a fixed order (by member id), each holding the consecutive
 * ticket numbers firstTicket .. firstTicket + count - 1; the first entrant's first ticket is 1.
 */
export const RaffleEntrySchema = z.object({
  entry: z.number().int().min(0).describe("The entrant's position in the list (0-based): winners name it."),
  account: z.string().describe('The account name, masked (`ab****e`).'),
  firstTicket: z.number().int().min(1),
  count: z.number().int().min(1),
});
export type RaffleEntry = z.infer<typeof RaffleEntrySchema>;

export const RaffleWinnerSchema = z.object({
  rank: z.number().int().min(1),
  ticket: z.number().int().min(1).describe('The winning ticket number.'),
  entry: z.number().int().min(0).describe('The position of its holder in the ticket list.'),
  account: z.string().describe('The account name, masked.'),
  prizeMinor: Minor,
});
export type RaffleWinner = z.infer<typeof RaffleWinnerSchema>;

/** GET /wps/promotions/raffles/:raffleId/draw: everything needed to recompute the winners. */
export const RaffleDrawSchema = z.object({
  raffleId: z.number().int().describe('Part of each HMAC message.'),
  title: z.string(),
  algorithm: z.literal(RAFFLE_DRAW_ALGORITHM),
  seedHash: z.string().describe('Published before the sale: SHA-256 (hex) of seed.'),
  seed: z.string().describe('The server seed (64 hex digits), the HMAC key as its UTF-8 text.'),
  drawnAt: z.string(),
  totalTickets: z.number().int().min(0),
  prizes: z.array(RafflePrizeSchema),
  entries: z.array(RaffleEntrySchema),
  winners: z.array(RaffleWinnerSchema).describe('By rank; fewer than the prizes when there are fewer entrants.'),
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type RaffleDraw = z.infer<typeof RaffleDrawSchema>;
export const RaffleDrawResponseSchema = successEnvelope(RaffleDrawSchema);
