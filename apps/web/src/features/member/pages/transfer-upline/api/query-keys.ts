/** Query keys of the transfer-to-upline page, per session token, so a sign-out never shows the last member's. */
export const transferUplineKeys = {
  all: (token: string | null) => ['member-transfer-upline', token] as const,
  overview: (token: string | null) => [...transferUplineKeys.all(token), 'overview'] as const,
};
