// The member's point calls (docs/decisions/0044-points-ledger.md), exported together as POINT_CALLS. Zod-free:
// the site's start-up code may import them. The point entries of the account record are ODSFE2_MemTransDet
// with `ledger=points` (WALLET_CALLS.memberTransactions).
import type { ApiCall } from '../call';

/** The member's points, and what the current period earned. */
export const balance = { method: 'GET', path: '/wps/relay/MCS2_getPointBalance' } as const satisfies ApiCall;
/** The brand's rates by category, period, and conversion rate and minimum. */
export const config = { method: 'GET', path: '/wps/relay/MCS2_getPointConfig' } as const satisfies ApiCall;
