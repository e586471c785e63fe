import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { PRIZE_MODES } from '../system/constants';
import { GAME_LIST_PAGE_SIZE, GAME_TYPES, LIVE_CLASS_CODES, LOTTO_AREA, LOTTO_VIEWS } from './constants';

export const GameTypeSchema = z.enum(GAME_TYPES);
export const LiveClassSchema = z.enum(LIVE_CLASS_CODES as [string, ...string[]]);
const Flag = z.union([z.literal(0), z.literal(1)]);
const Code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');
/**
 * An integer sent as a JSON number or as decimal digits (a query string has nothing else). A boolean, an
 * array, hex or an exponent is refused, where z.coerce would read `true` as 1 and `[4]` as 4.
 */
function integerInput(check: z.ZodNumber = z.number().int()) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,20}$/, 'an integer in decimal digits'),
    ])
    .transform(Number)
    .pipe(check);
}
/** Largest value of a PostgreSQL integer column such as games.min_line_num. */
const MAX_DB_INTEGER = 2_147_483_647;

/** Availability of a vendor or a game: maintenance shows 'Game maintenance' and cannot launch. */
export const GAME_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export const GameStatusSchema = z.enum(GAME_STATUSES);

/** A game as the player site shows it (docs/product/games-and-wallet.md#game). */
export const GameSchema = z.object({
  id: z.number().int().describe('The platform id of the game; the launch request sends it as gameId.'),
  vassalage: z.string().describe('Code of the vendor (account type name), e.g. TCG_SEA or PARLAY.'),
  gameName: z.string(),
  nodeId: z.number().int().describe('The vendor node the game belongs to.'),
  nodeName: z.string().describe('Display name of the vendor node.'),
  showIcon: z.string().describe('Icon path; the client prefixes a host picked from imageCDNs when relative.'),
  supportPlay: Flag.describe('0: a free trial is offered; 1: real play only.'),
  gameType: GameTypeSchema,
  code: z.string().describe("The vendor's game code."),
  defaultPlayType: z.string(),
  accountTypeName: z
    .string()
    .describe(
      'The account type the game opens under: a lottery of type VN opens on /vnlottery, SEA on /seaLottery; the vendor code unless its feed names one.',
    ),
  isGame: z.string().describe("'VASSALAGE' marks a game that opens a popup list of sub-games; empty otherwise."),
  parentId: z.number().int().nullable().describe('The VASSALAGE game this one is listed under, if any.'),
  liveClass: LiveClassSchema.nullable().describe('Live casino class (BAC, SIC, ROU, ...), for LIVE games.'),
  gameClassify: z.string().nullable().describe('Sub-classification, e.g. Crash.'),
  isHot: Flag,
  minBet: z.number().int().nullable().describe('Smallest stake in minor units, when the vendor says.'),
  minLineNum: z.number().int().nullable(),
  status: GameStatusSchema.describe('maintenance: the game or its vendor is down and cannot launch.'),
});
export type Game = z.infer<typeof GameSchema>;

/** A place in a display order: an integer PostgreSQL's `integer` column holds. */
export const SortOrderSchema = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/**
 * A brand's choices over one game of a vendor's feed (operators: `npm run admin -- games offer`). An
 * absent field is left as it is; null drops the brand's choice, so the game follows the feed again. A
 * later feed never undoes a choice.
 */
export const BrandGameChoicesSchema = z.object({
  enabled: z
    .boolean()
    .nullable()
    .optional()
    .describe('false: the brand does not list the game, whatever the feed says.'),
  hot: z.boolean().nullable().optional().describe("The brand's hot flag, in place of the feed's isHot."),
  sortOrder: SortOrderSchema.nullable()
    .optional()
    .describe("The brand's place for the game, in place of the feed's sortOrder."),
});
export type BrandGameChoices = z.infer<typeof BrandGameChoicesSchema>;

/** A brand's choices over one vendor: whether it offers the vendor's games at all, and the vendor's place. */
export const BrandVendorChoicesSchema = z.object({
  enabled: z.boolean().optional(),
  sortOrder: SortOrderSchema.optional().describe(
    "The vendor's place among the brand's vendors (tabs, dropdowns, lanes).",
  ),
});
export type BrandVendorChoices = z.infer<typeof BrandVendorChoicesSchema>;

const QueryFlag = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).transform((v) => Number(v));

/** GET /wps/relay/GCSGAME_gameList (docs/product/calls.md#games). */
export const GameListQuerySchema = z.object({
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(64).optional(),
  channel: z.string().max(64).optional(),
  merchant: z.string().max(64).optional(),
  merchantCode: z.string().max(64).optional(),
  language: z.string().max(16).optional(),
  gameName: z.string().trim().max(64).optional().describe('Case-insensitive search in the game name.'),
  minBet: z.coerce.number().int().min(0).optional(),
  minLineNum: z.coerce.number().int().min(0).max(MAX_DB_INTEGER).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
  vassalage: z.string().max(64).optional(),
  gameType: z.union([GameTypeSchema, z.literal('')]).optional(),
  gameClassify: z.string().max(32).optional(),
  liveClass: z.union([LiveClassSchema, z.literal('')]).optional(),
  isHot: QueryFlag.optional(),
  parentId: z.coerce.number().int().optional().describe('Lists the sub-games of a VASSALAGE game.'),
  cursor: z
    .string()
    .max(64)
    .optional()
    .describe('Keyset cursor from the previous page (nextCursor); when given it replaces pageNo offsets.'),
});
export type GameListQuery = z.infer<typeof GameListQuerySchema>;

export const GameListSchema = z.object({
  games: z.array(GameSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  nextCursor: z.string().nullable().describe('Pass as cursor to get page pageNum + 1 by keyset.'),
});
export type GameList = z.infer<typeof GameListSchema>;
export const GameListResponseSchema = successEnvelope(GameListSchema);

/** GET /wps/relay/GCSGAME_hotGamesV2. */
export const HotGamesQuerySchema = z.object({
  merchantCode: z.string().max(64).optional(),
  isPlatform: z.coerce.number().int().optional(),
  vassalage: z.string().max(64).optional(),
  platform: z.string().max(64).optional(),
  language: z.string().max(16).optional(),
  gameType: z.union([GameTypeSchema, z.literal('')]).optional(),
});
export const GameListValueSchema = z.object({ list: z.array(GameSchema) });
export const HotGamesResponseSchema = successEnvelope(GameListValueSchema);

/** A vendor card of a category lane (docs/product/games-and-wallet.md#vendors-and-lanes). */
export const VendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  smallIcon: z.string(),
  isHot: Flag,
  status: GameStatusSchema.describe(
    "maintenance: no game of the vendor's category plays now; such a card is listed only for a brand that shows " +
      'categories as coming soon (WHITELABEL.COMING_SOON_CATEGORIES), and is left out otherwise.',
  ),
  gameType: GameTypeSchema,
});
export type VendorCard = z.infer<typeof VendorCardSchema>;
export const VendorLaneSchema = z.object({
  title: GameTypeSchema.describe('The category; the player site translates it.'),
  cards: z.array(VendorCardSchema),
});
export type VendorLane = z.infer<typeof VendorLaneSchema>;
export const GameVendorQuerySchema = z.object({ merchantCode: z.string().max(64).optional() });
export const GameVendorSchema = z.object({
  data: z.object({ lanes: z.array(VendorLaneSchema) }),
  version: z.number().int().describe('Catalogue version; changes whenever vendors or games change.'),
});
export type GameVendor = z.infer<typeof GameVendorSchema>;
export const GameVendorResponseSchema = successEnvelope(GameVendorSchema);

/** GET /wps/relay/GCSGAME_getVassGameType: each vendor with its game types. */
export const VassGameTypeSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameTypes: z.array(GameTypeSchema),
});
export const VassGameTypeResponseSchema = successEnvelope(z.object({ list: z.array(VassGameTypeSchema) }));

/** GET /lgw/games/game_menus: the lottery menu (docs/product/games-and-wallet.md#lottery-menu). */
export const GameMenuSchema = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  gameMenus: z.array(GameSchema),
});
export const GameMenusResponseSchema = successEnvelope(z.object({ list: z.array(GameMenuSchema) }));

/** Favourites: MCSFE_getFavoriteGames answers ids, MCSFE_getFavoriteGamesList the games. */
export const FavoriteIdsResponseSchema = successEnvelope(z.object({ gameIds: z.array(z.number().int()) }));
export const FavoriteGamesResponseSchema = HotGamesResponseSchema;
export const FavoriteChangeBodySchema = z.object({ gameId: integerInput(z.number().int().positive()) });
export const FavoriteChangeResponseSchema = FavoriteIdsResponseSchema;

/** GET /wps/relay/GCS_recentGame: the member's recently launched games, newest first. */
export const RecentGamesResponseSchema = HotGamesResponseSchema;

/** GET /wps/relay/GLS2_roomList: PVP rooms the member can join. */
export const PvpRoomSchema = z.object({
  roomId: z.number().int(),
  roomName: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  minBet: z.number().int().nullable(),
  status: GameStatusSchema,
});
export const RoomListResponseSchema = successEnvelope(z.object({ list: z.array(PvpRoomSchema) }));

/** GET /wps/relay/GCSGAME_getRankList: the winner board of settled rounds that paid more than their stake, up to 15 s old. */
export const RankListQuerySchema = z.object({
  gameType: z.union([GameTypeSchema, z.literal('')]).optional(),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const RankEntrySchema = z.object({
  account: z.string().describe('Masked account name, e.g. de**o.'),
  gameId: z.number().int().nullable().describe('The catalogue game; null when the catalogue no longer has it.'),
  gameType: z.string().nullable(),
  gameName: z.string(),
  vassalage: z.string(),
  winMinor: z.number().int().describe('What the round paid, stake included; always more than stakeMinor.'),
  stakeMinor: z.number().int(),
  multiplier: z
    .number()
    .nullable()
    .describe('winMinor over stakeMinor, rounded down to two places; null for a round that staked nothing.'),
  currency: z.string().length(3),
  settledAt: z.string(),
});
export const RankListResponseSchema = successEnvelope(z.object({ list: z.array(RankEntrySchema) }));

/** /wps/game/launchGame payload (docs/product/games-and-wallet.md#game-launch); also the lottery launch. */
export const LaunchGameRequestSchema = z.object({
  gameId: integerInput(z.number().int().positive()).optional(),
  roomId: integerInput(z.number().int().positive()).optional(),
  gameCode: Code.optional().describe('Lottery launch: the game code with vassalage.'),
  nodeId: integerInput().optional(),
  accountType: integerInput().default(1),
  confirmTrans: integerInput().default(0),
  vassalage: z.string().max(64).optional(),
  launchMode: z.enum(['GLS', 'LOTT']).default('GLS'),
  platform: z.string().max(64).default('html5-desktop'),
  clientType: integerInput().default(3),
  username: z.string().max(64).optional(),
  token: z.string().max(512).optional().describe('Ignored: the Authorization header carries the session.'),
  merchantCode: z.string().max(64).optional(),
  language: z.string().max(16).optional(),
  prizeMode: z.enum(PRIZE_MODES).optional().describe("Lottery launch: one of the brand's prize modes."),
  lottoView: z.enum(LOTTO_VIEWS).optional().describe('Lottery launch: open on the betting board or the lobby.'),
  lottoArea: z.literal(LOTTO_AREA).optional().describe('Lottery launch: the lottery area.'),
  device: z.literal('WEB').optional().describe("The brand's device."),
  backUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional()
    .describe("Where the game's back button leads: a page on the host the member launched from."),
  playMode: z
    .enum(['real', 'trial'])
    .default('real')
    .describe('trial: free trial with play money that never touches the wallet (games with supportPlay 0).'),
});
export type LaunchGameRequest = z.infer<typeof LaunchGameRequestSchema>;

export const LaunchGameSchema = z.object({
  game_url: z.string().optional().describe('Open in the /game iframe page.'),
  game_url2: z.string().optional().describe('Alternative URL (opened in a new window by the client).'),
  content: z.string().optional().describe('PVP launch: the URL of the room.'),
  playMode: z.enum(['real', 'trial']),
  sessionExpiresAt: z.string(),
});
export type LaunchGame = z.infer<typeof LaunchGameSchema>;
export const LaunchGameResponseSchema = successEnvelope(LaunchGameSchema);
