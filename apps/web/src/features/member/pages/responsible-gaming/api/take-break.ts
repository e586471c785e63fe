import type { ProtectionBlock } from '@parlay/contract';
import { PROTECTION_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

export type BreakRequest = { kind: 'timeOut'; days: number } | { kind: 'selfExclusion'; months: number };

/**
 * POST /wps/member/protection/time-out or /self-exclusion: every session of the member ends with it, this one
 * too, so the caller signs out on success.
 */
export function takeBreak(request: BreakRequest) {
  return request.kind === 'timeOut'
    ? apiRequest<ProtectionBlock>(PROTECTION_CALLS.timeOut, { body: { days: request.days } })
    : apiRequest<ProtectionBlock>(PROTECTION_CALLS.selfExclude, { body: { months: request.months } });
}

export function useTakeBreak() {
  return useMutation({ mutationFn: takeBreak });
}
