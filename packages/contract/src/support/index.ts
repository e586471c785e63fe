import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { successEnvelope } from '../envelope';
import { SUPPORT_CONVERSATION_STATUSES, SUPPORT_TEXT_MAX_LENGTH } from './constants';

export * from './constants';

const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** One message of a conversation, as both sides read it. */
export const SupportMessageSchema = z.object({
  id: z.number().int().positive(),
  conversationId: z.number().int().positive(),
  from: z.enum(['customer', 'operator']).describe('customer: the member or visitor; operator: the brand.'),
  text: z.string().nullable().describe('Plain text; null for a picture.'),
  imageId: z.number().int().positive().nullable().describe('The attached picture (supportImage); null for a text.'),
  operatorName: z.string().nullable().describe("The operator's login who wrote it; null for the customer's."),
  createdAt: z.string().describe('ISO time it was sent.'),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** The caller's conversation, as the chat panel shows it. */
export const SupportThreadSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  operatorsOnline: z
    .boolean()
    .describe('Whether an operator has the inbox open now; when not, messages are kept and answered later.'),
  messages: z.array(SupportMessageSchema).describe('The latest messages, oldest first.'),
});
export type SupportThread = z.infer<typeof SupportThreadSchema>;
export const SupportThreadResponseSchema = successEnvelope(SupportThreadSchema);

/** POST /wps/support/conversation: a visitor may say who they are; a member is known already. */
export const OpenSupportRequestSchema = z.object({
  name: z.string().trim().max(60).optional().describe("A visitor's name, if they give one."),
  email: z.string().trim().email().max(254).optional().describe("A visitor's e-mail, if they give one."),
});
export type OpenSupportRequest = z.infer<typeof OpenSupportRequestSchema>;
export const OpenSupportSchema = z.object({
  conversation: SupportThreadSchema,
  visitorToken: z
    .string()
    .nullable()
    .describe(
      "A visitor's signed token: send it in the x-support-visitor header of the next calls; null for a member.",
    ),
});
export type OpenSupport = z.infer<typeof OpenSupportSchema>;
export const OpenSupportResponseSchema = successEnvelope(OpenSupportSchema);

/** POST /wps/support/messages, and an operator's reply. */
export const SendSupportMessageRequestSchema = z.object({
  text: z.string().max(SUPPORT_TEXT_MAX_LENGTH).describe('The message: white space alone is refused.'),
});
export type SendSupportMessageRequest = z.infer<typeof SendSupportMessageRequestSchema>;
export const SupportMessageResponseSchema = successEnvelope(SupportMessageSchema);

export const SupportImageParamsSchema = z.object({ imageId: IdSchema });

/** What a socket pushes: a new message of a conversation, or a change of its status or assignee. */
export const SupportMessageEventSchema = z.object({
  type: z.literal('supportMessage'),
  message: SupportMessageSchema,
});
export type SupportMessageEvent = z.infer<typeof SupportMessageEventSchema>;
export const SupportChangeEventSchema = z.object({
  type: z.literal('supportChange'),
  conversationId: z.number().int().positive(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
});
export type SupportChangeEvent = z.infer<typeof SupportChangeEventSchema>;
export const SupportEventSchema = z.discriminatedUnion('type', [SupportMessageEventSchema, SupportChangeEventSchema]);
export type SupportEvent = z.infer<typeof SupportEventSchema>;

/** What a support socket is sent once it listens: a visitor's (with their conversation) or the inbox's. */
export const SupportReadyEventSchema = z.object({
  type: z.literal('supportReady'),
  conversationId: z.number().int().positive().nullable().describe("The visitor's conversation; null for the inbox."),
});
export type SupportReadyEvent = z.infer<typeof SupportReadyEventSchema>;

/** A visitor's first message on the member socket (WALLET_CALLS.balanceSocket), in place of a session's. */
export const SupportSocketAuthSchema = z.object({
  type: z.literal('supportAuth'),
  visitorToken: z.string().min(1).max(200),
});

// The back office's inbox.

export const SupportInboxQuerySchema = z.object({
  status: z.enum([...SUPPORT_CONVERSATION_STATUSES, 'all']).default('open'),
  assigned: z.enum(['all', 'me', 'unassigned']).default('all').describe("me: the caller's; unassigned: nobody's."),
});
export type SupportInboxQuery = z.infer<typeof SupportInboxQuerySchema>;

export const SupportCustomerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), memberId: z.number().int().positive(), account: z.string() }),
  z.object({ kind: z.literal('visitor'), name: z.string().nullable(), email: z.string().nullable() }),
]);
export type SupportCustomer = z.infer<typeof SupportCustomerSchema>;

export const SupportInboxItemSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  customer: SupportCustomerSchema,
  assignee: z.object({ operatorId: z.number().int().positive(), login: z.string() }).nullable(),
  lastMessage: SupportMessageSchema.nullable(),
  unread: z.number().int().min(0).describe("The customer's messages no operator has read yet."),
  updatedAt: z.string(),
});
export type SupportInboxItem = z.infer<typeof SupportInboxItemSchema>;
export const SupportInboxSchema = z.object({
  items: z.array(SupportInboxItemSchema).describe('Latest activity first; conversations with no message are left out.'),
  unreadTotal: z.number().int().min(0).describe('Unread customer messages over the open conversations.'),
});
export type SupportInbox = z.infer<typeof SupportInboxSchema>;
export const SupportInboxResponseSchema = successEnvelope(SupportInboxSchema);

export const SupportConversationParamsSchema = BrandParamsSchema.extend({ conversationId: IdSchema });
export const SupportInboxImageParamsSchema = BrandParamsSchema.extend({ imageId: IdSchema });

export const SupportConversationDetailSchema = SupportInboxItemSchema.extend({
  messages: z.array(SupportMessageSchema).describe('The latest messages, oldest first.'),
});
export type SupportConversationDetail = z.infer<typeof SupportConversationDetailSchema>;
export const SupportConversationResponseSchema = successEnvelope(SupportConversationDetailSchema);

export const AssignSupportRequestSchema = z.object({
  operatorId: z.number().int().positive().nullable().describe('An operator of the brand, or null for nobody.'),
});
export type AssignSupportRequest = z.infer<typeof AssignSupportRequestSchema>;
