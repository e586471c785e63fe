import { z } from 'zod';
import { GAME_STATUSES, GameTypeSchema, LiveClassSchema, SortOrderSchema } from '../games/schemas';

const Code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');

/**
 * A vendor's catalogue feed (JSON), imported by operators with `npm run admin -- games import <file>`,
 * and read again from the vendor's `catalogueUrl` when it has one (`games sync`, and every 6 hours).
 * Games are matched by `code` within the vendor: a re-import updates them and never duplicates.
 */
export const CatalogueFeedGameSchema = z.object({
  code: Code,
  gameName: z.string().min(1).max(200),
  gameType: GameTypeSchema,
  showIcon: z.string().max(1000).default(''),
  supportPlay: z.union([z.literal(0), z.literal(1)]).default(1),
  defaultPlayType: z.string().max(64).default(''),
  isGame: z.string().max(32).default(''),
  parentCode: Code.optional().describe('Code of the VASSALAGE game this one is listed under.'),
  liveClass: LiveClassSchema.optional(),
  gameClassify: z.string().max(32).optional(),
  isHot: z.boolean().default(false),
  minBet: z.number().int().min(0).optional(),
  minLineNum: z.number().int().min(0).optional(),
  status: z.enum(GAME_STATUSES).default('active'),
  sortOrder: SortOrderSchema.default(0),
  accountTypeName: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'The account type a lottery game opens under: VN opens it on /vnlottery, SEA on /seaLottery (spec 01 §2). The vendor code when absent.',
    ),
});
export type CatalogueFeedGame = z.infer<typeof CatalogueFeedGameSchema>;

export const CatalogueFeedSchema = z
  .object({
    vendor: z.object({
      code: Code.describe('The vassalage code, e.g. PARLAY or TCG_SEA.'),
      name: z.string().min(1).max(100),
      gameTypes: z.array(GameTypeSchema).min(1),
      smallIcon: z.string().max(1000).default(''),
      launchUrl: z
        .string()
        .max(2000)
        .describe('Where the vendor opens a game; the platform adds the launch parameters.'),
      status: z.enum(GAME_STATUSES).default('active'),
      isHot: z.boolean().default(false),
      catalogueUrl: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional()
        .describe(
          'Where the vendor publishes this feed: the platform reads it again every CATALOGUE_SYNC_EVERY_MS (catalogue sync).',
        ),
    }),
    games: z.array(CatalogueFeedGameSchema).max(50_000),
  })
  .superRefine((feed, context) => {
    // A game of a type its vendor does not declare would be listed under a category with no tab for it.
    for (const [index, game] of feed.games.entries()) {
      if (!feed.vendor.gameTypes.includes(game.gameType)) {
        context.addIssue({
          code: 'custom',
          path: ['games', index, 'gameType'],
          message: `${game.gameType} is not one of the vendor's gameTypes (${feed.vendor.gameTypes.join(', ')})`,
        });
      }
    }
  });
export type CatalogueFeed = z.infer<typeof CatalogueFeedSchema>;

/**
 * Catalogue sync, the vendor adapter's third part beside the launch and the seamless wallet: the platform
 * sends `GET <catalogueUrl>` with `VENDOR_HEADERS.vendorCode`, and the vendor answers its whole feed as
 * JSON with `VENDOR_HEADERS.signature`, the lower-case hex HMAC-SHA256 of the raw body keyed with the
 * vendor's wallet secret. Nothing of an answer is read before that signature checks out, since a feed
 * sets where games launch. The answer is at most `CATALOGUE_SYNC_MAX_BYTES` and comes within
 * `CATALOGUE_SYNC_TIMEOUT_MS`.
 */
export const CATALOGUE_SYNC_EVERY_MS = 6 * 60 * 60 * 1000;
export const CATALOGUE_SYNC_TIMEOUT_MS = 30_000;
export const CATALOGUE_SYNC_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Query parameters the platform adds to the vendor's launchUrl. The vendor keeps `sessionToken` and
 * sends it with every debit; `playerId` and `currency` identify the wallet. In trial mode the player is
 * a play-money wallet that never touches the ledger.
 */
export const VENDOR_LAUNCH_PARAMS = {
  sessionToken: 'sessionToken',
  playerId: 'playerId',
  gameCode: 'gameCode',
  currency: 'currency',
  language: 'language',
  mode: 'mode',
  roomId: 'roomId',
  /** Where the game's own "back" leads: a page of the brand's site, on the host the member launched from. */
  backUrl: 'backUrl',
  /** A lottery launch (launchMode LOTT, spec 01 §7) passes on its area, prize mode, view and device. */
  lottoArea: 'lottoArea',
  prizeMode: 'prizeMode',
  lottoView: 'lottoView',
  device: 'device',
} as const;
