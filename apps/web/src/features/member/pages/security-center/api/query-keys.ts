/** The security centre's cached reads, under the session's token: another member never sees this one's. */
export const securityKeys = {
  all: (token: string | null) => ['security', token] as const,
  overview: (token: string | null) => ['security', token, 'overview'] as const,
  signIns: (token: string | null) => ['security', token, 'sign-ins'] as const,
  sessions: (token: string | null) => ['security', token, 'sessions'] as const,
  knownIps: (token: string | null) => ['security', token, 'ips'] as const,
  paymentPassword: (token: string | null) => ['security', token, 'payment-password'] as const,
};
