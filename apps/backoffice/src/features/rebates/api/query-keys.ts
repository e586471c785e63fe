/** Query keys of the cashback page, per brand. */
export const rebateKeys = {
  all: (brand: string) => ['rebates', brand] as const,
  settings: (brand: string) => [...rebateKeys.all(brand), 'settings'] as const,
  payouts: (brand: string, account: string, cursor?: string) =>
    [...rebateKeys.all(brand), 'payouts', account, cursor ?? ''] as const,
};
