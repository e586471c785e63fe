import {
  AUTHENTICATOR_ENROLMENT_SECONDS,
  MEMBER_RECOVERY_CODE_COUNT,
  type AuthenticatorEnrolment,
  type MemberRecoveryCodes,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { generateRecoveryCodes, hashRecoveryCode } from '../../lib/crypto/recovery-codes';
import { generateTotpSecret, matchTotpStep, totpUri } from '../../lib/crypto/totp';
import type { AuthenticatorCheck } from '../auth/index';
import type { SecretBox } from '../vendors/index';
import * as repository from './security.repository';

/** The context a member's secret is sealed in: a sealed secret copied to another member's row does not open. */
export const memberTotpSealContext = (memberId: number) => `member-totp:${memberId}`;

/** Wrong codes in this window make the next code wait; a right code does not clear them. */
export const CODE_FAILURE_WINDOW_SECONDS = 15 * 60;
export const CODE_FAILURES_BEFORE_WAIT = 5;
export const CODE_WAIT_SECONDS = 15 * 60;

/** A recovery code as the member may type it: 10 base32 characters, with or without the dash. */
const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;

type CodeOutcome = { kind: 'passed' } | { kind: 'wrong' } | { kind: 'wait'; until: Date };

function waitError(until: Date, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  return new AppError(
    'AUTHENTICATOR_CODE_WAIT',
    { retryAfterSeconds: seconds },
    { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) } },
  );
}

/**
 * A member's authenticator (decision 0037): enrolled with a QR code and a confirming code, removed with a code or
 * a recovery code, and checked for the new-IP check (AuthenticatorCheck). The secret is sealed with
 * DATA_ENCRYPTION_KEY, as operators' are; each code is accepted once (the step of the last one is kept).
 */
export class MemberAuthenticatorService implements AuthenticatorCheck {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly now: () => number = () => Date.now(),
  ) {}

  status(memberId: number): Promise<{ enrolled: boolean; recoveryCodesLeft: number }> {
    return repository.findAuthenticatorStatus(this.db, memberId);
  }

  /** A new secret waiting 10 minutes for its confirming code; a second start replaces the first. */
  async start(member: { id: number; account: string }, issuer: string): Promise<AuthenticatorEnrolment> {
    const secret = generateTotpSecret();
    await this.db.transaction(async (tx) => {
      const row = await repository.lockAuthenticator(tx, member.id);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      if (row.secret !== null) throw new AppError('AUTHENTICATOR_ALREADY_ENROLLED');
      const expiresAt = new Date(this.now() + AUTHENTICATOR_ENROLMENT_SECONDS * 1000);
      await repository.savePendingSecret(
        tx,
        member.id,
        this.box.seal(secret, memberTotpSealContext(member.id)),
        expiresAt,
      );
    });
    return {
      secret,
      otpauthUri: totpUri(secret, issuer, member.account),
      expiresInSeconds: AUTHENTICATOR_ENROLMENT_SECONDS,
    };
  }

  /**
   * The confirming code: the pending secret becomes the authenticator, and the recovery codes are made, answered
   * this once. `onEnrolled` runs in the same transaction (the notice of the change).
   */
  async confirm(
    memberId: number,
    code: string,
    onEnrolled?: (tx: Executor) => Promise<unknown>,
  ): Promise<MemberRecoveryCodes> {
    const recoveryCodes = generateRecoveryCodes(MEMBER_RECOVERY_CODE_COUNT);
    const outcome = await this.db.transaction(async (tx): Promise<CodeOutcome> => {
      const row = await repository.lockAuthenticator(tx, memberId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      if (row.secret !== null) throw new AppError('AUTHENTICATOR_ALREADY_ENROLLED');
      if (!row.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt.getTime() <= this.now()) {
        throw new AppError('AUTHENTICATOR_ENROLMENT_EXPIRED');
      }
      const waiting = this.waiting(row);
      if (waiting) return waiting;
      const secret = this.box.open(row.pendingSecret, memberTotpSealContext(memberId));
      const step = matchTotpStep(secret, code, this.now());
      if (step === null) return this.countFailure(tx, row);
      await repository.enrol(tx, memberId, row.pendingSecret, step);
      await repository.replaceRecoveryCodes(tx, memberId, recoveryCodes.map(hashRecoveryCode));
      await onEnrolled?.(tx);
      return { kind: 'passed' };
    });
    this.throwUnlessPassed(outcome);
    return { recoveryCodes };
  }

  /** Removes the authenticator with one of its codes or a recovery code. `onRemoved` runs in the same transaction. */
  async remove(memberId: number, code: string, onRemoved?: (tx: Executor) => Promise<unknown>): Promise<void> {
    const outcome = await this.db.transaction(async (tx): Promise<CodeOutcome> => {
      const row = await repository.lockAuthenticator(tx, memberId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      if (row.secret === null) throw new AppError('AUTHENTICATOR_NOT_ENROLLED');
      const waiting = this.waiting(row);
      if (waiting) return waiting;
      if (!(await this.takeCode(tx, row, code))) return this.countFailure(tx, row);
      await repository.removeAuthenticator(tx, memberId);
      await onRemoved?.(tx);
      return { kind: 'passed' };
    });
    this.throwUnlessPassed(outcome);
  }

  /**
   * The new-IP check's answer (AuthService counts and limits these itself, decision 0025): a code of the
   * authenticator not accepted before, or an unused recovery code, which is then used up.
   */
  async verify(memberId: number, code: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await repository.lockAuthenticator(tx, memberId);
      if (!row?.secret) return false;
      return this.takeCode(tx, row, code);
    });
  }

  /** Accepts a code of the enrolled authenticator (a step after the last accepted one) or a recovery code. */
  private async takeCode(tx: Executor, row: repository.AuthenticatorRow, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (RECOVERY_CODE_PATTERN.test(trimmed)) {
      return repository.useRecoveryCode(tx, row.memberId, hashRecoveryCode(trimmed));
    }
    if (!row.secret) return false;
    const step = matchTotpStep(this.box.open(row.secret, memberTotpSealContext(row.memberId)), trimmed, this.now());
    if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
    await repository.acceptStep(tx, row.memberId, step);
    return true;
  }

  private waiting(row: repository.AuthenticatorRow): CodeOutcome | null {
    return row.waitUntil && row.waitUntil.getTime() > this.now() ? { kind: 'wait', until: row.waitUntil } : null;
  }

  /** A wrong code, counted in the row's window; the fifth in the window makes the next code wait. */
  private async countFailure(tx: Executor, row: repository.AuthenticatorRow): Promise<CodeOutcome> {
    const now = this.now();
    const fresh = !row.failuresSince || now - row.failuresSince.getTime() > CODE_FAILURE_WINDOW_SECONDS * 1000;
    const failures = fresh ? 1 : row.failures + 1;
    const waitUntil = failures >= CODE_FAILURES_BEFORE_WAIT ? new Date(now + CODE_WAIT_SECONDS * 1000) : null;
    await repository.saveFailures(tx, row.memberId, {
      failures: waitUntil ? 0 : failures,
      failuresSince: waitUntil ? null : fresh ? new Date(now) : row.failuresSince,
      waitUntil,
    });
    return waitUntil ? { kind: 'wait', until: waitUntil } : { kind: 'wrong' };
  }

  private throwUnlessPassed(outcome: CodeOutcome): void {
    if (outcome.kind === 'wait') throw waitError(outcome.until, this.now());
    if (outcome.kind === 'wrong') throw new AppError('AUTHENTICATOR_CODE_INVALID');
  }
}
