import { DownlineAccountSchema, type CreateDownlineAccountRequest, type DownlineAccount } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** POST /wps/agent/team/accounts: a direct member or sub-agent of mine, once per requestId. */
export function createDownlineAccount(body: CreateDownlineAccountRequest): Promise<DownlineAccount> {
  return apiRequest(AGENT_CALLS.createDownlineAccount, { body }, DownlineAccountSchema);
}

/** The team's list, tree and overview count the new member: they are read again. */
export function useCreateDownlineAccount() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: createDownlineAccount,
    onSuccess: () => {
      for (const part of ['members', 'children', 'overview'] as const) {
        void queryClient.invalidateQueries({ queryKey: [...agentKeys.all(token), part] });
      }
    },
  });
}
