import { randomBytes } from 'node:crypto';
import { CatalogueFeedSchema, type CatalogueFeed, type Page, type PageRequest } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { VendorService } from '../vendors/index';
import { syncBrandOffers } from './brand-offers.repository';
import type { CatalogueCache } from './catalogue-cache';
import { DEFAULT_CATALOGUE_READ_LIMITS, readCatalogue, type CatalogueReadLimits } from './catalogue-source';
import * as repository from './catalogue-sync.repository';
import { bumpCatalogueVersions } from './catalogue-version.repository';
import { parseInput } from './parse-input';

/** The line recorded on a vendor for a catalogue reading that was not written. */
function describeSyncFailure(error: unknown): string {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : String(error);
  const value = error.value as { reason?: string; issues?: { path: string; message: string }[] } | undefined;
  if (value?.reason) return `${error.code}: ${value.reason}`;
  const issue = value?.issues?.[0];
  if (issue) return `${error.code}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`;
  return error.code;
}

export interface ImportResult {
  vendor: string;
  vendorCreated: boolean;
  games: number;
  /** Only when the vendor is new: the secret it signs wallet calls with. Shown once. */
  walletSecret?: string;
}

/**
 * Vendors' feeds into the catalogue: an operator's import, and the catalogue sync that reads again the feed
 * each vendor publishes (decision 0020). A feed written offers the vendor's games to every brand, as each
 * brand's choices allow (decision 0024), and clears the shared CatalogueCache.
 */
export class CatalogueSyncService {
  constructor(
    private readonly db: Database,
    private readonly cache: CatalogueCache,
    private readonly vendors: VendorService,
    private readonly audit: AuditService,
    /** How long and how large a vendor's catalogue answer may be (catalogue sync). */
    private readonly catalogueLimits: CatalogueReadLimits = DEFAULT_CATALOGUE_READ_LIMITS,
  ) {}

  /**
   * Validates a vendor feed and writes it: vendor, games, sub-game links and every brand's offer. An
   * operator's import (`actor`) is audited; the platform's own (the house games registering) is not.
   */
  async importFeed(input: unknown, options: { walletSecret?: string; actor?: Actor } = {}): Promise<ImportResult> {
    const feed = parseInput(CatalogueFeedSchema, input, 'GAME_FEED_INVALID');
    return this.writeFeed(feed, {
      ...(options.walletSecret === undefined ? {} : { walletSecret: options.walletSecret }),
      ...(options.actor ? { audit: { actor: options.actor, action: 'catalogue.import' } } : {}),
    });
  }

  /**
   * Catalogue sync: reads the feed the vendor publishes at its `catalogueUrl` and writes it as an import
   * would. The answer must carry the vendor's signature over its bytes (checked before they are parsed:
   * a feed sets where games launch) and be the feed of this vendor. A reading that fails changes nothing
   * of the catalogue; either way the reading is recorded on the vendor (checked at, synced at, error).
   */
  async syncCatalogue(code: string, now: Date = new Date(), actor?: Actor): Promise<ImportResult> {
    const source = await repository.findCatalogueSource(this.db, code);
    if (!source) throw new AppError('GAME_CATALOGUE_SOURCE_MISSING');
    return this.syncFrom(source, now, actor);
  }

  /**
   * Reads, checks and writes one vendor's feed from the address already found for it, and records the reading.
   * A sync an operator asked for (`actor`) is audited; the timed job's are not.
   */
  private async syncFrom(
    { code, catalogueUrl }: repository.CatalogueSource,
    now: Date,
    actor?: Actor,
  ): Promise<ImportResult> {
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
      const result = await this.writeFeed(feed, actor ? { audit: { actor, action: 'catalogue.sync' } } : {});
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
    actor?: Actor,
  ): Promise<{ synced: string[]; failed: { code: string; error: string }[] }> {
    const due = await repository.claimDueCatalogueSources(this.db, new Date(now.getTime() - everyMs), now);
    const synced: string[] = [];
    const failed: { code: string; error: string }[] = [];
    for (const source of due) {
      try {
        // The claim answered the address: it is not read again.
        await this.syncFrom(source, now, actor);
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
  async writeFeed(
    feed: CatalogueFeed,
    options: { walletSecret?: string; audit?: { actor: Actor; action: string } } = {},
  ): Promise<ImportResult> {
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
      await syncBrandOffers(tx, vendor.id);
      await bumpCatalogueVersions(tx);
      if (options.audit) {
        // What the feed holds is the vendor's own; the trail keeps who wrote it and its size, never a secret.
        await this.audit.record(tx, {
          actor: options.audit.actor,
          merchantId: null,
          action: options.audit.action,
          targetType: 'vendor',
          targetId: feed.vendor.code,
          after: {
            vendorCreated: vendor.created,
            games,
            status: feed.vendor.status,
            secretSet: options.walletSecret !== undefined,
          },
        });
      }
      const showSecret = vendor.created && options.walletSecret === undefined;
      return {
        vendor: feed.vendor.code,
        vendorCreated: vendor.created,
        games,
        ...(showSecret ? { walletSecret } : {}),
      };
    });
    this.cache.invalidate();
    this.vendors.invalidateVendor(feed.vendor.code);
    return result;
  }

  /**
   * A page of vendors by code with their feeds: games, where the feed is published, the last reading and why
   * it was not written. The cursor is the last vendor's code.
   */
  async listVendorFeeds(page: PageRequest): Promise<Page<repository.VendorFeedRow>> {
    const rows = await repository.findVendorFeeds(this.db, { afterCode: page.cursor, limit: page.limit + 1 });
    const items = rows.slice(0, page.limit);
    return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.code ?? null) : null };
  }

  /** One vendor with its feed, as listVendorFeeds has it. */
  async getVendorFeed(code: string): Promise<repository.VendorFeedRow> {
    const [vendor] = await repository.findVendorFeeds(this.db, { code, limit: 1 });
    if (!vendor) throw new AppError('GAME_VENDOR_NOT_FOUND');
    return vendor;
  }

  async hasVendor(code: string): Promise<boolean> {
    return repository.vendorExists(this.db, code);
  }
}
