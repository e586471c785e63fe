// The catalogue (lists, lanes, favourites, recent games), the launch, catalogue sync, brands' offers and the
// house games' limits.
// Code outside games imports this file only.
export type { BrandGameOffer, BrandVendorOffer } from './brand-offers.repository';
export { BrandOfferService } from './brand-offers.service';
export { CatalogueCache } from './catalogue-cache';
export { CatalogueSyncService, type ImportResult } from './catalogue-sync.service';
export { CatalogueService, encodeCursor } from './catalogue.service';
export { gamesBackofficeRoutes } from './games.bo-routes';
export { gamesRoutes } from './games.routes';
export { HouseLimitService } from './house-limits.service';
export { seedDemoGaming } from './games.seed';
export { LaunchService } from './launch.service';
export type { LotteryVendorAddress } from './lottery-results';
export { LotteryCallService } from './lottery.service';
export { lotteryRoutes } from './lottery.routes';
