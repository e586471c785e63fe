/** Query keys of the identity-check pages, per brand. */
export const kycKeys = {
  all: (brand: string) => ['kyc', brand] as const,
  queue: (brand: string, query: object) => [...kycKeys.all(brand), 'queue', query] as const,
  review: (brand: string, memberId: number) => [...kycKeys.all(brand), 'review', memberId] as const,
  settings: (brand: string) => [...kycKeys.all(brand), 'settings'] as const,
};
