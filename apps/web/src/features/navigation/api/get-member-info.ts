import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore, type SessionMember } from '../../../lib/session-store';

/** The fields of member info (spec 01 §3) the shell shows; the rest passes through untouched. */
const ShellMemberSchema = z
  .object({
    id: z.number().int(),
    account: z.string(),
    nickname: z.string().nullable().optional(),
    type: z.number().int(),
    clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }).nullable().optional(),
  })
  .loose();

export function getMemberInfo(signal?: AbortSignal): Promise<SessionMember> {
  return apiRequest('/wps/member/info', { signal }, ShellMemberSchema);
}

export function getMemberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['navigation', 'member-info', token],
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** On start, a stored token loads the member info (spec 01 §2); a refused token ends the session. */
export function useMemberInfo() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...getMemberInfoQueryOptions(token), enabled: token !== null });
}
