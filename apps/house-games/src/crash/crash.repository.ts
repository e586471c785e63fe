import { query, sql, toNullableNumber, toNumber, type HouseExecutor } from '../db/database';
import type { BetSlot } from './crash-shared';

export interface ChainRecord {
  id: number;
  secretSeed: string;
  games: number;
  publishedHash: string;
  salt: string;
}

export type BetState =
  'queued' | 'debiting' | 'placed' | 'crediting' | 'cancelling' | 'settled' | 'cancelled' | 'refused';

export interface BetRecord {
  id: number;
  roundId: string;
  gameId: number | null;
  playerRef: number;
  playerId: string;
  platformToken: string;
  currency: string;
  /** The brand whose limits apply ('*' for the default). */
  brand: string;
  /** Which of the player's two bets in the game (migration 0009). */
  slot: BetSlot;
  stakeMinor: number;
  autoCashoutX100: number | null;
  cashoutX100: number | null;
  winMinor: number | null;
  state: BetState;
}

function toBet(row: Record<string, unknown>): BetRecord {
  return {
    id: toNumber(row.id),
    roundId: row.round_id as string,
    gameId: toNullableNumber(row.game_id),
    playerRef: toNumber(row.player_ref),
    playerId: row.player_id as string,
    platformToken: row.platform_token as string,
    currency: row.currency as string,
    brand: (row.brand as string | undefined) ?? '*',
    slot: toNumber(row.slot ?? 0) === 1 ? 1 : 0,
    stakeMinor: toNumber(row.stake_minor),
    autoCashoutX100: toNullableNumber(row.auto_cashout_x100),
    cashoutX100: toNullableNumber(row.cashout_x100),
    winMinor: toNullableNumber(row.win_minor),
    state: row.state as BetState,
  };
}

export async function findLatestChain(db: HouseExecutor): Promise<ChainRecord | undefined> {
  const rows = await query<Record<string, unknown>>(db, sql`SELECT * FROM house.crash_chains ORDER BY id DESC LIMIT 1`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    secretSeed: row.secret_seed as string,
    games: toNumber(row.games),
    publishedHash: row.published_hash as string,
    salt: row.salt as string,
  };
}

export async function insertChain(db: HouseExecutor, input: Omit<ChainRecord, 'id'>): Promise<ChainRecord> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO house.crash_chains (secret_seed, games, published_hash, salt)
        VALUES (${input.secretSeed}, ${input.games}, ${input.publishedHash}, ${input.salt}) RETURNING id`,
  );
  return { id: toNumber(rows[0]!.id), ...input };
}

export async function findNextGameIndex(db: HouseExecutor, chainId: number): Promise<number> {
  const rows = await query<{ next: unknown }>(
    db,
    sql`SELECT COALESCE(MAX(game_index) + 1, 0) AS next FROM house.crash_games WHERE chain_id = ${chainId}`,
  );
  return toNumber(rows[0]!.next);
}

/**
 * The game's times are its leader's clock (epoch ms), not the moments the writes land: an instance that
 * follows the game from the database counts its betting time and draws its curve as the leader does.
 */
export async function insertGame(
  db: HouseExecutor,
  input: { chainId: number; gameIndex: number; gameHash: string; crashPointX100: number; openedAt: number },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO house.crash_games (chain_id, game_index, game_hash, crash_point_x100, state, created_at)
        VALUES (${input.chainId}, ${input.gameIndex}, ${input.gameHash}, ${input.crashPointX100}, 'betting',
                ${epochMs(input.openedAt)}) RETURNING id`,
  );
  return toNumber(rows[0]!.id);
}

function epochMs(at: number) {
  return sql`to_timestamp(${at}::double precision / 1000)`;
}

export async function markGameRunning(db: HouseExecutor, gameId: number, startedAt: number): Promise<void> {
  await query(
    db,
    sql`UPDATE house.crash_games SET state = 'running', started_at = ${epochMs(startedAt)}
        WHERE id = ${gameId}`,
  );
}

export async function endGame(db: HouseExecutor, gameId: number, state: 'ended' | 'cancelled'): Promise<void> {
  await query(db, sql`UPDATE house.crash_games SET state = ${state}, ended_at = now() WHERE id = ${gameId}`);
}

/** A game in play, for an instance that starts following it halfway: its times, and the bets taken so far. */
export async function findGameInPlay(
  db: HouseExecutor,
  gameId: number,
): Promise<
  | {
      createdAt: number;
      startedAt: number | null;
      bets: {
        id: number;
        playerId: string;
        slot: BetSlot;
        stakeMinor: number;
        cashoutX100: number | null;
        winMinor: number | null;
      }[];
    }
  | undefined
> {
  const [game] = await query<{ created_at: unknown; started_at: unknown }>(
    db,
    sql`SELECT created_at, started_at FROM house.crash_games WHERE id = ${gameId} AND state IN ('betting', 'running')`,
  );
  if (!game) return undefined;
  const bets = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.crash_bets
         WHERE game_id = ${gameId} AND state IN ('placed', 'crediting', 'settled') ORDER BY id`,
  );
  return {
    createdAt: new Date(game.created_at as string).getTime(),
    startedAt: game.started_at === null ? null : new Date(game.started_at as string).getTime(),
    bets: bets.map(toBet).map((bet) => ({
      id: bet.id,
      playerId: bet.playerId,
      slot: bet.slot,
      stakeMinor: bet.stakeMinor,
      cashoutX100: bet.cashoutX100,
      winMinor: bet.cashoutX100 === null ? null : bet.winMinor,
    })),
  };
}

/** Games a stopped process left in betting or running: they are cancelled at start. */
export async function findUnfinishedGames(db: HouseExecutor): Promise<number[]> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM house.crash_games WHERE state IN ('betting', 'running')`,
  );
  return rows.map((row) => toNumber(row.id));
}

export interface EndedGame {
  gameId: number;
  gameHash: string;
  crashPoint: number;
  endedAt: string;
}

/** An ended game with the chain's salt: what verifies its crash point. */
export async function findEndedGame(
  db: HouseExecutor,
  gameId: number,
): Promise<(EndedGame & { salt: string }) | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT g.id, g.game_hash, g.crash_point_x100, g.ended_at, c.salt
          FROM house.crash_games g JOIN house.crash_chains c ON c.id = g.chain_id
         WHERE g.id = ${gameId} AND g.state = 'ended'`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    gameId: toNumber(row.id),
    gameHash: row.game_hash as string,
    crashPoint: toNumber(row.crash_point_x100) / 100,
    endedAt: new Date(row.ended_at as string).toISOString(),
    salt: row.salt as string,
  };
}

/** The last ended games, newest first, each with its chain's salt: a bust's proof is its hash and salt. */
export async function findRecentGames(db: HouseExecutor, limit: number): Promise<(EndedGame & { salt: string })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT g.id, g.game_hash, g.crash_point_x100, g.ended_at, c.salt
          FROM house.crash_games g JOIN house.crash_chains c ON c.id = g.chain_id
         WHERE g.state = 'ended' ORDER BY g.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    gameId: toNumber(row.id),
    gameHash: row.game_hash as string,
    crashPoint: toNumber(row.crash_point_x100) / 100,
    endedAt: new Date(row.ended_at as string).toISOString(),
    salt: row.salt as string,
  }));
}

export async function insertBet(
  db: HouseExecutor,
  input: {
    roundId: string;
    gameId: number | null;
    playerRef: number;
    playerId: string;
    platformToken: string;
    currency: string;
    brand: string;
    slot: BetSlot;
    stakeMinor: number;
    autoCashoutX100: number | null;
    state: 'queued' | 'debiting';
  },
): Promise<BetRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO house.crash_bets (round_id, game_id, player_ref, player_id, platform_token, currency, brand,
                                      slot, stake_minor, auto_cashout_x100, state)
        VALUES (${input.roundId}, ${input.gameId}, ${input.playerRef}, ${input.playerId}, ${input.platformToken},
                ${input.currency}, ${input.brand}, ${input.slot}, ${input.stakeMinor}, ${input.autoCashoutX100},
                ${input.state})
        ON CONFLICT DO NOTHING
        RETURNING *`,
  );
  return rows[0] ? toBet(rows[0]) : undefined;
}

export async function moveBet(
  db: HouseExecutor,
  roundId: string,
  from: readonly BetState[],
  to: BetState,
  changes: { gameId?: number; cashoutX100?: number; winMinor?: number } = {},
): Promise<BetRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`UPDATE house.crash_bets SET state = ${to},
          game_id = COALESCE(${changes.gameId ?? null}::bigint, game_id),
          cashout_x100 = COALESCE(${changes.cashoutX100 ?? null}::bigint, cashout_x100),
          win_minor = COALESCE(${changes.winMinor ?? null}::bigint, win_minor),
          updated_at = now()
        WHERE round_id = ${roundId} AND state IN (${sql.join(
          from.map((state) => sql`${state}`),
          sql`, `,
        )})
        RETURNING *`,
  );
  return rows[0] ? toBet(rows[0]) : undefined;
}

/** Every bet still in play in a game lost at the crash, in one statement. */
export async function loseOpenBets(db: HouseExecutor, gameId: number): Promise<BetRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`UPDATE house.crash_bets SET state = 'crediting', win_minor = 0, updated_at = now()
        WHERE game_id = ${gameId} AND state = 'placed' RETURNING *`,
  );
  return rows.map(toBet);
}

export async function findBetsInStates(
  db: HouseExecutor,
  states: readonly BetState[],
  gameIds?: number[],
): Promise<BetRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.crash_bets WHERE state IN (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}) ${
      gameIds === undefined
        ? sql``
        : gameIds.length === 0
          ? sql`AND false`
          : sql`AND game_id IN (${sql.join(
              gameIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
    }
    ORDER BY id`,
  );
  return rows.map(toBet);
}

export async function findPlayerBets(
  db: HouseExecutor,
  playerRef: number,
  limit: number,
): Promise<(BetRecord & { gameHash: string | null; salt: string | null; crashPoint: number | null })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT b.*, g.game_hash, c.salt, CASE WHEN g.state = 'ended' THEN g.crash_point_x100 END AS crash_point_x100
        FROM house.crash_bets b LEFT JOIN house.crash_games g ON g.id = b.game_id
        LEFT JOIN house.crash_chains c ON c.id = g.chain_id
        WHERE b.player_ref = ${playerRef} ORDER BY b.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => {
    // The game hash is shown only once the game has ended; the salt is public from the start.
    const isEnded = row.crash_point_x100 !== null && row.crash_point_x100 !== undefined;
    return {
      ...toBet(row),
      gameHash: isEnded ? (row.game_hash as string) : null,
      salt: isEnded ? (row.salt as string) : null,
      crashPoint: isEnded ? toNumber(row.crash_point_x100) / 100 : null,
    };
  });
}

/**
 * Takes or renews the crash loop's lease for `holder`: granted when nobody holds it, when `holder` already
 * does, or when the last holder let it expire. One statement, so two instances never both win.
 */
export async function takeLease(db: HouseExecutor, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO house.crash_leader AS lease (id, holder, expires_at)
        VALUES (1, ${holder}, now() + ${ttlMs}::integer * interval '1 millisecond')
        ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE lease.holder = EXCLUDED.holder OR lease.expires_at < now()
        RETURNING holder`,
  );
  return rows.length > 0;
}

/** Gives the lease up at once, so that another instance need not wait for it to expire. */
export async function releaseLease(db: HouseExecutor, holder: string): Promise<void> {
  await query(db, sql`DELETE FROM house.crash_leader WHERE id = 1 AND holder = ${holder}`);
}

/**
 * Claims a forwarded request for the leader ('taken') or for the follower that gave up on it
 * ('abandoned'). True when this claim was first; a request has one outcome for good.
 */
export async function claimForwarded(
  db: HouseExecutor,
  requestId: string,
  outcome: 'taken' | 'abandoned',
): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO house.crash_forwarded (request_id, outcome) VALUES (${requestId}, ${outcome})
        ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
  );
  return rows.length === 1;
}

/** Forgets forwarded requests older than an hour: long decided, and no follower waits on them. */
export async function deleteOldForwarded(db: HouseExecutor): Promise<void> {
  await query(db, sql`DELETE FROM house.crash_forwarded WHERE created_at < now() - interval '1 hour'`);
}
