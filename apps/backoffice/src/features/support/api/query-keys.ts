import type { SupportInboxQuery } from '@parlay/contract';

/** A brand's support conversations, keyed under the brand so one push refreshes the inbox and the open one. */
export const supportKeys = {
  all: (brand: string) => ['support', brand] as const,
  inbox: (brand: string, query: SupportInboxQuery) => ['support', brand, 'inbox', query] as const,
  conversation: (brand: string, id: number) => ['support', brand, 'conversation', id] as const,
};
