import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { hashToken } from '../vendors/index';
import { applyNewDebit, findSessionByTokenHash } from './seamless-wallet.repository';

/**
 * Who may be debited (decision 0019) is judged on two paths: the one-statement debit function, and the
 * general path through findSessionByTokenHash's `live`. Both read the view live_game_sessions; each state
 * of a session is checked through both, so the two cannot drift apart unseen.
 */
describe('a live game session', () => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A funded member with a real-money game launched, and what the session's state change needs. */
  async function launched() {
    const { authorization, member } = await createFundedPlayer(t.app, 10_000);
    const launch = await launchFor(t.app, authorization);
    const tokenHash = hashToken(launch.sessionToken);
    const [session] = await query<{ id: unknown; member_session_id: unknown; vendor_id: unknown }>(
      t.app.db,
      sql`SELECT id, member_session_id, vendor_id FROM game_sessions WHERE token_hash = ${tokenHash}`,
    );
    if (!session) throw new Error('no game session');
    return { member, launch, tokenHash, sessionId: Number(session.id), vendorId: Number(session.vendor_id) };
  }

  /** The debit function's verdict: a new debit of 1 applied, or refused as 'session_expired'. */
  async function debitOutcome(game: Awaited<ReturnType<typeof launched>>) {
    const [house] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM wallet_accounts
           WHERE owner_type = 'house' AND merchant_id = ${game.member.merchantId} AND currency = ${game.launch.currency}`,
    );
    const key = `live-${(seq += 1)}`;
    const result = await applyNewDebit(
      t.app.db,
      {
        vendorId: game.vendorId,
        transactionId: key,
        requestId: key,
        bodyHash: key,
        memberId: game.member.id,
        merchantId: game.member.merchantId,
        currency: game.launch.currency,
        roundId: key,
        gameId: game.launch.gameId,
        gameCode: 'G1',
        amountMinor: 1,
        houseAccountId: Number(house?.id),
        idempotencyKey: `vendor:${game.vendorId}:${key}`,
      },
      game.tokenHash,
    );
    return result.outcome;
  }

  const states: {
    state: string;
    live: boolean;
    change: (game: Awaited<ReturnType<typeof launched>>) => ReturnType<typeof sql>;
  }[] = [
    { state: 'just launched', live: true, change: () => sql`SELECT 1` },
    {
      state: 'expired',
      live: false,
      change: (game) =>
        sql`UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE id = ${game.sessionId}`,
    },
    {
      state: 'ended',
      live: false,
      change: (game) => sql`UPDATE game_sessions SET ended_at = now() WHERE id = ${game.sessionId}`,
    },
    {
      state: 'of a locked member',
      live: false,
      change: (game) => sql`UPDATE members SET status = 'locked' WHERE id = ${game.member.id}`,
    },
    {
      state: 'of a closed member',
      live: false,
      change: (game) => sql`UPDATE members SET status = 'closed' WHERE id = ${game.member.id}`,
    },
    {
      state: 'launched by a sign-in since revoked',
      live: false,
      change: (game) => sql`UPDATE member_sessions SET revoked_at = now()
                             WHERE id = (SELECT member_session_id FROM game_sessions WHERE id = ${game.sessionId})`,
    },
    {
      state: 'launched by a sign-in that only expired',
      live: true,
      change: (game) => sql`UPDATE member_sessions SET expires_at = now() - interval '1 second'
                             WHERE id = (SELECT member_session_id FROM game_sessions WHERE id = ${game.sessionId})`,
    },
    {
      state: 'launched before sessions had a sign-in (migration 0037)',
      live: true,
      change: (game) => sql`UPDATE game_sessions SET member_session_id = NULL WHERE id = ${game.sessionId}`,
    },
  ];

  it.each(states)('$state: live is $live on both paths', async ({ live, change }) => {
    const game = await launched();
    await t.app.db.execute(change(game));
    const session = await findSessionByTokenHash(t.app.db, game.tokenHash);
    expect({ general: session?.live, debitFunction: await debitOutcome(game) }).toEqual({
      general: live,
      debitFunction: live ? 'applied' : 'session_expired',
    });
  });
});
