/** Query keys of the betting records and profit pages, per session token, so a sign-out never shows the last ones. */
export const historyKeys = {
  all: (token: string | null) => ['member-history', token] as const,
  records: (token: string | null, filter: object) => [...historyKeys.all(token), 'records', filter] as const,
  record: (token: string | null, vassalage: string, roundId: string) =>
    [...historyKeys.all(token), 'record', vassalage, roundId] as const,
  vendors: (token: string | null) => [...historyKeys.all(token), 'vendors'] as const,
  profit: (token: string | null, from: string, to: string) => [...historyKeys.all(token), 'profit', from, to] as const,
};
