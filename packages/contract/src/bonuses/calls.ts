// The member's bonus calls (docs/product/calls.md#bonuses, docs/decisions/0050-bonuses-with-wagering.md), exported
// together as BONUS_CALLS. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** bonusDetails: the member's bonuses, newest first, each with its wagering progress (keyset). */
export const list = { method: 'GET', path: '/wps/member/bonuses' } as const satisfies ApiCall;
/** The member gives up an active bonus: the bonus money left is taken back and its withdrawal lock ends. */
export const forfeit = { method: 'POST', path: '/wps/member/bonuses/forfeit' } as const satisfies ApiCall;
/** The deposit bonuses this member may choose now, with their rules (the deposit page's choice). */
export const offers = { method: 'GET', path: '/wps/member/bonuses/offers' } as const satisfies ApiCall;
/** No token: the brand's active sign-up bonus, or null (the register dialog's title). */
export const signupBonus = { method: 'GET', path: '/wps/promotions/signup-bonus' } as const satisfies ApiCall;
