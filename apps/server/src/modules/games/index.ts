// The catalogue, lists, favourites, launch. Code outside games imports this file only.
export type { BrandGameOffer, BrandVendorOffer } from './games.repository';
export { gamesRoutes } from './games.routes';
export { seedDemoGaming } from './games.seed';
export { encodeCursor, GamesService } from './games.service';
