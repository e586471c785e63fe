import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../random';
import { nativeHmacSha256 } from '../test/native-hmac';
import {
  FREE_SPINS_AWARDED,
  PAYLINES,
  PAYLINE_ROWS,
  REELS,
  SYMBOLS,
  evaluateLine,
  playSlotRound,
  slotPayMinor,
  slotRoundUnits,
  windowSymbols,
} from './machine';
import { DECLARED_SLOT_RTP, computeSlotRtp } from './rtp';

const symbol = (name: (typeof SYMBOLS)[number]): number => SYMBOLS.indexOf(name);
const line = (...names: (typeof SYMBOLS)[number][]): number[] => names.map(symbol);

describe(evaluateLine.name, () => {
  it('pays the leading symbol with wilds standing in, from the left reel only', () => {
    expect(evaluateLine(line('seven', 'seven', 'seven', 'lemon', 'lemon'))).toEqual({
      symbol: symbol('seven'),
      count: 3,
      units: 25,
    });
    expect(evaluateLine(line('wild', 'wild', 'seven', 'seven', 'lemon'))).toEqual({
      symbol: symbol('seven'),
      count: 4,
      units: 100,
    });
    expect(evaluateLine(line('lemon', 'seven', 'seven', 'seven', 'seven'))).toBeNull();
    expect(evaluateLine(line('bell', 'bell', 'lemon', 'bell', 'bell'))).toBeNull();
  });

  it('pays a run of wilds on its own when that pays more than the symbol after it', () => {
    // Three wilds (50) beat wild-wild-wild-lemon-lemon read as five lemons (80)? No: five lemons pay 80.
    expect(evaluateLine(line('wild', 'wild', 'wild', 'lemon', 'lemon'))).toEqual({
      symbol: symbol('lemon'),
      count: 5,
      units: 80,
    });
    expect(evaluateLine(line('wild', 'wild', 'wild', 'lemon', 'bell'))).toEqual({
      symbol: symbol('wild'),
      count: 3,
      units: 50,
    });
    expect(evaluateLine(line('wild', 'wild', 'wild', 'wild', 'scatter'))).toEqual({
      symbol: symbol('wild'),
      count: 4,
      units: 250,
    });
    expect(evaluateLine(line('wild', 'wild', 'wild', 'wild', 'wild'))).toEqual({
      symbol: symbol('wild'),
      count: 5,
      units: 1000,
    });
  });

  it('never lets a wild stand in for a scatter', () => {
    expect(evaluateLine(line('scatter', 'scatter', 'scatter', 'wild', 'wild'))).toBeNull();
    expect(evaluateLine(line('wild', 'scatter', 'scatter', 'scatter', 'lemon'))).toBeNull();
  });
});

describe(playSlotRound.name, () => {
  it('shows each reel from its stop downwards, wrapping at the end of the strip', () => {
    const last = REELS.map((reel) => reel.length - 1);
    const window = windowSymbols(last);
    REELS.forEach((reel, index) => expect(window[index]).toEqual([reel[reel.length - 1], reel[0], reel[1]]));
  });

  it('has 20 distinct paylines, one row a reel', () => {
    expect(PAYLINES).toBe(20);
    expect(new Set(PAYLINE_ROWS.map((rows) => rows.join(''))).size).toBe(20);
  });

  it('adds up its line wins, scatter pays and free spins, and awards free spins for 3+ scatters only', () => {
    let sawFreeSpins = false;
    for (let nonce = 0; nonce < 3000; nonce += 1) {
      const round = playSlotRound({ serverSeed: sha256Hex('slot'), clientSeed: 'player', nonce }, nativeHmacSha256);
      const first = round.spins[0]!;
      const expectedFree = first.scatterCount >= 3 ? FREE_SPINS_AWARDED[Math.min(first.scatterCount, 5) - 3]! : 0;
      expect(round.freeSpinsAwarded).toBe(expectedFree);
      expect(round.spins).toHaveLength(1 + expectedFree);
      for (const spin of round.spins) {
        const lines = spin.lineWins.reduce((sum, win) => sum + win.units, 0);
        const scatter =
          spin.scatterCount >= 3 ? [2, 10, 50][Math.min(spin.scatterCount, 5) - 3]! * PAYLINES * spin.multiplier : 0;
        expect(spin.units).toBe(lines + scatter);
        expect(spin.multiplier).toBe(spin.isFreeSpin ? 2 : 1);
      }
      expect(round.totalUnits).toBe(round.spins.reduce((sum, spin) => sum + spin.units, 0));
      if (expectedFree > 0) sawFreeSpins = true;
    }
    expect(sawFreeSpins).toBe(true);
  });

  it('counts the same units on the fast simulation path as on the recorded round', () => {
    for (let nonce = 0; nonce < 20_000; nonce += 1) {
      const seeds = { serverSeed: sha256Hex('same'), clientSeed: 'x', nonce };
      expect(slotRoundUnits(seeds, nativeHmacSha256)).toBe(playSlotRound(seeds).totalUnits);
    }
  });

  it('pays whole minor units for a stake that is a multiple of the paylines', () => {
    expect(slotPayMinor(25, 1000)).toBe(1250);
    expect(slotPayMinor(0, 1000)).toBe(0);
  });
});

describe(computeSlotRtp.name, () => {
  it('matches the declared RTP of 95.76 %', () => {
    const rtp = computeSlotRtp();
    expect(Math.abs(rtp.total - DECLARED_SLOT_RTP)).toBeLessThan(0.00005);
    expect(rtp.lines + rtp.scatters + rtp.freeSpins).toBeCloseTo(rtp.total, 12);
  });

  it('is met by 1,000,000 simulated rounds within ±1 %', () => {
    let units = 0;
    const rounds = 1_000_000;
    const serverSeed = sha256Hex('rtp-test');
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      units += slotRoundUnits({ serverSeed, clientSeed: 'rtp', nonce }, nativeHmacSha256);
    }
    const simulated = units / PAYLINES / rounds;
    expect(Math.abs(simulated - DECLARED_SLOT_RTP)).toBeLessThan(0.01);
  });
});
