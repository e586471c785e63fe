/** Query keys of the cashback page, per session token, so a sign-out never shows the last member's. */
export const rebateKeys = {
  all: (token: string | null) => ['member-rebates', token] as const,
  summary: (token: string | null) => [...rebateKeys.all(token), 'summary'] as const,
};
