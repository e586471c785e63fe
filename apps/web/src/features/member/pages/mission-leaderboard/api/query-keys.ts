/**
 * Query keys of the missions page, per session token, so a sign-out never shows the last member's missions; the
 * summary per language too, as its titles come in the language asked. The menu badge reads the same summary.
 */
export const missionKeys = {
  all: (token: string | null) => ['member-missions', token] as const,
  summary: (token: string | null, language: string) => [...missionKeys.all(token), 'summary', language] as const,
  leaderboards: (token: string | null, language: string) =>
    [...missionKeys.all(token), 'leaderboards', language] as const,
};
