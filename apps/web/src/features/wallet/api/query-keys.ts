/** Query keys of the wallet feature, per session token, so a sign-out never shows the last balance. */
export const walletKeys = {
  all: ['wallet'] as const,
  session: (token: string | null) => [...walletKeys.all, token] as const,
  balance: (token: string | null) => [...walletKeys.session(token), 'balance'] as const,
  merchantWallet: (token: string | null) => [...walletKeys.session(token), 'merchant-wallet'] as const,
  consolidated: (token: string | null) => [...walletKeys.session(token), 'consolidated'] as const,
  bettingRecords: (token: string | null) => [...walletKeys.session(token), 'betting-records'] as const,
  bettingRecord: (token: string | null, vassalage: string, roundId: string) =>
    [...walletKeys.bettingRecords(token), vassalage, roundId] as const,
};
