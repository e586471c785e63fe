// The transfers to the upline (docs/product/member-centre.md#wallet-deposit-and-withdrawal) and to a downline
// (docs/product/agent-centre.md#transfers), exported together as TRANSFER_CALLS. Zod-free:
// the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The member's upline agent, the brand's limits, what the member sent today, and the balance. */
export const uplineOverview = { method: 'GET', path: '/wps/member/transfers/upline' } as const satisfies ApiCall;
/** Sends money to the member's upline agent, with the payment password; idempotent by the client's requestId. */
export const transferUpline = { method: 'POST', path: '/wps/member/transfers/upline' } as const satisfies ApiCall;
/** The agent's transfer scope and limits, what it sent to its downline today, and its balance. */
export const downlineOverview = { method: 'GET', path: '/wps/agent/transfers/downline' } as const satisfies ApiCall;
/** Sends money to a member of the agent's downline, with the payment password; idempotent by the client's requestId. */
export const transferDownline = { method: 'POST', path: '/wps/agent/transfers/downline' } as const satisfies ApiCall;
