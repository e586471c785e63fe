/** Query keys of the cashier's pages, per brand. */
export const cashierKeys = {
  all: (brand: string) => ['cashier', brand] as const,
  deposits: (brand: string, query: object) => [...cashierKeys.all(brand), 'deposits', query] as const,
  settings: (brand: string) => [...cashierKeys.all(brand), 'settings'] as const,
};
