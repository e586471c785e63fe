import { GAME_TYPES, type GameType } from '@parlay/contract/constants';

/** A forfeit's idempotency key (the contract's requestId: 8 to 64 characters). */
export function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/** The game types that count towards a bonus's wagering, in the catalogue's order, with their share in basis points. */
export function contributionsOf(contributionBp: Partial<Record<GameType, number>>): { type: GameType; bp: number }[] {
  return GAME_TYPES.flatMap((type) => {
    const bp = contributionBp[type] ?? 0;
    return bp > 0 ? [{ type, bp }] : [];
  });
}
