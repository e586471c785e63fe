import type { PlayerRoundsQuery, PlayerSearchQuery } from '@parlay/contract';

/** A player's data is keyed under its brand and member ID, so one change can refresh all of it. */
export const playerKeys = {
  all: ['players'] as const,
  search: (brand: string, query: Partial<PlayerSearchQuery>) => ['players', brand, 'search', query] as const,
  player: (brand: string, playerId: number) => ['players', brand, playerId] as const,
  profile: (brand: string, playerId: number) => ['players', brand, playerId, 'profile'] as const,
  balances: (brand: string, playerId: number) => ['players', brand, playerId, 'balances'] as const,
  ledger: (brand: string, playerId: number, cursor?: string) =>
    ['players', brand, playerId, 'ledger', cursor ?? ''] as const,
  rounds: (brand: string, playerId: number, query: Partial<PlayerRoundsQuery>) =>
    ['players', brand, playerId, 'rounds', query] as const,
  round: (brand: string, playerId: number, vassalage: string, roundId: string) =>
    ['players', brand, playerId, 'round', vassalage, roundId] as const,
  sessions: (brand: string, playerId: number) => ['players', brand, playerId, 'sessions'] as const,
  signIns: (brand: string, playerId: number, cursor?: string) =>
    ['players', brand, playerId, 'sign-ins', cursor ?? ''] as const,
  notes: (brand: string, playerId: number, cursor?: string) =>
    ['players', brand, playerId, 'notes', cursor ?? ''] as const,
};

/** Which player a call is about: the brand's merchant code and the member ID. */
export interface PlayerRef {
  brand: string;
  playerId: number;
}
