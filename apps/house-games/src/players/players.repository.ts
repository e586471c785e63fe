import { query, sql, toIso, toNumber, type HouseExecutor } from '../db/database';

export interface PlayerRecord {
  id: number;
  playerId: string;
  currency: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

interface PlayerRow {
  id: unknown;
  player_id: string;
  currency: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: unknown;
  [key: string]: unknown;
}

function toPlayer(row: PlayerRow): PlayerRecord {
  return {
    id: toNumber(row.id),
    playerId: row.player_id,
    currency: row.currency,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nextNonce: toNumber(row.next_nonce),
  };
}

const PLAYER_COLUMNS = sql.raw('id, player_id, currency, server_seed, server_seed_hash, client_seed, next_nonce');

/** The player, created with a first seed pair when new. */
export async function upsertPlayer(
  db: HouseExecutor,
  input: { playerId: string; currency: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<PlayerRecord> {
  await query(
    db,
    sql`INSERT INTO house.players (player_id, currency, server_seed, server_seed_hash, client_seed)
        VALUES (${input.playerId}, ${input.currency}, ${input.serverSeed}, ${input.serverSeedHash}, ${input.clientSeed})
        ON CONFLICT (player_id, currency) DO NOTHING`,
  );
  const rows = await query<PlayerRow>(
    db,
    sql`SELECT ${PLAYER_COLUMNS} FROM house.players WHERE player_id = ${input.playerId} AND currency = ${input.currency}`,
  );
  return toPlayer(rows[0]!);
}

export async function findPlayerById(db: HouseExecutor, id: number): Promise<PlayerRecord | undefined> {
  const rows = await query<PlayerRow>(db, sql`SELECT ${PLAYER_COLUMNS} FROM house.players WHERE id = ${id}`);
  return rows[0] ? toPlayer(rows[0]) : undefined;
}

/** Takes the next nonce under the active seed pair: one round, one nonce, never reused. */
export async function takeNonce(db: HouseExecutor, id: number): Promise<PlayerRecord> {
  const rows = await query<PlayerRow>(
    db,
    sql`UPDATE house.players SET next_nonce = next_nonce + 1, updated_at = now() WHERE id = ${id}
        RETURNING id, player_id, currency, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS next_nonce`,
  );
  return toPlayer(rows[0]!);
}

export async function updateClientSeed(db: HouseExecutor, id: number, clientSeed: string): Promise<void> {
  await query(db, sql`UPDATE house.players SET client_seed = ${clientSeed}, updated_at = now() WHERE id = ${id}`);
}

/** Replaces the seed pair and records the old server seed as revealed, in the caller's transaction. */
export async function rotateSeeds(
  db: HouseExecutor,
  player: PlayerRecord,
  next: { serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE house.players
        SET server_seed = ${next.serverSeed}, server_seed_hash = ${next.serverSeedHash}, client_seed = ${next.clientSeed},
            next_nonce = 0, updated_at = now()
        WHERE id = ${player.id} AND server_seed_hash = ${player.serverSeedHash}
        RETURNING id`,
  );
  if (rows.length === 0) return false;
  await query(
    db,
    sql`INSERT INTO house.revealed_seeds (server_seed_hash, server_seed, player_ref, client_seed, nonces_used)
        VALUES (${player.serverSeedHash}, ${player.serverSeed}, ${player.id}, ${player.clientSeed}, ${player.nextNonce})`,
  );
  return true;
}

export async function findRevealedSeed(db: HouseExecutor, serverSeedHash: string): Promise<string | undefined> {
  const rows = await query<{ server_seed: string }>(
    db,
    sql`SELECT server_seed FROM house.revealed_seeds WHERE server_seed_hash = ${serverSeedHash}`,
  );
  return rows[0]?.server_seed;
}

export interface SessionRecord {
  playerRef: number;
  platformToken: string;
  brand: string;
  gameCode: string;
  mode: string;
  language: string;
  expiresAt: string;
}

export async function insertSession(
  db: HouseExecutor,
  input: {
    tokenHash: string;
    playerRef: number;
    platformToken: string;
    brand: string;
    gameCode: string;
    mode: string;
    language: string;
    expiresAt: Date;
  },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO house.sessions (token_hash, player_ref, platform_token, brand, game_code, mode, language, expires_at)
        VALUES (${input.tokenHash}, ${input.playerRef}, ${input.platformToken}, ${input.brand}, ${input.gameCode},
                ${input.mode}, ${input.language}, ${input.expiresAt.toISOString()})`,
  );
}

export async function findSession(db: HouseExecutor, tokenHash: string): Promise<SessionRecord | undefined> {
  const rows = await query<{
    player_ref: unknown;
    platform_token: string;
    brand: string;
    game_code: string;
    mode: string;
    language: string;
    expires_at: unknown;
  }>(
    db,
    sql`SELECT player_ref, platform_token, brand, game_code, mode, language, expires_at
        FROM house.sessions WHERE token_hash = ${tokenHash} AND expires_at > now()`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    playerRef: toNumber(row.player_ref),
    platformToken: row.platform_token,
    brand: row.brand,
    gameCode: row.game_code,
    mode: row.mode,
    language: row.language,
    expiresAt: toIso(row.expires_at),
  };
}

export interface Limits {
  minBetMinor: number;
  maxBetMinor: number;
  maxWinMinor: number;
}

/** The brand's own limits for the game, else the default brand's ('*'). */
export async function findLimits(
  db: HouseExecutor,
  brand: string,
  currency: string,
  gameCode: string,
): Promise<Limits | undefined> {
  const rows = await query<{ min_bet_minor: unknown; max_bet_minor: unknown; max_win_minor: unknown }>(
    db,
    sql`SELECT min_bet_minor, max_bet_minor, max_win_minor FROM house.limits
        WHERE brand IN (${brand}, '*') AND currency = ${currency} AND game_code = ${gameCode}
        ORDER BY (brand = '*') LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    minBetMinor: toNumber(row.min_bet_minor),
    maxBetMinor: toNumber(row.max_bet_minor),
    maxWinMinor: toNumber(row.max_win_minor),
  };
}

export async function upsertLimits(
  db: HouseExecutor,
  brand: string,
  currency: string,
  gameCode: string,
  limits: Limits,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO house.limits (brand, currency, game_code, min_bet_minor, max_bet_minor, max_win_minor)
        VALUES (${brand}, ${currency}, ${gameCode}, ${limits.minBetMinor}, ${limits.maxBetMinor}, ${limits.maxWinMinor})
        ON CONFLICT (brand, currency, game_code) DO UPDATE
        SET min_bet_minor = EXCLUDED.min_bet_minor, max_bet_minor = EXCLUDED.max_bet_minor, max_win_minor = EXCLUDED.max_win_minor,
            version = house.limits.version + 1`,
  );
}
