/** Query keys of the messages page, per session token, so a sign-out never shows the last member's mail. */
export const messageKeys = {
  all: (token: string | null) => ['member-messages', token] as const,
  mailbox: (token: string | null) => [...messageKeys.all(token), 'mailbox'] as const,
  unread: (token: string | null) => [...messageKeys.all(token), 'unread'] as const,
  notices: (language: string) => ['member-messages', 'notices', language] as const,
};
