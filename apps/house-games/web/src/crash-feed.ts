/** The phases of a crash game; each is also the key of its label. */
export type CrashPhase = 'betting' | 'running' | 'crashed';

export interface PlayerLine {
  /** Unknown for a player first heard of by a cash-out. */
  stakeMinor: number | null;
  cashout: number | null;
  /** Sent with a live cash-out; a snapshot gives the multiplier only. */
  winMinor: number | null;
}

export interface RecentGame {
  crashPoint: number;
  gameHash: string;
}

/** What the crash page shows, kept from the live feed: the first snapshot, then each message. */
export interface CrashState {
  /** Null while the vendor has no game (it is starting). */
  phase: CrashPhase | null;
  gameId: number | null;
  /** On the server's clock. */
  startedAt: number;
  curveRate: number;
  /** Server clock minus ours. */
  clockOffset: number;
  /** Known once the game crashed, never before. */
  crashPoint: number | null;
  /** Masked player → their bet in this game. */
  players: Map<string, PlayerLine>;
  recent: RecentGame[];
}

export type CrashMessage = Record<string, unknown> & { type: string };

const RECENT_GAMES = 10;

export function createCrashState(): CrashState {
  return {
    phase: null,
    gameId: null,
    startedAt: 0,
    curveRate: 0.00006,
    clockOffset: 0,
    crashPoint: null,
    players: new Map(),
    recent: [],
  };
}

function isPhase(value: unknown): value is CrashPhase {
  return value === 'betting' || value === 'running' || value === 'crashed';
}

function addRecent(state: CrashState, game: RecentGame): void {
  if (state.recent.some((known) => known.gameHash === game.gameHash)) return;
  state.recent = [game, ...state.recent].slice(0, RECENT_GAMES);
}

/**
 * Applies one message of the feed to the state. The snapshot a socket gets first sets everything,
 * the phase included: a page opened mid-round shows it at once, not from the next message on.
 */
export function readCrashMessage(state: CrashState, message: CrashMessage, now = Date.now()): void {
  if (typeof message.serverNow === 'number') state.clockOffset = message.serverNow - now;
  if (typeof message.curveRate === 'number') state.curveRate = message.curveRate;
  switch (message.type) {
    case 'snapshot': {
      const game = message.game as {
        gameId: number;
        phase: string;
        startedAt: number | null;
        crashPoint?: number | null;
        gameHash?: string | null;
        bets?: { player: string; stakeMinor: number; cashout: number | null }[];
      } | null;
      state.phase = game && isPhase(game.phase) ? game.phase : null;
      state.gameId = game?.gameId ?? null;
      state.startedAt = game?.startedAt ?? 0;
      state.crashPoint = game?.crashPoint ?? null;
      state.players = new Map(
        (game?.bets ?? []).map((bet) => [
          bet.player,
          { stakeMinor: bet.stakeMinor, cashout: bet.cashout, winMinor: null },
        ]),
      );
      state.recent = (message.recent as RecentGame[]).slice(0, RECENT_GAMES);
      // A game that crashed but is not settled yet is not among the ended games the snapshot lists.
      if (state.phase === 'crashed' && state.crashPoint !== null && game?.gameHash)
        addRecent(state, { crashPoint: state.crashPoint, gameHash: game.gameHash });
      return;
    }
    case 'betting':
      state.phase = 'betting';
      state.gameId = Number(message.gameId);
      state.crashPoint = null;
      state.players = new Map();
      return;
    case 'running':
      state.phase = 'running';
      state.startedAt = Number(message.startedAt);
      return;
    case 'bet':
      state.players.set(String(message.player), {
        stakeMinor: Number(message.stakeMinor),
        cashout: null,
        winMinor: null,
      });
      return;
    case 'cashout': {
      const player = String(message.player);
      state.players.set(player, {
        stakeMinor: state.players.get(player)?.stakeMinor ?? null,
        cashout: Number(message.multiplier),
        winMinor: Number(message.winMinor),
      });
      return;
    }
    case 'crashed':
      state.phase = 'crashed';
      state.crashPoint = Number(message.crashPoint);
      addRecent(state, { crashPoint: state.crashPoint, gameHash: String(message.gameHash) });
      return;
  }
}
