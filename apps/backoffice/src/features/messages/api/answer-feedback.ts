import { BACKOFFICE_CALLS, callWithParams, type FeedbackItem } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

/** Answers a feedback once: into the member's mailbox, or recorded undeliverable for a visitor. */
export function answerFeedback(brand: string, feedbackId: string, answer: string): Promise<FeedbackItem> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.answerFeedback, { brand, feedbackId }), { body: { answer } });
}

export function useAnswerFeedback(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feedbackId, answer }: { feedbackId: string; answer: string }) =>
      answerFeedback(brand, feedbackId, answer),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all(brand) }),
  });
}
