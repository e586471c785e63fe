import {
  FeedbackRequestSchema,
  FeedbackResponseSchema,
  MailboxChangeResponseSchema,
  MESSAGE_CALLS,
  MessagePageResponseSchema,
  MessageParamsSchema,
  MessagesQuerySchema,
  ReadMessageResponseSchema,
  UnreadCountResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { clientOf } from '../../plugins/request-context';

/** Feedback a visitor may send from one IP (members are known by their session and not counted here). */
const VISITOR_FEEDBACK_LIMIT = { max: 5, timeWindow: 60 * 60_000 };

/** The signed-in member of a member route, as the owner of a mailbox. */
function ownerOf(request: FastifyRequest): { merchantId: number; memberId: number } {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { merchantId: request.member.merchantId, memberId: request.member.id };
}

/**
 * Message calls (docs/product/calls.md#messages-missions-and-promotions). The unread count answers any session (a
 * trial account or a free-play guest has a mailbox of its own); the mailbox pages are the member centre's, for a
 * real account only. Feedback needs no token.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages, feedback } = app;
  const tags = ['messages'];

  app.get(
    MESSAGE_CALLS.unreadCount.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'How many of my messages are unread (the badge on the Rewards entry)',
        response: { 200: UnreadCountResponseSchema },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      return ok({ count: await messages.getUnreadCount(owner.merchantId, owner.memberId) });
    },
  );

  app.get(
    MESSAGE_CALLS.messages.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My mailbox, newest first (keyset paged), with the unread count',
        querystring: MessagesQuerySchema,
        response: { 200: MessagePageResponseSchema },
      },
    },
    async (request) => ok(await messages.listMessages(ownerOf(request), request.query)),
  );

  app.post(
    MESSAGE_CALLS.readAllMessages.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Marks every message of my mailbox read',
        response: { 200: MailboxChangeResponseSchema },
      },
    },
    async (request) => ok({ count: await messages.readAllMessages(ownerOf(request)) }),
  );

  app.post(
    MESSAGE_CALLS.readMessage.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Opens one of my messages and marks it read',
        params: MessageParamsSchema,
        response: { 200: ReadMessageResponseSchema },
      },
    },
    async (request) => ok(await messages.readMessage(ownerOf(request), request.params.id)),
  );

  app.delete(
    MESSAGE_CALLS.deleteMessage.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Removes one of my messages from my mailbox',
        params: MessageParamsSchema,
        response: { 200: MailboxChangeResponseSchema },
      },
    },
    async (request) => ok({ count: await messages.deleteMessage(ownerOf(request), request.params.id) }),
  );

  app.put(
    MESSAGE_CALLS.feedback.path,
    {
      config: {
        rateLimit: { ...VISITOR_FEEDBACK_LIMIT, allowList: (request: FastifyRequest) => request.member !== null },
      },
      schema: {
        tags,
        summary: "Sends feedback to the brand's support: a member by token, a visitor with a solved proof of work",
        body: FeedbackRequestSchema,
        response: { 200: FeedbackResponseSchema },
      },
    },
    async (request) => {
      const id = await feedback.submit(request.merchant, request.member, request.body, {
        ...clientOf(request),
        language: request.language,
      });
      return ok({ id: String(id) });
    },
  );
};
