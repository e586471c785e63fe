import { randomBytes } from 'node:crypto';
import {
  isModuleEnabled,
  RESET_PASSWORD_QUERY,
  RESET_TOKEN_TTL_MINUTES,
  validateFields,
  WHITELABEL,
  type ChangePasswordRequest,
  type LoginResult,
  type PhoneRecoveryRequest,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/crypto/password';
import { sha256Hex } from '../../lib/crypto/token';
import type { AuthService, ClientInfo } from '../auth/index';
import type { MemberService } from '../member/index';
import { buildSiteLink, type Merchant } from '../merchant/index';
import { violationError, type RegistrationService } from '../registration/index';
import type { SessionService } from '../session/index';
import { smsTarget, type CodeService } from '../verification/index';
import * as repository from './password.repository';

/** Reset links one account can be sent in an hour. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

/** Password change, recovery by phone and by e-mail. */
export class PasswordService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly members: MemberService,
    private readonly codes: CodeService,
    private readonly registration: RegistrationService,
  ) {}

  /** The new password follows the brand's password rule and its confirmation, when sent, matches. */
  private async checkNewPassword(
    merchantId: number,
    password: string,
    confirmation: string | undefined,
  ): Promise<void> {
    const rules = await this.registration.getRules(merchantId);
    const violation = validateFields({ password }, { ...rules, password: { ...rules.password, enabled: true } }, [
      'password',
    ]).find((entry) => entry.field === 'password');
    if (violation) throw violationError(violation);
    if (confirmation !== undefined && confirmation !== password) throw new AppError('PASSWORD_CONFIRMATION_MISMATCH');
  }

  /** Changes the password of the signed-in member and ends the member's other sessions. */
  async changePassword(
    member: { id: number; merchantId: number; sessionId: number },
    request: ChangePasswordRequest,
  ): Promise<void> {
    const row = await this.members.findById(member.merchantId, member.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (!(await verifyPassword(request.oldPassword, row.passwordHash))) throw new AppError('OLD_PASSWORD_WRONG');
    await this.checkNewPassword(member.merchantId, request.newPassword, request.confirmNewPassword);
    if (request.newPassword === request.oldPassword) throw new AppError('PASSWORD_UNCHANGED');
    const passwordHash = await hashPassword(request.newPassword);
    await this.db.transaction(async (tx) => {
      await this.members.setPassword(member, passwordHash, { unlock: false }, tx);
      await this.sessions.revokeAllForMember(member.id, member.sessionId, tx);
    });
  }

  /** Sets a new password with the SMS code sent to the account's mobile, then signs in. */
  async recoverByPhone(merchant: Merchant, request: PhoneRecoveryRequest, client: ClientInfo): Promise<LoginResult> {
    await this.checkNewPassword(merchant.id, request.newPassword, request.confirmNewPassword);
    const member = await this.members.findByMobile(merchant.id, request.countryDialingCode, request.mobileNum);
    const passwordHash = await hashPassword(request.newPassword);
    // Codes go only to numbers of accounts; an unknown number fails exactly like a wrong code.
    const codeId = await this.codes.checkCode(
      {
        merchantId: merchant.id,
        target: smsTarget(request.countryDialingCode, request.mobileNum),
        purposes: ['login', 'recovery'],
      },
      request.verificationCode,
    );
    if (!member) throw new AppError('VERIFICATION_CODE_INVALID');
    await this.db.transaction(async (tx) => {
      await this.codes.spendCode(codeId, tx);
      await this.members.setPassword({ id: member.id, merchantId: merchant.id }, passwordHash, { unlock: true }, tx);
      await this.sessions.revokeAllForMember(member.id, undefined, tx);
    });
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const updated = await this.members.findById(merchant.id, member.id);
    if (!updated) throw new AppError('VERIFICATION_CODE_INVALID');
    return this.auth.completeSignIn(merchant, updated, client, {
      method: 'recovery',
      throttleKey: `u:${updated.account.toLowerCase()}`,
      viaPassword: false,
      rehashPassword: null,
    });
  }

  /**
   * E-mails a one-use reset link to the account's address. The spec shows 'Username/Email does not
   * exist' when the pair does not match, so this call, unlike sign-in, tells.
   */
  async requestEmailReset(merchant: Merchant, request: { username: string; email: string }): Promise<void> {
    if (!isModuleEnabled(merchant.whitelabel, WHITELABEL.RECOVER_BY_PHONE)) throw new AppError('FUNCTION_NOT_ENABLED');
    const token = randomBytes(32).toString('base64url');
    // On the brand's own address, never the request's host; a brand without one sends and stores nothing.
    const link = buildSiteLink(merchant, '/', { [RESET_PASSWORD_QUERY]: token });
    const member = await this.members.findByAccountAndEmail(merchant.id, request.username, request.email);
    if (!member?.email || member.status !== 'active') throw new AppError('USERNAME_OR_EMAIL_NOT_FOUND');
    // Per account, whatever the IP: a mailbox is not flooded with reset links.
    if ((await repository.countRecentResetTokens(this.db, member.id, 3600)) >= MAX_RESET_MAILS_PER_HOUR) {
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 3600 });
    }
    await repository.insertResetToken(this.db, {
      tokenHash: sha256Hex(token),
      memberId: member.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const brand = merchant.brand.name;
    await this.codes.sendMail(
      merchant.id,
      member.email,
      `[${brand}] 비밀번호 재설정 / Reset your password`,
      [
        `${member.account}님, 아래 링크에서 ${RESET_TOKEN_TTL_MINUTES}분 안에 새 비밀번호를 설정하세요.`,
        `${member.account}, set a new password within ${RESET_TOKEN_TTL_MINUTES} minutes at:`,
        link,
        '',
        '요청하지 않으셨다면 이 메일을 무시하세요. / If you did not ask for this, ignore this e-mail.',
      ].join('\n'),
    );
  }

  /** Sets the new password with the e-mailed token (one use) and ends every session of the member. */
  async resetByEmail(
    merchant: Merchant,
    request: { token: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    await this.checkNewPassword(merchant.id, request.newPassword, request.confirmNewPassword);
    const passwordHash = await hashPassword(request.newPassword);
    await this.db.transaction(async (tx) => {
      const memberId = await repository.consumeResetToken(tx, sha256Hex(request.token), merchant.id);
      if (memberId === undefined) throw new AppError('RESET_TOKEN_INVALID');
      await this.members.setPassword({ id: memberId, merchantId: merchant.id }, passwordHash, { unlock: true }, tx);
      await this.sessions.revokeAllForMember(memberId, undefined, tx);
    });
  }
}
