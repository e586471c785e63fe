/** Query keys of the point pages, per brand. */
export const pointKeys = {
  all: (brand: string) => ['points', brand] as const,
  config: (brand: string) => [...pointKeys.all(brand), 'config'] as const,
  ledger: (brand: string, memberId: number, cursor?: string) =>
    [...pointKeys.all(brand), 'ledger', memberId, cursor ?? ''] as const,
};
