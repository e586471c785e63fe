// The cashier's calls (docs/product/calls.md#cashier), exported together as CASHIER_CALLS: the member's deposits and
// the payment providers' callbacks. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** The brand's active deposit methods, in display order, with their minimum, maximum and fee. */
export const depositMethods = { method: 'GET', path: '/wps/member/cashier/methods' } as const satisfies ApiCall;
/** Creates a deposit order; answers the provider's instructions (a page to open, a QR code or bank details). */
export const createDeposit = { method: 'POST', path: '/wps/member/cashier/deposits' } as const satisfies ApiCall;
/** The member's deposit orders, newest first (keyset). */
export const deposits = { method: 'GET', path: '/wps/member/cashier/deposits' } as const satisfies ApiCall;
/** One of the member's deposit orders by its order number. */
export const deposit = { method: 'GET', path: '/wps/member/cashier/deposits/:orderNo' } as const satisfies ApiCall;
/**
 * A payment provider's signed notice of a deposit's or payout's result (server to server). The body is kept raw for
 * the provider's signature; the answer is the provider's own acknowledgement, not the platform's envelope.
 */
export const providerCallback = {
  method: 'POST',
  path: '/wps/cashier/callback/:providerCode',
} as const satisfies ApiCall;
