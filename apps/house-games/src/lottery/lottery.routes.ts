import { LOTTERY_PRIZE_MODES } from '@parlay/fairness';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HouseError } from '../errors';
import { ok } from '../http/api.routes';
import { LOTTERY_GAME_CODES } from './lottery-games';
import { MAX_BETS_PER_SLIP, SLIPS_PAGE_MAX, type LotterySession, type LotteryService } from './lottery.service';

const Word = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/);
const DrawNo = z.string().regex(/^\d{8}-\d{4}$/);
const GameCode = z.enum(LOTTERY_GAME_CODES);

const LaunchSchema = z.object({
  sessionToken: z.string().min(1).max(256),
  playerId: Word,
  gameCode: GameCode,
  currency: z.string().length(3),
  language: z.string().max(16).default('ko'),
  brand: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/)
    .optional(),
  /** The brand's prize mode the player launched in: its odds apply. */
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional(),
  signature: z.string().regex(/^[0-9a-f]{64}$/i),
});

const SlipSchema = z.object({
  gameCode: GameCode,
  drawNo: DrawNo,
  bets: z
    .array(
      z.object({
        betType: z.string().min(1).max(32),
        selection: z.array(z.string().min(1).max(16)).min(1).max(20),
        stakeMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      }),
    )
    .min(1)
    .max(MAX_BETS_PER_SLIP),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new HouseError('HOUSE_BAD_REQUEST', { issues: result.error.issues.map((issue) => issue.path.join('.')) });
  return result.data;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * The lottery frame's API, under `{basePath}/lottery/api`: the launch, the games with their next draw, slips, and
 * the public results and proofs (anyone may check a draw, signed in or not).
 */
export function registerLotteryRoutes(app: FastifyInstance, prefix: string, lottery: LotteryService): void {
  const session = (request: FastifyRequest): Promise<LotterySession> => lottery.authenticate(bearer(request));

  app.post(`${prefix}/sessions`, async (request) => {
    // The signature covers the parameters exactly as the platform wrote them, before any default.
    const given = Object.fromEntries(
      Object.entries((request.body ?? {}) as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const launch = parse(LaunchSchema, request.body);
    const opened = await lottery.openSession(launch, given);
    return ok({
      token: opened.token,
      balanceMinor: opened.balanceMinor,
      currency: opened.session.currency,
      language: opened.session.language,
      gameCode: opened.session.gameCode,
      prizeMode: opened.session.prizeMode,
    });
  });

  app.get(`${prefix}/games`, async (request) => {
    const current = await session(request);
    const [games, balanceMinor] = await Promise.all([lottery.listGames(current), lottery.getBalance(current)]);
    return ok({ ...games, balanceMinor });
  });

  app.post(`${prefix}/slips`, async (request) => {
    const body = parse(SlipSchema, request.body);
    return ok(await lottery.placeSlip(await session(request), body));
  });

  app.get(`${prefix}/slips`, async (request) => {
    // Newest first, a page at a time: `before` is the last slip of the page before, `limit` at most SLIPS_PAGE_MAX.
    const query = parse(
      z.object({
        gameCode: GameCode.optional(),
        status: z.enum(['open', 'settled']).optional(),
        before: Word.optional(),
        limit: z.coerce.number().int().min(1).max(SLIPS_PAGE_MAX).optional(),
      }),
      request.query,
    );
    return ok(
      await lottery.listSlips(await session(request), {
        gameCode: query.gameCode ?? null,
        status: query.status ?? null,
        before: query.before ?? null,
        ...(query.limit === undefined ? {} : { limit: query.limit }),
      }),
    );
  });

  app.get(`${prefix}/results`, async (request) => {
    const query = parse(z.object({ gameCode: GameCode, before: z.iso.datetime().optional() }), request.query);
    return ok(await lottery.listResults(query.gameCode, query.before ? Date.parse(query.before) : null));
  });

  app.get(`${prefix}/draws/:gameCode/:drawNo`, async (request) => {
    const params = parse(z.object({ gameCode: GameCode, drawNo: DrawNo }), request.params);
    return ok(await lottery.drawProof(params.gameCode, params.drawNo));
  });
}
