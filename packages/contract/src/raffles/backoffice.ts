import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import {
  RAFFLE_DRAW_ALGORITHM,
  RAFFLE_LIMITS,
  RAFFLE_STATUSES,
  RafflePrizeSchema,
  RaffleTicketRulesSchema,
} from './schemas';

// The back office's raffles (docs/decisions/0055-raffles.md): a brand's raffles (reading asks brand.read; adding,
// editing and switching off brand.write, audited, each save carrying the version it opened) and each drawn raffle's
// draw with the entrants' and winners' accounts unmasked. The server seed stays secret until the draw, operators
// included: only its hash is shown before.

const Text = (max: number) => z.string().trim().max(max);
const Instant = z.string().datetime({ offset: true });
const StepMinor = z.number().int().min(1).max(RAFFLE_LIMITS.stepMaxMinor).nullable();

/** A raffle as the operator sees and edits it. */
export const BoRaffleSchema = z.object({
  id: z.number().int().describe("The raffle's id, its promotion's id."),
  code: z.string(),
  titleKo: z.string(),
  titleEn: z.string(),
  summaryKo: z.string(),
  summaryEn: z.string(),
  saleStartsAt: z.string(),
  saleEndsAt: z.string(),
  drawAt: z.string(),
  rules: RaffleTicketRulesSchema,
  prizes: z.array(RafflePrizeSchema),
  seedHash: z.string(),
  seed: z.string().nullable().describe('Revealed once drawn; null before.'),
  status: z.enum(RAFFLE_STATUSES),
  active: z.boolean(),
  entrants: z.number().int().describe('Members who joined.'),
  totalTickets: z.number().int().nullable().describe("The frozen ticket list's size once drawn; null before."),
  prizesPaidMinor: z.number().int().describe('The prizes paid by the draw (0 before).'),
  drawnAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BoRaffle = z.infer<typeof BoRaffleSchema>;
export const BoRaffleResponseSchema = successEnvelope(BoRaffleSchema);

export const BoRaffleListQuerySchema = PageRequestSchema.extend({
  status: z.enum(RAFFLE_STATUSES).optional().describe('Only the raffles of this status.'),
});
export type BoRaffleListQuery = z.infer<typeof BoRaffleListQuerySchema>;
export const BoRafflePageSchema = pageSchema(BoRaffleSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type BoRafflePage = z.infer<typeof BoRafflePageSchema>;
export const BoRafflePageResponseSchema = successEnvelope(BoRafflePageSchema);

/** What an operator may change of a raffle. The dates, rules and prizes only before its sale starts. */
const RaffleFields = {
  titleKo: Text(120).min(1),
  titleEn: Text(120).min(1),
  summaryKo: Text(1000).default(''),
  summaryEn: Text(1000).default(''),
  saleStartsAt: Instant,
  saleEndsAt: Instant.describe('After saleStartsAt.'),
  drawAt: Instant.describe('At or after saleEndsAt.'),
  depositStepMinor: StepMinor.default(null).describe('One ticket per this much of credited deposits; null: none.'),
  betStepMinor: StepMinor.default(null).describe('One ticket per this much of valid bets; null: none.'),
  maxTicketsPerMember: z.number().int().min(1).max(RAFFLE_LIMITS.maxTicketsPerMember),
  prizes: z
    .array(z.number().int().min(1).max(RAFFLE_LIMITS.prizeMaxMinor))
    .min(1)
    .max(RAFFLE_LIMITS.maxPrizes)
    .describe('The prizes in minor units by rank: the first is rank 1.'),
};

/**
 * Adds a raffle: a promotion of kind raffle (category 'raffle') and its draw's details; the server generates its seed
 * and publishes the seed's hash. The code (upper case letters, digits, - and _) is the brand's promotion code and
 * never changes. Refused with RAFFLE_INVALID when the dates do not follow each other or no rule earns a ticket.
 */
export const BoCreateRaffleRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/)
      .transform((code) => code.toUpperCase()),
    ...RaffleFields,
  })
  .strict();
export type BoCreateRaffleRequest = z.infer<typeof BoCreateRaffleRequestSchema>;

/**
 * Saves a raffle opened at `version`. Texts may change until it is drawn; the dates, rules and prizes only before its
 * sale starts (else RAFFLE_LOCKED): members earn tickets by the rules they were shown.
 */
export const BoUpdateRaffleRequestSchema = z.object({ version: VersionSchema, ...RaffleFields }).strict();
export type BoUpdateRaffleRequest = z.infer<typeof BoUpdateRaffleRequestSchema>;

/**
 * Switches a raffle off (opened at `version`): members no longer see it. An undrawn one becomes void and is never
 * drawn; a drawn one keeps its draw and paid prizes.
 */
export const BoDeactivateRaffleRequestSchema = z.object({ version: VersionSchema }).strict();
export type BoDeactivateRaffleRequest = z.infer<typeof BoDeactivateRaffleRequestSchema>;

export const BoRaffleParamsSchema = BrandParamsSchema.extend({
  raffleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** One entrant of a drawn raffle's frozen ticket list, as the operator sees it. */
export const BoRaffleEntrySchema = z.object({
  entry: z.number().int().min(0),
  memberId: z.number().int(),
  account: z.string().describe('The login name, unmasked.'),
  maskedAccount: z.string().describe('As the public proof shows it.'),
  firstTicket: z.number().int().min(1),
  count: z.number().int().min(1),
});
export const BoRaffleWinnerSchema = z.object({
  rank: z.number().int().min(1),
  ticket: z.number().int().min(1),
  entry: z.number().int().min(0),
  memberId: z.number().int(),
  account: z.string(),
  prizeMinor: z.number().int(),
  movementId: z.number().int().nullable().describe('The wallet movement (kind raffle) that paid it.'),
});

/** GET /bo/api/brands/:brand/raffles/:raffleId/draw */
export const BoRaffleDrawSchema = z.object({
  raffle: BoRaffleSchema,
  algorithm: z.literal(RAFFLE_DRAW_ALGORITHM),
  entries: z.array(BoRaffleEntrySchema),
  winners: z.array(BoRaffleWinnerSchema),
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoRaffleDraw = z.infer<typeof BoRaffleDrawSchema>;
export const BoRaffleDrawResponseSchema = successEnvelope(BoRaffleDrawSchema);
