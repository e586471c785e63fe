import { query, sql, toIso, toNullableNumber, toNumber, type HouseExecutor } from '../db/database';

export type RoundState = 'debiting' | 'open' | 'crediting' | 'cancelling' | 'settled' | 'cancelled';

export interface RoundRecord {
  id: number;
  roundId: string;
  playerRef: number;
  playerId: string;
  platformToken: string;
  gameCode: string;
  currency: string;
  /** The brand whose limits apply ('*' for the default). */
  brand: string;
  stakeMinor: number;
  winMinor: number | null;
  state: RoundState;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  progress: Record<string, unknown> | null;
  failure: string | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
}

type RoundRow = Record<string, unknown>;

function parseJson(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

function toRound(row: RoundRow): RoundRecord {
  return {
    id: toNumber(row.id),
    roundId: row.round_id as string,
    playerRef: toNumber(row.player_ref),
    playerId: row.player_id as string,
    platformToken: row.platform_token as string,
    gameCode: row.game_code as string,
    currency: row.currency as string,
    brand: (row.brand as string | undefined) ?? '*',
    stakeMinor: toNumber(row.stake_minor),
    winMinor: toNullableNumber(row.win_minor),
    state: row.state as RoundState,
    serverSeedHash: row.server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nonce: toNumber(row.nonce),
    params: parseJson(row.params) ?? {},
    outcome: parseJson(row.outcome),
    progress: parseJson(row.progress),
    failure: (row.failure as string | null) ?? null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    settledAt: row.settled_at === null || row.settled_at === undefined ? null : toIso(row.settled_at),
  };
}

export async function insertRound(
  db: HouseExecutor,
  input: {
    roundId: string;
    playerRef: number;
    playerId: string;
    platformToken: string;
    gameCode: string;
    currency: string;
    brand: string;
    stakeMinor: number;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    params: Record<string, unknown>;
  },
): Promise<RoundRecord> {
  const rows = await query<RoundRow>(
    db,
    sql`INSERT INTO house.rounds (round_id, player_ref, player_id, platform_token, game_code, currency, brand, stake_minor,
                                  state, server_seed_hash, client_seed, nonce, params)
        VALUES (${input.roundId}, ${input.playerRef}, ${input.playerId}, ${input.platformToken}, ${input.gameCode},
                ${input.currency}, ${input.brand}, ${input.stakeMinor}, 'debiting', ${input.serverSeedHash},
                ${input.clientSeed}, ${input.nonce}, ${JSON.stringify(input.params)}::jsonb)
        RETURNING *`,
  );
  return toRound(rows[0]!);
}

/** Moves a round from one state to the next only if it is still in `from`; undefined when it was not. */
export async function moveRound(
  db: HouseExecutor,
  roundId: string,
  from: readonly RoundState[],
  to: RoundState,
  changes: {
    winMinor?: number;
    outcome?: Record<string, unknown>;
    progress?: Record<string, unknown>;
    failure?: string;
  } = {},
  /**
   * The progress the change was decided on: the move happens only if the round still has it, so two
   * requests decided on the same progress (two reveals at once) cannot both write, one over the other.
   */
  when: { progressWas?: Record<string, unknown> | null } = {},
): Promise<RoundRecord | undefined> {
  const unchanged =
    when.progressWas === undefined
      ? sql``
      : sql` AND progress IS NOT DISTINCT FROM ${when.progressWas === null ? null : JSON.stringify(when.progressWas)}::jsonb`;
  const rows = await query<RoundRow>(
    db,
    sql`UPDATE house.rounds SET
          state = ${to},
          win_minor = COALESCE(${changes.winMinor ?? null}::bigint, win_minor),
          outcome = COALESCE(${changes.outcome === undefined ? null : JSON.stringify(changes.outcome)}::jsonb, outcome),
          progress = COALESCE(${changes.progress === undefined ? null : JSON.stringify(changes.progress)}::jsonb, progress),
          failure = COALESCE(${changes.failure ?? null}, failure),
          settled_at = CASE WHEN ${to} IN ('settled', 'cancelled') THEN now() ELSE settled_at END,
          updated_at = now()
        WHERE round_id = ${roundId} AND state IN (${sql.join(
          from.map((state) => sql`${state}`),
          sql`, `,
        )})${unchanged}
        RETURNING *`,
  );
  return rows[0] ? toRound(rows[0]) : undefined;
}

export async function findRound(
  db: HouseExecutor,
  playerRef: number,
  roundId: string,
): Promise<RoundRecord | undefined> {
  const rows = await query<RoundRow>(
    db,
    sql`SELECT * FROM house.rounds WHERE round_id = ${roundId} AND player_ref = ${playerRef}`,
  );
  return rows[0] ? toRound(rows[0]) : undefined;
}

/**
 * The player's latest round of a game in one of the states: `open` (in play), or with `debiting` too, also
 * one whose stake is on its way.
 */
export async function findOpenRound(
  db: HouseExecutor,
  playerRef: number,
  gameCode: string,
  states: readonly RoundState[] = ['open'],
): Promise<RoundRecord | undefined> {
  const rows = await query<RoundRow>(
    db,
    sql`SELECT * FROM house.rounds WHERE player_ref = ${playerRef} AND game_code = ${gameCode}
        AND state IN (${sql.join(
          states.map((state) => sql`${state}`),
          sql`, `,
        )})
        ORDER BY id DESC LIMIT 1`,
  );
  return rows[0] ? toRound(rows[0]) : undefined;
}

export async function hasUnfinishedRound(db: HouseExecutor, playerRef: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 FROM house.rounds WHERE player_ref = ${playerRef} AND state NOT IN ('settled', 'cancelled') LIMIT 1`,
  );
  return rows.length > 0;
}

/** The last rounds of a game, newest first. */
export async function findRecentRounds(
  db: HouseExecutor,
  playerRef: number,
  gameCode: string,
  limit: number,
): Promise<RoundRecord[]> {
  const rows = await query<RoundRow>(
    db,
    sql`SELECT * FROM house.rounds WHERE player_ref = ${playerRef} AND game_code = ${gameCode}
        ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map(toRound);
}

/**
 * Rounds whose win is owed: a credit that failed (the round says why), or one left crediting longer than
 * a credit can be in flight (its process stopped). A round a request is crediting right now is neither.
 */
export async function findOwedRounds(db: HouseExecutor, inFlightMs: number, limit: number): Promise<RoundRecord[]> {
  const rows = await query<RoundRow>(
    db,
    sql`SELECT * FROM house.rounds
        WHERE state = 'crediting'
          AND (failure IS NOT NULL OR updated_at < now() - (${inFlightMs}::bigint * interval '1 millisecond'))
        ORDER BY id LIMIT ${limit}`,
  );
  return rows.map(toRound);
}

/** Rounds left between states longer than `olderThanMs` (a crash, an unreachable platform). */
export async function findStuckRounds(
  db: HouseExecutor,
  states: readonly RoundState[],
  olderThanMs: number,
  limit: number,
): Promise<RoundRecord[]> {
  const rows = await query<RoundRow>(
    db,
    sql`SELECT * FROM house.rounds
        WHERE state IN (${sql.join(
          states.map((state) => sql`${state}`),
          sql`, `,
        )}) AND updated_at < now() - (${olderThanMs}::bigint * interval '1 millisecond')
        ORDER BY id LIMIT ${limit}`,
  );
  return rows.map(toRound);
}
