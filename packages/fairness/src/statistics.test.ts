import { describe, expect, it } from 'vitest';
import { DICE_OUTCOMES, diceHundredthsFromFloat } from './games/dice';
import { FloatStream, sha256Hex } from './random';
import { REELS, reelStopsFromFloats } from './slot/machine';
import { chiSquare, upperRegularizedGamma } from './test/chi-square';
import { nativeHmacSha256 } from './test/native-hmac';

const ALPHA = 0.01;

describe(chiSquare.name, () => {
  it('gives the textbook tail probabilities', () => {
    expect(upperRegularizedGamma(0.5, 3.841459 / 2)).toBeCloseTo(0.05, 5);
    expect(upperRegularizedGamma(5, 23.209251 / 2)).toBeCloseTo(0.01, 5);
    expect(upperRegularizedGamma(15.5, 52.191395 / 2)).toBeCloseTo(0.01, 5);
    expect(upperRegularizedGamma(5000, 10_331.934 / 2)).toBeCloseTo(0.01, 4);
  });

  it('rejects counts that are plainly not uniform', () => {
    const counts = Array.from({ length: 100 }, (_, index) => 10_000 + (index < 50 ? 300 : -300));
    expect(chiSquare(counts).pValue).toBeLessThan(ALPHA);
  });
});

describe('uniformity of the outcomes', () => {
  it('does not reject a million dice rolls as uniform over 0.00–100.00 at α = 0.01', () => {
    const counts = new Array<number>(DICE_OUTCOMES).fill(0);
    const serverSeed = sha256Hex('dice-statistics');
    for (let nonce = 0; nonce < 1_000_000; nonce += 1) {
      counts[
        diceHundredthsFromFloat(new FloatStream({ serverSeed, clientSeed: 'chi', nonce }, nativeHmacSha256).next())
      ]! += 1;
    }
    const { pValue } = chiSquare(counts);
    expect(pValue).toBeGreaterThan(ALPHA);
  });

  // A reel has 32 stops: a hundred thousand spins give each about 3,000, enough to reject a stop drawn a tenth too often
  // (a million took 15 s of a loaded run and changed nothing the check can see).
  it("does not reject each reel's stops over a hundred thousand spins as uniform at α = 0.01", () => {
    const counts = REELS.map((reel) => new Array<number>(reel.length).fill(0));
    const serverSeed = sha256Hex('reel-statistics');
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const stops = reelStopsFromFloats(
        new FloatStream({ serverSeed, clientSeed: 'chi', nonce }, nativeHmacSha256).take(5),
      );
      stops.forEach((stop, reel) => (counts[reel]![stop]! += 1));
    }
    for (const reelCounts of counts) expect(chiSquare(reelCounts).pValue).toBeGreaterThan(ALPHA);
  });
});
