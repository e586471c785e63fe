// The support chat's limits and names (docs/product/site-shell-and-routes.md#support-chat). Zod-free: the site's
// chat panel and the server share them.

/** The header a visitor's calls carry their conversation's signed token in (a member is known by the session). */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';

/** A text message's longest length, in characters. */
export const SUPPORT_TEXT_MAX_LENGTH = 2000;

/** An attached picture: PNG, JPEG or WebP by its content, at most this many bytes. */
export const SUPPORT_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** What a customer may send (texts and pictures together) in one window, per conversation. */
export const SUPPORT_SEND_LIMIT = { max: 10, windowSeconds: 60 } as const;

/** The history a conversation answers with: its latest messages, oldest first. */
export const SUPPORT_HISTORY_LIMIT = 200;

export const SUPPORT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];
