// The member's VIP calls (docs/product/calls.md#vip-ranks, docs/decisions/0046-vip-ranks.md), exported together as
// VIP_CALLS. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The brand's levels, lowest first, each with what it takes to reach and keep it and its benefits. */
export const levels = { method: 'GET', path: '/wps/member/vip/levels' } as const satisfies ApiCall;
/** The member's level, its figures over the rolling period and the progress towards the next level. */
export const myLevel = { method: 'GET', path: '/wps/member/vip/me' } as const satisfies ApiCall;
/** The member's level changes (upgrades and downgrades), newest first (keyset). */
export const changes = { method: 'GET', path: '/wps/member/vip/changes' } as const satisfies ApiCall;
