import {
  OPERATOR_SESSION_ABSOLUTE_SECONDS,
  OPERATOR_SESSION_IDLE_SECONDS,
  permissionsOf,
  RECOVERY_CODE_COUNT,
  SIGN_IN_CHALLENGE_SECONDS,
  type EnrolmentResult,
  type OperatorSession,
  type Permission,
  type RecoverySignInRequest,
  type RoleName,
  type SignInRequest,
  type SignInStep,
  type TotpSignInRequest,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/crypto/password';
import { createSessionToken, sha256Hex } from '../../lib/crypto/token';
import { generateRecoveryCodes, hashRecoveryCode } from '../../lib/crypto/recovery-codes';
import { currentTotp, generateTotpSecret, matchTotpStep, totpUri } from '../../lib/crypto/totp';
import type { Actor, AuditService } from '../audit/index';
import type { SecretBox } from '../vendors/index';
import * as repository from './operators.repository';
import { DEMO_TOTP_SECRET } from './demo-operators';
import {
  CHALLENGE_MAX_FAILURES,
  OPERATOR_THROTTLE_WINDOW_SECONDS,
  passwordKeys,
  recoveryKeys,
  totpKeys,
  waitSeconds,
  type ThrottleKey,
} from './operators.throttle';

/** Where a request comes from, as sessions and the audit trail record it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The operator a back-office call is made by, as the backoffice plugin puts it on the request. */
export interface SignedInOperator {
  id: number;
  login: string;
  roles: RoleName[];
  permissions: Permission[];
  /** Every brand; merchantIds is empty then. */
  allBrands: boolean;
  merchantIds: number[];
  sessionId: number;
  expiresAt: Date;
  /** Who the audit trail records for this call's changes. */
  actor: Actor;
}

/** A new session: the cookie's token (shown to nobody else) and what the operator may do. */
export interface NewOperatorSession<T = OperatorSession> {
  token: string;
  session: T;
}

// Writing last_seen_at on every call would make each read a write; once a minute keeps the idle window exact
// to a minute.
const TOUCH_EVERY_MS = 60_000;
/** The name authenticator apps show above the code. */
const TOTP_ISSUER = 'Parlay back office';

/** The context a TOTP secret is sealed in: a sealed secret copied to another operator does not open. */
export const totpSealContext = (operatorId: number) => `operator-totp:${operatorId}`;


function waitError(until: Date, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  return new AppError(
    'BO_SIGN_IN_WAIT',
    { retryAfterSeconds: seconds },
    { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) } },
  );
}

/**
 * An operator's sign-in and sessions (docs/decisions/0032-back-office-operators-and-audit.md): the password,
 * then a code of the authenticator or a recovery code, the authenticator enrolled at the first sign-in;
 * sessions that end after 30 idle minutes or 12 hours; sign-out here and everywhere. Every step is counted
 * before it is checked, per login and IP, so failures slow whoever fails and never lock the owner out.
 */
export class OperatorSignInService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly box: SecretBox,
    /** The clock the TOTP codes are read against (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Deletes at most `limit` sign-in throttle rows whose window is over at `now` and whose wait has run out
   * (they count nothing any more). Answers how many went.
   */
  removeEndedThrottles(now: Date, limit: number): Promise<number> {
    const windowStartedBefore = new Date(now.getTime() - OPERATOR_THROTTLE_WINDOW_SECONDS * 1000);
    return repository.deleteEndedThrottles(this.db, { now, windowStartedBefore, limit });
  }

  /** Step 1: the password. Answers the second step: a code, or the enrolment of the authenticator. */
  async signIn(request: SignInRequest, client: ClientInfo): Promise<SignInStep> {
    const counted = await this.takeAttempt(passwordKeys(request.login, client.ip));
    const operator = await repository.findOperatorByLogin(this.db, request.login);
    // An unknown login costs a password check too, so the time taken says nothing of which logins exist.
    const matches = await verifyPassword(request.password, operator?.passwordHash);
    if (!matches || !operator) {
      if (counted.startedWait) throw waitError(counted.startedWait, this.now());
      throw new AppError('BO_WRONG_CREDENTIALS');
    }
    await this.releaseAttempt(passwordKeys(request.login, client.ip));
    if (operator.status !== 'active') throw new AppError('BO_OPERATOR_SUSPENDED');

    const token = createSessionToken();
    const enrolSecret = operator.totpSecret === null ? generateTotpSecret() : null;
    await repository.insertChallenge(this.db, {
      operatorId: operator.id,
      tokenHash: sha256Hex(token),
      enrolSecret: enrolSecret === null ? null : this.box.seal(enrolSecret, totpSealContext(operator.id)),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      seconds: SIGN_IN_CHALLENGE_SECONDS,
    });
    if (enrolSecret === null) return { next: 'totp', challenge: token, expiresInSeconds: SIGN_IN_CHALLENGE_SECONDS };
    return {
      next: 'enrol',
      challenge: token,
      expiresInSeconds: SIGN_IN_CHALLENGE_SECONDS,
      enrolment: { secret: enrolSecret, otpauthUri: totpUri(enrolSecret, TOTP_ISSUER, operator.login) },
    };
  }

  /** Step 2: a code of the operator's authenticator, accepted once. */
  async signInWithTotp(request: TotpSignInRequest, client: ClientInfo): Promise<NewOperatorSession> {
    return this.answerChallenge(request.challenge, client, 'totp', async (tx, operator) => {
      if (!operator.totpSecret) return false;
      const step = matchTotpStep(
        this.box.open(operator.totpSecret, totpSealContext(operator.id)),
        request.code,
        this.now(),
      );
      return step !== null && (await repository.takeTotpStep(tx, operator.id, step));
    }).then((opened) => this.newSession(opened));
  }

  /** Step 2 without the authenticator: one of the recovery codes, each good once. */
  async signInWithRecoveryCode(request: RecoverySignInRequest, client: ClientInfo): Promise<NewOperatorSession> {
    return this.answerChallenge(request.challenge, client, 'recovery', async (tx, operator) =>
      repository.useRecoveryCode(tx, operator.id, hashRecoveryCode(request.recoveryCode)),
    ).then((opened) => this.newSession(opened));
  }

  /**
   * Step 2 of the first sign-in: the first code of the authenticator just shown confirms it. The secret is
   * kept, the recovery codes are made (shown this once), and the session starts.
   */
  async enrolTotp(request: TotpSignInRequest, client: ClientInfo): Promise<NewOperatorSession<EnrolmentResult>> {
    let recoveryCodes: string[] = [];
    const opened = await this.answerChallenge(request.challenge, client, 'enrol', async (tx, operator, challenge) => {
      if (!challenge.enrolSecret) return false;
      const secret = this.box.open(challenge.enrolSecret, totpSealContext(operator.id));
      const step = matchTotpStep(secret, request.code, this.now());
      if (step === null) return false;
      if (!(await repository.enrolTotp(tx, operator.id, challenge.enrolSecret, step))) {
        throw new AppError('BO_SIGN_IN_STEP_INVALID');
      }
      recoveryCodes = generateRecoveryCodes(RECOVERY_CODE_COUNT);
      await repository.replaceRecoveryCodes(tx, operator.id, recoveryCodes.map(hashRecoveryCode));
      await this.audit.record(tx, {
        actor: { kind: 'operator', operatorId: operator.id, ip: client.ip, userAgent: client.userAgent },
        merchantId: null,
        action: 'operator.totp-enrol',
        targetType: 'operator',
        targetId: operator.id,
        after: { totpEnrolled: true, recoveryCodes: recoveryCodes.length },
      });
      return true;
    });
    const { token, session } = await this.newSession(opened);
    return { token, session: { ...session, recoveryCodes } };
  }

  /** New recovery codes for the signed-in operator, confirmed by a code of its authenticator. */
  async renewRecoveryCodes(operator: SignedInOperator, code: string, client: ClientInfo): Promise<string[]> {
    const keys = totpKeys(operator.id, client.ip);
    const counted = await this.takeAttempt(keys);
    const codes = await this.db.transaction(async (tx) => {
      const row = await repository.findOperatorById(tx, operator.id, { lock: true });
      if (!row?.totpSecret) return null;
      const step = matchTotpStep(this.box.open(row.totpSecret, totpSealContext(row.id)), code, this.now());
      if (step === null || !(await repository.takeTotpStep(tx, row.id, step))) return null;
      const fresh = generateRecoveryCodes(RECOVERY_CODE_COUNT);
      await repository.replaceRecoveryCodes(tx, row.id, fresh.map(hashRecoveryCode));
      await this.audit.record(tx, {
        actor: operator.actor,
        merchantId: null,
        action: 'operator.recovery-codes-renew',
        targetType: 'operator',
        targetId: row.id,
        after: { recoveryCodes: fresh.length },
      });
      return fresh;
    });
    if (!codes) {
      if (counted.startedWait) throw waitError(counted.startedWait, this.now());
      throw new AppError('BO_TOTP_INVALID');
    }
    await this.releaseAttempt(keys);
    return codes;
  }

  /**
   * The operator behind a session cookie's token, or null when the token is unknown, ended, idle for 30
   * minutes, past its 12 hours, or its operator is no longer active.
   */
  async authenticate(token: string, client: ClientInfo): Promise<SignedInOperator | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const row = await repository.findLiveSession(this.db, sha256Hex(token), OPERATOR_SESSION_IDLE_SECONDS);
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repository.touchSession(this.db, row.sessionId);
    return {
      id: row.operatorId,
      login: row.login,
      roles: row.roles,
      permissions: permissionsOf(row.roles),
      allBrands: row.allBrands,
      merchantIds: row.allBrands ? [] : row.merchantIds,
      sessionId: row.sessionId,
      expiresAt: row.expiresAt,
      actor: { kind: 'operator', operatorId: row.operatorId, ip: client.ip, userAgent: client.userAgent.slice(0, 512) },
    };
  }

  /** What the back office shows of the signed-in operator. */
  async describeSession(operator: SignedInOperator): Promise<OperatorSession> {
    return this.describe(operator.id, operator.expiresAt);
  }

  /**
   * The code a demo operator's authenticator shows now, for `npm run admin -- operators totp`; null for an
   * operator whose secret is not the demo's (any other operator's secret never leaves the server).
   */
  async currentDemoCode(login: string): Promise<string | null> {
    const operator = await repository.findOperatorByLogin(this.db, login.trim().toLowerCase());
    if (!operator?.totpSecret) return null;
    const secret = this.box.open(operator.totpSecret, totpSealContext(operator.id));
    return secret === DEMO_TOTP_SECRET ? currentTotp(secret, this.now()) : null;
  }

  /** Ends this session; true when it was live. */
  async signOut(token: string): Promise<boolean> {
    return repository.revokeSession(this.db, sha256Hex(token));
  }

  /** Ends every session of the operator, this one included; how many there were. */
  async signOutEverywhere(operator: SignedInOperator): Promise<number> {
    return repository.revokeOperatorSessions(this.db, operator.id);
  }

  private async newSession(opened: {
    token: string;
    operatorId: number;
    expiresAt: Date;
  }): Promise<NewOperatorSession> {
    return { token: opened.token, session: await this.describe(opened.operatorId, opened.expiresAt) };
  }

  private async describe(operatorId: number, expiresAt: Date): Promise<OperatorSession> {
    const operator = await repository.findOperatorById(this.db, operatorId);
    if (!operator) throw new AppError('BO_NOT_SIGNED_IN');
    const brands = await repository.findBrands(this.db, operator.allBrands ? null : operator.merchantIds);
    return {
      operator: { id: operator.id, login: operator.login, name: operator.name, email: operator.email },
      roles: operator.roles,
      permissions: permissionsOf(operator.roles),
      allBrands: operator.allBrands,
      brands: brands.map((brand) => ({ code: brand.code, name: brand.name })),
      expiresAt: expiresAt.toISOString(),
      idleSeconds: OPERATOR_SESSION_IDLE_SECONDS,
      recoveryCodesLeft: await repository.countRecoveryCodesLeft(this.db, operator.id),
    };
  }

  /**
   * The second step: the challenge and the throttle's keys are locked and the answer counted as a wrong one
   * first, then checked with `check` in the same transaction; a right answer takes the count back, uses the
   * challenge up and opens the session.
   */
  private async answerChallenge(
    challengeToken: string,
    client: ClientInfo,
    kind: 'totp' | 'recovery' | 'enrol',
    check: (tx: Executor, operator: repository.OperatorRow, challenge: repository.ChallengeRow) => Promise<boolean>,
  ): Promise<{ token: string; operatorId: number; expiresAt: Date }> {
    const tokenHash = sha256Hex(challengeToken);
    const counted = await this.db.transaction(async (tx) => {
      const challenge = await repository.lockChallenge(tx, tokenHash);
      // Five wrong codes end a challenge: the password step is taken again, and counted again.
      if (!challenge?.usable || challenge.failures >= CHALLENGE_MAX_FAILURES) throw new AppError('BO_SIGN_IN_EXPIRED');
      // A first sign-in enrols; later ones answer with the authenticator or a recovery code.
      if ((kind === 'enrol') !== (challenge.enrolSecret !== null)) throw new AppError('BO_SIGN_IN_STEP_INVALID');
      const keys =
        kind === 'recovery' ? recoveryKeys(challenge.operatorId, client.ip) : totpKeys(challenge.operatorId, client.ip);
      const startedWait = await this.countAttempt(tx, keys);
      await repository.countChallengeFailure(tx, challenge.id);
      return { challenge, keys, startedWait };
    });
    const { challenge, keys } = counted;

    const session = await this.db.transaction(async (tx) => {
      const operator = await repository.findOperatorById(tx, challenge.operatorId, { lock: true });
      if (!operator || operator.status !== 'active') throw new AppError('BO_OPERATOR_SUSPENDED');
      if (!(await check(tx, operator, challenge))) return null;
      if (!(await repository.useChallenge(tx, challenge.id))) throw new AppError('BO_SIGN_IN_EXPIRED');
      const token = createSessionToken();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_ABSOLUTE_SECONDS * 1000);
      await repository.insertSession(tx, {
        operatorId: operator.id,
        tokenHash: sha256Hex(token),
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 512),
      });
      await repository.recordSignIn(tx, operator.id);
      return { token, operatorId: operator.id, expiresAt };
    });
    if (!session) {
      if (counted.startedWait) throw waitError(counted.startedWait, this.now());
      throw new AppError(kind === 'recovery' ? 'BO_RECOVERY_CODE_INVALID' : 'BO_TOTP_INVALID');
    }
    await this.releaseAttempt(keys);
    return session;
  }

  /** Judges and counts an attempt in its own transaction (step 1, renewing recovery codes). */
  private async takeAttempt(keys: ThrottleKey[]): Promise<{ startedWait: Date | null }> {
    const startedWait = await this.db.transaction((tx) => this.countAttempt(tx, keys));
    return { startedWait };
  }

  /**
   * Locks the keys' counts; a wait still running refuses the attempt uncounted. Otherwise the attempt is
   * counted as a failure before anything is checked, so attempts sent together are checked no more often
   * than the rules allow. Answers the end of the longest wait this failure starts, if it starts one.
   */
  private async countAttempt(tx: Executor, keys: ThrottleKey[]): Promise<Date | null> {
    const states = await repository.lockThrottle(
      tx,
      keys.map((key) => key.key),
      OPERATOR_THROTTLE_WINDOW_SECONDS,
    );
    const running = keys
      .map((key) => states.get(key.key)?.waitUntil ?? null)
      .filter((until): until is Date => until !== null);
    if (running.length > 0) {
      throw waitError(new Date(Math.max(...running.map((until) => until.getTime()))), Date.now());
    }
    let longest = 0;
    for (const key of keys) {
      const seconds = waitSeconds((states.get(key.key)?.failures ?? 0) + 1, key.rule);
      longest = Math.max(longest, seconds ?? 0);
      await repository.countThrottleFailure(tx, key.key, {
        windowSeconds: OPERATOR_THROTTLE_WINDOW_SECONDS,
        waitSeconds: seconds,
      });
    }
    return longest > 0 ? new Date(Date.now() + longest * 1000) : null;
  }

  /** A right answer: the key of this login (or operator) and IP starts afresh; shared keys give this attempt back. */
  private async releaseAttempt(keys: ThrottleKey[]): Promise<void> {
    const [own, ...shared] = keys;
    if (own) await repository.clearThrottle(this.db, own.key);
    for (const key of shared) await repository.uncountThrottleFailure(this.db, key.key);
  }
}
