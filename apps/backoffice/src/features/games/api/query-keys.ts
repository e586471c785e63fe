import type {
  BrandOfferGameListQuery,
  OpenRoundListQuery,
  PageRequest,
  PromotionCreditListQuery,
} from '@parlay/contract';

/** The Games pages' cached answers; a change asks again for what it touched. */
export const gamesKeys = {
  vendorFeeds: (query: Partial<PageRequest>) => ['games', 'vendor-feeds', query] as const,
  allVendorFeeds: ['games', 'vendor-feeds'] as const,
  offer: (brand: string) => ['games', 'offer', brand] as const,
  offerVendor: (brand: string, vendor: string) => ['games', 'offer', brand, 'vendor', vendor] as const,
  offerGames: (brand: string, vendor: string, query: Partial<BrandOfferGameListQuery>) =>
    ['games', 'offer', brand, 'vendor', vendor, 'games', query] as const,
  gameOrder: (brand: string, vendor: string) => ['games', 'offer', brand, 'vendor', vendor, 'order'] as const,
  promotionCredits: (brand: string, vendor: string, query: Partial<PromotionCreditListQuery>) =>
    ['games', 'offer', brand, 'vendor', vendor, 'promotions', query] as const,
  openRounds: (brand: string, query: Partial<OpenRoundListQuery>) => ['games', 'open-rounds', brand, query] as const,
  allOpenRounds: (brand: string) => ['games', 'open-rounds', brand] as const,
  houseLimits: (brand: string) => ['games', 'house-limits', brand] as const,
  encryptionKeys: ['games', 'encryption-keys'] as const,
};
