import { randomUUID } from 'node:crypto';
import {
  compactDecrypt,
  exportJWK,
  generateKeyPair,
  importJWK,
  decodeProtectedHeader,
  type CryptoKey,
  type JWK,
} from 'jose';
import { DEFAULT_KEY_GRACE_SECONDS, MAX_KEY_GRACE_SECONDS } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './keys.repository';

/** Request encryption (docs/product/platform.md#request-encryption): RSA-OAEP-256 key wrapping, A256GCM content. */
export const JWE_KEY_ALGORITHM = 'RSA-OAEP-256';
export const JWE_CONTENT_ALGORITHM = 'A256GCM';
/** After a rotation the old key still decrypts this long, so pages opened before it keep working. */
export const KEY_ROTATION_GRACE_SECONDS = DEFAULT_KEY_GRACE_SECONDS;
/** Longest grace a rotation accepts: a longer one is more likely a typo (milliseconds) than a wish. */
export const MAX_KEY_ROTATION_GRACE_SECONDS = MAX_KEY_GRACE_SECONDS;
// Instances re-read the key table this often, so a rotation on one shows on all.
const KEY_CACHE_MS = 60_000;
/** Largest JWE accepted, well above any form this platform has. */
export const MAX_JWE_LENGTH = 64 * 1024;

/** The public half as served: an RSA JWK with kid, alg and use. */
export interface PublicJwk {
  [key: string]: unknown;
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: string;
  use: string;
}

/** A key as an operator sees it: never its private half. */
export interface EncryptionKeySummary {
  kid: string;
  isCurrent: boolean;
  /** Current, or retired and still within its grace. */
  isUsable: boolean;
  createdAt: Date;
  retiredAt: Date | null;
  decryptUntil: Date | null;
}

interface LoadedKey {
  kid: string;
  isCurrent: boolean;
  publicJwk: PublicJwk;
  privateKey: CryptoKey;
}

async function generateKeyRow(): Promise<{ kid: string; publicJwk: unknown; privateJwk: unknown }> {
  const { publicKey, privateKey } = await generateKeyPair(JWE_KEY_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomUUID();
  return {
    kid,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: JWE_KEY_ALGORITHM, use: 'enc' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: JWE_KEY_ALGORITHM },
  };
}

export class EncryptionKeyService {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  private async load(): Promise<void> {
    let rows = await repository.findUsableKeys(this.db);
    if (!rows.some((row) => row.isCurrent)) {
      await this.createKey();
      rows = await repository.findUsableKeys(this.db);
    }
    this.keys = await Promise.all(
      rows.map(async (row) => ({
        kid: row.kid,
        isCurrent: row.isCurrent,
        publicJwk: row.publicJwk as PublicJwk,
        privateKey: (await importJWK(row.privateJwk as JWK, JWE_KEY_ALGORITHM)) as CryptoKey,
      })),
    );
    this.loadedAt = Date.now();
  }

  private async ensureLoaded(force = false): Promise<void> {
    if (!force && this.keys.length > 0 && Date.now() - this.loadedAt < KEY_CACHE_MS) return;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  private async createKey(): Promise<void> {
    // Two instances starting together: the unique index lets one win; the other reads the winner.
    await repository.insertCurrentKey(this.db, await generateKeyRow());
  }

  /** The current public key as a JWK (kid, alg RSA-OAEP-256, use enc). */
  async getPublicJwk(): Promise<PublicJwk> {
    await this.ensureLoaded();
    const current = this.keys.find((key) => key.isCurrent);
    if (!current) throw new Error('no current encryption key');
    return current.publicJwk;
  }

  /**
   * Forgets keys that can no longer decrypt: a private key kept past its use is only a risk. Run on a
   * timer by the housekeeping plugin; safe on several instances at once.
   */
  async removeKeysPastGrace(): Promise<{ removed: number }> {
    return { removed: await repository.deleteKeysPastGrace(this.db) };
  }

  /** Every key, newest first, without key material. */
  async listKeys(): Promise<EncryptionKeySummary[]> {
    return repository.findKeySummaries(this.db);
  }

  /**
   * Makes a new current key; the old one decrypts for `graceSeconds` more (0 ends it now, for a key that
   * leaked). A grace that is not a whole number of seconds up to MAX_KEY_ROTATION_GRACE_SECONDS is a
   * RangeError and changes nothing.
   */
  async rotate(actor: Actor, graceSeconds = KEY_ROTATION_GRACE_SECONDS): Promise<string> {
    if (!Number.isSafeInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_KEY_ROTATION_GRACE_SECONDS) {
      throw new RangeError(`the grace is a whole number of seconds from 0 to ${MAX_KEY_ROTATION_GRACE_SECONDS}`);
    }
    // Made before the transaction: retiring the old key and storing the new one commit together, so no
    // instance ever finds the table without a current key.
    const next = await generateKeyRow();
    await this.db.transaction(async (tx) => {
      await repository.retireCurrentKey(tx, graceSeconds);
      await repository.insertCurrentKey(tx, next);
      await this.audit.record(tx, {
        actor,
        merchantId: null,
        action: 'keys.rotate',
        targetType: 'encryption-key',
        targetId: next.kid,
        after: { kid: next.kid, graceSeconds },
      });
    });
    await this.ensureLoaded(true);
    return (await this.getPublicJwk()).kid;
  }

  /**
   * Decrypts a compact JWE made with a usable key. Anything else — not a JWE, another algorithm, an
   * unknown or expired key, a tampered ciphertext — is ENCRYPTED_BODY_INVALID.
   */
  async decrypt(compact: string): Promise<string> {
    if (compact.length > MAX_JWE_LENGTH) throw new AppError('ENCRYPTED_BODY_INVALID');
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(compact);
      kid = header.kid;
      if (header.alg !== JWE_KEY_ALGORITHM || header.enc !== JWE_CONTENT_ALGORITHM) kid = undefined;
    } catch {
      kid = undefined;
    }
    if (!kid) throw new AppError('ENCRYPTED_BODY_INVALID');
    await this.ensureLoaded();
    let key = this.keys.find((candidate) => candidate.kid === kid);
    if (!key) {
      // Perhaps another instance rotated since we last looked.
      await this.ensureLoaded(true);
      key = this.keys.find((candidate) => candidate.kid === kid);
    }
    if (!key) throw new AppError('ENCRYPTED_BODY_INVALID');
    // The cache may be a minute old, and a rotation with no grace (a key that leaked) must end the old key
    // on every instance at once, the one that rotated or not. Encrypted calls are few (sign-in, sign-up,
    // passwords), so each asks the table; a refusal reloads the cache, so the client's retry gets the new key.
    if (!(await repository.isKeyUsable(this.db, kid))) {
      await this.ensureLoaded(true);
      throw new AppError('ENCRYPTED_BODY_INVALID');
    }
    try {
      const { plaintext } = await compactDecrypt(compact, key.privateKey, {
        keyManagementAlgorithms: [JWE_KEY_ALGORITHM],
        contentEncryptionAlgorithms: [JWE_CONTENT_ALGORITHM],
      });
      return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
    } catch (error) {
      throw new AppError('ENCRYPTED_BODY_INVALID', undefined, { cause: error });
    }
  }
}
