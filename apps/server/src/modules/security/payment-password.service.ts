import {
  DEFAULT_REGISTER_RULES,
  matchesRule,
  PAYMENT_PASSWORD_LOCK_MINUTES,
  PAYMENT_PASSWORD_MAX_ATTEMPTS,
  type ChangePaymentPasswordRequest,
  type PaymentPasswordChannel,
  type PaymentPasswordCodeSent,
  type PaymentPasswordStatus,
  type ResetPaymentPasswordRequest,
  type SetPaymentPasswordRequest,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/crypto/password';
import type { MemberService } from '../member/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import type { AuthenticatedMember } from '../session/index';
import { maskEmail, maskMobile, smsTarget, type CodeService } from '../verification/index';
import * as repository from './payment-password.repository';
import { prepareSecurityNotice, type SecurityNotice } from './security-notices';

type Outcome =
  | { kind: 'passed' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked'; until: Date }
  | { kind: 'sameAsLogin' };

/** Who pays: a member of a brand (the session's member, or the cashier's and the points' caller). */
export interface PaymentPasswordOwner {
  id: number;
  merchantId: number;
}

/**
 * The member's payment password (docs/product/member-centre.md#payment-password): 6 digits, set with the login
 * password, changed with the current one, reset with a code sent to the bound mobile or e-mail. Wrong tries (of the
 * payment password, and of the login password when setting) are counted per member with the count's row locked;
 * the fifth in a row locks it for 15 minutes. Each change is announced in the mailbox and by e-mail/SMS.
 */
export class PaymentPasswordService {
  constructor(
    private readonly db: Database,
    private readonly members: MemberService,
    private readonly codes: CodeService,
    private readonly messages: MessagesService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async status(merchant: Merchant, member: AuthenticatedMember): Promise<PaymentPasswordStatus> {
    const [row, account] = await Promise.all([
      repository.findPaymentPassword(this.db, merchant.id, member.id),
      this.members.findById(merchant.id, member.id),
    ]);
    if (!row || !account) throw new AppError('NOT_LOGGED_IN');
    const locked = row.lockedUntil && row.lockedUntil.getTime() > this.now() ? row.lockedUntil : null;
    const resetTargets: PaymentPasswordStatus['resetTargets'] = [];
    if (account.mobileNum && account.countryDialingCode) {
      resetTargets.push({ channel: 'sms', target: maskMobile(account.countryDialingCode, account.mobileNum) });
    }
    if (account.email) resetTargets.push({ channel: 'email', target: maskEmail(account.email) });
    return {
      isSet: row.hash !== null,
      lockedUntil: locked?.toISOString() ?? null,
      attemptsLeft: locked ? 0 : Math.max(0, PAYMENT_PASSWORD_MAX_ATTEMPTS - row.failures),
      resetTargets,
    };
  }

  /**
   * Checks a payment password before money or points leave the account (the cashier's withdrawals, points
   * redemption and conversion). Throws PAYMENT_PASSWORD_NOT_SET, _LOCKED (with the unlock time) or _WRONG (with the
   * tries left). The count is committed in a transaction of its own: call it before opening the one that spends.
   */
  async verifyPaymentPassword(owner: PaymentPasswordOwner, password: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await this.lockRow(tx, owner);
      if (row.hash === null) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      return this.judge(tx, row, await verifyPassword(password, row.hash));
    });
    this.throwUnlessPassed(outcome, 'PAYMENT_PASSWORD_WRONG');
  }

  /** The first payment password, with the login password (a wrong one counts as a wrong try). */
  async set(merchant: Merchant, member: AuthenticatedMember, request: SetPaymentPasswordRequest): Promise<void> {
    const newPassword = checkFormat(request.newPassword);
    const [hash, notice] = await Promise.all([
      hashPassword(newPassword),
      this.noticeOf(merchant, member, 'securityPaymentPasswordSet'),
    ]);
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await this.lockRow(tx, member);
      if (row.hash !== null) throw new AppError('PAYMENT_PASSWORD_ALREADY_SET');
      const judged = await this.judge(tx, row, await verifyPassword(request.loginPassword, row.loginHash));
      if (judged.kind !== 'passed') return judged;
      if (newPassword === request.loginPassword) return { kind: 'sameAsLogin' };
      await repository.savePaymentPassword(tx, member.id, hash);
      await notice.toMailbox(tx);
      return judged;
    });
    this.throwUnlessPassed(outcome, 'PAYMENT_PASSWORD_LOGIN_WRONG');
    await notice.send();
  }

  /** A new payment password, with the current one (a wrong one counts). */
  async change(merchant: Merchant, member: AuthenticatedMember, request: ChangePaymentPasswordRequest): Promise<void> {
    const newPassword = checkFormat(request.newPassword);
    if (newPassword === request.oldPassword.trim()) throw new AppError('PAYMENT_PASSWORD_UNCHANGED');
    const [hash, notice] = await Promise.all([
      hashPassword(newPassword),
      this.noticeOf(merchant, member, 'securityPaymentPasswordSet'),
    ]);
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await this.lockRow(tx, member);
      if (row.hash === null) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      const judged = await this.judge(tx, row, await verifyPassword(request.oldPassword, row.hash));
      if (judged.kind !== 'passed') return judged;
      // Told only to whoever knows the current payment password: no way to test guesses of the login password.
      if (await verifyPassword(newPassword, row.loginHash)) return { kind: 'sameAsLogin' };
      await repository.savePaymentPassword(tx, member.id, hash);
      await notice.toMailbox(tx);
      return judged;
    });
    this.throwUnlessPassed(outcome, 'PAYMENT_PASSWORD_WRONG');
    await notice.send();
  }

  /** Sends a reset code to the member's own bound mobile or e-mail (never an address from the request). */
  async sendResetCode(
    merchant: Merchant,
    member: AuthenticatedMember,
    channel: PaymentPasswordChannel,
    ip: string,
  ): Promise<PaymentPasswordCodeSent> {
    const row = await repository.findPaymentPassword(this.db, merchant.id, member.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (row.hash === null) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
    const contact = await this.contactOf(merchant, member, channel);
    const expiresInMinutes = await this.codes.sendCode(
      { merchantId: merchant.id, purpose: 'payment_password', channel, target: contact.target },
      ip,
      { deliver: true, brandName: merchant.brand.name },
    );
    return { target: contact.masked, expiresInMinutes };
  }

  /**
   * A new payment password with the code sent (good once; wrong guesses spend it as every code's do). The lock and
   * the count of wrong tries end with it.
   */
  async reset(merchant: Merchant, member: AuthenticatedMember, request: ResetPaymentPasswordRequest): Promise<void> {
    const newPassword = checkFormat(request.newPassword);
    const contact = await this.contactOf(merchant, member, request.channel);
    const codeId = await this.codes.checkCode(
      { merchantId: merchant.id, target: contact.target, purposes: ['payment_password'] },
      request.code,
    );
    const [hash, notice] = await Promise.all([
      hashPassword(newPassword),
      this.noticeOf(merchant, member, 'securityPaymentPasswordReset'),
    ]);
    await this.db.transaction(async (tx) => {
      const row = await this.lockRow(tx, member);
      if (row.hash === null) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      if (await verifyPassword(newPassword, row.loginHash)) throw new AppError('PAYMENT_PASSWORD_SAME_AS_LOGIN');
      await this.codes.spendCode(codeId, tx);
      await repository.savePaymentPassword(tx, member.id, hash);
      await notice.toMailbox(tx);
    });
    await notice.send();
  }

  private async lockRow(tx: Executor, owner: PaymentPasswordOwner): Promise<repository.PaymentPasswordRow> {
    const row = await repository.lockPaymentPassword(tx, owner.merchantId, owner.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    return row;
  }

  /** A locked row refuses even the right password; a wrong one is counted, and the fifth in a row locks. */
  private async judge(tx: Executor, row: repository.PaymentPasswordRow, passed: boolean): Promise<Outcome> {
    const now = this.now();
    if (row.lockedUntil && row.lockedUntil.getTime() > now) return { kind: 'locked', until: row.lockedUntil };
    if (passed) {
      if (row.failures > 0 || row.lockedUntil) await repository.saveFailures(tx, row.memberId, NO_FAILURES);
      return { kind: 'passed' };
    }
    const failures = row.failures + 1;
    if (failures >= PAYMENT_PASSWORD_MAX_ATTEMPTS) {
      const until = new Date(now + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000);
      await repository.saveFailures(tx, row.memberId, { failures: 0, lockedUntil: until });
      return { kind: 'locked', until };
    }
    await repository.saveFailures(tx, row.memberId, { failures, lockedUntil: null });
    return { kind: 'wrong', attemptsLeft: PAYMENT_PASSWORD_MAX_ATTEMPTS - failures };
  }

  private throwUnlessPassed(outcome: Outcome, wrong: 'PAYMENT_PASSWORD_WRONG' | 'PAYMENT_PASSWORD_LOGIN_WRONG'): void {
    if (outcome.kind === 'passed') return;
    if (outcome.kind === 'sameAsLogin') throw new AppError('PAYMENT_PASSWORD_SAME_AS_LOGIN');
    if (outcome.kind === 'wrong') {
      throw new AppError(
        wrong,
        { attemptsLeft: outcome.attemptsLeft },
        { params: { attemptsLeft: outcome.attemptsLeft } },
      );
    }
    const seconds = Math.max(1, Math.ceil((outcome.until.getTime() - this.now()) / 1000));
    throw new AppError(
      'PAYMENT_PASSWORD_LOCKED',
      { lockedUntil: outcome.until.toISOString(), retryAfterSeconds: seconds },
      { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) } },
    );
  }

  /** The bound mobile or e-mail a reset code goes to. */
  private async contactOf(merchant: Merchant, member: AuthenticatedMember, channel: PaymentPasswordChannel) {
    const account = await this.members.findById(merchant.id, member.id);
    if (!account) throw new AppError('NOT_LOGGED_IN');
    if (channel === 'sms') {
      if (!account.mobileNum || !account.countryDialingCode) throw new AppError('PAYMENT_PASSWORD_NO_CONTACT');
      return {
        target: smsTarget(account.countryDialingCode, account.mobileNum),
        masked: maskMobile(account.countryDialingCode, account.mobileNum),
      };
    }
    if (!account.email) throw new AppError('PAYMENT_PASSWORD_NO_CONTACT');
    return { target: account.email.toLowerCase(), masked: maskEmail(account.email) };
  }

  private noticeOf(merchant: Merchant, member: AuthenticatedMember, templateKey: SecurityNotice) {
    return prepareSecurityNotice(
      { members: this.members, messages: this.messages, codes: this.codes },
      merchant,
      member,
      templateKey,
    );
  }
}

const NO_FAILURES = { failures: 0, lockedUntil: null };

/** The new payment password: 6 digits by the registration rule `paymentPassword`. */
function checkFormat(password: string): string {
  const trimmed = password.trim();
  if (!matchesRule(trimmed, DEFAULT_REGISTER_RULES.paymentPassword)) throw new AppError('PAYMENT_PASSWORD_FORMAT');
  return trimmed;
}
