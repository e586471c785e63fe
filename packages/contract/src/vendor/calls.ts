// The seamless-wallet calls a vendor's server makes (docs/product/calls.md#seamless-wallet-for-vendors;
// the protocol: wallet.ts), exported together as VENDOR_WALLET_CALLS.
import type { ApiCall } from '../call';

export const balance = { method: 'POST', path: '/wps/vendor/wallet/balance' } as const satisfies ApiCall;
export const debit = { method: 'POST', path: '/wps/vendor/wallet/debit' } as const satisfies ApiCall;
export const credit = { method: 'POST', path: '/wps/vendor/wallet/credit' } as const satisfies ApiCall;
/** Many round credits in one signed call (docs/decisions/0071-batched-vendor-credits.md). */
export const creditBatch = { method: 'POST', path: '/wps/vendor/wallet/credit-batch' } as const satisfies ApiCall;
export const rollback = { method: 'POST', path: '/wps/vendor/wallet/rollback' } as const satisfies ApiCall;
