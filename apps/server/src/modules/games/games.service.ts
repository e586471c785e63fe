import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  BrandGameChoicesSchema,
  BrandVendorChoicesSchema,
  CatalogueFeedSchema,
  findFeedUrlProblem,
  GAME_TYPES,
  SUPPORT_PLAY_FREE_TRIAL,
  type CatalogueFeed,
  type Game,
  type GameList,
  type GameListQuery,
  type GameType,
  type GameVendor,
  type LaunchGame,
  type LaunchGameRequest,
  type VendorLane,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { VendorService } from '../vendor/index';
import { DEFAULT_CATALOGUE_READ_LIMITS, readCatalogue, type CatalogueReadLimits } from './catalogue-source';
import * as repository from './games.repository';

/** Input checked against a contract schema, or `code` with the first 20 places where it fails. */
function parseInput<T>(schema: z.ZodType<T>, input: unknown, code: 'GAME_FEED_INVALID' | 'VALIDATION_FAILED'): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(code, {
      issues: parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  return parsed.data;
}

/** The line recorded on a vendor for a catalogue reading that was not written. */
function describeSyncFailure(error: unknown): string {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : String(error);
  const value = error.value as { reason?: string; issues?: { path: string; message: string }[] } | undefined;
  if (value?.reason) return `${error.code}: ${value.reason}`;
  const issue = value?.issues?.[0];
  if (issue) return `${error.code}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`;
  return error.code;
}

/** What the catalogue needs to know of the brand of a request. */
export interface BrandContext {
  id: number;
  /** The merchant code, told to vendors at launch. */
  code: string;
  currency: string;
  currencyExponent: number;
  launchGameCDNs: string[];
  /** The lottery prize modes the brand offers (spec 01 §1). */
  prizeModes?: readonly string[];
}

export interface PlayerContext {
  id: number;
  merchantId: number;
  /** The sign-in the request came with; a game launched from it ends with it. */
  sessionId?: number;
}

const VERSION_CHECK_MS = 2_000;
/** The largest page GCSGAME_gameList gives: the lottery menu and the PVP room list read theirs in such pages. */
const EVERY_PAGE_SIZE = 100;
const COUNT_CACHE_MS = 30_000;
/** Lists whose page ends are kept; each holds one keyset per page (about 420 for 10,000 games). */
const PAGE_ENDS_MAX = 500;
/** Lists whose totals are kept. */
const COUNTS_MAX = 5_000;
const HOT_LIMIT = 48;
const ROW_CACHE_MAX = 100_000;

/** One number for a brand's game in the row cache: no key string to build per game of every page. */
function rowKey(brandId: number, gameId: number): number {
  return brandId * 2 ** 32 + gameId;
}

/** merchant_games.sort_order is a PostgreSQL integer: a cursor past it names no position at all. */
const SORT_ORDER_MIN = -2_147_483_648;
const SORT_ORDER_MAX = 2_147_483_647;

function isGameType(value: string): value is GameType {
  return (GAME_TYPES as readonly string[]).includes(value);
}

function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);
}

export function encodeCursor(keyset: repository.Keyset): string {
  return `${keyset.sortOrder.toString(36)}.${keyset.gameId.toString(36)}`;
}

export function decodeCursor(cursor: string): repository.Keyset {
  const match = /^(-?[0-9a-z]{1,12})\.([0-9a-z]{1,12})$/.exec(cursor);
  if (!match) throw new AppError('GAME_CURSOR_INVALID');
  const sortOrder = Number.parseInt(match[1] ?? '', 36);
  const gameId = Number.parseInt(match[2] ?? '', 36);
  if (!Number.isSafeInteger(sortOrder) || !Number.isSafeInteger(gameId)) throw new AppError('GAME_CURSOR_INVALID');
  if (sortOrder < SORT_ORDER_MIN || sortOrder > SORT_ORDER_MAX) throw new AppError('GAME_CURSOR_INVALID');
  return { sortOrder, gameId };
}

export function toGame(row: repository.GameRow): Game {
  const down = row.status !== 'active' || row.vendorStatus !== 'active';
  return {
    id: row.id,
    vassalage: row.vendorCode,
    gameName: row.gameName,
    nodeId: row.vendorId,
    nodeName: row.vendorName,
    showIcon: row.showIcon,
    supportPlay: row.supportPlay === 0 ? 0 : 1,
    gameType: isGameType(row.gameType) ? row.gameType : 'RNG',
    code: row.code,
    defaultPlayType: row.defaultPlayType,
    accountTypeName: row.accountTypeName ?? row.vendorCode,
    isGame: row.isGame,
    parentId: row.parentId,
    liveClass: row.liveClass,
    gameClassify: row.gameClassify,
    isHot: row.isHot ? 1 : 0,
    minBet: row.minBet,
    minLineNum: row.minLineNum,
    status: down ? 'maintenance' : 'active',
  };
}

export interface ImportResult {
  vendor: string;
  vendorCreated: boolean;
  games: number;
  /** Only when the vendor is new: the secret it signs wallet calls with. Shown once. */
  walletSecret?: string;
}

/** A cached value and when it stops being good. */
interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * The value kept under `key` for COUNT_CACHE_MS (the catalogue version moving clears the map sooner), or
 * a fresh one from `load`. A map that reaches `max` keys starts over.
 */
async function remember<T>(
  map: Map<string, Expiring<T>>,
  key: string,
  max: number,
  load: () => Promise<T>,
): Promise<T> {
  const cached = map.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const value = await load();
  if (map.size >= max) map.clear();
  map.set(key, { value, expiresAt: Date.now() + COUNT_CACHE_MS });
  return value;
}

/**
 * The game catalogue of each brand: lists in display order with keyset paging, vendor lanes cached
 * per brand until the catalogue version changes, favourites, recent games and the launch of a game.
 */
export class GamesService {
  private readonly lanes = new Map<number, { version: number; value: GameVendor }>();
  private readonly counts = new Map<string, Expiring<number>>();
  /** Where each page of an index-only list ends, per filter and page size, like `counts`. */
  private readonly pageEnds = new Map<string, Expiring<repository.PageEntry[]>>();
  /** Listed rows by brand and game (rowKey); dropped whenever the catalogue version moves. */
  private readonly rows = new Map<number, repository.GameRow>();
  private readonly versions = new Map<number, { version: number; checkedAt: number }>();
  private readonly brandVendors = new Map<number, repository.VendorOfBrand[]>();

  constructor(
    private readonly db: Database,
    private readonly vendors: VendorService,
    /** How long and how large a vendor's catalogue answer may be (catalogue sync). */
    private readonly catalogueLimits: CatalogueReadLimits = DEFAULT_CATALOGUE_READ_LIMITS,
  ) {}

  async getGameList(brand: BrandContext, query: GameListQuery): Promise<GameList> {
    const filter: repository.ListFilter = { merchantId: brand.id };
    if (query.gameType) filter.gameType = query.gameType;
    if (query.isHot === 1) filter.hotOnly = true;
    if (query.gameName) filter.nameLike = escapeLike(query.gameName);
    if (query.gameClassify) filter.gameClassify = query.gameClassify;
    if (query.liveClass) filter.liveClass = query.liveClass;
    if (query.parentId !== undefined) filter.parentId = query.parentId;
    if (query.minBet !== undefined) filter.minBet = query.minBet;
    if (query.minLineNum !== undefined) filter.minLineNum = query.minLineNum;
    if (query.vassalage) {
      const vendor = (await this.findBrandVendors(brand.id)).find((entry) => entry.code === query.vassalage);
      if (!vendor) return { games: [], pageNum: query.pageNo, totalPages: 0, total: 0, nextCursor: null };
      filter.vendorId = vendor.id;
    }
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    await this.ensureFresh(brand.id);
    const after = cursor ?? (await this.findPageStart(filter, query.pageNo, query.pageSize));
    const [entries, total] = await Promise.all([
      repository.findGamePage(this.db, filter, {
        after,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      this.countGames(filter),
    ]);
    const rows = await this.findRows(
      brand.id,
      entries.map((entry) => entry.gameId),
    );
    const totalPages = Math.ceil(total / query.pageSize);
    const last = entries.at(-1);
    return {
      games: rows.map(toGame),
      pageNum: query.pageNo,
      totalPages,
      total,
      nextCursor:
        last && entries.length === query.pageSize && query.pageNo < totalPages
          ? encodeCursor({ sortOrder: last.sortOrder, gameId: last.gameId })
          : null,
    };
  }

  async getHotGames(brand: BrandContext, options: { vassalage?: string | undefined; gameType?: string | undefined }) {
    const list = await this.getGameList(brand, {
      pageNo: 1,
      pageSize: HOT_LIMIT,
      isHot: 1,
      ...(options.vassalage ? { vassalage: options.vassalage } : {}),
      ...(options.gameType && isGameType(options.gameType) ? { gameType: options.gameType } : {}),
    });
    return list.games;
  }

  /** The vendor lanes of spec 01 §3, one per game type, cached until the catalogue version changes. */
  async getVendorLanes(brandId: number): Promise<GameVendor> {
    // The version the other caches of this brand were checked against: lanes built under a version are
    // built from the vendors read under it (a version of their own let lanes read vendors cached before).
    const version = await this.ensureFresh(brandId);
    const cached = this.lanes.get(brandId);
    if (cached && cached.version === version) return cached.value;
    const vendors = await this.findBrandVendors(brandId);
    const lanes: VendorLane[] = [];
    for (const gameType of GAME_TYPES) {
      const cards = vendors
        .filter((vendor) => vendor.gameTypes.includes(gameType))
        .map((vendor) => ({
          vassalage: vendor.code,
          displayName: vendor.name,
          smallIcon: vendor.smallIcon,
          isHot: vendor.isHot ? (1 as const) : (0 as const),
          status: vendor.status === 'active' ? ('active' as const) : ('maintenance' as const),
          gameType,
        }));
      if (cards.length > 0) lanes.push({ title: gameType, cards });
    }
    const value: GameVendor = { data: { lanes }, version };
    this.lanes.set(brandId, { version, value });
    return value;
  }

  async getVassGameTypes(brandId: number) {
    const vendors = await this.findBrandVendors(brandId);
    return vendors.map((vendor) => ({
      vassalage: vendor.code,
      displayName: vendor.name,
      gameTypes: vendor.gameTypes.filter(isGameType),
    }));
  }

  /** The lottery menu: each ELOTT or LOTT vendor with its games. */
  async getGameMenus(brand: BrandContext) {
    const vendors = (await this.findBrandVendors(brand.id)).filter(
      (vendor) => vendor.gameTypes.includes('ELOTT') || vendor.gameTypes.includes('LOTT'),
    );
    const menus = [];
    for (const vendor of vendors) {
      const games: Game[] = [];
      for (const gameType of ['ELOTT', 'LOTT'] as const) {
        if (vendor.gameTypes.includes(gameType)) games.push(...(await this.listEvery(brand, vendor.code, gameType)));
      }
      menus.push({ gameGroupCode: vendor.code, labelName: vendor.name, gameMenus: games });
    }
    return menus;
  }

  async getPvpRooms(brand: BrandContext) {
    const rooms = await this.listEvery(brand, undefined, 'PVP');
    return rooms.map((game) => ({
      roomId: game.id,
      roomName: game.gameName,
      vassalage: game.vassalage,
      gameCode: game.code,
      minBet: game.minBet,
      status: game.status,
    }));
  }

  async listFavoriteIds(member: PlayerContext): Promise<number[]> {
    return repository.findFavoriteIds(this.db, member.id);
  }

  async listFavoriteGames(member: PlayerContext): Promise<Game[]> {
    return this.gamesInOrder(member.merchantId, await repository.findFavoriteIds(this.db, member.id));
  }

  async addFavorite(member: PlayerContext, gameId: number): Promise<number[]> {
    const [game] = await repository.findGamesByIds(this.db, member.merchantId, [gameId]);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    await repository.insertFavorite(this.db, member.id, gameId);
    return repository.findFavoriteIds(this.db, member.id);
  }

  async removeFavorite(member: PlayerContext, gameId: number): Promise<number[]> {
    await repository.deleteFavorite(this.db, member.id, gameId);
    return repository.findFavoriteIds(this.db, member.id);
  }

  async listRecentGames(member: PlayerContext): Promise<Game[]> {
    return this.gamesInOrder(member.merchantId, await repository.findRecentIds(this.db, member.id));
  }

  /**
   * Opens a launch session with the vendor and answers the URL for the /game iframe. A game or vendor
   * that is down answers GAME_MAINTENANCE; a free trial needs supportPlay 0 and plays with play money.
   */
  async launch(
    brand: BrandContext,
    member: PlayerContext,
    request: LaunchGameRequest,
    /** `host`: the host the member launched from; a `backUrl` must lead back to it. */
    { language, host }: { language: string; host: string },
  ): Promise<LaunchGame> {
    let game: repository.GameRow | undefined;
    const id = request.gameId ?? request.roomId;
    if (id !== undefined) {
      [game] = await repository.findGamesByIds(this.db, brand.id, [id]);
    } else if (request.gameCode && request.vassalage) {
      game = await repository.findGameByCode(this.db, brand.id, request.vassalage, request.gameCode);
    } else {
      throw new AppError('GAME_LAUNCH_TARGET_MISSING');
    }
    // A room is a PVP game (GLS2_roomList): a roomId naming any other game names no room.
    if (!game || (request.gameId === undefined && request.roomId !== undefined && game.gameType !== 'PVP')) {
      throw new AppError('GAME_NOT_FOUND');
    }
    if (game.status !== 'active' || game.vendorStatus !== 'active' || !game.vendorLaunchUrl) {
      throw new AppError('GAME_MAINTENANCE');
    }
    // The launch payload of spec 01 §3 names the game's node and vassalage beside its id: they must be
    // the game's own, or the link was altered or belongs to a game since moved.
    if (
      (request.nodeId !== undefined && request.nodeId !== game.vendorId) ||
      (request.vassalage !== undefined && request.vassalage !== game.vendorCode)
    ) {
      throw new AppError('GAME_LAUNCH_MISMATCH');
    }
    // A feed is checked before it is written (findFeedUrlProblem); a row written before that check could
    // still hold a `javascript:` address, answered to the client with a session token in it.
    if (findFeedUrlProblem(game.vendorLaunchUrl, { path: true })) throw new AppError('GAME_LAUNCH_URL_INVALID');
    if (request.playMode === 'trial' && game.supportPlay !== SUPPORT_PLAY_FREE_TRIAL) {
      throw new AppError('GAME_TRIAL_NOT_SUPPORTED');
    }
    if (request.prizeMode !== undefined && !(brand.prizeModes ?? []).includes(request.prizeMode)) {
      throw new AppError('GAME_PRIZE_MODE_UNAVAILABLE');
    }
    // The game's back button must not lead off the site: a back address is only ever a page of the host
    // the member is on.
    if (request.backUrl !== undefined && new URL(request.backUrl).host !== host) {
      throw new AppError('GAME_BACK_URL_INVALID');
    }
    const session = await this.vendors.createLaunchSession({
      merchantId: brand.id,
      memberId: member.id,
      currency: brand.currency,
      currencyExponent: brand.currencyExponent,
      vendorId: game.vendorId,
      vendorLaunchUrl: game.vendorLaunchUrl,
      gameId: game.id,
      gameCode: game.code,
      mode: request.playMode,
      language,
      launchHosts: brand.launchGameCDNs,
      roomId: request.roomId,
      merchantCode: brand.code,
      vendorCode: game.vendorCode,
      memberSessionId: member.sessionId,
      backUrl: request.backUrl,
      lottery:
        request.launchMode === 'LOTT'
          ? {
              lottoArea: request.lottoArea,
              prizeMode: request.prizeMode,
              lottoView: request.lottoView,
              device: request.device,
            }
          : undefined,
    });
    await repository.touchRecent(this.db, member.id, game.id);
    return {
      game_url: session.url,
      ...(game.gameType === 'PVP' ? { content: session.url } : {}),
      playMode: request.playMode,
      sessionExpiresAt: session.expiresAt.toISOString(),
    };
  }

  /** Validates a vendor feed and writes it: vendor, games, sub-game links and every brand's offer. */
  async importFeed(input: unknown, options: { walletSecret?: string } = {}): Promise<ImportResult> {
    return this.writeFeed(parseInput(CatalogueFeedSchema, input, 'GAME_FEED_INVALID'), options);
  }

  /**
   * Catalogue sync: reads the feed the vendor publishes at its `catalogueUrl` and writes it as an import
   * would. The answer must carry the vendor's signature over its bytes (checked before they are parsed:
   * a feed sets where games launch) and be the feed of this vendor. A reading that fails changes nothing
   * of the catalogue; either way the reading is recorded on the vendor (checked at, synced at, error).
   */
  async syncCatalogue(code: string, now: Date = new Date()): Promise<ImportResult> {
    const source = await repository.findCatalogueSource(this.db, code);
    if (!source) throw new AppError('GAME_CATALOGUE_SOURCE_MISSING');
    return this.syncFrom(source, now);
  }

  /** Reads, checks and writes one vendor's feed from the address already found for it, and records the reading. */
  private async syncFrom({ code, catalogueUrl }: repository.CatalogueSource, now: Date): Promise<ImportResult> {
    try {
      const answer = await readCatalogue(catalogueUrl, code, this.catalogueLimits);
      await this.vendors.authenticate(code, answer.signature, answer.raw);
      let input: unknown;
      try {
        input = JSON.parse(answer.raw.toString('utf8'));
      } catch {
        throw new AppError('GAME_FEED_INVALID', { issues: [{ path: '', message: 'not JSON' }] });
      }
      const feed = parseInput(CatalogueFeedSchema, input, 'GAME_FEED_INVALID');
      if (feed.vendor.code !== code) {
        throw new AppError('GAME_FEED_INVALID', {
          issues: [{ path: 'vendor.code', message: `the feed of ${feed.vendor.code}, not of ${code}` }],
        });
      }
      const result = await this.writeFeed(feed);
      await repository.recordCatalogueCheck(this.db, code, now, null);
      return result;
    } catch (error) {
      await repository.recordCatalogueCheck(this.db, code, now, describeSyncFailure(error));
      throw error;
    }
  }

  /**
   * Syncs every vendor whose feed was last read `everyMs` ago or more (or never), one after the other,
   * claimed first so that several instances never read the same feed at once. A vendor that fails is
   * recorded and does not stop the others.
   */
  async syncDueCatalogues(
    everyMs: number,
    now: Date = new Date(),
  ): Promise<{ synced: string[]; failed: { code: string; error: string }[] }> {
    const due = await repository.claimDueCatalogueSources(this.db, new Date(now.getTime() - everyMs), now);
    const synced: string[] = [];
    const failed: { code: string; error: string }[] = [];
    for (const source of due) {
      try {
        // The claim answered the address: it is not read again.
        await this.syncFrom(source, now);
        synced.push(source.code);
      } catch (error) {
        failed.push({ code: source.code, error: describeSyncFailure(error) });
      }
    }
    return { synced, failed };
  }

  /**
   * `walletSecret` sets the vendor's signing secret (a vendor deployed with a configured secret, such as
   * the house games); without it a new vendor gets a random one and an existing vendor keeps its own.
   */
  async writeFeed(feed: CatalogueFeed, options: { walletSecret?: string } = {}): Promise<ImportResult> {
    const walletSecret = options.walletSecret ?? randomBytes(32).toString('hex');
    const result = await this.db.transaction(async (tx) => {
      const vendor = await repository.upsertVendor(tx, {
        ...feed.vendor,
        walletSecret: this.vendors.sealWalletSecret(feed.vendor.code, walletSecret),
        replaceSecret: options.walletSecret !== undefined,
      });
      const games = await repository.upsertGames(
        tx,
        vendor.id,
        feed.games.map((game) => ({
          code: game.code,
          gameName: game.gameName,
          gameType: game.gameType,
          showIcon: game.showIcon,
          supportPlay: game.supportPlay,
          defaultPlayType: game.defaultPlayType,
          isGame: game.isGame,
          liveClass: game.liveClass ?? null,
          gameClassify: game.gameClassify ?? null,
          isHot: game.isHot,
          minBet: game.minBet ?? null,
          minLineNum: game.minLineNum ?? null,
          status: game.status,
          sortOrder: game.sortOrder,
          accountTypeName: game.accountTypeName ?? null,
        })),
      );
      const links = feed.games.flatMap((game) =>
        game.parentCode ? [{ code: game.code, parentCode: game.parentCode }] : [],
      );
      await repository.linkParents(tx, vendor.id, links);
      await repository.syncBrandOffers(tx, vendor.id);
      await repository.bumpCatalogueVersions(tx);
      const showSecret = vendor.created && options.walletSecret === undefined;
      return {
        vendor: feed.vendor.code,
        vendorCreated: vendor.created,
        games,
        ...(showSecret ? { walletSecret } : {}),
      };
    });
    this.invalidate();
    this.vendors.invalidateVendor(feed.vendor.code);
    return result;
  }

  /** One vendor's games as a brand offers them, for the operator: what is listed, and the brand's own choices. */
  async getBrandOffer(
    brandId: number,
    vendorCode: string,
  ): Promise<{ vendor: repository.BrandVendorOffer; games: repository.BrandGameOffer[] }> {
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    return { vendor, games: await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId) };
  }

  /** Whether a brand offers a vendor's games at all, and the vendor's place among its vendors. */
  async chooseBrandVendor(brandId: number, vendorCode: string, input: unknown): Promise<repository.BrandVendorOffer> {
    const choices = parseInput(BrandVendorChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    await this.db.transaction(async (tx) => {
      await repository.updateBrandVendor(tx, brandId, vendor.vendorId, choices);
      await repository.deriveBrandOffers(tx, { vendorId: vendor.vendorId, merchantId: brandId });
      await repository.bumpCatalogueVersion(tx, brandId);
    });
    this.invalidate();
    return this.getBrandVendorOffer(brandId, vendorCode);
  }

  /**
   * A brand's choices over one game (BrandGameChoicesSchema): listed or not, hot, and its place. They are
   * kept apart from the feed's values, so the vendor's next feed changes the game and never the choice.
   */
  async chooseBrandGame(
    brandId: number,
    vendorCode: string,
    gameCode: string,
    input: unknown,
  ): Promise<repository.BrandGameOffer> {
    const choices = parseInput(BrandGameChoicesSchema, input, 'VALIDATION_FAILED');
    const vendor = await this.getBrandVendorOffer(brandId, vendorCode);
    const [game] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      await repository.updateBrandGameChoices(tx, brandId, game.gameId, choices);
      await repository.deriveBrandOffers(tx, { vendorId: vendor.vendorId, merchantId: brandId, gameId: game.gameId });
      await repository.bumpCatalogueVersion(tx, brandId);
    });
    this.invalidate();
    const [chosen] = await repository.findBrandGameOffers(this.db, brandId, vendor.vendorId, gameCode);
    if (!chosen) throw new AppError('GAME_NOT_FOUND');
    return chosen;
  }

  private async getBrandVendorOffer(brandId: number, vendorCode: string): Promise<repository.BrandVendorOffer> {
    const vendor = await repository.findBrandVendorOffer(this.db, brandId, vendorCode);
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return vendor;
  }

  async hasVendor(code: string): Promise<boolean> {
    return repository.vendorExists(this.db, code);
  }

  invalidate(): void {
    this.lanes.clear();
    this.counts.clear();
    this.pageEnds.clear();
    this.rows.clear();
    this.versions.clear();
    this.brandVendors.clear();
  }

  /**
   * Notices catalogue changes made by other instances (the CLI, another API process) within 2 s, and
   * answers the brand's catalogue version that every cache of it now holds to.
   */
  private async ensureFresh(brandId: number): Promise<number> {
    const seen = this.versions.get(brandId);
    const now = Date.now();
    if (seen && now - seen.checkedAt < VERSION_CHECK_MS) return seen.version;
    const version = await repository.findCatalogueVersion(this.db, brandId);
    if (seen && seen.version !== version) {
      this.rows.clear();
      this.counts.clear();
      this.pageEnds.clear();
      this.brandVendors.clear();
    }
    this.versions.set(brandId, { version, checkedAt: now });
    return version;
  }

  /** Every listed game of a type (of one vendor, or all), a page after another: menus and room lists have no pages. */
  private async listEvery(brand: BrandContext, vassalage: string | undefined, gameType: GameType): Promise<Game[]> {
    const games: Game[] = [];
    let cursor: string | null = null;
    for (let pageNo = 1; ; pageNo++) {
      const page: GameList = await this.getGameList(brand, {
        pageNo,
        pageSize: EVERY_PAGE_SIZE,
        gameType,
        ...(vassalage ? { vassalage } : {}),
        ...(cursor ? { cursor } : {}),
      });
      games.push(...page.games);
      if (!page.nextCursor) return games;
      cursor = page.nextCursor;
    }
  }

  /** Rows in the order of the ids, from the cache or one query for the missing ones. */
  private async findRows(brandId: number, ids: number[]): Promise<repository.GameRow[]> {
    const cached = ids.map((id) => this.rows.get(rowKey(brandId, id)));
    if (cached.every((row) => row !== undefined)) return cached;
    if (this.rows.size > ROW_CACHE_MAX) this.rows.clear();
    const missing = ids.filter((_, index) => cached[index] === undefined);
    for (const row of await repository.findGamesByIds(this.db, brandId, missing))
      this.rows.set(rowKey(brandId, row.id), row);
    return ids.flatMap((id) => {
      const row = this.rows.get(rowKey(brandId, id));
      return row ? [row] : [];
    });
  }

  private async findBrandVendors(brandId: number): Promise<repository.VendorOfBrand[]> {
    await this.ensureFresh(brandId);
    const cached = this.brandVendors.get(brandId);
    if (cached) return cached;
    const vendors = await repository.findBrandVendors(this.db, brandId);
    this.brandVendors.set(brandId, vendors);
    return vendors;
  }

  /**
   * The keyset a page opened by number (no cursor) starts after: the end of the page before it. Only for
   * lists that are one index range; a search or a filter on the games themselves keeps its OFFSET, and so
   * does page 1 or a page past the end (answered empty by the OFFSET).
   */
  private async findPageStart(
    filter: repository.ListFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<repository.Keyset | undefined> {
    if (pageNo === 1 || !repository.isIndexOnly(filter)) return undefined;
    const ends = await remember(this.pageEnds, `${pageSize}:${JSON.stringify(filter)}`, PAGE_ENDS_MAX, () =>
      repository.findPageEnds(this.db, filter, pageSize),
    );
    const end = ends[pageNo - 2];
    return end && { sortOrder: end.sortOrder, gameId: end.gameId };
  }

  private countGames(filter: repository.ListFilter): Promise<number> {
    return remember(this.counts, JSON.stringify(filter), COUNTS_MAX, () => repository.countGames(this.db, filter));
  }

  private async gamesInOrder(merchantId: number, ids: number[]): Promise<Game[]> {
    const rows = await repository.findGamesByIds(this.db, merchantId, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toGame(row)] : [];
    });
  }
}
