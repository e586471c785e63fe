/** The lottery pages' queries: each game's settings for a brand, and a game's draws a page at a time. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  games: (brand: string) => ['lottery', 'games', brand] as const,
  draws: (brand: string, game: string, cursor: string | undefined) =>
    ['lottery', 'draws', brand, game, cursor ?? ''] as const,
  vnAwaiting: (brand: string) => ['lottery', 'vn-awaiting', brand] as const,
};
