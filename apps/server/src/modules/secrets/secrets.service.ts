import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import * as repository from './secrets.repository';

/** Shared HMAC secrets, created once in the database and cached. */
export class SecretService {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly db: Database) {}

  getSecret(name: string): Promise<string> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = repository.getOrCreateSecret(this.db, name, randomBytes(32).toString('base64url'));
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }
}
