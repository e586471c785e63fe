/** Query keys of the my-wallet page, per session token, so a sign-out never shows the last member's wallets. */
export const transferFundKeys = {
  all: (token: string | null) => ['member-wallet', token] as const,
  wallets: (token: string | null) => [...transferFundKeys.all(token), 'wallets'] as const,
};
