// The wallet calls (docs/product/calls.md#wallet), exported together as WALLET_CALLS. Zod-free: the
// site's start-up code imports them.
import type { ApiCall } from '../call';

export const balance = { method: 'GET', path: '/wps/v2/wallets/balance' } as const satisfies ApiCall;
export const merchantWallet = { method: 'GET', path: '/wps/relay/GCS_merchantWallet' } as const satisfies ApiCall;
export const walletTransfer = { method: 'POST', path: '/wps/relay/GCS_walletTransfer' } as const satisfies ApiCall;
/** Every vendor wallet's money back to the main wallet (a multi-wallet brand's "recall all"). */
export const walletRecall = { method: 'POST', path: '/wps/member/wallet/recall' } as const satisfies ApiCall;
export const consolidatedFunds = {
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
} as const satisfies ApiCall;
export const bettingRecords = { method: 'GET', path: '/wps/member/betting/records' } as const satisfies ApiCall;
/** The member's profit and loss by day and category over a period (the member centre's personalProfit). */
export const bettingProfit = { method: 'GET', path: '/wps/member/betting/profit' } as const satisfies ApiCall;
/** One round with its money moves; the client fills the pattern with callWithParams. */
export const bettingRecord = {
  method: 'GET',
  path: '/wps/member/betting/records/:vassalage/:roundId',
} as const satisfies ApiCall;
/** The member's account record: every movement of its money, filtered, newest first (transactionHistory). */
export const memberTransactions = { method: 'GET', path: '/wps/relay/ODSFE2_MemTransDet' } as const satisfies ApiCall;
/** The same movements as CSV, streamed. */
export const memberTransactionsExport = {
  method: 'GET',
  path: '/wps/member/transactions/export',
} as const satisfies ApiCall;
/**
 * The balance socket (a WebSocket upgrade): the client's first message is `{ "type": "auth", "token":
 * "<session token>" }`, then it is sent a BalanceEvent on every change.
 */
export const balanceSocket = { method: 'GET', path: '/wps/ws' } as const satisfies ApiCall;
