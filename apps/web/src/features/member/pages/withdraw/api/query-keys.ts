/** Query keys of the withdraw page, per session token, so a sign-out never shows the last member's data. */
export const withdrawKeys = {
  all: (token: string | null) => ['member-withdraw', token] as const,
  overview: (token: string | null) => [...withdrawKeys.all(token), 'overview'] as const,
  withdrawals: (token: string | null) => [...withdrawKeys.all(token), 'withdrawals'] as const,
};
