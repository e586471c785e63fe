// The member's raffle calls (docs/product/calls.md#raffles, docs/decisions/0055-raffles.md), exported together as
// RAFFLE_CALLS. Zod-free: the site's start-up code may import them. The back office's are in BACKOFFICE_CALLS.
import type { ApiCall } from '../call';

/**
 * The brand's raffles (open, drawn; not switched off) with their texts, sale window, draw time, ticket rules,
 * prizes, committed seed hash and status. With a member's token also the member's state and ticket count; no token
 * needed: a visitor sees the raffles without a state.
 */
export const list = { method: 'GET', path: '/wps/promotions/raffles' } as const satisfies ApiCall;
/** Joins a raffle (body { raffleId }): only joined members are in its draw. A repeat answers the first join. */
export const claim = { method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion' } as const satisfies ApiCall;
/** A drawn raffle's proof: seed hash, revealed seed, the public ticket list and the winners. No token needed. */
export const draw = { method: 'GET', path: '/wps/promotions/raffles/:raffleId/draw' } as const satisfies ApiCall;
