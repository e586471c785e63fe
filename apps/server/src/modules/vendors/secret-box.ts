import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Marks a value sealed by SecretBox (version 1: AES-256-GCM). Anything else is a plaintext secret. */
const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;

/**
 * Encrypts secrets kept in the database (vendors' wallet secrets) with a key that is not in the
 * database: DATA_ENCRYPTION_KEY. AES-256-GCM with a random IV; the context (which row the value
 * belongs to) is authenticated, so a sealed value copied to another row does not open. The stored form
 * is `enc:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url), the key id telling which key sealed it.
 */
export class SecretBox {
  private readonly key: Buffer;
  /** First 8 hex characters of a hash of the key: says which key sealed a value, reveals nothing of it. */
  readonly keyId: string;

  constructor(passphrase: string) {
    if (passphrase.length < 32) throw new Error('DATA_ENCRYPTION_KEY must be at least 32 characters');
    this.key = createHash('sha256').update(passphrase, 'utf8').digest();
    this.keyId = createHash('sha256').update(this.key).digest('hex').slice(0, 8);
  }

  static isSealed(value: string): boolean {
    return value.startsWith(SEALED_PREFIX);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
    return `${SEALED_PREFIX}${this.keyId}:${parts.join(':')}`;
  }

  open(sealed: string, context: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('not a sealed value');
    const [keyId, iv, ciphertext, tag] = sealed.slice(SEALED_PREFIX.length).split(':');
    if (keyId !== this.keyId) {
      throw new Error(`sealed with another DATA_ENCRYPTION_KEY (key id ${keyId ?? '?'}, this one ${this.keyId})`);
    }
    if (iv === undefined || ciphertext === undefined || tag === undefined) throw new Error('malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
