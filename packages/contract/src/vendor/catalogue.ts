import { z } from 'zod';
import { GAME_STATUSES, GameTypeSchema, LiveClassSchema, SortOrderSchema } from '../games/schemas';

const Code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');

// The runtime's WHATWG URL parser (Node's, a browser's): the contract compiles without DOM or Node types.
declare const URL: new (input: string) => { protocol: string; hostname: string };

/** Plain http is for a vendor on this machine only: the embedded house games (decision 0028). */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;
const ABSOLUTE = /^https?:\/\//i;
/**
 * A path: not `//host` (another site, with the page's scheme), and a first segment of plain name characters,
 * so that no scheme hides in it, written or encoded (`javascript:`, `javascript&colon;`, `javascript%3A`).
 */
const PATH = /^(?!\/\/)[\w.~-]*(?:[/?#]|$)/;
/** Characters that parsers strip or read differently (a tab inside `java\tscript:`, a backslash for a slash). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f\\]/;

/**
 * Why an address of a feed cannot be answered to players, or undefined when it can. A feed names where
 * games open and where their icons are, and the platform answers those to every client as they are, a
 * session token added to a launch: so an address is an https: URL (http: only on localhost, 127.0.0.0/8
 * or [::1]), or, where `path` allows it, a path the platform puts on its own hosts (a brand's
 * launchGameCDNs or imageCDNs). Never `javascript:`, `data:` or any other scheme, however written.
 */
export function findFeedUrlProblem(value: string, { path }: { path: boolean }): string | undefined {
  const expected = `must be an https: URL (http: only on localhost, 127.0.0.0/8 or [::1])${path ? ' or a path' : ''}`;
  if (UNSAFE_CHARACTER.test(value)) return 'must be written without spaces, control characters or backslashes';
  if (!ABSOLUTE.test(value)) {
    return path && PATH.test(value) ? undefined : expected;
  }
  let url: { protocol: string; hostname: string };
  try {
    url = new URL(value);
  } catch {
    return `${expected}: this one does not parse`;
  }
  if (url.hostname === '') return `${expected}: this one names no host`;
  if (url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname)) return expected;
  return undefined;
}

/** An address of a feed (findFeedUrlProblem); where a path is allowed, empty names none. */
const feedUrl = (max: number, options: { path: boolean }) =>
  z
    .string()
    .max(max)
    .superRefine((value, context) => {
      const problem = findFeedUrlProblem(value, options);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** Which wallet a vendor's games play from (decision 0036). */
export const VENDOR_WALLET_MODES = ['seamless', 'transfer'] as const;
export type VendorWalletMode = (typeof VENDOR_WALLET_MODES)[number];

/**
 * A vendor's catalogue feed (JSON), imported by operators with `npm run admin -- games import <file>`,
 * and read again from the vendor's `catalogueUrl` when it has one (`games sync`, and every 6 hours).
 * Games are matched by `code` within the vendor: a re-import updates them and never duplicates.
 */
export const CatalogueFeedGameSchema = z.object({
  code: Code,
  gameName: z.string().min(1).max(200),
  gameType: GameTypeSchema,
  showIcon: feedUrl(1000, { path: true }).default(''),
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
      'The account type a lottery game opens under: VN opens it on /vnlottery, SEA on /seaLottery. The vendor code when absent.',
    ),
});
export type CatalogueFeedGame = z.infer<typeof CatalogueFeedGameSchema>;

export const CatalogueFeedSchema = z
  .object({
    vendor: z.object({
      code: Code.describe('The vassalage code, e.g. PARLAY or TCG_SEA.'),
      name: z.string().min(1).max(100),
      gameTypes: z.array(GameTypeSchema).min(1),
      smallIcon: feedUrl(1000, { path: true }).default(''),
      launchUrl: feedUrl(2000, { path: true }).describe(
        'Where the vendor opens a game; the platform adds the launch parameters. Empty: the games do not open.',
      ),
      status: z.enum(GAME_STATUSES).default('active'),
      isHot: z.boolean().default(false),
      walletMode: z
        .enum(VENDOR_WALLET_MODES)
        .optional()
        .describe(
          "seamless (absent): its games play from the member's main wallet. transfer: on a brand with TRANSFER_WALLETS, from the member's wallet of this vendor, filled by transfers from the main one.",
        ),
      catalogueUrl: feedUrl(2000, { path: false })
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
  /**
   * A lottery launch (launchMode LOTT, docs/product/games-and-wallet.md#lottery-launch-payload) passes on its area,
   * prize mode, view and device.
   */
  lottoArea: 'lottoArea',
  prizeMode: 'prizeMode',
  lottoView: 'lottoView',
  device: 'device',
} as const;
