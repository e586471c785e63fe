/** Query keys of the leaderboards page, per brand. */
export const leaderboardKeys = {
  all: (brand: string) => ['leaderboards', brand] as const,
  list: (brand: string, query: object) => [...leaderboardKeys.all(brand), 'list', query] as const,
  standings: (brand: string, leaderboardId: number, periodStart: string | null) =>
    [...leaderboardKeys.all(brand), 'standings', leaderboardId, periodStart] as const,
};
