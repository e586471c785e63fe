import type { PointRecordsQuery } from '@parlay/contract';

/** Query keys of the points mall, per session token, so a sign-out never shows the last member's points. */
export const pointMallKeys = {
  all: (token: string | null) => ['point-mall', token] as const,
  balance: (token: string | null) => [...pointMallKeys.all(token), 'balance'] as const,
  config: (token: string | null) => [...pointMallKeys.all(token), 'config'] as const,
  /** Product names come in the request's language: a change of language asks again. */
  products: (token: string | null, language: string) => [...pointMallKeys.all(token), 'products', language] as const,
  records: (token: string | null, language: string, view: PointRecordsQuery['view'], cursor: string | null) =>
    [...pointMallKeys.all(token), 'records', language, view, cursor] as const,
};
