import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A game session opened for a launch; the seamless wallet reads it by its token's hash. */
export async function insertSession(
  db: Executor,
  input: {
    tokenHash: string;
    merchantId: number;
    memberId: number;
    vendorId: number;
    gameId: number;
    mode: 'real' | 'trial';
    currency: string;
    playBalanceMinor: number | null;
    expiresAt: Date;
    /** The member's sign-in that launched the game: the session ends with it. */
    memberSessionId: number | null;
  },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO game_sessions (token_hash, merchant_id, member_id, vendor_id, game_id, mode, currency,
                                   play_balance_minor, expires_at, member_session_id)
        VALUES (${input.tokenHash}, ${input.merchantId}, ${input.memberId}, ${input.vendorId}, ${input.gameId},
                ${input.mode}, ${input.currency}, ${input.playBalanceMinor}, ${input.expiresAt.toISOString()},
                ${input.memberSessionId})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}
