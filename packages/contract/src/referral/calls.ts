// The member's invitations (docs/product/member-centre.md#invite-friends), exported together as REFERRAL_CALLS.
// Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The member's invite code and link, and how many members registered through it. */
export const summary = { method: 'GET', path: '/wps/member/referral' } as const satisfies ApiCall;
/** The members who registered with the member's code, newest first, keyset paged. */
export const members = { method: 'GET', path: '/wps/member/referral/members' } as const satisfies ApiCall;
