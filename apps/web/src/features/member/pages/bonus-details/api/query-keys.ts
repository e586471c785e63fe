/**
 * Query keys of the bonus details page, per session token, so a sign-out never shows the last member's bonuses; the
 * list per language too, as its promotion titles come in the language asked.
 */
export const bonusKeys = {
  all: (token: string | null) => ['member-bonuses', token] as const,
  list: (token: string | null, language: string) => [...bonusKeys.all(token), 'list', language] as const,
};
