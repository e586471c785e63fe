// The Games pages: vendors and their feeds, a brand's offer, rounds left open, house-game limits, and the
// request-encryption keys. Code outside this feature imports this file only.
export { VendorFeeds } from './components/vendor-feeds';
export { BrandOffer } from './components/brand-offer';
export { OfferVendor } from './components/offer-vendor';
export { OpenRounds } from './components/open-rounds';
export { HouseLimits } from './components/house-limits';
export { EncryptionKeys } from './components/encryption-keys';
