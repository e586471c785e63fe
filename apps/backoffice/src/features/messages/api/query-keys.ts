import type { FeedbackQuery } from '@parlay/contract';

/** A brand's messages and feedback, keyed under the brand so one change refreshes its lists. */
export const messageKeys = {
  all: (brand: string) => ['messages', brand] as const,
  sent: (brand: string, cursor?: string) => ['messages', brand, 'sent', cursor ?? ''] as const,
  feedback: (brand: string, query: Partial<FeedbackQuery>) => ['messages', brand, 'feedback', query] as const,
};
