import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_TITLE_MAX_LENGTH } from '../messages/constants';
import { BrandParamsSchema } from './operators';
import { PageRequestSchema, pageSchema } from './paging';

// The back office's messages and feedback pages (issue 33): an operator writes to one member, a segment or every
// member of a brand; support reads the brand's feedback and answers it into the member's mailbox.

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

/**
 * Who a message goes to. A segment is evaluated as each member stands when the mailbox is read (a rank that rises
 * later brings the message in); `all` and a segment reach members registered when it was sent, never later ones.
 */
export const MessageAudienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('member'),
    account: z.string().trim().min(1).max(64).describe("The member's account (login name) on the brand."),
  }),
  z
    .object({
      kind: z.literal('segment'),
      minRankLevel: z.number().int().min(0).max(99).optional().describe('Members of this VIP rank level or above.'),
      maxRankLevel: z.number().int().min(0).max(99).optional().describe('Members of this VIP rank level or below.'),
      registeredFrom: DateSchema.optional().describe("Registered on or after this day (the brand's time zone)."),
      registeredTo: DateSchema.optional().describe("Registered on or before this day (the brand's time zone)."),
    })
    .refine(
      (segment) =>
        segment.minRankLevel !== undefined ||
        segment.maxRankLevel !== undefined ||
        segment.registeredFrom !== undefined ||
        segment.registeredTo !== undefined,
      'a segment names a rank or a registration period; everyone is kind all',
    ),
  z.object({ kind: z.literal('all') }),
]);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

export const SendMessageRequestSchema = z.object({
  audience: MessageAudienceSchema,
  title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX_LENGTH),
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX_LENGTH).describe('Plain text; line breaks are kept.'),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

/** A message an operator sent, as the back office lists it. */
export const SentMessageSchema = z.object({
  id: z.string(),
  at: z.string(),
  audience: z.union([
    z.object({ kind: z.literal('member'), memberId: z.number().int(), account: z.string() }),
    z.object({
      kind: z.literal('segment'),
      minRankLevel: z.number().int().nullable(),
      maxRankLevel: z.number().int().nullable(),
      registeredFrom: z.string().nullable(),
      registeredTo: z.string().nullable(),
    }),
    z.object({ kind: z.literal('all') }),
  ]),
  title: z.string(),
  body: z.string(),
  author: z.string().describe("The operator's login, or the actor (cli:<OS user>)."),
  recipients: z.number().int().min(0).describe('Members the audience held when it was sent.'),
  readBy: z.number().int().min(0).describe('Members who have read it.'),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;
export const SentMessageResponseSchema = successEnvelope(SentMessageSchema);
export const SentMessagePageResponseSchema = successEnvelope(pageSchema(SentMessageSchema));
export const SentMessagesQuerySchema = PageRequestSchema;

export const FEEDBACK_STATUSES = ['open', 'answered'] as const;
export const FeedbackQuerySchema = PageRequestSchema.extend({
  status: z.enum(FEEDBACK_STATUSES).optional().describe('open: not answered yet; answered; absent: both.'),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;

export const FeedbackParamsSchema = BrandParamsSchema.extend({
  feedbackId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A feedback as support reads it. */
export const FeedbackItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  content: z.string(),
  from: z.union([
    z.object({ kind: z.literal('member'), memberId: z.number().int(), account: z.string() }),
    z.object({ kind: z.literal('visitor') }),
  ]),
  language: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  delivery: z
    .enum(['mailbox', 'undeliverable'])
    .nullable()
    .describe("mailbox: the answer is in the member's mailbox; undeliverable: a visitor's, with no mailbox to reach."),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;
export const FeedbackItemResponseSchema = successEnvelope(FeedbackItemSchema);
export const FeedbackPageResponseSchema = successEnvelope(pageSchema(FeedbackItemSchema));

export const AnswerFeedbackRequestSchema = z.object({
  answer: z.string().trim().min(1).max(MESSAGE_BODY_MAX_LENGTH),
});
export type AnswerFeedbackRequest = z.infer<typeof AnswerFeedbackRequestSchema>;
