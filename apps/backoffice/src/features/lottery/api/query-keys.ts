/** The lottery pages' queries: each game's settings for a brand, and a game's draws a page at a time. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  games: (brand: string) => ['lottery', 'games', brand] as const,
  draws: (brand: string, game: string, cursor: string | undefined) =>
    ['lottery', 'draws', brand, game, cursor ?? ''] as const,
  /** The draws of a family (vn, sea) whose result is due. */
  awaiting: (brand: string, family: 'vn' | 'sea') => ['lottery', `${family}-awaiting`, brand] as const,
};
