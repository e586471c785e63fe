export { buildHouseApp, type HouseApp } from './app';
export { defaultHouseConfig, type HouseConfig } from './config';
export { openHouseDatabase, type HouseDatabase } from './db/database';
export { migrateHouse } from './db/migrate';
export { houseCatalogueFeed, HOUSE_VENDOR_CODE } from './catalogue';
export { WalletClient, WalletRefusedError, WalletUnavailableError } from './wallet/wallet-client';
export { listHouseLimits, setHouseLimits, type BrandLimits, type StoredBrandLimits } from './limits';
