// The member's cashback calls (manualRebate; docs/decisions/0051-cashback.md), exported together as REBATE_CALLS.
// Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The period accruing now by category, the finished periods to claim, and the rebates paid. */
export const summary = { method: 'GET', path: '/wps/member/rebates' } as const satisfies ApiCall;
/** Pays every finished, unpaid period's rebate to the main balance, each period once. */
export const claim = { method: 'POST', path: '/wps/member/rebates/claim' } as const satisfies ApiCall;
