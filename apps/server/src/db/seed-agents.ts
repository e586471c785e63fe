import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto/password';
import type { Database } from './client';

/** The demo agent's sub-agents, each signing in with the demo agent's password (README, "Demo"). */
export const DEMO_SUB_AGENTS = [
  { account: 'subagent', nickname: 'Sub agent', upline: 'agent' },
  { account: 'subagent2', nickname: 'Sub agent 2', upline: 'subagent' },
] as const;
const DEMO_SUB_AGENT_PASSWORD = 'Agent1234!';
/** The demo agent's payment password (README, "Demo"): it sends money to its downline with it (decision 0062). */
export const DEMO_AGENT_PAYMENT_PASSWORD = '246810';

/** The demo agent's invitation link (registerCenter, decision 0064): /register?affiliateCode=AGENTPLAY2. */
export const DEMO_AGENT_LINK = { code: 'AGENTPLAY2', label: 'Demo link' } as const;

/** Which demo players (seed-history.ts) sit under whom; the demo member is already the demo agent's. */
export const DEMO_DOWNLINE = [
  { account: 'demoplayer05', upline: 'subagent' },
  { account: 'demoplayer06', upline: 'subagent' },
  { account: 'demoplayer07', upline: 'subagent2' },
  { account: 'demoplayer08', upline: 'subagent2' },
  { account: 'demoplayer09', upline: 'agent' },
  { account: 'demoplayer10', upline: 'agent' },
] as const;

/**
 * The demo agent's downline, three levels deep, so that the back office's tree (and the agent centre) shows a real
 * one on a fresh `npm start`: agent → subagent → subagent2, each with two of the demo players (who have played and
 * hold balances), and two more of them directly under the agent beside the demo member; the demo agent's payment
 * password, to send them money; and its invitation link (DEMO_AGENT_LINK). Plain inserts and updates of
 * upline_id: member_tree follows by its trigger (decision 0059). After seedDemoHistory. Idempotent: an account that
 * exists is left as it is, and a player who has an upline already keeps it. Returns the ids of the members placed now
 * (main.ts has their uplines' team days rebuilt from their history: decision 0069).
 */
export async function seedDemoDownline(db: Database, merchantCode: string): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_SUB_AGENT_PASSWORD);
  const paymentHash = await hashPassword(DEMO_AGENT_PAYMENT_PASSWORD);
  return db.transaction(async (tx) => {
    await query(
      tx,
      sql`UPDATE members a SET payment_password_hash = ${paymentHash}
            FROM merchants b
           WHERE b.code = ${merchantCode} AND a.merchant_id = b.id AND lower(a.account) = 'agent'
             AND a.payment_password_hash IS NULL`,
    );
    for (const agent of DEMO_SUB_AGENTS) {
      await query(
        tx,
        sql`INSERT INTO members (merchant_id, account, nickname, agent_type, upline_id, password_hash,
                                 password_changed_at, register_method, first_time_login)
            SELECT b.id, ${agent.account}, ${agent.nickname}, 2, u.id, ${passwordHash}, now(), 'SEED', false
              FROM merchants b JOIN members u ON u.merchant_id = b.id AND lower(u.account) = ${agent.upline}
             WHERE b.code = ${merchantCode}
            ON CONFLICT DO NOTHING`,
      );
    }
    await query(
      tx,
      sql`INSERT INTO agent_invite_links (merchant_id, agent_id, code, label, account_type)
          SELECT b.id, a.id, ${DEMO_AGENT_LINK.code}, ${DEMO_AGENT_LINK.label}, 0
            FROM merchants b JOIN members a ON a.merchant_id = b.id AND lower(a.account) = 'agent'
           WHERE b.code = ${merchantCode}
          ON CONFLICT DO NOTHING`,
    );
    const placed: number[] = [];
    for (const member of DEMO_DOWNLINE) {
      const rows = await query<{ id: unknown }>(
        tx,
        sql`UPDATE members p SET upline_id = u.id, updated_at = now()
              FROM merchants b, members u
             WHERE b.code = ${merchantCode} AND u.merchant_id = b.id AND lower(u.account) = ${member.upline}
               AND p.merchant_id = b.id AND p.account = ${member.account} AND p.upline_id IS NULL
               AND p.register_method = 'SEED'
            RETURNING p.id`,
      );
      placed.push(...rows.map((row) => toNumber(row.id)));
    }
    return placed;
  });
}
