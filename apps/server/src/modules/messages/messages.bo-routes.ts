import {
  AnswerFeedbackRequestSchema,
  BACKOFFICE_CALLS,
  BrandParamsSchema,
  FeedbackItemResponseSchema,
  FeedbackPageResponseSchema,
  FeedbackParamsSchema,
  FeedbackQuerySchema,
  SendMessageRequestSchema,
  SentMessagePageResponseSchema,
  SentMessageResponseSchema,
  SentMessagesQuerySchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's messages and feedback in the back office (issue 33): operators write to one member, a segment or
 * everyone; support reads the feedback and answers it. Every write is audited by its service.
 */
export const messagesBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { operatorMessages } = app.admin;
  const { feedback } = app;
  const tags = ['messages'];

  app.get(
    BACKOFFICE_CALLS.sentMessages.path,
    {
      config: { permission: 'messages.read' },
      schema: {
        tags,
        summary: 'The messages operators sent on the brand, newest first (keyset paged)',
        params: BrandParamsSchema,
        querystring: SentMessagesQuerySchema,
        response: { 200: SentMessagePageResponseSchema },
      },
    },
    async (request) => ok(await operatorMessages.list(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.sendMessage.path,
    {
      config: { permission: 'messages.write' },
      schema: {
        tags,
        summary: 'Writes to one member, a segment or every member of the brand (stored once)',
        params: BrandParamsSchema,
        body: SendMessageRequestSchema,
        response: { 200: SentMessageResponseSchema },
      },
    },
    async (request) => ok(await operatorMessages.send(request.operator!.actor, brandOf(request), request.body)),
  );

  app.get(
    BACKOFFICE_CALLS.feedbackList.path,
    {
      config: { permission: 'messages.read' },
      schema: {
        tags,
        summary: "The brand's feedback, newest first, open or answered (keyset paged)",
        params: BrandParamsSchema,
        querystring: FeedbackQuerySchema,
        response: { 200: FeedbackPageResponseSchema },
      },
    },
    async (request) => ok(await feedback.list(brandOf(request).id, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.answerFeedback.path,
    {
      config: { permission: 'messages.write' },
      schema: {
        tags,
        summary: "Answers a feedback once: into the member's mailbox, or recorded undeliverable for a visitor",
        params: FeedbackParamsSchema,
        body: AnswerFeedbackRequestSchema,
        response: { 200: FeedbackItemResponseSchema },
      },
    },
    async (request) =>
      ok(
        await feedback.answer(
          request.operator!.actor,
          brandOf(request).id,
          request.params.feedbackId,
          request.body.answer,
        ),
      ),
  );
};
