import {
  BACKOFFICE_CALLS,
  AssignSupportRequestSchema,
  BrandParamsSchema,
  SendSupportMessageRequestSchema,
  SUPPORT_CALLS,
  SupportConversationParamsSchema,
  SupportConversationResponseSchema,
  SupportInboxImageParamsSchema,
  SupportInboxQuerySchema,
  SupportInboxResponseSchema,
  SupportMessageResponseSchema,
  type SupportReadyEvent,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';
import { sendImage } from './support.routes';

/**
 * The brand's support inbox in the back office (docs/product/site-shell-and-routes.md#support-chat): support reads
 * (messages.read) and answers, assigns and closes (messages.write). The inbox's socket pushes every message and
 * change of the brand's conversations while it is open, and its being open is what tells customers an operator is
 * online.
 */
export const supportBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app;
  const tags = ['support'];

  app.get(
    BACKOFFICE_CALLS.supportInbox.path,
    {
      config: { permission: 'messages.read' },
      schema: {
        tags,
        summary: "The brand's conversations, latest activity first, with their unread counts",
        params: BrandParamsSchema,
        querystring: SupportInboxQuerySchema,
        response: { 200: SupportInboxResponseSchema },
      },
    },
    async (request) => ok(await support.inbox(brandOf(request).id, request.operator!.id, request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.supportConversation.path,
    {
      config: { permission: 'messages.read' },
      schema: {
        tags,
        summary: "One conversation and its history; its customer's messages are then read",
        params: SupportConversationParamsSchema,
        response: { 200: SupportConversationResponseSchema },
      },
    },
    async (request) => ok(await support.view(brandOf(request).id, request.params.conversationId)),
  );

  app.post(
    BACKOFFICE_CALLS.replySupport.path,
    {
      config: { permission: 'messages.write' },
      schema: {
        tags,
        summary: 'Replies to the customer, pushed to them at once (an unassigned conversation becomes mine)',
        params: SupportConversationParamsSchema,
        body: SendSupportMessageRequestSchema,
        response: { 200: SupportMessageResponseSchema },
      },
    },
    async (request) =>
      ok(
        await support.reply(
          request.operator!.actor,
          brandOf(request).id,
          request.params.conversationId,
          request.body.text,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.assignSupport.path,
    {
      config: { permission: 'messages.write' },
      schema: {
        tags,
        summary: 'Assigns the conversation to an operator of the brand, or to nobody (audited)',
        params: SupportConversationParamsSchema,
        body: AssignSupportRequestSchema,
        response: { 200: SupportConversationResponseSchema },
      },
    },
    async (request) =>
      ok(
        await support.assign(request.operator!.actor, brandOf(request).id, request.params.conversationId, request.body),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.closeSupport.path,
    {
      config: { permission: 'messages.write' },
      schema: {
        tags,
        summary: "Closes the conversation (audited); the customer's next message starts a new one",
        params: SupportConversationParamsSchema,
        response: { 200: SupportConversationResponseSchema },
      },
    },
    async (request) =>
      ok(await support.close(request.operator!.actor, brandOf(request).id, request.params.conversationId)),
  );

  app.get(
    BACKOFFICE_CALLS.supportInboxImage.path,
    {
      config: { permission: 'messages.read' },
      schema: { tags, summary: "A picture of one of the brand's conversations", params: SupportInboxImageParamsSchema },
    },
    async (request, reply) =>
      sendImage(reply, await support.getInboxImage(brandOf(request).id, request.params.imageId)),
  );

  app.get(
    SUPPORT_CALLS.supportInboxSocket.path,
    {
      websocket: true,
      config: { permission: 'messages.read' },
      schema: { hide: true, params: BrandParamsSchema },
    },
    (socket, request) => {
      const forget = support.hub.addOperator(brandOf(request).id, socket);
      socket.on('close', forget);
      socket.send(JSON.stringify({ type: 'supportReady', conversationId: null } satisfies SupportReadyEvent));
    },
  );
};
