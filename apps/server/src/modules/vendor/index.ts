// The seamless wallet vendors call: signatures, launch sessions, idempotency. Code outside vendor imports
// this file only (tests may also use vendor.fixtures.ts).
export { SecretBox } from './secret-box';
export { vendorWalletRoutes } from './vendor.routes';
export { hashToken, signBody, signWalletCall, VendorService, type PromotionDay } from './vendor.service';
