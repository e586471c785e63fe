import type { Database, Executor } from '../../db/client';
import { createSessionToken, sha256Hex } from '../../lib/crypto/token';
import * as repository from './session.repository';

/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_SECONDS = 24 * 60 * 60;
/** A free-play guest session (and the guest account) lasts this long. */
export const FREE_PLAY_SECONDS = 2 * 60 * 60;
// Writing last_seen_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;

/** The signed-in member as every other module sees it. */
export interface AuthenticatedMember {
  id: number;
  merchantId: number;
  account: string;
  /** The spec's isAgent: 0 member, 1/2/41/42 agents, 4 a trial (not real) account. */
  agentType: number;
  isFreePlay: boolean;
  sessionId: number;
}

export interface NewSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
}

export class SessionService {
  constructor(private readonly db: Database) {}

  /** Issues a fresh 256-bit token; only its hash is kept. */
  async createSession(
    member: { id: number; merchantId: number; isFreePlay: boolean },
    client: { ip: string; userAgent: string },
    executor: Executor = this.db,
  ): Promise<NewSession> {
    const token = createSessionToken();
    const lifetime = member.isFreePlay ? FREE_PLAY_SECONDS : SESSION_ABSOLUTE_SECONDS;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    const sessionId = await repository.insertSession(executor, {
      tokenHash: sha256Hex(token),
      memberId: member.id,
      merchantId: member.merchantId,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
    });
    return { token, sessionId, expiresAt };
  }

  /** The member behind a token on this brand, or null when the token is unknown, expired or revoked. */
  async authenticate(token: string, merchantId: number): Promise<AuthenticatedMember | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const row = await repository.findLiveSession(this.db, sha256Hex(token), merchantId, SESSION_IDLE_SECONDS);
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repository.touchSession(this.db, row.sessionId);
    return {
      id: row.memberId,
      merchantId: row.merchantId,
      account: row.account,
      agentType: row.agentType,
      isFreePlay: row.isFreePlay,
      sessionId: row.sessionId,
    };
  }

  /** Ends the session of this token; true if it was live. */
  async revoke(token: string, merchantId: number): Promise<boolean> {
    return repository.revokeSessionByHash(this.db, sha256Hex(token), merchantId);
  }

  /** Ends every session of a member (password change or recovery), optionally keeping one. */
  async revokeAllForMember(memberId: number, exceptSessionId?: number, executor: Executor = this.db): Promise<number> {
    return repository.revokeMemberSessions(executor, memberId, exceptSessionId);
  }
}
