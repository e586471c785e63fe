/** The phases of a crash game; each is also the key of its label. */
export type CrashPhase = 'betting' | 'running' | 'crashed';

/** A bet of the game in play as everyone sees it: the player masked, never their id. */
export interface PlayerLine {
  player: string;
  /** Which of the player's two bets. */
  slot: 0 | 1;
  /** Unknown for a bet first heard of by a cash-out. */
  stakeMinor: number | null;
  cashout: number | null;
  winMinor: number | null;
}

/** An ended game: its crash point and its proof, the game hash and its chain's salt. */
export interface RecentGame {
  gameId: number | null;
  crashPoint: number;
  gameHash: string;
  /** Null only from a vendor that sent none; the verifier then asks the vendor by the game's id. */
  salt: string | null;
}

/** What the crash page shows, kept from the live feed: the first snapshot, then each message. */
export interface CrashState {
  /** Null while the vendor has no game (it is starting). */
  phase: CrashPhase | null;
  gameId: number | null;
  /** On the server's clock: when bets close (in the betting phase), and when the game took off. */
  bettingEndsAt: number;
  startedAt: number;
  curveRate: number;
  /** Server clock minus ours. */
  clockOffset: number;
  /** Known once the game crashed, never before. */
  crashPoint: number | null;
  /** Bet number (the vendor's betId) → the bet in this game, in the order heard. */
  players: Map<number, PlayerLine>;
  recent: RecentGame[];
  /** The chain's salt from the snapshot: a bust heard live carries its own. */
  salt: string | null;
  /** The chain's last hash, published before its first game. */
  publishedHash: string | null;
}

export type CrashMessage = Record<string, unknown> & { type: string };

/** The busts shown as chips. */
export const RECENT_GAMES = 20;

export function createCrashState(): CrashState {
  return {
    phase: null,
    gameId: null,
    bettingEndsAt: 0,
    startedAt: 0,
    curveRate: 0.00006,
    clockOffset: 0,
    crashPoint: null,
    players: new Map(),
    recent: [],
    salt: null,
    publishedHash: null,
  };
}

type BetMessage = {
  betId: number;
  player: string;
  slot?: number;
  stakeMinor: number;
  cashout: number | null;
  winMinor?: number | null;
};

function playerLine(bet: BetMessage): PlayerLine {
  return {
    player: String(bet.player),
    slot: bet.slot === 1 ? 1 : 0,
    stakeMinor: Number(bet.stakeMinor),
    cashout: bet.cashout === null || bet.cashout === undefined ? null : Number(bet.cashout),
    winMinor: bet.winMinor === null || bet.winMinor === undefined ? null : Number(bet.winMinor),
  };
}

function recentGame(game: Partial<RecentGame>, salt: string | null): RecentGame {
  return {
    gameId: typeof game.gameId === 'number' ? game.gameId : null,
    crashPoint: Number(game.crashPoint),
    gameHash: String(game.gameHash),
    salt: typeof game.salt === 'string' ? game.salt : salt,
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
        bettingEndsAt?: number;
        startedAt: number | null;
        crashPoint?: number | null;
        gameHash?: string | null;
        bets?: BetMessage[];
      } | null;
      state.salt = typeof message.salt === 'string' ? message.salt : null;
      state.publishedHash = typeof message.publishedHash === 'string' ? message.publishedHash : null;
      state.phase = game && isPhase(game.phase) ? game.phase : null;
      state.gameId = game?.gameId ?? null;
      state.bettingEndsAt = game?.bettingEndsAt ?? 0;
      state.startedAt = game?.startedAt ?? 0;
      state.crashPoint = game?.crashPoint ?? null;
      state.players = new Map((game?.bets ?? []).map((bet) => [Number(bet.betId), playerLine(bet)]));
      state.recent = ((message.recent ?? []) as Partial<RecentGame>[])
        .slice(0, RECENT_GAMES)
        .map((recent) => recentGame(recent, state.salt));
      // A game that crashed but is not settled yet is not among the ended games the snapshot lists.
      if (state.phase === 'crashed' && state.crashPoint !== null && game?.gameHash)
        addRecent(
          state,
          recentGame({ gameId: game.gameId, crashPoint: state.crashPoint, gameHash: game.gameHash }, state.salt),
        );
      return;
    }
    case 'betting':
      state.phase = 'betting';
      state.gameId = Number(message.gameId);
      state.bettingEndsAt = Number(message.bettingEndsAt ?? 0);
      state.crashPoint = null;
      state.players = new Map();
      return;
    case 'running':
      state.phase = 'running';
      state.startedAt = Number(message.startedAt);
      return;
    case 'bet':
      state.players.set(Number(message.betId), playerLine(message as unknown as BetMessage));
      return;
    case 'cashout': {
      const betId = Number(message.betId);
      const known = state.players.get(betId);
      state.players.set(betId, {
        player: known?.player ?? String(message.player),
        slot: message.slot === 1 ? 1 : 0,
        stakeMinor: known?.stakeMinor ?? null,
        cashout: Number(message.multiplier),
        winMinor: Number(message.winMinor),
      });
      return;
    }
    case 'crashed':
      state.phase = 'crashed';
      state.crashPoint = Number(message.crashPoint);
      addRecent(
        state,
        recentGame(
          {
            gameId: Number(message.gameId),
            crashPoint: state.crashPoint,
            gameHash: String(message.gameHash),
            salt: message.salt as string | undefined,
          },
          state.salt,
        ),
      );
      return;
  }
}

/** The cash-outs of the game in play, for the marks on the curve: lowest first. */
export function cashOutMarks(state: CrashState): { betId: number; multiplier: number }[] {
  const marks: { betId: number; multiplier: number }[] = [];
  for (const [betId, line] of state.players) if (line.cashout !== null) marks.push({ betId, multiplier: line.cashout });
  return marks.sort((a, b) => a.multiplier - b.multiplier);
}

/** Where a bust's chip leads: the verifier with the game's hash and salt, which give its crash point. */
export function proofQuery(game: RecentGame): Record<string, string> {
  return game.salt
    ? { game: 'crash', gameHash: game.gameHash, salt: game.salt }
    : { game: 'crash', gameId: String(game.gameId ?? '') };
}
