import websocket from '@fastify/websocket';
import {
  BalanceEventSchema,
  RealtimeAuthMessageSchema,
  SupportEventSchema,
  SupportSocketAuthSchema,
  UnreadCountEventSchema,
  WALLET_CALLS,
  type BalanceEvent,
  type SupportEvent,
  type SupportReadyEvent,
  type UnreadCountEvent,
} from '@parlay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { SupportDelivery } from '../modules/support/index';

const CHANNEL = 'parlay:balance';
const AUTH_TIMEOUT_MS = 10_000;
/** Close codes: 4401 not signed in (or too slow to say who), 4400 a message that is not the auth message. */
const CLOSE_NOT_LOGGED_IN = 4401;
const CLOSE_BAD_MESSAGE = 4400;

/** What a member's socket is sent: the balance, the mailbox's unread count, and the support chat's messages. */
type MemberEvent = BalanceEvent | UnreadCountEvent | SupportEvent;
const MemberEventSchema = BalanceEventSchema.or(UnreadCountEventSchema).or(SupportEventSchema);

/**
 * Live balance and mailbox: a member's sockets get `{ type: 'balance', sumBalance, currency }` after every
 * committed change of their balance, and `{ type: 'unreadCount', count }` after every committed change of their
 * unread messages (a broadcast to a brand: each of its members connected here is counted again). The first message
 * must be `{ type: 'auth', token }`, or a visitor's `{ type: 'supportAuth', visitorToken }`, whose socket then hears
 * only their support conversation. The support chat's messages reach the conversation's member or visitor and the
 * brand's open inboxes (the back office's socket, support.bo-routes.ts). With Redis a change goes through pub/sub
 * so the sockets held by any instance hear it; without, in-process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator('websocketServer')) await app.register(websocket);
    const sockets = new Map<number, Set<WebSocket>>();
    /** The brand of each member with a socket here, for a broadcast's new counts. */
    const brands = new Map<number, number>();

    const deliver = (memberId: number, event: MemberEvent) => {
      const message = JSON.stringify(event);
      for (const socket of sockets.get(memberId) ?? []) if (socket.readyState === socket.OPEN) socket.send(message);
    };
    // One member at a time: a broadcast to a brand costs this instance one count per member it holds a socket of.
    const recountBrand = async (merchantId: number) => {
      for (const [memberId, brand] of brands) {
        if (brand !== merchantId || !sockets.has(memberId)) continue;
        deliver(memberId, { type: 'unreadCount', count: await app.messages.getUnreadCount(merchantId, memberId) });
      }
    };
    // Player protection ended the member's sessions (decision 0042): their sockets close saying why.
    const closeMember = (memberId: number, reason: string) => {
      for (const socket of sockets.get(memberId) ?? []) socket.close(CLOSE_NOT_LOGGED_IN, reason);
    };
    const deliverSupport = (delivery: SupportDelivery) => app.support.hub.deliver(delivery, deliver);
    const recountBrandLogged = (merchantId: number) => {
      recountBrand(merchantId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'realtime: brand recount failed'),
      );
    };

    const redis = app.redis;
    if (redis) {
      const subscriber = redis.duplicate();
      subscriber.on('error', (error: Error) => app.log.warn({ err: error }, 'realtime subscriber error'));
      subscriber.on('message', (_channel: string, raw: string) => {
        try {
          const parsed = JSON.parse(raw) as {
            memberId?: number;
            merchantId?: number;
            event?: unknown;
            closeReason?: unknown;
            support?: SupportDelivery;
          };
          if (parsed.support)
            deliverSupport({ ...parsed.support, event: SupportEventSchema.parse(parsed.support.event) });
          else if (typeof parsed.merchantId === 'number') recountBrandLogged(parsed.merchantId);
          else if (typeof parsed.memberId === 'number' && typeof parsed.closeReason === 'string') {
            closeMember(parsed.memberId, parsed.closeReason);
          } else if (typeof parsed.memberId === 'number') {
            deliver(parsed.memberId, MemberEventSchema.parse(parsed.event));
          }
        } catch (error) {
          app.log.warn({ err: error }, 'bad realtime message');
        }
      });
      await subscriber
        .connect()
        .then(() => subscriber.subscribe(CHANNEL))
        .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: redis unavailable, in-process only'));
      const publish = (memberId: number, event: MemberEvent) => {
        // If Redis is down, at least this instance's sockets hear it.
        redis.publish(CHANNEL, JSON.stringify({ memberId, event })).catch(() => deliver(memberId, event));
      };
      app.gaming.wallet.setPublisher({ publish });
      app.messages.setPublisher({
        publish: (memberId, count) => publish(memberId, { type: 'unreadCount', count }),
        publishBrand(merchantId) {
          redis.publish(CHANNEL, JSON.stringify({ merchantId })).catch(() => recountBrandLogged(merchantId));
        },
      });
      app.support.setPublisher({
        publish(delivery) {
          redis.publish(CHANNEL, JSON.stringify({ support: delivery })).catch(() => deliverSupport(delivery));
        },
      });
      app.protection.setSessionsEndedListener((memberId, reason) => {
        redis
          .publish(CHANNEL, JSON.stringify({ memberId, closeReason: reason }))
          .catch(() => closeMember(memberId, reason));
      });
      app.addHook('onClose', async () => {
        subscriber.disconnect();
      });
    } else {
      app.protection.setSessionsEndedListener(closeMember);
      app.gaming.wallet.setPublisher({ publish: deliver });
      app.support.setPublisher({ publish: deliverSupport });
      app.messages.setPublisher({
        publish: (memberId, count) => deliver(memberId, { type: 'unreadCount', count }),
        publishBrand: recountBrandLogged,
      });
    }

    app.get(WALLET_CALLS.balanceSocket.path, { websocket: true, schema: { hide: true } }, (socket, request) => {
      let memberId: number | null = null;
      let forgetVisitor: (() => void) | null = null;
      const timer = setTimeout(() => socket.close(CLOSE_NOT_LOGGED_IN, 'auth timeout'), AUTH_TIMEOUT_MS);
      const forget = () => {
        clearTimeout(timer);
        forgetVisitor?.();
        if (memberId === null) return;
        const set = sockets.get(memberId);
        set?.delete(socket);
        if (set?.size === 0) {
          sockets.delete(memberId);
          brands.delete(memberId);
        }
      };
      socket.on('close', forget);
      // A visitor's socket: their support conversation only, by its signed token.
      const listenAsVisitor = (visitorToken: string) => {
        void app.support.findVisitorConversationId(request.merchant.id, visitorToken).then((conversationId) => {
          if (conversationId === null) {
            socket.close(CLOSE_NOT_LOGGED_IN, 'SUPPORT_CONVERSATION_NOT_FOUND');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(timer);
          forgetVisitor = app.support.hub.addVisitor(conversationId, socket);
          socket.send(JSON.stringify({ type: 'supportReady', conversationId } satisfies SupportReadyEvent));
        });
      };
      socket.on('message', (raw: Buffer) => {
        if (memberId !== null || forgetVisitor) return;
        let token: string;
        try {
          const message: unknown = JSON.parse(raw.toString('utf8'));
          const visitor = SupportSocketAuthSchema.safeParse(message);
          if (visitor.success) {
            listenAsVisitor(visitor.data.visitorToken);
            return;
          }
          token = RealtimeAuthMessageSchema.parse(message).token;
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
          brands.set(member.id, member.merchantId);
          const currency = request.merchant.brand.currency;
          const sumBalance = await app.gaming.wallet.getBalance({
            memberId: member.id,
            merchantId: member.merchantId,
            currency,
          });
          socket.send(JSON.stringify({ type: 'balance', sumBalance, currency } satisfies BalanceEvent));
          const count = await app.messages.getUnreadCount(member.merchantId, member.id);
          socket.send(JSON.stringify({ type: 'unreadCount', count } satisfies UnreadCountEvent));
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime auth failed');
          socket.close(1011, 'SYSTEM_ERROR');
        });
      });
    });
  },
  { name: 'realtime', dependencies: ['services', 'auth'] },
);
