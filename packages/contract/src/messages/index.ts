import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH, MESSAGE_KINDS, MESSAGE_MAX_PAGE_SIZE, MESSAGE_PAGE_SIZE } from './constants';
import { successEnvelope } from '../envelope';

/**
 * GET /wps/relay/CSP_unreadCount (docs/product/calls.md#messages-missions-and-promotions): the
 * badge on the Rewards entry.
 */
export const UnreadCountSchema = z.object({
  count: z
    .number()
    .int()
    .min(0)
    .describe("Unread messages in the member's mailbox on this brand; 0 when there are none."),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
export const UnreadCountResponseSchema = successEnvelope(UnreadCountSchema);

export * from './constants';

/** A message's id: `m` and its number for a system message or a feedback answer, `o` for an operator's message. */
export const MessageIdSchema = z
  .string()
  .regex(/^[mo][1-9][0-9]{0,17}$/, 'm or o and a number')
  .describe("The message: m<number> a system message or an answer to feedback, o<number> an operator's message.");
export const MessageParamsSchema = z.object({ id: MessageIdSchema });

export const MessageSchema = z.object({
  id: MessageIdSchema,
  kind: z.enum(MESSAGE_KINDS).describe('system: from a template; operator: from the brand; feedback: an answer.'),
  title: z.string(),
  body: z.string().describe('Plain text; line breaks are kept.'),
  createdAt: z.string().describe('ISO time it was sent.'),
  readAt: z.string().nullable().describe('ISO time the member read it; null while unread.'),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_MAX_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
  cursor: z.string().min(1).max(100).optional().describe("The previous page's nextCursor."),
});
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  nextCursor: z.string().nullable().describe('Send as cursor for the next page; null on the last page.'),
  unreadCount: z.number().int().min(0),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;
export const MessagePageResponseSchema = successEnvelope(MessagePageSchema);

export const ReadMessageSchema = z.object({ message: MessageSchema, unreadCount: z.number().int().min(0) });
export type ReadMessage = z.infer<typeof ReadMessageSchema>;
export const ReadMessageResponseSchema = successEnvelope(ReadMessageSchema);
export const MailboxChangeResponseSchema = successEnvelope(UnreadCountSchema);

/** PUT /wps/feedback: a member's (by token) or a visitor's (with a solved proof of work). */
export const FeedbackRequestSchema = z.object({
  content: z
    .string()
    .max(FEEDBACK_MAX_LENGTH)
    .describe("The feedback: between the brand's word-count bounds (feedbackWords; 10 to 500 words unless set)."),
  altcha: z
    .string()
    .max(20_000)
    .optional()
    .describe('A solved ALTCHA challenge (GET /wps/verification/altcha); a visitor must send one.'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
export const FeedbackResponseSchema = successEnvelope(z.object({ id: z.string() }));

/** What the member's socket (WALLET_CALLS.balanceSocket) pushes when the unread count changes. */
export const UnreadCountEventSchema = z.object({ type: z.literal('unreadCount'), count: z.number().int().min(0) });
export type UnreadCountEvent = z.infer<typeof UnreadCountEventSchema>;
