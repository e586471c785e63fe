import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FloatStream, bytesToFloats, generateFloats, hmacSha256Hex, sha256Hex } from './random';
import { nativeHmacSha256 } from './test/native-hmac';

const SEED_1 = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';

/** The float rule written out the long way, on node:crypto, as a second opinion. */
function floatsTheLongWay(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32; i += 4) {
      floats.push(bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4);
    }
  }
  return floats.slice(0, count);
}

describe(FloatStream.name, () => {
  it('gives the floats computed independently (Python hmac) for fixed seeds', () => {
    const floats = generateFloats({ serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 0 }, 9);
    expect(floats.slice(0, 3)).toEqual([0.7499772140290588, 0.35268941917456686, 0.1075908332131803]);
    // The ninth float is the first of round 1.
    expect(floats[8]).toBe(0.5685086834710091);
    expect(generateFloats({ serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 1 }, 3)).toEqual([
      0.6629843744449317, 0.4925089755561203, 0.050147515488788486,
    ]);
  });

  it('agrees with node:crypto computed the long way over many seeds, nonces and rounds', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const serverSeed = sha256Hex(`server-${nonce % 7}`);
      const clientSeed = `client-${nonce % 5}`;
      expect(generateFloats({ serverSeed, clientSeed, nonce }, 20)).toEqual(
        floatsTheLongWay(serverSeed, clientSeed, nonce, 20),
      );
      expect(generateFloats({ serverSeed, clientSeed, nonce }, 20, nativeHmacSha256)).toEqual(
        floatsTheLongWay(serverSeed, clientSeed, nonce, 20),
      );
    }
  });

  it('turns 4 bytes into b0/256 + b1/256² + b2/256³ + b3/256⁴', () => {
    expect(bytesToFloats(Uint8Array.from([0, 0, 0, 0, 128, 0, 0, 0, 255, 255, 255, 255, 1, 2, 3, 4]))).toEqual([
      0,
      0.5,
      255 / 256 + 255 / 256 ** 2 + 255 / 256 ** 3 + 255 / 256 ** 4,
      1 / 256 + 2 / 256 ** 2 + 3 / 256 ** 3 + 4 / 256 ** 4,
    ]);
  });

  it('refuses a negative or fractional nonce and empty seeds', () => {
    expect(() => new FloatStream({ serverSeed: SEED_1, clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
    expect(() => new FloatStream({ serverSeed: SEED_1, clientSeed: 'c', nonce: 1.5 })).toThrow(RangeError);
    expect(() => new FloatStream({ serverSeed: '', clientSeed: 'c', nonce: 0 })).toThrow(RangeError);
    expect(() => new FloatStream({ serverSeed: SEED_1, clientSeed: '', nonce: 0 })).toThrow(RangeError);
  });

  it('hashes and signs text as node:crypto does', () => {
    expect(sha256Hex('parlay')).toBe('61fb51e57b258404f93b38b6628b2c507b4c0291b9c5124a8e8c3c6fd860f9be');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hmacSha256Hex('key', 'message')).toBe(createHmac('sha256', 'key').update('message').digest('hex'));
  });
});
