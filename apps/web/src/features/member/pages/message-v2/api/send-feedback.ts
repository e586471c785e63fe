import type { FeedbackRequest } from '@parlay/contract';
import { MESSAGE_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { solveProofOfWork } from '../lib/proof-of-work';

/** PUT /wps/feedback: a member's by session; a visitor's with a solved proof of work. */
export async function sendFeedback(request: FeedbackRequest) {
  return apiRequest<{ id: string }>(MESSAGE_CALLS.feedback, { body: request });
}

export function useSendFeedback() {
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  return useMutation({
    mutationFn: async (content: string) =>
      sendFeedback(isSignedIn ? { content } : { content, altcha: await solveProofOfWork() }),
  });
}
