import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HouseError } from '../errors';
import type { PlayersService } from '../players/players.service';
import type { CrashService } from './crash.service';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

const BetSchema = z.object({
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  autoCashout: z.number().min(1.01).max(1_000_000).nullable().default(null),
  // Two bets a round: each slot is a bet of its own. A page that names none bets in slot 0.
  slot: z.union([z.literal(0), z.literal(1)]).default(0),
});

const CashOutSchema = z.object({ slot: z.union([z.literal(0), z.literal(1)]).default(0) });

/** Crash over WebSocket (the live feed) and HTTP (bets and cash-outs, decided by the server's clock). */
export function registerCrashRoutes(
  app: FastifyInstance,
  prefix: string,
  players: PlayersService,
  crash: CrashService,
): void {
  // The live feed, one subscription a socket; a plain GET of its address is not found, as any other address.
  app.route({
    method: 'GET',
    url: `${prefix}/crash/ws`,
    handler: () => {
      throw new HouseError('HOUSE_NOT_FOUND');
    },
    wsHandler: (client) => {
      // The snapshot first, then every message after it: subscribing in the same turn as the snapshot's
      // last read of the live state leaves no gap and no message from before it.
      crash
        .snapshot()
        .then((snapshot) => {
          if (client.readyState !== client.OPEN) return;
          client.send(JSON.stringify(snapshot));
          const unsubscribe = crash.subscribe((message) => {
            if (client.readyState === client.OPEN) client.send(message);
          });
          client.on('close', unsubscribe);
          client.on('error', unsubscribe);
        })
        .catch(() => client.close());
    },
  });

  app.post(`${prefix}/crash/bet`, async (request) => {
    const parsed = BetSchema.safeParse(request.body);
    if (!parsed.success) throw new HouseError('HOUSE_BAD_REQUEST');
    const session = await players.authenticate(bearer(request));
    return { success: true, value: await crash.placeBet(session, parsed.data) };
  });

  app.post(`${prefix}/crash/cashout`, async (request) => {
    // A cash-out without a body cashes out slot 0, as before two bets.
    const parsed = CashOutSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new HouseError('HOUSE_BAD_REQUEST');
    const session = await players.authenticate(bearer(request));
    return { success: true, value: await crash.cashOut(session, parsed.data.slot) };
  });

  // Public, for the verifier: an ended game's hash and salt.
  app.get(`${prefix}/crash/games/:gameId`, async (request) => {
    const parsed = z
      .object({ gameId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
      .safeParse(request.params);
    if (!parsed.success) throw new HouseError('HOUSE_BAD_REQUEST');
    return { success: true, value: await crash.findEndedGame(parsed.data.gameId) };
  });

  app.get(`${prefix}/crash/history`, async (request) => {
    const session = await players.authenticate(bearer(request));
    return { success: true, value: await crash.findHistory(session) };
  });
}
