/** Query keys of the applications page, per brand. */
export const applicationKeys = {
  all: (brand: string) => ['applications', brand] as const,
  list: (brand: string, query: object) => [...applicationKeys.all(brand), 'list', query] as const,
};
