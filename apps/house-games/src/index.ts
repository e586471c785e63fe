export { buildHouseApp, type HouseApp } from './app';
export { defaultHouseConfig, type HouseConfig } from './config';
export { openHouseDatabase, type HouseDatabase } from './db/database';
export { migrateHouse } from './db/migrate';
export { houseCatalogueFeed, HOUSE_VENDOR_CODE } from './catalogue';
export { WalletClient, WalletRefusedError, WalletUnavailableError } from './wallet/wallet-client';
export { listHouseLimits, setHouseLimits, type BrandLimits, type StoredBrandLimits } from './limits';
export { findLotterySettings, setLotterySettings, type LotterySettings } from './lottery/lottery-settings';
export { LOTTERY_GAME_CODES, isLotteryGameCode, type LotteryGameCode } from './lottery/lottery-games';
export {
  listLotteryDrawsPage,
  listLotterySettingRows,
  lotteryDrawReports,
  lotteryGameInfos,
  setLotterySettingsAtVersion,
  MAX_LOTTERY_ODDS,
  type DrawKeyset,
  type LotteryDrawAdmin,
  type LotteryDrawReport,
  type LotteryGameInfo,
  type StoredLotterySettings,
} from './lottery/lottery-admin';
export { lotteryCatalogueFeed, LOTTERY_VENDOR_CODE, LOTTERY_PATH } from './lottery/lottery-catalogue';
export {
  confirmVnResult,
  enterVnResult,
  listVnDrawsAwaitingResult,
  sandboxVnResultsFeed,
  VN_FEED_OPERATOR,
  type VnDrawAwaitingResult,
  type VnDrawRef,
  type VnEntryView,
  type VnPublishedDraw,
  type VnResultQuery,
  type VnResultsFeed,
} from './lottery/lottery-vn';
export {
  confirmSeaResult,
  enterSeaResult,
  listSeaDrawsAwaitingResult,
  sandboxSeaResult,
  type SeaDrawAwaitingResult,
  type SeaResultQuery,
} from './lottery/lottery-sea';
export { listLotteryDrawActions, voidLotteryDraw, type VoidedDraw } from './lottery/lottery-void';
export type { DrawAction as LotteryDrawAction } from './lottery/lottery.repository';
export { HouseError, HOUSE_ERRORS, translate as translateHouseError, type HouseErrorCode } from './errors';
