// The member mailbox's calls (docs/product/calls.md#messages-missions-and-promotions), exported together as
// MESSAGE_CALLS. Zod-free: the site's start-up code imports them.
import type { ApiCall } from '../call';

export const unreadCount = { method: 'GET', path: '/wps/relay/CSP_unreadCount' } as const satisfies ApiCall;

/** The member's mailbox, newest first by keyset (`cursor`, `limit`), with the unread count. */
export const messages = { method: 'GET', path: '/wps/member/messages' } as const satisfies ApiCall;
/** Marks one message read and answers it with the unread count after. */
export const readMessage = { method: 'POST', path: '/wps/member/messages/:id/read' } as const satisfies ApiCall;
/** Marks every message of the mailbox read. */
export const readAllMessages = { method: 'POST', path: '/wps/member/messages/read-all' } as const satisfies ApiCall;
/** Removes one message from the member's mailbox (the member's own only). */
export const deleteMessage = { method: 'DELETE', path: '/wps/member/messages/:id' } as const satisfies ApiCall;
/** Feedback from a member or a visitor (no token needed); a visitor sends a solved proof of work. */
export const feedback = { method: 'PUT', path: '/wps/feedback' } as const satisfies ApiCall;
