import type { CrashClock } from './crash/crash-shared';
import type { HouseDatabase } from './db/database';
import type { VnResultsFeed } from './lottery/lottery-vn';
import type { Limits } from './players/players.repository';

/** pino's levels, as the platform's LOG_LEVEL takes them: embedded, the vendor reads the same variable. */
export const HOUSE_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type HouseLogLevel = (typeof HOUSE_LOG_LEVELS)[number];

export interface HouseConfig {
  database: HouseDatabase;
  /** The platform's origin for seamless-wallet calls. */
  walletBaseUrl: string;
  vendorCode: string;
  vendorSecret: string;
  walletTimeoutMs: number;
  walletMaxAttempts: number;
  walletRetryDelaysMs: number[];
  /** Where the vendor's pages and API are mounted, e.g. '/house'. */
  basePath: string;
  /**
   * Where players' browsers and the platform reach the vendor, e.g. https://games.example.com: its
   * catalogue feed names its pages there, and is published at {publicUrl}{basePath}/api/feed.
   */
  publicUrl: string;
  /**
   * The origins allowed to frame the game pages (CSP frame-ancestors): the brands' sites, whose /game page
   * opens the games in an iframe. Empty: no page may frame them.
   */
  frameAncestors: string[];
  sessionTtlMs: number;
  /** Limits of a brand, currency and game with no row in house.limits. */
  defaultLimits: Limits;
  /** An unfinished mines round older than this is settled by the recovery job. */
  unfinishedRoundTtlMs: number;
  recoveryIntervalMs: number;
  crash: {
    bettingMs: number;
    pauseMs: number;
    tickMs: number;
    chainGames: number;
    curveRate: number;
    /** How long the crash loop's lease lasts unrenewed; another instance takes over after it (default 10 s). */
    leaseMs?: number;
    /** How long a follower waits for the leader's answer to a bet or cash-out sent on (default 5 s). */
    forwardTimeoutMs?: number;
    /** The round loop's time (crash-shared.ts); the real clock when absent. */
    clock?: CrashClock;
  };
  /**
   * The lottery vendor (docs/decisions/0070-lottery-vendor.md): its own vendor code and wallet secret towards the
   * platform, served under `{basePath}/lottery`. Absent: no lottery.
   */
  lottery?: LotteryConfig;
  /** The built game clients (apps/house-games/web/dist); null serves the API only. */
  webDistDir: string | null;
  logLevel: HouseLogLevel;
}

export interface LotteryConfig {
  vendorCode: string;
  vendorSecret: string;
  /** The draw loop's time (crash-shared.ts's CrashClock); the real clock when absent. Tests move their own. */
  clock?: CrashClock;
  /** How often the leader's loop passes: schedules, closes, draws and settles (default 1 s). */
  tickMs?: number;
  /** How long the loop's lease lasts unrenewed (default 10 s). */
  leaseMs?: number;
  /** How many draws of each game are kept scheduled ahead, their seed hashes public (default 3). */
  drawsAhead?: number;
  /** Slips settled in one statement (default 500). */
  settleBatchSize?: number;
  /** Credits in flight at once while a draw is paid (default 16). */
  creditConcurrency?: number;
  /**
   * Where the Vietnamese draws' results are read (lottery-vn.ts), e.g. the sandbox feed for the demo; absent:
   * operators enter them. A feed's result is entered as the operator `feed` and still needs an operator's
   * confirmation.
   */
  vnFeed?: VnResultsFeed;
}

export function defaultHouseConfig(
  overrides: Partial<HouseConfig> & Pick<HouseConfig, 'database' | 'walletBaseUrl' | 'vendorSecret'>,
): HouseConfig {
  return {
    vendorCode: 'HOUSE',
    walletTimeoutMs: 5_000,
    walletMaxAttempts: 6,
    walletRetryDelaysMs: [200, 500, 1_000, 2_000],
    basePath: '/house',
    publicUrl: 'http://localhost',
    frameAncestors: [],
    sessionTtlMs: 12 * 60 * 60 * 1000,
    defaultLimits: { minBetMinor: 100, maxBetMinor: 1_000_000, maxWinMinor: 100_000_000 },
    unfinishedRoundTtlMs: 24 * 60 * 60 * 1000,
    recoveryIntervalMs: 5_000,
    crash: { bettingMs: 6_000, pauseMs: 3_000, tickMs: 100, chainGames: 100_000, curveRate: 0.00006 },
    webDistDir: null,
    logLevel: 'info',
    ...overrides,
  };
}
