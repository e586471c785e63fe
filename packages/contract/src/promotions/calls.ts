// The promotions hub's calls (docs/decisions/0058-promotions-hub-and-reward-centre.md), exported together as
// PROMOTION_CALLS. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/**
 * The brand's promotions of every kind, grouped by category on /promotions, each with the member's activity state
 * and its one action. No token needed: a visitor sees them by their dates.
 */
export const hub = { method: 'GET', path: '/wps/promotions/hub' } as const satisfies ApiCall;
/** One promotion of the hub by its code (/promoDetail?code=), with its rules in words, dates, state and action. */
export const detail = { method: 'GET', path: '/wps/promotions/hub/:code' } as const satisfies ApiCall;
