// The transfer to the upline (docs/product/member-centre.md#wallet-deposit-and-withdrawal), exported together as TRANSFER_CALLS. Zod-free:
// the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The member's upline agent, the brand's limits, what the member sent today, and the balance. */
export const uplineOverview = { method: 'GET', path: '/wps/member/transfers/upline' } as const satisfies ApiCall;
/** Sends money to the member's upline agent, with the payment password; idempotent by the client's requestId. */
export const transferUpline = { method: 'POST', path: '/wps/member/transfers/upline' } as const satisfies ApiCall;
