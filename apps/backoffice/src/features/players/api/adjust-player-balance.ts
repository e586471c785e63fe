import { BACKOFFICE_CALLS, callWithParams, type PlayerAdjustmentRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

export interface AdjustmentResult {
  /** False: this key was used before, and nothing moved this time. */
  applied: boolean;
  balanceMinor: number;
  currency: string;
}

/** Credits (positive) or debits (negative) the player with a reason; idempotent by key, as `wallet adjust` is. */
export function adjustPlayerBalance(
  { brand, playerId }: PlayerRef,
  request: PlayerAdjustmentRequest,
): Promise<AdjustmentResult> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.adjustPlayerBalance, { brand, playerId }), { body: request });
}

export function useAdjustPlayerBalance(ref: PlayerRef) {
  return usePlayerChange(ref, adjustPlayerBalance);
}
