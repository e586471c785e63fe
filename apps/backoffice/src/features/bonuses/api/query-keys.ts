/** Query keys of the bonuses' pages, per brand. */
export const bonusKeys = {
  all: (brand: string) => ['bonuses', brand] as const,
  promotions: (brand: string, query: object) => [...bonusKeys.all(brand), 'promotions', query] as const,
  memberBonuses: (brand: string, query: object) => [...bonusKeys.all(brand), 'member-bonuses', query] as const,
  settings: (brand: string) => [...bonusKeys.all(brand), 'settings'] as const,
};
