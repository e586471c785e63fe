/** Query keys of the bonus details page, per session token, so a sign-out never shows the last member's bonuses. */
export const bonusKeys = {
  all: (token: string | null) => ['member-bonuses', token] as const,
  list: (token: string | null) => [...bonusKeys.all(token), 'list'] as const,
};
