/** Query keys of the referral settings and abuse flags pages, per brand. */
export const referralKeys = {
  settings: (brand: string) => ['referrals', brand, 'settings'] as const,
  flags: (brand: string) => ['abuse-flags', brand] as const,
  flagList: (brand: string, query: object) => [...referralKeys.flags(brand), 'list', query] as const,
};
