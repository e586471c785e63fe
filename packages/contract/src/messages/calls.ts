// The member mailbox's calls (docs/product/calls.md#messages-missions-and-promotions), exported together as
// MESSAGE_CALLS. Zod-free: the site's start-up code imports them.
import type { ApiCall } from '../call';

export const unreadCount = { method: 'GET', path: '/wps/relay/CSP_unreadCount' } as const satisfies ApiCall;
