import { VENDOR_SIGNATURE_TOLERANCE_SECONDS } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { SecretBox } from './secret-box';
import { signatureMatches, signBody, signWalletCall } from './signatures';
import * as repository from './vendors.repository';

export type { VendorRow } from './vendors.repository';

/** A vendor as an operator's command names it, read now: its row without the wallet secret. */
export type VendorEntry = Omit<repository.VendorRow, 'walletSecret'>;

const VENDOR_CACHE_TTL_MS = 10_000;

/**
 * The vendor registry: who a vendor is and how it proves it. Its wallet secret is stored sealed with
 * DATA_ENCRYPTION_KEY (SecretBox, bound to the vendor's code) and opened only in this server's memory, for a
 * few seconds, to check what the vendor signs (its catalogue feed, its wallet calls) and to sign its launches.
 */
export class VendorService {
  private readonly vendors = new Map<string, { vendor: repository.VendorRow | undefined; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    /** Seals wallet secrets at rest (DATA_ENCRYPTION_KEY). */
    private readonly secretBox: SecretBox,
  ) {}

  /** The stored form of a vendor's wallet secret: sealed, bound to the vendor's code. */
  sealWalletSecret(vendorCode: string, secret: string): string {
    return this.secretBox.seal(secret, walletSecretContext(vendorCode));
  }

  /**
   * Seals every wallet secret still stored as given (rows written before secrets were encrypted).
   * Idempotent, safe with several instances starting at once; returns how many rows it sealed.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0;
    for (const row of await repository.findPlaintextWalletSecrets(this.db)) {
      const stored = this.sealWalletSecret(row.code, row.walletSecret);
      if (await repository.replaceWalletSecret(this.db, row.id, row.walletSecret, stored)) sealed += 1;
    }
    if (sealed > 0) this.invalidateVendor();
    return sealed;
  }

  /**
   * Finds the vendor of a catalogue feed and checks the feed's signature, over its raw body alone, in
   * constant time. A wallet call is checked by `authenticateWalletCall`, which covers its time too.
   */
  async authenticate(
    vendorCode: string | undefined,
    signature: string | undefined,
    rawBody: Buffer,
  ): Promise<repository.VendorRow> {
    const vendor = vendorCode ? await this.findVendor(vendorCode) : undefined;
    if (!vendor) throw new AppError('VENDOR_UNKNOWN');
    if (!signatureMatches(signature, signBody(vendor.walletSecret, rawBody))) {
      throw new AppError('VENDOR_SIGNATURE_INVALID');
    }
    return vendor;
  }

  /**
   * Finds the vendor of a wallet call and checks its signature over `walletSigningText(timestamp, body)`
   * in constant time, then its time: more than VENDOR_SIGNATURE_TOLERANCE_SECONDS from this clock, or
   * none, is VENDOR_SIGNATURE_EXPIRED, so a captured call cannot be played again later (decision 0027).
   * A disabled vendor still gets through: its open rounds must settle (credit, rollback); debit refuses it.
   */
  async authenticateWalletCall(
    vendorCode: string | undefined,
    signature: string | undefined,
    timestamp: string | undefined,
    rawBody: string,
    nowMs = Date.now(),
  ): Promise<repository.VendorRow> {
    const vendor = vendorCode ? await this.findVendor(vendorCode) : undefined;
    if (!vendor) throw new AppError('VENDOR_UNKNOWN');
    // Without a time there is nothing to sign it with: an old-style call (body only) is refused here.
    if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) throw new AppError('VENDOR_SIGNATURE_EXPIRED');
    if (!signatureMatches(signature, signWalletCall(vendor.walletSecret, timestamp, rawBody))) {
      throw new AppError('VENDOR_SIGNATURE_INVALID');
    }
    if (Math.abs(nowMs / 1000 - Number(timestamp)) > VENDOR_SIGNATURE_TOLERANCE_SECONDS) {
      throw new AppError('VENDOR_SIGNATURE_EXPIRED');
    }
    return vendor;
  }

  invalidateVendor(code?: string): void {
    if (code) this.vendors.delete(code);
    else this.vendors.clear();
  }

  /**
   * A vendor with its wallet secret opened, from this server's cache (VENDOR_CACHE_TTL_MS): what its
   * signatures are checked and its launches signed with.
   */
  async findVendor(code: string): Promise<repository.VendorRow | undefined> {
    const cached = this.vendors.get(code);
    if (cached && cached.expiresAt > Date.now()) return cached.vendor;
    const row = await repository.findVendorByCode(this.db, code);
    // A row not sealed yet (written by an older instance) is read as it is; the next start seals it.
    const vendor =
      row && SecretBox.isSealed(row.walletSecret)
        ? Object.assign({}, row, { walletSecret: this.secretBox.open(row.walletSecret, walletSecretContext(row.code)) })
        : row;
    this.vendors.set(code, { vendor, expiresAt: Date.now() + VENDOR_CACHE_TTL_MS });
    return vendor;
  }

  /** A vendor by its code as it is stored now (no cache), without its secret: for operators' commands. */
  async findVendorByCode(code: string): Promise<VendorEntry | undefined> {
    const row = await repository.findVendorByCode(this.db, code);
    return row && { id: row.id, code: row.code, name: row.name, launchUrl: row.launchUrl, status: row.status };
  }
}

/** What a sealed wallet secret is bound to: the column and the vendor's code. */
function walletSecretContext(vendorCode: string): string {
  return `game_vendors.wallet_secret:${vendorCode}`;
}
