import { randomBytes, bytesToHex } from '@noble/hashes/utils.js';
import { sha256Hex } from './random';

/** A fresh server seed: 64 hex digits from the platform's cryptographic random source. */
export function createServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A default client seed the player may replace before betting. */
export function createClientSeed(): string {
  return bytesToHex(randomBytes(10));
}

/** What the player sees before play: SHA-256 of the server seed's UTF-8 text, as hex. */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** True when a revealed server seed is the one whose hash was shown before play. */
export function isServerSeedRevealed(serverSeed: string, shownHash: string): boolean {
  return hashServerSeed(serverSeed) === shownHash.toLowerCase();
}

export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_PATTERN = /^[\w.:-]{1,64}$/;
