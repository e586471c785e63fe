// The member's withdrawal calls (docs/product/calls.md#withdrawals), exported together as WITHDRAWAL_CALLS. Zod-free.
import type { ApiCall } from '../call';

/** The rules, the turnover progress, the banks and the member's bank accounts. */
export const overview = { method: 'GET', path: '/wps/member/withdrawals/overview' } as const satisfies ApiCall;
/** Binds a bank account (holder: the registered real name). */
export const bindBankAccount = {
  method: 'POST',
  path: '/wps/member/withdrawals/bank-accounts',
} as const satisfies ApiCall;
/** Removes a bank account, with the payment password. */
export const removeBankAccount = {
  method: 'POST',
  path: '/wps/member/withdrawals/bank-accounts/remove',
} as const satisfies ApiCall;
/** Asks for a withdrawal: the amount is held until paid or rejected. */
export const createWithdrawal = { method: 'POST', path: '/wps/member/withdrawals' } as const satisfies ApiCall;
/** The member's withdrawals, newest first (keyset). */
export const withdrawals = { method: 'GET', path: '/wps/member/withdrawals' } as const satisfies ApiCall;
/** Adds a proof image (PNG or JPEG, the body itself) to a paid withdrawal before confirming it. */
export const uploadProof = {
  method: 'PUT',
  path: '/wps/member/withdrawals/:withdrawalId/proofs',
} as const satisfies ApiCall;
/** Confirms a paid withdrawal: received, partly received (with the missing amount) or not received. */
export const confirmWithdrawal = {
  method: 'POST',
  path: '/wps/member/withdrawals/:withdrawalId/confirm',
} as const satisfies ApiCall;
