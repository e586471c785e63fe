import {
  POPULAR_LOTTERY_DAYS,
  RECENT_LOTTERY_COUNT,
  VN_LOTTERY_REGIONS,
  type Game,
  type OpenedNumber,
  type VnGameMenu,
  type VnLotteryRegion,
} from '@parlay/contract';
import { VN_PROVINCES, vnDateAt, vnDrawInstant, vnDrawsOn } from '@parlay/fairness';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalogue from './catalogue.repository';
import { toGame, type BrandContext, type CatalogueService, type PlayerContext } from './catalogue.service';
import { LotteryResultsClient, type LotteryResultsLimits, type LotteryVendorAddress } from './lottery-results';
import * as repository from './lottery.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The member's rounds of this many last days are where their recent lotteries come from. */
const RECENT_LOTTERY_DAYS = 90;
/** The popular list of each brand and count is kept this long. */
const POPULAR_FRESH_MS = 60_000;
const POPULAR_CACHE_MAX = 1_000;

/** The words a VN game's code or classification may name its region by (docs/product/lottery.md). */
const REGION_WORDS: Readonly<Record<string, VnLotteryRegion>> = {
  NORTH: 'north',
  MB: 'north',
  XSMB: 'north',
  CENTRAL: 'central',
  MT: 'central',
  XSMT: 'central',
  SOUTH: 'south',
  MN: 'south',
  XSMN: 'south',
};

/** A VN lottery game: its code starts with VN_, or it opens under the VN account type. */
function isVnGame(game: Game): boolean {
  return game.code.toUpperCase().startsWith('VN_') || game.accountTypeName === 'VN';
}

/**
 * The region a VN game draws in, from its classification (`north`, `central`, `south`) or its code: `VN_<region>`
 * (`VN_NORTH`, `VN_MB`, ...) or `VN_<company>` (`VN_HCM`: a company of the schedule, packages/fairness vn.ts). Null
 * when neither says: such a game is in no region of the menu.
 */
export function vnRegionOf(game: Pick<Game, 'code' | 'gameClassify'>): VnLotteryRegion | null {
  const classified = REGION_WORDS[(game.gameClassify ?? '').toUpperCase()];
  if (classified) return classified;
  const parts = game.code.toUpperCase().split('_').slice(1);
  for (const part of parts) {
    const region = REGION_WORDS[part] ?? VN_PROVINCES[part]?.region;
    if (region) return region;
  }
  return null;
}

/**
 * The platform's lottery calls (docs/product/calls.md#lottery): the VN menu and the popular and recent lotteries from
 * the brand's catalogue and its members' rounds, whichever vendor; the latest results from the lottery vendor's public
 * API through LotteryResultsClient, never its database, so that another lottery can take its place
 * (docs/decisions/0070-lottery-vendor.md).
 */
export class LotteryCallService {
  private results: LotteryResultsClient | null = null;
  private readonly popular = new Map<string, { at: number; games: (Game & { rounds: number })[] }>();

  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The lottery vendor whose results the results calls answer; null: none (they answer unavailable). */
  useVendor(address: LotteryVendorAddress | null, limits?: LotteryResultsLimits): void {
    this.results = address ? new LotteryResultsClient(address, limits) : null;
  }

  get vendor(): LotteryVendorAddress | null {
    return this.results?.address ?? null;
  }

  /** The brand's VN lottery games by region (north, central, south), each with today's draws in Vietnam. */
  async getVnMenu(brand: BrandContext): Promise<VnGameMenu> {
    const now = this.now();
    const date = vnDateAt(now);
    const games = (await this.catalogue.getGameMenus(brand)).flatMap((menu) => menu.gameMenus).filter(isVnGame);
    const list = VN_LOTTERY_REGIONS.flatMap((region) => {
      const regionGames = games.filter((game) => vnRegionOf(game) === region);
      if (regionGames.length === 0) return [];
      return [
        {
          region,
          drawAt: vnDrawInstant(region, date).toISOString(),
          draws: vnDrawsOn(region, date).map((draw) => ({
            province: draw.province,
            provinceName: VN_PROVINCES[draw.province]?.name ?? draw.province,
            drawAt: draw.drawAt.toISOString(),
          })),
          games: regionGames,
        },
      ];
    });
    return { date, list };
  }

  /** The member's lottery games, the last played first: from their rounds, whichever lottery vendor. */
  async getRecent(member: PlayerContext): Promise<(Game & { lastPlayedAt: string })[]> {
    const since = new Date(this.now().getTime() - RECENT_LOTTERY_DAYS * DAY_MS);
    const played = await repository.findRecentLotteryGames(this.db, member.id, since, RECENT_LOTTERY_COUNT);
    const rows = await this.gamesOfBrand(
      member.merchantId,
      played.map((entry) => entry.gameId),
    );
    return played.flatMap((entry) => {
      const game = rows.get(entry.gameId);
      return game ? [{ ...game, lastPlayedAt: entry.lastPlayedAt }] : [];
    });
  }

  /** The brand's most played lottery games over the last POPULAR_LOTTERY_DAYS, most rounds first, at most `count`. */
  async getPopular(brand: BrandContext, count: number): Promise<(Game & { rounds: number })[]> {
    const key = `${brand.id}:${count}`;
    const now = this.now().getTime();
    const cached = this.popular.get(key);
    if (cached && now - cached.at < POPULAR_FRESH_MS) return cached.games;
    const since = new Date(now - POPULAR_LOTTERY_DAYS * DAY_MS);
    const played = await repository.findPopularLotteryGames(this.db, brand.id, since, count);
    const rows = await this.gamesOfBrand(
      brand.id,
      played.map((entry) => entry.gameId),
    );
    const games = played.flatMap((entry) => {
      const game = rows.get(entry.gameId);
      return game ? [{ ...game, rounds: entry.rounds }] : [];
    });
    if (this.popular.size >= POPULAR_CACHE_MAX) this.popular.clear();
    this.popular.set(key, { at: now, games });
    return games;
  }

  /**
   * The latest `count` results of the brand's games of the lottery vendor (or of one of them), newest first: each
   * game's read from the vendor (kept briefly, shared by every brand), merged by draw time.
   */
  async getOpenedNumbers(
    brand: BrandContext,
    options: { count: number; gameCode?: string | undefined },
  ): Promise<OpenedNumber[]> {
    const results = this.results;
    if (!results) throw new AppError('GAME_LOTTERY_RESULTS_UNAVAILABLE');
    const vendorCode = results.address.vendorCode;
    const games = (await this.catalogue.getGameMenus(brand))
      .filter((menu) => menu.gameGroupCode === vendorCode)
      .flatMap((menu) => menu.gameMenus)
      .filter((game) => options.gameCode === undefined || game.code === options.gameCode);
    const perGame = await Promise.all(
      games.map(async (game) =>
        (await results.latest(game.code, options.count)).map((draw) => ({
          gameId: game.id,
          gameCode: game.code,
          gameName: game.gameName,
          vassalage: game.vassalage,
          drawNo: draw.drawNo,
          numbers: draw.numbers,
          drawnAt: draw.drawnAt,
        })),
      ),
    );
    return perGame
      .flat()
      .sort((a, b) => b.drawnAt.localeCompare(a.drawnAt) || a.gameCode.localeCompare(b.gameCode))
      .slice(0, options.count);
  }

  /** The brand's offered games of these ids, by id (a game the brand no longer offers is left out). */
  private async gamesOfBrand(merchantId: number, ids: number[]): Promise<Map<number, Game>> {
    const rows = await catalogue.findGamesByIds(this.db, merchantId, ids);
    return new Map(rows.map((row) => [row.id, toGame(row)]));
  }
}
