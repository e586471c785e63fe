import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextStake,
  recordRound,
  runAutobet,
  startRun,
  stopReason,
  type AutobetSettings,
  type RoundResult,
} from './autobet';

const limits = { minBetMinor: 100, maxBetMinor: 10_000, step: 1 };
/** The slot's: a stake on 20s inside limits that are not. */
const slot = { minBetMinor: 110, maxBetMinor: 10_010, step: 20 };

const settings = (changes: Partial<AutobetSettings> = {}): AutobetSettings => ({
  bets: 0,
  stopOnProfitMinor: 0,
  stopOnLossMinor: 0,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
  ...changes,
});

const win = (stakeMinor: number, multiplier = 2): RoundResult => ({ stakeMinor, winMinor: stakeMinor * multiplier });
const loss = (stakeMinor: number): RoundResult => ({ stakeMinor, winMinor: 0 });

/** A run of the loop over set results: each bet answered by the next, the stakes asked for kept. */
async function playOut(results: ((stake: number) => RoundResult | Error)[], rules: AutobetSettings, stopAfter = -1) {
  const stakes: number[] = [];
  const seen: number[] = [];
  const end = await runAutobet({
    settings: rules,
    limits,
    baseStakeMinor: 1_000,
    play: async (stake) => {
      stakes.push(stake);
      const next = results[stakes.length - 1];
      if (!next) throw new Error('played past the end');
      const result = next(stake);
      if (result instanceof Error) throw result;
      return result;
    },
    pause: async () => undefined,
    stopRequested: () => stopAfter >= 0 && stakes.length >= stopAfter,
    onRound: (run) => seen.push(run.count),
  });
  return { end, stakes, seen };
}

describe('autobet: the next stake', () => {
  it('goes back to the base stake, or rises by the percentage of the current one', () => {
    const run = { baseStakeMinor: 1_000, stakeMinor: 4_000, count: 3, netMinor: 0 };
    expect(nextStake(run, { mode: 'reset', percent: 50 }, limits)).toBe(1_000);
    expect(nextStake(run, { mode: 'increase', percent: 100 }, limits)).toBe(8_000);
    expect(nextStake(run, { mode: 'increase', percent: 12.5 }, limits)).toBe(4_500);
    expect(nextStake(run, { mode: 'increase', percent: 0 }, limits)).toBe(4_000);
  });

  it('rounds to whole minor units and stays within the limits', () => {
    const run = { baseStakeMinor: 101, stakeMinor: 101, count: 1, netMinor: 0 };
    // 101 × 1.005 = 101.505: the nearest minor unit.
    expect(nextStake(run, { mode: 'increase', percent: 0.5 }, limits)).toBe(102);
    expect(nextStake({ ...run, stakeMinor: 9_000 }, { mode: 'increase', percent: 50 }, limits)).toBe(10_000);
    expect(nextStake({ ...run, baseStakeMinor: 50 }, { mode: 'reset', percent: 0 }, limits)).toBe(100);
  });

  it("keeps the slot's stake on its step: a small rise rounds to the nearest 20", () => {
    const run = { baseStakeMinor: 200, stakeMinor: 200, count: 1, netMinor: 0 };
    expect(nextStake(run, { mode: 'increase', percent: 5 }, slot)).toBe(220);
    expect(nextStake(run, { mode: 'increase', percent: 4 }, slot)).toBe(200);
    expect(nextStake({ ...run, stakeMinor: 9_990 }, { mode: 'increase', percent: 100 }, slot)).toBe(10_000);
    expect(startRun(111, slot).stakeMinor).toBe(120);
  });

  it('counts a round as a win only when it paid more than its stake', () => {
    const rules = settings({ onWin: { mode: 'reset', percent: 0 }, onLoss: { mode: 'increase', percent: 100 } });
    const run = startRun(1_000, limits);
    // A slot spin that pays back half of its stake is a loss for the rules.
    expect(recordRound(run, { stakeMinor: 1_000, winMinor: 500 }, rules, limits)).toEqual({
      baseStakeMinor: 1_000,
      stakeMinor: 2_000,
      count: 1,
      netMinor: -500,
    });
    expect(recordRound(run, win(1_000, 1.5), rules, limits).stakeMinor).toBe(1_000);
    expect(recordRound(run, { stakeMinor: 1_000, winMinor: null }, rules, limits).netMinor).toBe(-1_000);
  });
});

describe('autobet: when a run stops', () => {
  it('stops at its number of bets, at its profit, at its loss; 0 means no such stop', () => {
    const run = { baseStakeMinor: 100, stakeMinor: 100, count: 5, netMinor: 300 };
    expect(stopReason(run, settings({ bets: 5 }))).toBe('count');
    expect(stopReason(run, settings({ bets: 6 }))).toBeNull();
    expect(stopReason(run, settings())).toBeNull();
    expect(stopReason(run, settings({ stopOnProfitMinor: 300 }))).toBe('profit');
    expect(stopReason(run, settings({ stopOnProfitMinor: 301 }))).toBeNull();
    expect(stopReason({ ...run, netMinor: -300 }, settings({ stopOnLossMinor: 300 }))).toBe('loss');
    expect(stopReason({ ...run, netMinor: -299 }, settings({ stopOnLossMinor: 300 }))).toBeNull();
    expect(stopReason({ ...run, netMinor: 300 }, settings({ stopOnLossMinor: 300 }))).toBeNull();
  });

  it('plays exactly its number of bets', async () => {
    const { end, stakes, seen } = await playOut([loss, win, loss, loss, win, win], settings({ bets: 5 }));
    expect(end.reason).toBe('count');
    expect(stakes).toHaveLength(5);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(end.run.netMinor).toBe(-1_000 + 1_000 - 1_000 - 1_000 + 1_000);
  });

  it('stops on the profit over the run, not one round: a martingale that wins back its losses', async () => {
    const rules = settings({ bets: 10, stopOnProfitMinor: 1_000, onLoss: { mode: 'increase', percent: 100 } });
    const { end, stakes } = await playOut([loss, loss, win, win, win], rules);
    // −1,000 −2,000 +4,000 = +1,000 after the third bet.
    expect(stakes).toEqual([1_000, 2_000, 4_000]);
    expect(end).toMatchObject({ reason: 'profit', run: { count: 3, netMinor: 1_000, stakeMinor: 1_000 } });
  });

  it('stops on the loss over the run', async () => {
    const rules = settings({ stopOnLossMinor: 2_500, onWin: { mode: 'increase', percent: 50 } });
    const { end, stakes } = await playOut([win, loss, loss, loss, loss], rules);
    // +1,000, then 1,500 and 1,000 lost: −1,500; then −2,500.
    expect(stakes).toEqual([1_000, 1_500, 1_000, 1_000]);
    expect(end).toMatchObject({ reason: 'loss', run: { count: 4, netMinor: -2_500 } });
  });

  it('stops when asked, before the next bet', async () => {
    const { end, stakes } = await playOut([win, loss, win, loss], settings(), 2);
    expect(stakes).toHaveLength(2);
    expect(end).toMatchObject({ reason: 'stopped', run: { count: 2, netMinor: 0 } });
  });

  it('stops at a refusal, with it, and counts only the bets played', async () => {
    const refusal = new Error('Not enough money.');
    const { end, stakes } = await playOut([loss, () => refusal, win], settings({ bets: 3 }));
    expect(stakes).toHaveLength(2);
    expect(end).toMatchObject({ reason: 'refused', error: refusal, run: { count: 1, netMinor: -1_000 } });
  });

  it('never bets outside the limits or off the step, and its net is every win less every stake', async () => {
    const change = fc.record({
      mode: fc.constantFrom('reset' as const, 'increase' as const),
      percent: fc.double({ min: 0, max: 500, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          bets: fc.integer({ min: 1, max: 30 }),
          stopOnProfitMinor: fc.integer({ min: 0, max: 50_000 }),
          stopOnLossMinor: fc.integer({ min: 0, max: 50_000 }),
          onWin: change,
          onLoss: change,
        }),
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.constantFrom(limits, slot),
        async (rules, multipliers, base, bounds) => {
          const played: RoundResult[] = [];
          const end = await runAutobet({
            settings: rules,
            limits: bounds,
            baseStakeMinor: base,
            play: async (stake) => {
              const round = { stakeMinor: stake, winMinor: Math.floor(stake * multipliers[played.length]!) };
              played.push(round);
              return round;
            },
            pause: async () => undefined,
            stopRequested: () => false,
          });
          for (const { stakeMinor } of played) {
            expect(stakeMinor).toBeGreaterThanOrEqual(bounds.minBetMinor);
            expect(stakeMinor).toBeLessThanOrEqual(bounds.maxBetMinor);
            expect(stakeMinor % bounds.step).toBe(0);
          }
          expect(end.run.count).toBe(played.length);
          expect(played.length).toBeLessThanOrEqual(rules.bets);
          expect(end.run.netMinor).toBe(
            played.reduce((net, round) => net + (round.winMinor ?? 0) - round.stakeMinor, 0),
          );
          // It stopped at the first round that met a condition, and not before.
          expect(stopReason(end.run, rules)).toBe(end.reason);
          let net = 0;
          for (const [index, round] of played.slice(0, -1).entries()) {
            net += (round.winMinor ?? 0) - round.stakeMinor;
            expect(stopReason({ ...end.run, count: index + 1, netMinor: net }, rules)).toBeNull();
          }
        },
      ),
    );
  });
});
