// The member's responsible-gaming calls (docs/product/member-centre.md#responsible-gaming), exported together as
// PROTECTION_CALLS. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** Every limit with its value, usage and pending change; the time-out or exclusion in force. */
export const settings = { method: 'GET', path: '/wps/member/protection' } as const satisfies ApiCall;
/** Sets, lowers, raises or removes one limit: lower at once, higher or removed after 24 hours. */
export const setLimit = { method: 'POST', path: '/wps/member/protection/limits' } as const satisfies ApiCall;
/** Takes a time-out of 1 to 42 days: signed out everywhere at once, no sign-in until it ends. */
export const timeOut = { method: 'POST', path: '/wps/member/protection/time-out' } as const satisfies ApiCall;
/** Self-exclusion of 6 to 60 months: signed out everywhere at once, no sign-in or marketing until it ends. */
export const selfExclude = { method: 'POST', path: '/wps/member/protection/self-exclusion' } as const satisfies ApiCall;
/** This session's time played and net result, for the reality check at the member's interval. */
export const realityCheck = {
  method: 'GET',
  path: '/wps/member/protection/reality-check',
} as const satisfies ApiCall;
