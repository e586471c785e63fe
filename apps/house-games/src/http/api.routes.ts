import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HouseError } from '../errors';
import { GAME_CODES, type GameCode } from '../games/rules';
import type { HouseSession, PlayersService } from '../players/players.service';
import type { RoundsService } from '../rounds/rounds.service';

const Amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const RoundId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/);

const LaunchSchema = z.object({
  sessionToken: z.string().min(1).max(256),
  playerId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w.:-]+$/),
  gameCode: z.enum(GAME_CODES),
  currency: z.string().length(3),
  mode: z.enum(['real', 'trial']).default('real'),
  language: z.string().max(16).default('ko'),
  /** The player's brand (merchant code): its bet limits and maximum win apply. */
  brand: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/)
    .optional(),
  /** The platform's HMAC of the launch parameters (VENDOR_LAUNCH_SIGNED_PARAMS in the contract). */
  signature: z.string().regex(/^[0-9a-f]{64}$/i),
});

export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

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

/** The game clients' API: launch, state, seeds, plays and history. */
export function registerApiRoutes(
  app: FastifyInstance,
  prefix: string,
  players: PlayersService,
  rounds: RoundsService,
): void {
  const session = (request: FastifyRequest): Promise<HouseSession> => players.authenticate(bearer(request));
  /** The game asked for, else the session's: a game the vendor does not have is refused, not replaced. */
  const gameOf = (request: FastifyRequest, fallback: GameCode): GameCode => {
    const code = (request.query as Record<string, unknown>).gameCode;
    if (code === undefined) return fallback;
    if (typeof code === 'string' && (GAME_CODES as readonly string[]).includes(code)) return code as GameCode;
    throw new HouseError('HOUSE_BAD_REQUEST', { issues: ['gameCode'] });
  };

  app.post(`${prefix}/sessions`, async (request) => {
    // The signature covers the parameters exactly as the platform wrote them, before any default.
    const given = Object.fromEntries(
      Object.entries((request.body ?? {}) as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const launch = parse(LaunchSchema, request.body);
    const opened = await players.openSession(launch, given);
    return ok({
      token: opened.token,
      balanceMinor: opened.balanceMinor,
      currency: opened.session.currency,
      language: opened.session.language,
    });
  });

  app.get(`${prefix}/state`, async (request) => {
    const current = await session(request);
    const gameCode = gameOf(request, current.gameCode);
    const [balanceMinor, seeds, limits, openRound, history] = await Promise.all([
      players.getBalance(current),
      players.getSeeds(current),
      players.getLimits(current.brand, current.currency, gameCode),
      rounds.findOpenRound(current, gameCode),
      rounds.findHistory(current, gameCode),
    ]);
    return ok({
      gameCode,
      playerId: current.playerId,
      currency: current.currency,
      language: current.language,
      mode: current.mode,
      balanceMinor,
      seeds,
      limits,
      openRound,
      history,
    });
  });

  // Public, for the verifier: a revealed server seed by its hash.
  app.get(`${prefix}/seeds/:serverSeedHash`, async (request) => {
    const { serverSeedHash } = parse(z.object({ serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/) }), request.params);
    return ok(await players.revealedSeed(serverSeedHash));
  });

  app.post(`${prefix}/seeds/client`, async (request) => {
    const body = parse(z.object({ clientSeed: z.string() }), request.body);
    return ok(await players.setClientSeed(await session(request), body.clientSeed));
  });

  app.post(`${prefix}/seeds/rotate`, async (request) => {
    // No body at all keeps the client seed; a body must be an object (`null` is not one).
    const body = parse(z.object({ clientSeed: z.string().optional() }), request.body === undefined ? {} : request.body);
    return ok(await players.rotateSeeds(await session(request), body.clientSeed));
  });

  app.post(`${prefix}/dice/bet`, async (request) => {
    const body = parse(
      z.object({ amountMinor: Amount, target: z.number().min(0).max(100), direction: z.enum(['over', 'under']) }),
      request.body,
    );
    return ok(
      await rounds.playDice(await session(request), {
        amountMinor: body.amountMinor,
        targetHundredths: Math.round(body.target * 100),
        direction: body.direction,
      }),
    );
  });

  app.post(`${prefix}/limbo/bet`, async (request) => {
    const body = parse(z.object({ amountMinor: Amount, target: z.number().min(1.01).max(1_000_000) }), request.body);
    return ok(
      await rounds.playLimbo(await session(request), {
        amountMinor: body.amountMinor,
        targetX100: Math.round(body.target * 100),
      }),
    );
  });

  app.post(`${prefix}/plinko/bet`, async (request) => {
    // Rows and risk are checked by the game (HOUSE_BAD_REQUEST naming the field), as a mines count is.
    const body = parse(
      z.object({ amountMinor: Amount, rows: z.number().int(), risk: z.string().max(16) }),
      request.body,
    );
    return ok(await rounds.playPlinko(await session(request), body));
  });

  app.post(`${prefix}/slot/spin`, async (request) => {
    const body = parse(z.object({ amountMinor: Amount }), request.body);
    return ok(await rounds.spinSlot(await session(request), body));
  });

  app.post(`${prefix}/mines/start`, async (request) => {
    const body = parse(z.object({ amountMinor: Amount, mines: z.number().int() }), request.body);
    return ok(await rounds.startMines(await session(request), body));
  });

  app.post(`${prefix}/mines/reveal`, async (request) => {
    const body = parse(z.object({ roundId: RoundId, tile: z.number().int() }), request.body);
    return ok(await rounds.revealMine(await session(request), body));
  });

  app.post(`${prefix}/mines/cashout`, async (request) => {
    const body = parse(z.object({ roundId: RoundId }), request.body);
    return ok(await rounds.cashOutMines(await session(request), body));
  });

  app.get(`${prefix}/rounds`, async (request) => {
    const current = await session(request);
    return ok(await rounds.findHistory(current, gameOf(request, current.gameCode)));
  });

  app.get(`${prefix}/rounds/:roundId`, async (request) => {
    const { roundId } = parse(z.object({ roundId: RoundId }), request.params);
    return ok(await rounds.getRound(await session(request), roundId));
  });
}
