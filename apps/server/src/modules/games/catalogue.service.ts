import {
  GAME_TYPES,
  type Game,
  type GameList,
  type GameListQuery,
  type GameType,
  type GameVendor,
  type VendorLane,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { remember, type CatalogueCache } from './catalogue-cache';
import * as repository from './catalogue.repository';

/** What the catalogue needs to know of the brand of a request. */
export interface BrandContext {
  id: number;
  /** The merchant code, told to vendors at launch. */
  code: string;
  currency: string;
  currencyExponent: number;
  /** The brand's currency symbol, which a launched game shows as the site does. */
  currencySymbol?: string;
  launchGameCDNs: string[];
  /** The lottery prize modes the brand offers (docs/product/site-shell-and-routes.md#brand-configuration). */
  prizeModes?: readonly string[];
}

export interface PlayerContext {
  id: number;
  merchantId: number;
  /** The sign-in the request came with; a game launched from it ends with it. */
  sessionId?: number;
  /** A free-play guest: its trials stake its practice money (decision 0072). */
  isFreePlay?: boolean;
}

/** The largest page GCSGAME_gameList gives: the lottery menu and the PVP room list read theirs in such pages. */
const EVERY_PAGE_SIZE = 100;
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

/**
 * The game catalogue of each brand as players read it: lists in display order with keyset paging, vendor
 * lanes, the lottery menu and PVP rooms, all cached in the shared CatalogueCache until the brand's catalogue
 * version moves; favourites and recent games.
 */
export class CatalogueService {
  constructor(
    private readonly db: Database,
    private readonly cache: CatalogueCache,
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
    await this.cache.ensureFresh(brand.id);
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

  /**
   * The vendor lanes (docs/product/games-and-wallet.md#vendors-and-lanes), one per game type, cached until the
   * catalogue version changes. A vendor whose games of a type are all in maintenance (or which is down) has a
   * 'maintenance' card, listed only when the brand shows such categories as coming soon; otherwise it is left
   * out, and so is a lane left with no card.
   */
  async getVendorLanes(brandId: number, options: { comingSoon: boolean } = { comingSoon: false }): Promise<GameVendor> {
    const every = await this.getEveryLane(brandId);
    if (options.comingSoon) return every;
    const lanes = every.data.lanes
      .map((lane) => ({ ...lane, cards: lane.cards.filter((card) => card.status === 'active') }))
      .filter((lane) => lane.cards.length > 0);
    return { data: { lanes }, version: every.version };
  }

  /** Every lane with every offered vendor, playable or not: the cache both answers of getVendorLanes read. */
  private async getEveryLane(brandId: number): Promise<GameVendor> {
    // The version the other caches of this brand were checked against: lanes built under a version are
    // built from the vendors read under it (a version of their own let lanes read vendors cached before).
    const version = await this.cache.ensureFresh(brandId);
    const cached = this.cache.lanes.get(brandId);
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
          status: vendor.playableGameTypes.includes(gameType) ? ('active' as const) : ('maintenance' as const),
          gameType,
        }));
      if (cards.length > 0) lanes.push({ title: gameType, cards });
    }
    const value: GameVendor = { data: { lanes }, version };
    this.cache.lanes.set(brandId, { version, value });
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
    const cached = ids.map((id) => this.cache.rows.get(rowKey(brandId, id)));
    if (cached.every((row) => row !== undefined)) return cached;
    if (this.cache.rows.size > ROW_CACHE_MAX) this.cache.rows.clear();
    const missing = ids.filter((_, index) => cached[index] === undefined);
    for (const row of await repository.findGamesByIds(this.db, brandId, missing))
      this.cache.rows.set(rowKey(brandId, row.id), row);
    return ids.flatMap((id) => {
      const row = this.cache.rows.get(rowKey(brandId, id));
      return row ? [row] : [];
    });
  }

  private async findBrandVendors(brandId: number): Promise<repository.VendorOfBrand[]> {
    await this.cache.ensureFresh(brandId);
    const cached = this.cache.brandVendors.get(brandId);
    if (cached) return cached;
    const vendors = await repository.findBrandVendors(this.db, brandId);
    this.cache.brandVendors.set(brandId, vendors);
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
    const ends = await remember(this.cache.pageEnds, `${pageSize}:${JSON.stringify(filter)}`, PAGE_ENDS_MAX, () =>
      repository.findPageEnds(this.db, filter, pageSize),
    );
    const end = ends[pageNo - 2];
    return end && { sortOrder: end.sortOrder, gameId: end.gameId };
  }

  private countGames(filter: repository.ListFilter): Promise<number> {
    return remember(this.cache.counts, JSON.stringify(filter), COUNTS_MAX, () =>
      repository.countGames(this.db, filter),
    );
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
