import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * log2 of scrypt's N in production: the OWASP password storage cheat sheet's N=2^17, r=8, p=1 (128 MiB,
 * about 0.3 s here). The configuration refuses less in production (config.ts, PASSWORD_HASH_COST).
 */
export const PRODUCTION_PASSWORD_HASH_COST = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

// Process-wide, set once at start from the configuration: tests hash at a low cost, production never does.
let newHashParams = { N: 2 ** PRODUCTION_PASSWORD_HASH_COST, r: R, p: P };
let dummyHash: Promise<string> | undefined;
// How many scrypt checks verifyPassword has run: what tests compare instead of wall-clock time.
let checksRun = 0;

/** The number of scrypt checks run so far in this process (one per verifyPassword call, known account or not). */
export function passwordChecksRun(): number {
  return checksRun;
}

/** The cost (log2 of N) of the hashes made from now on; stored hashes keep the cost they were made with. */
export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < 10 || cost > 20) throw new RangeError(`password hash cost ${cost}`);
  if (newHashParams.N === 2 ** cost) return;
  newHashParams = { N: 2 ** cost, r: R, p: P };
  dummyHash = undefined;
}

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A self-describing hash `scrypt$N$r$p$salt$key`, so parameters can rise without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = newHashParams;
  const key = await scrypt(password, salt, newHashParams);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { N: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > 2 ** 20 || r > 32 || p > 16) return null;
  return { N, r, p, salt: Buffer.from(parts[4] ?? '', 'base64url'), key: Buffer.from(parts[5] ?? '', 'base64url') };
}

/**
 * Constant-time check. A missing or malformed stored hash still costs one scrypt run, so the time
 * taken never tells whether the account exists.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    // A hash of nothing in particular: checking an unknown account costs as much as checking a known one.
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const dummy = parse(await dummyHash);
    if (dummy) {
      checksRun += 1;
      await scrypt(password, dummy.salt, dummy);
    }
    return false;
  }
  checksRun += 1;
  const key = await scrypt(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash uses weaker parameters than today's, so it should be re-hashed at sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < newHashParams.N || parsed.r < newHashParams.r || parsed.p < newHashParams.p;
}
