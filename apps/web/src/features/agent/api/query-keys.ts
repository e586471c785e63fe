/** The agent centre's query keys, under the session's token so another sign-in never reads them. */
export const agentKeys = {
  all: (token: string | null) => ['agent', token] as const,
  overview: (token: string | null) => [...agentKeys.all(token), 'overview'] as const,
  members: (token: string | null, account: string, direct: boolean) =>
    [...agentKeys.all(token), 'members', account, direct] as const,
  children: (token: string | null, parentId: number | null) => [...agentKeys.all(token), 'children', parentId] as const,
  profitLoss: (token: string | null, search: { from: string; to: string; account: string; direct: boolean }) =>
    [...agentKeys.all(token), 'profit-loss', search] as const,
  teamBets: (token: string | null, search: Record<string, string | undefined>) =>
    [...agentKeys.all(token), 'bets', search] as const,
  teamTransactions: (token: string | null, search: Record<string, string | undefined>) =>
    [...agentKeys.all(token), 'transactions', search] as const,
  /** The downline transfer's scope, limits and balance: read again at every opening of the send dialog. */
  transferOverview: (token: string | null) => [...agentKeys.all(token), 'transfer-overview'] as const,
  /** My invitation links (registerCenter). */
  inviteLinks: (token: string | null) => [...agentKeys.all(token), 'invite-links'] as const,
  /** The operator's announcements to agents (agentAnnouncement), every page; then one page in a language. */
  announcementPages: (token: string | null) => [...agentKeys.all(token), 'announcements'] as const,
  announcements: (token: string | null, language: string, page: number) =>
    [...agentKeys.announcementPages(token), language, page] as const,
  /** My contracts of a kind, up, down and ended (the dividend and salary pages). */
  contracts: (token: string | null, kind: string) => [...agentKeys.all(token), 'contracts', kind] as const,
  /** My settlement lines and totals (agentRevenueReport; a kind's only: its contract page's records). */
  income: (token: string | null, search: { from: string; to: string; kind?: string }) =>
    [...agentKeys.all(token), 'income', search] as const,
};
