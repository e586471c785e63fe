import { describe, expect, it } from 'vitest';
import { cashOutMarks, createCrashState, proofQuery, readCrashMessage, RECENT_GAMES } from './crash-feed';

const SALT = 'f'.repeat(64);
const RECENT = [
  { gameId: 6, crashPoint: 1.58, gameHash: 'b'.repeat(64), salt: SALT },
  { gameId: 5, crashPoint: 6.51, gameHash: 'a'.repeat(64), salt: SALT },
];

function snapshot(game: Record<string, unknown> | null) {
  return {
    type: 'snapshot',
    serverNow: 10_500,
    curveRate: 0.0006,
    publishedHash: 'e'.repeat(64),
    salt: SALT,
    game,
    recent: RECENT,
  };
}

describe('readCrashMessage', () => {
  describe('the first snapshot', () => {
    it('names the phase of a game already in flight, with its start and the bets placed, each by its number', () => {
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
            { betId: 31, player: 'de***o', slot: 0, stakeMinor: 1_000, cashout: null, winMinor: null },
            // The same mask twice: another player, or the same player's second bet. Both are kept.
            { betId: 32, player: 'de***o', slot: 1, stakeMinor: 500, cashout: null, winMinor: null },
            { betId: 33, player: 'ag***t', slot: 0, stakeMinor: 2_000, cashout: 1.5, winMinor: 3_000 },
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
      expect(state.salt).toBe(SALT);
      expect(state.publishedHash).toBe('e'.repeat(64));
      expect([...state.players]).toEqual([
        [31, { player: 'de***o', slot: 0, stakeMinor: 1_000, cashout: null, winMinor: null }],
        [32, { player: 'de***o', slot: 1, stakeMinor: 500, cashout: null, winMinor: null }],
        [33, { player: 'ag***t', slot: 0, stakeMinor: 2_000, cashout: 1.5, winMinor: 3_000 }],
      ]);
      expect(state.recent).toEqual(RECENT);
      expect(cashOutMarks(state)).toEqual([{ betId: 33, multiplier: 1.5 }]);
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
      expect(state.recent[0]).toEqual({ gameId: 9, crashPoint: 2.47, gameHash, salt: SALT });
      expect(state.recent).toHaveLength(3);
    });

    it('does not list a crashed game twice once it is among the ended games', () => {
      const state = createCrashState();
      readCrashMessage(
        state,
        snapshot({ gameId: 6, phase: 'crashed', startedAt: null, crashPoint: 1.58, gameHash: 'b'.repeat(64) }),
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
      readCrashMessage(state, { type: 'betting', gameId: 10, bettingEndsAt: 24_000, serverNow: 20_000 }, 20_000);
      // The countdown to take-off runs to the end of the betting window, on the server's clock.
      expect(state.bettingEndsAt).toBe(24_000);
      readCrashMessage(state, {
        type: 'bet',
        gameId: 10,
        betId: 40,
        player: 'de***o',
        slot: 0,
        stakeMinor: 1_000,
        cashout: null,
        winMinor: null,
      });
      readCrashMessage(state, {
        type: 'bet',
        gameId: 10,
        betId: 41,
        player: 'de***o',
        slot: 1,
        stakeMinor: 2_000,
        cashout: null,
        winMinor: null,
      });
      readCrashMessage(state, { type: 'running', gameId: 10, startedAt: 23_000, serverNow: 23_000, curveRate: 0.001 });
      expect(state.phase).toBe('running');
      expect(state.startedAt).toBe(23_000);
      expect(state.curveRate).toBe(0.001);
      // Slot 1's cash-out leaves slot 0's bet of the same mask in play.
      readCrashMessage(state, {
        type: 'cashout',
        gameId: 10,
        betId: 41,
        slot: 1,
        player: 'de***o',
        multiplier: 1.2,
        winMinor: 2_400,
      });
      expect(state.players.get(41)).toEqual({
        player: 'de***o',
        slot: 1,
        stakeMinor: 2_000,
        cashout: 1.2,
        winMinor: 2_400,
      });
      expect(state.players.get(40)?.cashout).toBeNull();
      expect(cashOutMarks(state)).toEqual([{ betId: 41, multiplier: 1.2 }]);
      readCrashMessage(state, {
        type: 'crashed',
        gameId: 10,
        crashPoint: 1.35,
        gameHash: 'd'.repeat(64),
        salt: SALT,
      });
      expect(state.phase).toBe('crashed');
      expect(state.crashPoint).toBe(1.35);
      expect(state.recent[0]).toEqual({ gameId: 10, crashPoint: 1.35, gameHash: 'd'.repeat(64), salt: SALT });

      // The next game starts with no players and no crash point.
      readCrashMessage(state, { type: 'betting', gameId: 11 });
      expect(state.phase).toBe('betting');
      expect(state.crashPoint).toBeNull();
      expect(state.players.size).toBe(0);
    });

    it(`keeps the ${RECENT_GAMES} latest games`, () => {
      const state = createCrashState();
      readCrashMessage(state, snapshot(null));
      for (let game = 0; game < 25; game += 1)
        readCrashMessage(state, { type: 'crashed', gameId: game, crashPoint: 2, gameHash: String(game).repeat(32) });
      expect(state.recent).toHaveLength(20);
      expect(state.recent[0]).toEqual({ gameId: 24, crashPoint: 2, gameHash: '24'.repeat(32), salt: SALT });
    });
  });
});

describe('proofQuery', () => {
  it("leads a bust's chip to the verifier with its game hash and salt, never seeds", () => {
    expect(proofQuery(RECENT[0]!)).toEqual({ game: 'crash', gameHash: 'b'.repeat(64), salt: SALT });
  });

  it("asks the vendor by the game's id when no salt came with it", () => {
    expect(proofQuery({ gameId: 12, crashPoint: 3, gameHash: 'a'.repeat(64), salt: null })).toEqual({
      game: 'crash',
      gameId: '12',
    });
  });
});
