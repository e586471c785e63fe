import { hmacSha256Hex, sha256Hex } from '../random';

const TWO_POW_52 = 2 ** 52;
const GAME_HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The crash point in hundredths: h = HMAC-SHA256(key = salt, message = game hash) as hex;
 * X = parseInt(first 13 hex digits) / 2^52; point = max(1, floor(99 / (1 − X)) / 100).
 */
export function crashPointHundredths(gameHash: string, salt: string): number {
  if (!GAME_HASH_PATTERN.test(gameHash)) throw new RangeError('game hash must be 64 lower-case hex digits');
  const h = hmacSha256Hex(salt, gameHash);
  const x = parseInt(h.slice(0, 13), 16) / TWO_POW_52;
  return Math.max(100, Math.floor(99 / (1 - x)));
}

export function crashPoint(gameHash: string, salt: string): number {
  return crashPointHundredths(gameHash, salt) / 100;
}

/** The hash of the game played just before this one: SHA-256 of this game hash's hex text. */
export function previousGameHash(gameHash: string): string {
  return sha256Hex(gameHash);
}

/**
 * A chain for `games` games from a secret seed: chain[0] = seed, chain[i] = SHA-256 of chain[i − 1], with
 * games + 1 hashes. The last hash is published before the first game and never played; games use the
 * others from the end backwards (chain[games − 1] first), so each revealed game hash, hashed once, gives the
 * hash of the game before it, and the first game's hash gives the published one.
 */
export function buildGameHashChain(seed: string, games: number): string[] {
  if (!Number.isInteger(games) || games < 1) throw new RangeError('a chain holds 1 game or more');
  const chain = [seed];
  for (let index = 1; index <= games; index += 1) chain.push(sha256Hex(chain[index - 1]!));
  return chain;
}

/** True when hashing `gameHash` again and again reaches the published hash within `maxSteps` steps. */
export function isGameHashInChain(gameHash: string, publishedHash: string, maxSteps: number): boolean {
  let hash = gameHash;
  for (let step = 0; step < maxSteps; step += 1) {
    hash = sha256Hex(hash);
    if (hash === publishedHash) return true;
  }
  return false;
}
