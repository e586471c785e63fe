import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { TEST_PASSWORD_HASH_COST } from '../../test/password-cost';
import {
  hashPassword,
  needsRehash,
  PRODUCTION_PASSWORD_HASH_COST,
  setPasswordHashCost,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  afterEach(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it('hashes at scrypt N=2^17, r=8, p=1 in production, and the configuration refuses less there', () => {
    expect(PRODUCTION_PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({ NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
  });

  it('writes the cost into the hash, so a hash made at production cost is checked at that cost', async () => {
    setPasswordHashCost(PRODUCTION_PASSWORD_HASH_COST);
    const hash = await hashPassword('Correct horse 1');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    setPasswordHashCost(TEST_PASSWORD_HASH_COST);
    expect(await verifyPassword('Correct horse 1', hash)).toBe(true);
    expect(await verifyPassword('Correct horse 2', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('asks for a rehash of a hash weaker than the cost of new hashes', async () => {
    const weak = await hashPassword('Correct horse 1');
    expect(weak).toMatch(/^scrypt\$1024\$/);
    setPasswordHashCost(12);
    expect(needsRehash(weak)).toBe(true);
  });
});
