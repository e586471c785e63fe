// The member's mission calls (docs/product/calls.md#messages-missions-and-promotions,
// docs/decisions/0054-missions.md), exported together as MISSION_CALLS. Zod-free: the site's start-up code (the
// member-centre menu's badge) may import them.
import type { ApiCall } from '../call';

/** The brand's missions with the member's progress in each one's current period, and how many wait to be claimed. */
export const summary = { method: 'GET', path: '/wps/relay/MCSFE_getMissionSummaryDetails' } as const satisfies ApiCall;
/** Pays a completed mission's reward into the main balance, once per mission and period. */
export const claim = { method: 'POST', path: '/wps/member/missions/claim' } as const satisfies ApiCall;
