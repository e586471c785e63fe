import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What one provably fair round is drawn from. */
export interface RoundSeeds {
  /** 64 hex digits, used as its UTF-8 text (not decoded) as the HMAC key. */
  serverSeed: string;
  clientSeed: string;
  /** The player's bet counter under this server seed: 0, 1, 2, ... */
  nonce: number;
}

export const FLOATS_PER_HASH = 8;

/** HMAC-SHA256 of bytes; a server may pass its platform's native one, which gives the same bytes faster. */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const nobleHmacSha256: HmacSha256 = (key, message) => hmac(sha256, key, message);
const TWO_POW_32 = 4_294_967_296;

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** The eight floats of one hash: each 4 bytes b0..b3 give b0/256 + b1/256² + b2/256³ + b3/256⁴. */
export function bytesToFloats(bytes: Uint8Array): number[] {
  const floats: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
    // Equal, bit for bit, to the sum of the four fractions: a 32-bit fraction is exact in a double.
    const word =
      ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
    floats.push(word / TWO_POW_32);
  }
  return floats;
}

/**
 * Endless floats of one round: HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${round}`)
 * for round = 0, 1, 2, ..., eight floats a hash, read in order.
 */
export class FloatStream {
  private readonly key: Uint8Array;
  private readonly prefix: string;
  private readonly mac: HmacSha256;
  private buffer: number[] = [];
  private position = 0;
  private round = 0;

  constructor(seeds: RoundSeeds, mac: HmacSha256 = nobleHmacSha256) {
    assertSeeds(seeds);
    this.key = utf8ToBytes(seeds.serverSeed);
    this.prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
    this.mac = mac;
  }

  next(): number {
    if (this.position === this.buffer.length) {
      this.buffer = bytesToFloats(this.mac(this.key, utf8ToBytes(this.prefix + String(this.round))));
      this.position = 0;
      this.round += 1;
    }
    const value = this.buffer[this.position]!;
    this.position += 1;
    return value;
  }

  take(count: number): number[] {
    const floats: number[] = [];
    for (let index = 0; index < count; index += 1) floats.push(this.next());
    return floats;
  }
}

export function generateFloats(seeds: RoundSeeds, count: number, mac?: HmacSha256): number[] {
  return new FloatStream(seeds, mac).take(count);
}

export function assertSeeds(seeds: RoundSeeds): void {
  if (seeds.serverSeed.length === 0) throw new RangeError('server seed is empty');
  if (seeds.clientSeed.length === 0) throw new RangeError('client seed is empty');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0)
    throw new RangeError('nonce must be an integer of 0 or more');
}
