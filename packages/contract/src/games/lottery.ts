import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { HOT_LOTTERY_COUNT, VN_LOTTERY_REGIONS, VN_NUMBERS_COUNT } from './constants';
import { GameSchema } from './schemas';

// The platform's lottery calls (docs/product/calls.md#lottery), read from the brand's catalogue, its members'
// rounds and the lottery vendor's public results (docs/decisions/0070-lottery-vendor.md).

/** The most a popular or results call answers, whatever `count` asks. */
export const MAX_POPULAR_LOTTERY_COUNT = 100;
export const MAX_OPENED_NUMBERS_COUNT = 500;

/** A count in the query: decimal digits, within 1..max. */
const countQuery = (defaultCount: number, max: number) => z.coerce.number().int().min(1).max(max).default(defaultCount);

/** One draw of a region today, Vietnam time. */
export const VnMenuDrawSchema = z.object({
  province: z.string().describe('The company code the results name (MB for the north, HCM, DNA, ...).'),
  provinceName: z.string(),
  drawAt: z.string().describe('When the draw starts (ISO 8601).'),
});

export const VnMenuRegionSchema = z.object({
  region: z.enum(VN_LOTTERY_REGIONS),
  drawAt: z.string().describe("When the region's draws start today (ISO 8601)."),
  draws: z.array(VnMenuDrawSchema).describe("The region's draws today, one per company."),
  games: z.array(GameSchema).describe("The brand's VN lottery games of the region, in the brand's order."),
});

/** GET /lgw/vn/games/game_menu: the brand's VN lottery games by region, with today's draws. */
export const VnGameMenuSchema = z.object({
  date: z.string().describe('Today in Vietnam (YYYY-MM-DD).'),
  list: z.array(VnMenuRegionSchema).describe('Only the regions the brand has games of; empty when it has none.'),
});
export type VnGameMenu = z.infer<typeof VnGameMenuSchema>;
export const VnGameMenuResponseSchema = successEnvelope(VnGameMenuSchema);

/** A lottery game the member played, with the start of their last round in it. */
export const RecentLotteryGameSchema = GameSchema.extend({ lastPlayedAt: z.string() });
/** GET /lgw/vn/games/game_menu/recent: the member's recently played lottery games, newest first. */
export const RecentLotteryResponseSchema = successEnvelope(z.object({ list: z.array(RecentLotteryGameSchema) }));

export const PopularLotteryQuerySchema = z.object({
  count: countQuery(HOT_LOTTERY_COUNT, MAX_POPULAR_LOTTERY_COUNT),
});
/** A lottery game with how many rounds the brand's members played in it over the last POPULAR_LOTTERY_DAYS. */
export const PopularLotteryGameSchema = GameSchema.extend({ rounds: z.number().int() });
/** GET /lgw/games/popular: the brand's most played lottery games, most rounds first. */
export const PopularLotteryResponseSchema = successEnvelope(z.object({ list: z.array(PopularLotteryGameSchema) }));

export const OpenedNumbersQuerySchema = z.object({
  count: countQuery(VN_NUMBERS_COUNT, MAX_OPENED_NUMBERS_COUNT),
  gameCode: z
    .string()
    .max(64)
    .regex(/^[\w.:-]+$/)
    .optional()
    .describe("Only this game's results."),
});

/** A published draw result. */
export const OpenedNumberSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  drawNo: z.string(),
  numbers: z
    .array(z.string())
    .describe(
      'The numbers drawn, in the order drawn, as digit strings (leading zeros kept): the digits of a fast lottery, ' +
        "the 20 numbers of the e-lottery, a VN draw's prizes from the special prize down.",
    ),
  drawnAt: z.string().describe('When the draw was drawn (ISO 8601).'),
});
export type OpenedNumber = z.infer<typeof OpenedNumberSchema>;
/** GET /lgw/vn/numeros/opened/game and /lotto/lgw/games/opened/numero: the latest results, newest first. */
export const OpenedNumbersResponseSchema = successEnvelope(z.object({ list: z.array(OpenedNumberSchema) }));
