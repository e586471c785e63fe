import { MESSAGE_CALLS, UnreadCountResponseSchema } from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

/**
 * Message calls (docs/product/calls.md#messages-missions-and-promotions). A trial (type 4) account or a
 * free-play guest has a mailbox of its own.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app;

  app.get(
    MESSAGE_CALLS.unreadCount.path,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'How many of my messages are unread (the badge on the Rewards entry)',
        response: { 200: UnreadCountResponseSchema },
      },
    },
    async (request) => {
      if (!request.member) throw new AppError('NOT_LOGGED_IN');
      return ok({ count: await messages.getUnreadCount(request.member.merchantId, request.member.id) });
    },
  );
};
