import websocket from '@fastify/websocket';
import { BalanceEventSchema, RealtimeAuthMessageSchema, WALLET_CALLS, type BalanceEvent } from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';

const CHANNEL = 'parlay:balance';
const AUTH_TIMEOUT_MS = 10_000;
/** Close codes: 4401 not signed in (or too slow to say who), 4400 a message that is not the auth message. */
const CLOSE_NOT_LOGGED_IN = 4401;
const CLOSE_BAD_MESSAGE = 4400;

/**
 * Live balance: a member's balance sockets get `{ type: 'balance', sumBalance, currency }` after
 * every committed change of their balance. The first message must be `{ type: 'auth', token }`. With Redis
 * the change goes through pub/sub so the sockets held by any instance hear it; without, in-process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator('websocketServer')) await app.register(websocket);
    const sockets = new Map<number, Set<WebSocket>>();

    const deliver = (memberId: number, event: BalanceEvent) => {
      const message = JSON.stringify(event);
      for (const socket of sockets.get(memberId) ?? []) if (socket.readyState === socket.OPEN) socket.send(message);
    };

    const redis = app.redis;
    if (redis) {
      const subscriber = redis.duplicate();
      subscriber.on('error', (error: Error) => app.log.warn({ err: error }, 'realtime subscriber error'));
      subscriber.on('message', (_channel: string, raw: string) => {
        try {
          const parsed = JSON.parse(raw) as { memberId: number; event: unknown };
          const event = BalanceEventSchema.parse(parsed.event);
          deliver(parsed.memberId, event);
        } catch (error) {
          app.log.warn({ err: error }, 'bad realtime message');
        }
      });
      await subscriber
        .connect()
        .then(() => subscriber.subscribe(CHANNEL))
        .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: redis unavailable, in-process only'));
      app.gaming.wallet.setPublisher({
        publish(memberId, event) {
          // If Redis is down, at least this instance's sockets hear it.
          redis.publish(CHANNEL, JSON.stringify({ memberId, event })).catch(() => deliver(memberId, event));
        },
      });
      app.addHook('onClose', async () => {
        subscriber.disconnect();
      });
    } else {
      app.gaming.wallet.setPublisher({ publish: deliver });
    }

    app.get(WALLET_CALLS.balanceSocket.path, { websocket: true, schema: { hide: true } }, (socket, request) => {
      let memberId: number | null = null;
      const timer = setTimeout(() => socket.close(CLOSE_NOT_LOGGED_IN, 'auth timeout'), AUTH_TIMEOUT_MS);
      const forget = () => {
        clearTimeout(timer);
        if (memberId === null) return;
        const set = sockets.get(memberId);
        set?.delete(socket);
        if (set?.size === 0) sockets.delete(memberId);
      };
      socket.on('close', forget);
      socket.on('message', (raw: Buffer) => {
        if (memberId !== null) return;
        let token: string;
        try {
          token = RealtimeAuthMessageSchema.parse(JSON.parse(raw.toString('utf8'))).token;
        } catch {
          socket.close(CLOSE_BAD_MESSAGE, 'expected {"type":"auth","token":"..."}');
          return;
        }
        void (async () => {
          const member = await app.sessions.authenticate(token, request.merchant.id);
          if (!member) {
            socket.close(CLOSE_NOT_LOGGED_IN, 'NOT_LOGGED_IN');
            return;
          }
          clearTimeout(timer);
          memberId = member.id;
          const set = sockets.get(member.id) ?? new Set<WebSocket>();
          set.add(socket);
          sockets.set(member.id, set);
          const currency = request.merchant.brand.currency;
          const sumBalance = await app.gaming.wallet.getBalance({
            memberId: member.id,
            merchantId: member.merchantId,
            currency,
          });
          socket.send(JSON.stringify({ type: 'balance', sumBalance, currency } satisfies BalanceEvent));
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime auth failed');
          socket.close(1011, 'SYSTEM_ERROR');
        });
      });
    });
  },
  { name: 'realtime', dependencies: ['services', 'auth'] },
);
