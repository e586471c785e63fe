/** Query keys of the withdrawal pages, per brand. */
export const withdrawalKeys = {
  all: (brand: string) => ['withdrawals', brand] as const,
  queue: (brand: string, query: object) => [...withdrawalKeys.all(brand), 'queue', query] as const,
  settings: (brand: string) => [...withdrawalKeys.all(brand), 'settings'] as const,
};
