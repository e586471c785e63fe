/** Game types a vendor serves (docs/product/games-and-wallet.md#vendors-and-lanes). */
export const GAME_TYPES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Live casino game classes (docs/product/games-and-wallet.md#live-casino-classes), code → English name. */
export const LIVE_CLASSES = {
  BAC: 'Baccarat',
  SIC: 'Sicbo',
  ROU: 'Roulette',
  DAT: 'Dragon Tiger',
  BJ: 'Blackjack',
  HE: "Hold'Em",
  MT: 'Mahjong Tiles',
  TCP: 'Card-Poker',
  WZPJ: 'Wenzhou Pai Gow',
  SD: 'Se Die',
  FT: 'Fan Tan',
  NN: 'NiuNiu',
  YSX: 'Yu Sia Xie',
  ZJH: 'ZJH',
  MJ: 'Mahjong',
} as const;
export type LiveClass = keyof typeof LIVE_CLASSES;
export const LIVE_CLASS_CODES = Object.keys(LIVE_CLASSES) as LiveClass[];

/** Point rates per game type (docs/product/constants.md#point-rates): points earned per unit of valid bet. */
export const POINT_RATES = { LIVE: 0.7, SPORTS: 1.0, FISH: 1.2, RNG: 1.2, PVP: 1.0 } as const;

/** Game list request page size (docs/product/games-and-wallet.md#game-list-paging). */
export const GAME_LIST_PAGE_SIZE = 24;
/**
 * Dropdowns show 21 cards on the first page, then 18 after a page change
 * (docs/product/games-and-wallet.md#game-list-paging).
 */
export const DROPDOWN_FIRST_PAGE_SIZE = 21;
export const DROPDOWN_NEXT_PAGE_SIZE = 18;
/** Hot lottery count and VN opened numbers count (docs/product/constants.md#game-constants). */
export const HOT_LOTTERY_COUNT = 20;
export const VN_NUMBERS_COUNT = 100;
/** The member's recent lottery menu holds at most this many games (docs/product/calls.md#lottery). */
export const RECENT_LOTTERY_COUNT = 20;
/** Popular lotteries are counted over the rounds of this many last days (docs/product/calls.md#lottery). */
export const POPULAR_LOTTERY_DAYS = 7;
/** The Vietnamese lottery's three regions, in the order the VN menu lists them (docs/product/lottery.md). */
export const VN_LOTTERY_REGIONS = ['north', 'central', 'south'] as const;
export type VnLotteryRegion = (typeof VN_LOTTERY_REGIONS)[number];
/** What the slots page advertises (docs/product/constants.md#game-constants). */
export const ADVERTISED_SLOT_GAMES = 10_000;

/** `isGame` value marking a game that opens a popup list of sub-games (docs/product/games-and-wallet.md#game). */
export const IS_GAME_VASSALAGE = 'VASSALAGE';
/** `supportPlay` 0 means the game offers a free trial (docs/product/games-and-wallet.md#free-trial). */
export const SUPPORT_PLAY_FREE_TRIAL = 0;
/**
 * Crash games are slots with this classification: /rng?gameClassify=Crash
 * (docs/product/games-and-wallet.md#game-categories).
 */
export const CRASH_CLASSIFICATION = 'Crash';
/**
 * Categories whose vendor opens directly instead of through a game list
 * (docs/product/games-and-wallet.md#opening-a-vendor).
 */
export const DIRECT_OPEN_CATEGORIES = ['SPORTS', 'ESPORTS', 'ELOTT', 'LOTT'] as const;
/** For ELOTT or LOTT the game of this vassalage starts directly (docs/product/games-and-wallet.md#opening-a-game). */
export const DIRECT_START_VASSALAGE = 'TCG_SEA';
/**
 * This vendor leaves the sports list and shows as its own entry after Live
 * (docs/product/site-shell-and-routes.md#bottom-navigation).
 */
export const STANDALONE_SPORTS_VENDOR = 'DS88';

/**
 * The lottery launch payload (docs/product/games-and-wallet.md#lottery-launch-payload): the lottery area (VN) and the
 * view the lottery opens on, its betting board or its lobby.
 */
export const LOTTO_AREA = 'VN';
export const LOTTO_VIEWS = ['betting', 'lobby'] as const;
export type LottoView = (typeof LOTTO_VIEWS)[number];

/** Launch payload constants (docs/product/games-and-wallet.md#game-launch). */
export const LAUNCH_DEFAULTS = {
  accountType: 1,
  confirmTrans: 0,
  launchMode: 'GLS',
  platform: 'html5-desktop',
  clientType: 3,
} as const;
/** The platform list the game calls send (docs/product/calls.md#games). */
export const GAME_PLATFORMS = 'flash,html5-desktop';

/** Category → route of the player site (docs/product/games-and-wallet.md#game-categories). */
export const GAME_CATEGORY_ROUTES = {
  LIVE: '/live',
  SPORTS: '/sports',
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  ESPORTS: '/esports',
  ELOTT: '/elott',
  LOTT: '/elott',
} as const;

/**
 * Nav items with their point rates (docs/product/games-and-wallet.md#game-categories); `name` is an i18n key of the
 * player site.
 */
export const NAV_ITEMS = [
  { name: 'live', gameType: 'LIVE', page: '/live', enName: 'Live', pointRate: 0.7, sideMenuIcon: 'live' },
  { name: 'sports', gameType: 'SPORTS', page: '/sports', enName: 'Sports', pointRate: 1.0, sideMenuIcon: 'sports' },
  { name: 'fishing', gameType: 'FISH', page: '/fish', enName: 'Fishing', pointRate: 1.2, sideMenuIcon: 'fish' },
  { name: 'slots', gameType: 'RNG', page: '/rng', enName: 'Slots', pointRate: 1.2, sideMenuIcon: 'rng' },
  { name: 'pvp', gameType: 'PVP', page: '/pvp', enName: 'PVP', pointRate: 1.0, sideMenuIcon: 'pvp' },
] as const;
