import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';

/** PUT /wps/member/info/nickname: the new nickname as the server stored it (trimmed). */
export function changeNickname(nickname: string): Promise<{ nickname: string }> {
  return apiRequest(ACCOUNT_CALLS.changeNickname, { body: { nickname } });
}

export function useChangeNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNickname,
    onSuccess: async ({ nickname }) => {
      const { member, setMember } = useSessionStore.getState();
      if (member) setMember({ ...member, nickname });
      // Member info, which the shell keeps the session's member from, reads it again.
      await queryClient.invalidateQueries({ queryKey: ['navigation', 'member-info'] });
    },
  });
}
