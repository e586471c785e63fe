import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashMultiplierAt } from '../../src/games/rules';
import { curvePoints, curveScale, gridLines, gridStep, multiplierAt, timeFor, toPoint } from './crash-curve';

const BOX = { left: 40, top: 10, width: 600, height: 300 };

describe('multiplierAt', () => {
  it('counts as the vendor does, to the hundredth, at any moment of a flight', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 200_000 }), fc.constantFrom(0.00006, 0.0005, 0.003), (ms, rate) => {
        expect(multiplierAt(ms, rate)).toBe(crashMultiplierAt(ms, rate) / 100);
      }),
    );
  });

  it('starts at 1.00× and reaches 2× at ln 2 / rate', () => {
    expect(multiplierAt(0, 0.00006)).toBe(1);
    expect(multiplierAt(Math.ceil(timeFor(2, 0.00006)), 0.00006)).toBe(2);
  });
});

describe('curveScale', () => {
  it('keeps the head of the curve inside the axes as it rises, and only ever grows', () => {
    const rate = 0.00006;
    let previous = curveScale(0, 1, rate);
    for (let ms = 0; ms <= 120_000; ms += 250) {
      const multiplier = Math.exp(rate * ms);
      const scale = curveScale(ms, multiplier, rate);
      expect(ms).toBeLessThanOrEqual(scale.maxMs * 0.8 + 1e-6);
      expect(multiplier).toBeLessThan(scale.maxMultiplier);
      expect(scale.maxMs).toBeGreaterThanOrEqual(previous.maxMs);
      expect(scale.maxMultiplier).toBeGreaterThanOrEqual(previous.maxMultiplier);
      previous = scale;
    }
  });

  it("starts at 2× and 70 % of the time to reach it, on the vendor's rate, so that the first moments have room", () => {
    const start = curveScale(0, 1, 0.00006);
    expect(start.maxMultiplier).toBe(2);
    expect(Math.round(start.maxMs)).toBe(8_087);
    // A faster game (the journeys' rate) has a shorter axis, not a curve squeezed into its first tenth.
    expect(Math.round(curveScale(0, 1, 0.0006).maxMs)).toBe(809);
  });
});

describe('gridLines', () => {
  it('gives round steps, a few lines an axis', () => {
    expect(gridStep(1, 4)).toBe(0.5);
    expect(gridStep(9, 4)).toBe(5);
    expect(gridStep(130, 4)).toBe(50);
    expect(gridLines({ maxMs: 8_000, maxMultiplier: 2 })).toEqual({ multipliers: [1.5, 2], seconds: [2, 4, 6, 8] });
    expect(gridLines({ maxMs: 800, maxMultiplier: 2 }).seconds).toEqual([0.2, 0.4, 0.6, 0.8]);
    const many = gridLines({ maxMs: 95_000, maxMultiplier: 812 });
    expect(many.multipliers.length).toBeLessThanOrEqual(5);
    expect(many.seconds.length).toBeLessThanOrEqual(5);
  });
});

describe('curvePoints', () => {
  it('runs from the bottom-left corner to the multiplier now, always rising', () => {
    const rate = 0.0005;
    const elapsed = 4_000;
    const scale = curveScale(elapsed, Math.exp(rate * elapsed), rate);
    const points = curvePoints(BOX, scale, elapsed, rate);
    expect(points[0]).toEqual([BOX.left, BOX.top + BOX.height]);
    expect(points[points.length - 1]).toEqual(toPoint(BOX, scale, elapsed, Math.exp(rate * elapsed)));
    for (let index = 1; index < points.length; index += 1) {
      expect(points[index]![0]).toBeGreaterThan(points[index - 1]![0]);
      expect(points[index]![1]).toBeLessThanOrEqual(points[index - 1]![1]);
    }
    // Inside the box.
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(BOX.left);
      expect(x).toBeLessThanOrEqual(BOX.left + BOX.width);
      expect(y).toBeGreaterThanOrEqual(BOX.top);
      expect(y).toBeLessThanOrEqual(BOX.top + BOX.height);
    }
  });
});
