import type { SignInMethod } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { createSessionToken, sha256Hex } from '../../lib/crypto/token';
import * as repository from './session.repository';

/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_SECONDS = 24 * 60 * 60;
/** A free-play guest session (and the guest account) lasts this long. */
export const FREE_PLAY_SECONDS = 2 * 60 * 60;
/**
 * A sign-in stays in the history this long (the member centre's security page and the back office's player
 * page), then the sign-in retention job deletes it (docs/product/member-centre.md, ARCHITECTURE.md jobs/).
 */
export const SIGN_IN_HISTORY_RETENTION_DAYS = 180;
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

/** Why player protection ended a session: its time limit, a time-out or a self-exclusion (decision 0042). */
export type SessionEndReason = 'sessionLimit' | 'timeOut' | 'selfExclusion';

/**
 * Who signs in: the request's IP, user agent, the country of the IP (geo-IP; '' when unknown) and the hash of the
 * player site's device id (null or absent when the call carried none).
 */
export interface SignInClient {
  ip: string;
  userAgent: string;
  country?: string;
  deviceHash?: string | null;
}

export interface NewSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
}

export class SessionService {
  constructor(private readonly db: Database) {}

  /** Deletes at most `limit` sign-ins from before `before`, oldest first; answers how many went. */
  removeSignInsBefore(before: Date, limit: number): Promise<number> {
    return repository.deleteSignInsBefore(this.db, before, limit);
  }

  /**
   * Issues a fresh 256-bit token (only its hash is kept) and records the sign-in, with its IP, country and how it
   * was made, in the caller's transaction: a sign-in that opened no session is not in the history, nor the reverse.
   */
  async createSession(
    member: { id: number; merchantId: number; isFreePlay: boolean },
    client: SignInClient,
    executor: Executor = this.db,
    method: SignInMethod = 'password',
  ): Promise<NewSession> {
    const token = createSessionToken();
    const lifetime = member.isFreePlay ? FREE_PLAY_SECONDS : SESSION_ABSOLUTE_SECONDS;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    const userAgent = client.userAgent.slice(0, 512);
    const sessionId = await repository.insertSession(executor, {
      tokenHash: sha256Hex(token),
      memberId: member.id,
      merchantId: member.merchantId,
      expiresAt,
      ip: client.ip,
      userAgent,
    });
    await repository.insertSignIn(executor, {
      memberId: member.id,
      merchantId: member.merchantId,
      sessionId,
      ip: client.ip,
      country: client.country ?? '',
      userAgent,
      method,
      deviceHash: client.deviceHash ?? null,
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

  /**
   * Ends every session of a member for a reason of player protection (a time-out or self-exclusion), which the
   * next call with one of their tokens hears with its NOT_LOGGED_IN (decision 0042).
   */
  endAllForProtection(memberId: number, reason: SessionEndReason, executor: Executor = this.db): Promise<number> {
    return repository.endMemberSessions(executor, memberId, reason);
  }

  /** Brings the end of each live session of a member to at most `maxSeconds` after its sign-in: a session limit. */
  capMemberSessions(memberId: number, maxSeconds: number, executor: Executor = this.db): Promise<number> {
    return repository.capMemberSessions(executor, memberId, maxSeconds);
  }

  /** Why the session of this token ended, when player protection ended it; null otherwise or when unknown. */
  async findEndReason(token: string, merchantId: number): Promise<SessionEndReason | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    return repository.findEndReason(this.db, sha256Hex(token), merchantId);
  }

  /** When a member's session signed in and when it ends at the latest (its absolute expiry). */
  findSessionTimes(memberId: number, sessionId: number): Promise<{ signedInAt: Date; expiresAt: Date } | undefined> {
    return repository.findSessionTimes(this.db, memberId, sessionId);
  }

  /** Ends one live session of a member, in the caller's transaction; false when it had ended or is another's. */
  async revokeOneForMember(memberId: number, sessionId: number, executor: Executor = this.db): Promise<boolean> {
    return repository.revokeMemberSession(executor, memberId, sessionId);
  }

  /** A member's live sessions (not ended, within their absolute and idle windows), newest first. */
  listLiveForMember(memberId: number): Promise<repository.LiveSessionRow[]> {
    return repository.findLiveMemberSessions(this.db, memberId, SESSION_IDLE_SECONDS);
  }

  /** A member's sign-ins, newest first, `limit` after `beforeId` (keyset), with whether each one's session lives. */
  listSignIns(
    memberId: number,
    page: { beforeId?: number | undefined; limit: number },
  ): Promise<repository.SignInRow[]> {
    return repository.findSignIns(this.db, memberId, { ...page, idleSeconds: SESSION_IDLE_SECONDS });
  }
}
