/** Query keys of the responsible-gaming page, per session token, so a sign-out never shows the last member's. */
export const protectionKeys = {
  all: (token: string | null) => ['member-protection', token] as const,
  settings: (token: string | null) => [...protectionKeys.all(token), 'settings'] as const,
};
