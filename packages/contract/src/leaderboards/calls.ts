// The member's leaderboard call (docs/product/calls.md#leaderboards, docs/decisions/0056-leaderboards.md), exported as
// LEADERBOARD_CALLS. Zod-free: the site's start-up code may import it.
import type { ApiCall } from '../call';

/** The brand's active leaderboards: each one's current top 10, the member's own rank, prizes, and last winners. */
export const leaderboard = { method: 'GET', path: '/wps/relay/MCSFE_getMissionLeaderboard' } as const satisfies ApiCall;
