import { describe, expect, it } from 'vitest';
import { createCrashState, readCrashMessage } from './crash-feed';

const RECENT = [
  { crashPoint: 1.58, gameHash: 'b'.repeat(64) },
  { crashPoint: 6.51, gameHash: 'a'.repeat(64) },
];

function snapshot(game: Record<string, unknown> | null) {
  return { type: 'snapshot', serverNow: 10_500, curveRate: 0.0006, game, recent: RECENT };
}

describe('readCrashMessage', () => {
  describe('the first snapshot', () => {
    it('names the phase of a game already in flight, with its start and the bets placed', () => {
      const state = createCrashState();
      readCrashMessage(
        state,
        snapshot({
          gameId: 7,
          phase: 'running',
          startedAt: 9_000,
          crashPoint: null,
          gameHash: null,
          bets: [
            { player: 'de***o', stakeMinor: 1_000, cashout: null },
            { player: 'ag***t', stakeMinor: 2_000, cashout: 1.5 },
          ],
        }),
        10_000,
      );
      expect(state.phase).toBe('running');
      expect(state.gameId).toBe(7);
      expect(state.startedAt).toBe(9_000);
      expect(state.clockOffset).toBe(500);
      expect(state.curveRate).toBe(0.0006);
      expect(state.crashPoint).toBeNull();
      expect([...state.players]).toEqual([
        ['de***o', { stakeMinor: 1_000, cashout: null, winMinor: null }],
        ['ag***t', { stakeMinor: 2_000, cashout: 1.5, winMinor: null }],
      ]);
      expect(state.recent).toEqual(RECENT);
    });

    it('names the betting phase of a game still taking bets', () => {
      const state = createCrashState();
      readCrashMessage(state, snapshot({ gameId: 8, phase: 'betting', startedAt: null, bets: [] }));
      expect(state.phase).toBe('betting');
    });

    it('shows a game that crashed but is not settled yet with its crash point, first among the recent games', () => {
      const state = createCrashState();
      const gameHash = 'c'.repeat(64);
      readCrashMessage(
        state,
        snapshot({ gameId: 9, phase: 'crashed', startedAt: null, crashPoint: 2.47, gameHash, bets: [] }),
      );
      expect(state.phase).toBe('crashed');
      expect(state.crashPoint).toBe(2.47);
      expect(state.recent[0]).toEqual({ crashPoint: 2.47, gameHash });
      expect(state.recent).toHaveLength(3);
    });

    it('does not list a crashed game twice once it is among the ended games', () => {
      const state = createCrashState();
      readCrashMessage(
        state,
        snapshot({ gameId: 9, phase: 'crashed', startedAt: null, crashPoint: 1.58, gameHash: 'b'.repeat(64) }),
      );
      expect(state.recent).toEqual(RECENT);
    });

    it('names no phase while the vendor has no game yet', () => {
      const state = createCrashState();
      readCrashMessage(state, snapshot(null));
      expect(state.phase).toBeNull();
      expect(state.players.size).toBe(0);
    });
  });

  describe('the messages after it', () => {
    it('follow a game from betting through its bets and cash-outs to the crash', () => {
      const state = createCrashState();
      readCrashMessage(state, snapshot(null));
      readCrashMessage(state, { type: 'betting', gameId: 10, serverNow: 20_000 }, 20_000);
      readCrashMessage(state, { type: 'bet', gameId: 10, player: 'de***o', stakeMinor: 1_000, cashout: null });
      readCrashMessage(state, { type: 'running', gameId: 10, startedAt: 23_000, serverNow: 23_000, curveRate: 0.001 });
      expect(state.phase).toBe('running');
      expect(state.startedAt).toBe(23_000);
      expect(state.curveRate).toBe(0.001);
      readCrashMessage(state, { type: 'cashout', gameId: 10, player: 'de***o', multiplier: 1.2, winMinor: 1_200 });
      expect(state.players.get('de***o')).toEqual({ stakeMinor: 1_000, cashout: 1.2, winMinor: 1_200 });
      readCrashMessage(state, { type: 'crashed', gameId: 10, crashPoint: 1.35, gameHash: 'd'.repeat(64) });
      expect(state.phase).toBe('crashed');
      expect(state.crashPoint).toBe(1.35);
      expect(state.recent[0]).toEqual({ crashPoint: 1.35, gameHash: 'd'.repeat(64) });

      // The next game starts with no players and no crash point.
      readCrashMessage(state, { type: 'betting', gameId: 11 });
      expect(state.phase).toBe('betting');
      expect(state.crashPoint).toBeNull();
      expect(state.players.size).toBe(0);
    });

    it('keeps the ten latest games', () => {
      const state = createCrashState();
      readCrashMessage(state, snapshot(null));
      for (let game = 0; game < 12; game += 1)
        readCrashMessage(state, { type: 'crashed', gameId: game, crashPoint: 2, gameHash: String(game).repeat(64) });
      expect(state.recent).toHaveLength(10);
      expect(state.recent[0]!.gameHash).toBe('11'.repeat(64));
    });
  });
});
