import { randomBytes, randomUUID } from 'node:crypto';
import {
  isModuleEnabled,
  PASSWORD_MAX_AGE_DAYS,
  WHITELABEL,
  type FreePlayRequest,
  type LoginChallenge,
  type LoginChallengeAnswerRequest,
  type LoginRequest,
  type LoginResult,
  type SecondCheckMethod,
  type SmsNoLoginRequest,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { needsRehash, hashPassword, verifyPassword } from '../../lib/crypto/password';
import { safeEqualHex, sha256Hex } from '../../lib/crypto/token';
import { verifyTotp } from '../../lib/crypto/totp';
import type { Merchant } from '../merchant/merchant.service';
import type { MemberService } from '../member/member.service';
import type { AltchaService } from '../verification/altcha.service';
import type { CaptchaService } from '../verification/captcha.service';
import { maskEmail, maskMobile, smsTarget, type CodeService } from '../verification/code.service';
import * as repository from './auth.repository';
import type { EncryptionKeyService } from './keys.service';
import { FREE_PLAY_SECONDS, type SessionService } from './session.service';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Failures are counted over this window. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** The image captcha is demanded after this many failures for one username (or mobile) ... */
export const CAPTCHA_AFTER_FAILURES = 2;
/** ... or this many from one IP. */
export const CAPTCHA_AFTER_IP_FAILURES = 5;
/** The account locks after this many failures in the window ... */
export const LOCK_AFTER_FAILURES = 5;
/** ... for this long. */
export const LOCK_SECONDS = 15 * 60;
export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** Account types that may sign in to the player site; any other is 'Non-member account unable to login'. */
export const MEMBER_SITE_TYPES: readonly number[] = [0, 1, 2, 4, 41, 42];

function normaliseName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

function lockedError(lockedUntil: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
  return new AppError(
    'ACCOUNT_LOCKED',
    { retryAfterSeconds: seconds },
    { params: { minutes: Math.ceil(seconds / 60) } },
  );
}

export function secondCheckMethods(member: repository.MemberAccountRow): SecondCheckMethod[] {
  const methods: SecondCheckMethod[] = [];
  if (member.mobileNum && member.countryDialingCode) methods.push('sms');
  if (member.email) methods.push('email');
  if (member.payeeName) methods.push('bankAccountName');
  if (member.totpSecret) methods.push('authenticator');
  return methods;
}

/** Sign-in by password or SMS code, the second check for new IPs, free play and logout. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly members: MemberService,
    private readonly captcha: CaptchaService,
    private readonly altcha: AltchaService,
    private readonly codes: CodeService,
    private readonly keys: EncryptionKeyService,
  ) {}

  async login(merchant: Merchant, request: LoginRequest, client: ClientInfo): Promise<LoginResult> {
    if (request.type === 'firebase') throw new AppError('FUNCTION_NOT_ENABLED');
    if (request.type === 'sms' && !isModuleEnabled(merchant.whitelabel, WHITELABEL.LOGIN_SMS)) {
      throw new AppError('FUNCTION_NOT_ENABLED');
    }
    if (request.type === 'sms') {
      if (!request.countryDialingCode) throw new AppError('PHONE_MISSING');
      if (!/^[0-9]{5,15}$/.test(request.username)) throw new AppError('PHONE_INVALID');
    }
    await this.altcha.verify(request.altcha);

    const accountKey =
      request.type === 'sms'
        ? `m:${smsTarget(request.countryDialingCode ?? '', request.username)}`
        : `u:${request.username.toLowerCase()}`;
    const ipKey = `ip:${client.ip}`;
    const [accountState, ipState] = await Promise.all([
      repository.getThrottle(this.db, merchant.id, accountKey, THROTTLE_WINDOW_SECONDS),
      repository.getThrottle(this.db, merchant.id, ipKey, THROTTLE_WINDOW_SECONDS),
    ]);
    if (accountState.lockedUntil) throw lockedError(accountState.lockedUntil);
    const captchaRequired =
      accountState.failures >= CAPTCHA_AFTER_FAILURES || ipState.failures >= CAPTCHA_AFTER_IP_FAILURES;
    if (captchaRequired || request.captcha || request.captchaId) {
      if (!request.captcha) throw new AppError('CAPTCHA_REQUIRED', { captchaRequired: true });
      if (!(await this.captcha.checkCaptcha(request.captchaId, request.captcha))) {
        throw new AppError('CAPTCHA_INVALID', { captchaRequired: true });
      }
    }

    let member: repository.MemberAccountRow | undefined;
    let failure: AppError | null = null;
    if (request.type === 'sms') {
      const countryDialingCode = request.countryDialingCode ?? '';
      member = await this.members.findByMobile(merchant.id, countryDialingCode, request.username);
      try {
        // Codes go only to numbers of accounts, so an unknown number has no code and fails the same way.
        await this.codes.consumeCode(
          { merchantId: merchant.id, target: smsTarget(countryDialingCode, request.username), purposes: ['login'] },
          request.password,
        );
        if (!member) failure = new AppError('VERIFICATION_CODE_INVALID');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failure = error;
      }
    } else {
      member = await this.members.findByAccount(merchant.id, request.username);
      // verifyPassword costs one scrypt run even without an account: the time says nothing.
      const matches = await verifyPassword(request.password, member?.passwordHash ?? null);
      if (!matches || !member) failure = new AppError('WRONG_ACCOUNT_OR_PASSWORD');
    }

    if (failure || !member) {
      const [state, ipAfter] = await Promise.all([
        repository.recordFailure(this.db, merchant.id, accountKey, {
          windowSeconds: THROTTLE_WINDOW_SECONDS,
          lockAfter: LOCK_AFTER_FAILURES,
          lockSeconds: LOCK_SECONDS,
        }),
        repository.recordFailure(this.db, merchant.id, ipKey, {
          windowSeconds: THROTTLE_WINDOW_SECONDS,
          lockAfter: null,
          lockSeconds: 0,
        }),
      ]);
      if (member) await repository.mirrorFailures(this.db, member.id, state);
      if (state.lockedUntil) throw lockedError(state.lockedUntil);
      const needCaptcha = state.failures >= CAPTCHA_AFTER_FAILURES || ipAfter.failures >= CAPTCHA_AFTER_IP_FAILURES;
      const code = failure?.code ?? 'WRONG_ACCOUNT_OR_PASSWORD';
      throw new AppError(code, { captchaRequired: needCaptcha });
    }

    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (!MEMBER_SITE_TYPES.includes(member.agentType)) throw new AppError('NON_MEMBER_LOGIN');

    if (request.type === 'username' && isModuleEnabled(merchant.whitelabel, WHITELABEL.UNREGISTERED_IP_VERIFICATION)) {
      const challenge = await this.openChallengeIfNewIp(merchant, member, client);
      if (challenge) {
        await repository.clearThrottle(this.db, merchant.id, accountKey);
        throw new AppError('LOGIN_VERIFICATION_REQUIRED', challenge);
      }
    }
    return this.completeSignIn(merchant, member, client, {
      throttleKey: accountKey,
      viaPassword: request.type === 'username',
      rehashPassword: request.type === 'username' && needsRehash(member.passwordHash ?? '') ? request.password : null,
    });
  }

  /**
   * A sign-in from an IP the member has not used asks for a second check, unless the member has no
   * way to pass one, or has never signed in (the first IP is trusted and remembered).
   */
  private async openChallengeIfNewIp(
    merchant: Merchant,
    member: repository.MemberAccountRow,
    client: ClientInfo,
  ): Promise<LoginChallenge | null> {
    const methods = secondCheckMethods(member);
    if (methods.length === 0) return null;
    if (!(await repository.hasKnownIps(this.db, member.id))) return null;
    if (await repository.isKnownIp(this.db, member.id, client.ip)) return null;
    const id = randomUUID();
    await repository.insertChallenge(this.db, {
      id,
      memberId: member.id,
      merchantId: merchant.id,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      methods,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    });
    return {
      challengeId: id,
      methods,
      maskedMobile:
        member.mobileNum && member.countryDialingCode ? maskMobile(member.countryDialingCode, member.mobileNum) : null,
      maskedEmail: member.email ? maskEmail(member.email) : null,
      expiresInSeconds: CHALLENGE_TTL_SECONDS,
    };
  }

  private async getChallenge(merchant: Merchant, challengeId: string, method: SecondCheckMethod, client: ClientInfo) {
    const challenge = await repository.findOpenChallenge(this.db, challengeId, merchant.id, client.ip);
    if (!challenge) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    const member = await this.members.findById(merchant.id, challenge.memberId);
    if (!member || member.status !== 'active') throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    if (!challenge.methods.includes(method) || !secondCheckMethods(member).includes(method)) {
      throw new AppError('LOGIN_VERIFICATION_FAILED');
    }
    return { challenge, member };
  }

  /** Sends the code of the second check to the member's bound mobile or e-mail. */
  async sendChallengeCode(
    merchant: Merchant,
    request: { challengeId: string; method: 'sms' | 'email' },
    client: ClientInfo,
  ): Promise<number> {
    const { member } = await this.getChallenge(merchant, request.challengeId, request.method, client);
    const target =
      request.method === 'sms'
        ? smsTarget(member.countryDialingCode ?? '', member.mobileNum ?? '')
        : (member.email ?? '').toLowerCase();
    return this.codes.sendCode(
      { merchantId: merchant.id, purpose: 'ip_check', channel: request.method, target },
      client.ip,
      { deliver: true, brandName: merchant.brand.name },
    );
  }

  /** Passes the second check and completes the sign-in; the IP becomes known. */
  async answerChallenge(
    merchant: Merchant,
    request: LoginChallengeAnswerRequest,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const { challenge, member } = await this.getChallenge(merchant, request.challengeId, request.method, client);
    let passed = false;
    let failure: AppError = new AppError('LOGIN_VERIFICATION_FAILED');
    if (request.method === 'sms' || request.method === 'email') {
      const target =
        request.method === 'sms'
          ? smsTarget(member.countryDialingCode ?? '', member.mobileNum ?? '')
          : (member.email ?? '').toLowerCase();
      try {
        await this.codes.consumeCode({ merchantId: merchant.id, target, purposes: ['ip_check'] }, request.answer);
        passed = true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failure = error;
      }
    } else if (request.method === 'bankAccountName') {
      // Digests of equal length compared in constant time: the comparison leaks nothing about the name.
      passed = safeEqualHex(sha256Hex(normaliseName(request.answer)), sha256Hex(normaliseName(member.payeeName ?? '')));
    } else {
      passed = verifyTotp(member.totpSecret ?? '', request.answer);
    }
    if (!passed) {
      await repository.recordChallengeFailure(this.db, challenge.id, MAX_CHALLENGE_ATTEMPTS);
      throw failure;
    }
    if (!(await repository.consumeChallenge(this.db, challenge.id))) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    return this.completeSignIn(merchant, member, client, {
      throttleKey: `u:${member.account.toLowerCase()}`,
      viaPassword: true,
      rehashPassword: null,
    });
  }

  /** Records the sign-in, remembers the IP and issues a fresh session, in one transaction. */
  async completeSignIn(
    merchant: Merchant,
    member: repository.MemberAccountRow,
    client: ClientInfo,
    options: { throttleKey: string | null; viaPassword: boolean; rehashPassword: string | null },
  ): Promise<LoginResult> {
    const newHash = options.rehashPassword ? await hashPassword(options.rehashPassword) : null;
    const session = await this.db.transaction(async (tx) => {
      if (options.throttleKey) await repository.clearThrottle(tx, merchant.id, options.throttleKey);
      await repository.markSignedIn(tx, member.id, client.ip, newHash ? { passwordHash: newHash } : {});
      await repository.rememberIp(tx, member.id, client.ip);
      return this.sessions.createSession(member, client, tx);
    });
    return {
      ...(await this.describe(merchant, member, options.viaPassword)),
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /** Member info and the password flags of a sign-in, without a session. */
  async describe(
    merchant: Merchant,
    member: repository.MemberAccountRow,
    viaPassword = false,
  ): Promise<Omit<LoginResult, 'token' | 'expiresAt'>> {
    const info = await this.members.getInfo({ id: member.id, merchantId: merchant.id });
    const passwordExpired =
      !member.isFreePlay &&
      member.passwordChangedAt !== null &&
      Date.now() - member.passwordChangedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
    const forceOnExpiry = isModuleEnabled(merchant.whitelabel, WHITELABEL.FORCE_PASSWORD_CHANGE);
    return {
      ...info,
      firstTimeLogin: member.firstTimeLogin,
      passwordExpired,
      passwordIsDefault: member.passwordIsDefault,
      cpw: viaPassword && (member.passwordIsDefault || (passwordExpired && forceOnExpiry)),
    };
  }

  /** A guest with play money only; it can never touch real money and expires with its session. */
  async freePlay(merchant: Merchant, request: FreePlayRequest, client: ClientInfo): Promise<LoginResult> {
    if (!isModuleEnabled(merchant.whitelabel, WHITELABEL.FREE_PLAY)) throw new AppError('FUNCTION_NOT_ENABLED');
    const random = await this.keys.decrypt(request.random);
    if (random.length < 16 || random.length > 256) throw new AppError('ENCRYPTED_BODY_INVALID');
    const member = await repository.insertFreePlayMember(this.db, {
      merchantId: merchant.id,
      account: `guest${randomBytes(5).toString('hex')}`,
      expiresAt: new Date(Date.now() + FREE_PLAY_SECONDS * 1000),
      ip: client.ip,
    });
    return this.completeSignIn(merchant, member, client, {
      throttleKey: null,
      viaPassword: false,
      rehashPassword: null,
    });
  }

  /**
   * Sends a sign-in (or phone recovery) code. The answer is the same whether or not an account has the
   * number; only an account's number gets a message.
   */
  async sendLoginCode(merchant: Merchant, request: SmsNoLoginRequest, ip: string): Promise<number> {
    const member = await this.members.findByMobile(merchant.id, request.countryDialingCode, request.mobileNum);
    return this.codes.sendCode(
      {
        merchantId: merchant.id,
        purpose: 'login',
        channel: 'sms',
        target: smsTarget(request.countryDialingCode, request.mobileNum),
      },
      ip,
      {
        deliver: member !== undefined && member.status === 'active' && !member.isFreePlay,
        brandName: merchant.brand.name,
      },
    );
  }

  async logout(token: string, merchantId: number): Promise<void> {
    await this.sessions.revoke(token, merchantId);
  }
}
