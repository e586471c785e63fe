import type { GameVendor } from '@parlay/contract';
import type { Database } from '../../db/client';
import type { GameRow, PageEntry, VendorOfBrand } from './catalogue.repository';
import { findCatalogueVersion } from './catalogue-version.repository';

const VERSION_CHECK_MS = 2_000;
const COUNT_CACHE_MS = 30_000;

/** A cached value and when it stops being good. */
export interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * The value kept under `key` for COUNT_CACHE_MS (the catalogue version moving clears the map sooner), or
 * a fresh one from `load`. A map that reaches `max` keys starts over.
 */
export async function remember<T>(
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
 * What this server keeps of each brand's catalogue (vendors, lanes, counts, page ends, rows), one instance
 * shared by the services that read the catalogue and those that change it. Every cache of a brand holds to
 * the one version `ensureFresh` last read; a change made here clears them at once (`invalidate`), one made by
 * another instance within VERSION_CHECK_MS.
 */
export class CatalogueCache {
  readonly lanes = new Map<number, { version: number; value: GameVendor }>();
  readonly counts = new Map<string, Expiring<number>>();
  /** Where each page of an index-only list ends, per filter and page size, like `counts`. */
  readonly pageEnds = new Map<string, Expiring<PageEntry[]>>();
  /** Listed rows by brand and game (rowKey); dropped whenever the catalogue version moves. */
  readonly rows = new Map<number, GameRow>();
  readonly brandVendors = new Map<number, VendorOfBrand[]>();
  private readonly versions = new Map<number, { version: number; checkedAt: number }>();

  constructor(private readonly db: Database) {}

  /**
   * Notices catalogue changes made by other instances (the CLI, another API process) within 2 s, and
   * answers the brand's catalogue version that every cache of it now holds to.
   */
  async ensureFresh(brandId: number): Promise<number> {
    const seen = this.versions.get(brandId);
    const now = Date.now();
    if (seen && now - seen.checkedAt < VERSION_CHECK_MS) return seen.version;
    const version = await findCatalogueVersion(this.db, brandId);
    if (seen && seen.version !== version) {
      this.rows.clear();
      this.counts.clear();
      this.pageEnds.clear();
      this.brandVendors.clear();
    }
    this.versions.set(brandId, { version, checkedAt: now });
    return version;
  }

  /** Forgets everything: this instance changed the catalogue (and bumped the versions others read). */
  invalidate(): void {
    this.lanes.clear();
    this.counts.clear();
    this.pageEnds.clear();
    this.rows.clear();
    this.versions.clear();
    this.brandVendors.clear();
  }
}
