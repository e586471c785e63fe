/** Query keys of the invite-friends page, per session token, so a sign-out never shows the last member's. */
export const referralKeys = {
  all: (token: string | null) => ['member-referral', token] as const,
  summary: (token: string | null) => [...referralKeys.all(token), 'summary'] as const,
  members: (token: string | null) => [...referralKeys.all(token), 'members'] as const,
};
