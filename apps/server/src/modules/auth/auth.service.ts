import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_PRACTICE_BALANCE_MAJOR,
  isModuleEnabled,
  PASSWORD_MAX_AGE_DAYS,
  WHITELABEL,
  type FreePlayRequest,
  type LoginChallenge,
  type LoginChallengeAnswerRequest,
  type LoginRequest,
  type LoginResult,
  type PracticeBalance,
  type SecondCheckMethod,
  type SignInMethod,
  type SmsNoLoginRequest,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { needsRehash, hashPassword, verifyPassword } from '../../lib/crypto/password';
import { safeEqualHex, sha256Hex } from '../../lib/crypto/token';
import type { Merchant } from '../merchant/index';
import type { MemberService } from '../member/index';
import { FREE_PLAY_SECONDS, type SessionService } from '../session/index';
import {
  harderCheckRefusal,
  maskEmail,
  maskMobile,
  smsTarget,
  type AltchaService,
  type CodeService,
} from '../verification/index';
import * as repository from './auth.repository';
import * as practice from './practice.repository';
import {
  IP_DELAY_AFTER_FAILURES,
  judgeAttempt,
  laterWait,
  requiredCheckLevel,
  SECOND_CHECK_LOCK_AFTER_FAILURES,
  SECOND_CHECK_LOCK_SECONDS,
  SECOND_CHECK_WINDOW_SECONDS,
  secondCheckKey,
  signInKeys,
  THROTTLE_WINDOW_SECONDS,
  type SignInCounts,
  type ThrottleKeys,
  type Verdict,
} from './auth.throttle';
import type { EncryptionKeyService } from './keys.service';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The IP's country (geo-IP), kept with a sign-in; '' or absent when unknown. */
  country?: string;
  /** SHA-256 (hex) of the player site's device id, kept with a sign-in or registration for the abuse check. */
  deviceHash?: string | null;
}

/** Who a sign-in attempt is for: a username, or a mobile number with its dialling code. */
export interface SignInAccount {
  type: 'username' | 'sms';
  username: string;
  countryDialingCode?: string | undefined;
}

/** The throttle key of an account: `u:<username>` or `m:<mobile>`. */
function accountKeyOf(account: SignInAccount): string {
  return account.type === 'sms'
    ? `m:${smsTarget(account.countryDialingCode ?? '', account.username)}`
    : `u:${account.username.toLowerCase()}`;
}

export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** Account types that may sign in to the player site; any other is 'Non-member account unable to login'. */
export const MEMBER_SITE_TYPES: readonly number[] = [0, 1, 2, 4, 41, 42];
/** Account types that may sign in to a brand's agent site; any other is 'Non-agents cannot log in' (decision 0059). */
export const AGENT_SITE_TYPES: readonly number[] = [1, 2, 41, 42];

/** Where a sign-in happens: the player site, or a domain the brand marks as its agent site (decision 0059). */
export type SignInSite = 'player' | 'agent';

/** The sign-in rule of each site: NOT_AGENT on the agent site, NON_MEMBER_LOGIN on the player site. */
export function refuseOnSite(site: SignInSite, agentType: number): void {
  if (site === 'agent' && !AGENT_SITE_TYPES.includes(agentType)) throw new AppError('NOT_AGENT');
  if (site === 'player' && !MEMBER_SITE_TYPES.includes(agentType)) throw new AppError('NON_MEMBER_LOGIN');
}

function normaliseName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

function lockedError(code: 'ACCOUNT_LOCKED' | 'LOGIN_VERIFICATION_LOCKED', lockedUntil: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
  return new AppError(code, { retryAfterSeconds: seconds }, { params: { minutes: Math.ceil(seconds / 60) } });
}

/**
 * The second checks a member can pass, strongest first: a code sent to the phone or the e-mail, then an
 * authenticator's code, and the bank account name last, since others may know it (decision 0025).
 */
export function secondCheckMethods(member: repository.MemberAccountRow): SecondCheckMethod[] {
  const methods: SecondCheckMethod[] = [];
  if (member.mobileNum && member.countryDialingCode) methods.push('sms');
  if (member.email) methods.push('email');
  if (member.totpSecret) methods.push('authenticator');
  if (member.payeeName) methods.push('bankAccountName');
  return methods;
}

/**
 * Checks a code of a member's authenticator, or one of its recovery codes, for the new-IP check; each is accepted
 * once. The security module's MemberAuthenticatorService, which keeps the secret sealed (decision 0037).
 */
export interface AuthenticatorCheck {
  verify(memberId: number, code: string): Promise<boolean>;
}

/**
 * Player protection's say in a sign-in (decision 0042), built by the composition root: a time-out or
 * self-exclusion refuses it, and the member's session limit ends the new session in time.
 */
export interface SignInGuard {
  assertMaySignIn(merchant: { id: number; timeZone: string }, memberId: number): Promise<void>;
  afterSignIn(memberId: number, executor: Executor): Promise<void>;
}

/**
 * Work a successful sign-in does in its transaction, after the session is created: missions count the member's day
 * (decision 0054). Registered by the composition root, which builds those services after this one.
 */
export type SignInListener = (
  executor: Executor,
  member: { merchantId: number; memberId: number; isFreePlay: boolean },
  timeZone: string,
) => Promise<void>;

/** Sign-in by password or SMS code, the second check for new IPs, free play and logout. */
export class AuthService {
  private readonly signInListeners: SignInListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly members: MemberService,
    private readonly altcha: AltchaService,
    private readonly codes: CodeService,
    private readonly keys: EncryptionKeyService,
    private readonly authenticator: AuthenticatorCheck,
    private readonly signInGuard?: SignInGuard,
  ) {}

  /** Adds work every successful sign-in does in its transaction (services.ts). */
  onSignIn(listener: SignInListener): void {
    this.signInListeners.push(listener);
  }

  /**
   * Deletes at most `limit` sign-in throttle rows with nothing left to count at `now`: their window (the
   * longest of the sign-in and second-check windows) is over and no wait runs. Answers how many went.
   */
  removeEndedThrottles(now: Date, limit: number): Promise<number> {
    const windowSeconds = Math.max(THROTTLE_WINDOW_SECONDS, SECOND_CHECK_WINDOW_SECONDS);
    const windowStartedBefore = new Date(now.getTime() - windowSeconds * 1000);
    return repository.deleteEndedThrottles(this.db, { now, windowStartedBefore, limit });
  }

  async login(
    merchant: Merchant,
    request: LoginRequest,
    client: ClientInfo,
    site: SignInSite = 'player',
  ): Promise<LoginResult> {
    if (request.type === 'firebase') throw new AppError('FUNCTION_NOT_ENABLED');
    if (request.type === 'sms' && !isModuleEnabled(merchant.whitelabel, WHITELABEL.LOGIN_SMS)) {
      throw new AppError('FUNCTION_NOT_ENABLED');
    }
    if (request.type === 'sms') {
      if (!request.countryDialingCode) throw new AppError('PHONE_MISSING');
      if (!/^[0-9]{5,15}$/.test(request.username)) throw new AppError('PHONE_INVALID');
    }
    // The image captcha's fields (captcha, captchaId) are no longer read: the proof of work is the check.
    const checkLevel = await this.altcha.verify(request.altcha);

    const account: SignInAccount = {
      type: request.type,
      username: request.username,
      countryDialingCode: request.countryDialingCode,
    };
    const accountKey = accountKeyOf(account);
    const keys = signInKeys(accountKey, client.ip);
    const member = await this.findSignInMember(merchant, account);
    const isKnownIp = member ? await repository.isKnownIp(this.db, member.id, client.ip) : false;
    const verdict = await this.takeAttempt(merchant.id, keys, { checkLevel, isKnownIp });
    if (verdict.kind === 'wait') throw lockedError('ACCOUNT_LOCKED', verdict.until);
    if (verdict.kind === 'captcha') throw harderCheckRefusal(checkLevel);

    let failure: AppError | null = null;
    if (request.type === 'sms') {
      try {
        // Codes go only to numbers of accounts, so an unknown number has no code and fails the same way.
        await this.codes.consumeCode(
          {
            merchantId: merchant.id,
            target: smsTarget(request.countryDialingCode ?? '', request.username),
            purposes: ['login'],
          },
          request.password,
        );
        if (!member) failure = new AppError('VERIFICATION_CODE_INVALID');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failure = error;
      }
    } else {
      // verifyPassword costs one scrypt run even without an account: the time says nothing.
      const matches = await verifyPassword(request.password, member?.passwordHash ?? null);
      if (!matches || !member) failure = new AppError('WRONG_ACCOUNT_OR_PASSWORD');
    }

    if (failure || !member) {
      // The attempt was counted as a failure before the check; the waits it started stand.
      const wait = laterWait(verdict.counts);
      if (member)
        await repository.mirrorFailures(this.db, member.id, {
          failures: verdict.counts.account.failures,
          lockedUntil: wait,
        });
      if (wait) throw lockedError('ACCOUNT_LOCKED', wait);
      const code = failure?.code ?? 'WRONG_ACCOUNT_OR_PASSWORD';
      throw new AppError(code, { captchaRequired: requiredCheckLevel(verdict.counts, isKnownIp) > 0 });
    }
    await this.releaseAttempt(merchant.id, member.id, keys);

    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    refuseOnSite(site, member.agentType);

    if (request.type === 'username' && isModuleEnabled(merchant.whitelabel, WHITELABEL.UNREGISTERED_IP_VERIFICATION)) {
      const challenge = await this.openChallengeIfNewIp(merchant, member, client);
      if (challenge) throw new AppError('LOGIN_VERIFICATION_REQUIRED', challenge);
    }
    return this.completeSignIn(merchant, member, client, {
      method: request.type === 'sms' ? 'sms' : 'password',
      throttleKey: accountKey,
      viaPassword: request.type === 'username',
      rehashPassword: request.type === 'username' && needsRehash(member.passwordHash ?? '') ? request.password : null,
    });
  }

  /**
   * The level of proof of work the next sign-in attempt of `account` from `ip` must carry, from the
   * counts as they stand (decision 0030): what POST /wps/verification/altcha issues. The attempt itself
   * is judged again on the locked counts, so a challenge fetched before further failures may fall short.
   */
  async requiredCheckLevel(merchant: Merchant, account: SignInAccount, ip: string): Promise<number> {
    const accountKey = accountKeyOf(account);
    const keys = signInKeys(accountKey, ip);
    const member = await this.findSignInMember(merchant, account);
    const isKnownIp = member ? await repository.isKnownIp(this.db, member.id, ip) : false;
    const states = await repository.findThrottles(
      this.db,
      merchant.id,
      [keys.pair, keys.ip, keys.account],
      THROTTLE_WINDOW_SECONDS,
    );
    const count = (key: string) => ({ failures: states.get(key)?.failures ?? 0, waitUntil: null });
    const counts: SignInCounts = { pair: count(keys.pair), ip: count(keys.ip), account: count(keys.account) };
    return requiredCheckLevel(counts, isKnownIp);
  }

  private findSignInMember(merchant: Merchant, account: SignInAccount) {
    return account.type === 'sms'
      ? this.members.findByMobile(merchant.id, account.countryDialingCode ?? '', account.username)
      : this.members.findByAccount(merchant.id, account.username);
  }

  /**
   * Judges an attempt and, when its password may be checked, counts it as a failure first, in one
   * transaction over the locked counts: attempts sent together are judged one after the other, so no
   * more passwords are checked than the limits allow (decision 0025).
   */
  private async takeAttempt(
    merchantId: number,
    keys: ThrottleKeys,
    options: { checkLevel: number; isKnownIp: boolean },
  ): Promise<Verdict> {
    return this.db.transaction(async (tx) => {
      const states = await repository.lockThrottle(
        tx,
        merchantId,
        [keys.pair, keys.ip, keys.account],
        THROTTLE_WINDOW_SECONDS,
      );
      const count = (key: string) => {
        const state = states.get(key);
        return { failures: state?.failures ?? 0, waitUntil: state?.lockedUntil ?? null };
      };
      const verdict = judgeAttempt(
        { pair: count(keys.pair), ip: count(keys.ip), account: count(keys.account) },
        { ...options, now: new Date() },
      );
      if (verdict.kind !== 'check') return verdict;
      const windowSeconds = THROTTLE_WINDOW_SECONDS;
      await repository.countFailure(tx, merchantId, keys.pair, { windowSeconds, waitSeconds: verdict.waits.pair });
      await repository.countFailure(tx, merchantId, keys.ip, { windowSeconds, waitSeconds: verdict.waits.ip });
      await repository.countFailure(tx, merchantId, keys.account, { windowSeconds, waitSeconds: null });
      return verdict;
    });
  }

  /**
   * A right password or code: this account from this IP starts afresh, and the attempt is taken back from
   * the IP's and the account's counts, whose other failures stay (a success never clears an IP's
   * failures on other accounts, nor other IPs' failures on this one).
   */
  private async releaseAttempt(merchantId: number, memberId: number, keys: ThrottleKeys): Promise<void> {
    const windowSeconds = THROTTLE_WINDOW_SECONDS;
    await repository.clearThrottle(this.db, merchantId, keys.pair);
    await repository.uncountFailure(this.db, merchantId, keys.ip, {
      windowSeconds,
      waitsFrom: IP_DELAY_AFTER_FAILURES,
    });
    const account = await repository.uncountFailure(this.db, merchantId, keys.account, {
      windowSeconds,
      waitsFrom: null,
    });
    await repository.mirrorFailures(this.db, memberId, { failures: account.failures, lockedUntil: null });
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
    // No challenge while the second check is locked: it could not be answered.
    await this.refuseWhileSecondCheckLocked(merchant.id, member.id);
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

  private async refuseWhileSecondCheckLocked(merchantId: number, memberId: number): Promise<void> {
    const state = await repository.getThrottle(
      this.db,
      merchantId,
      secondCheckKey(memberId),
      SECOND_CHECK_WINDOW_SECONDS,
    );
    if (state.lockedUntil) throw lockedError('LOGIN_VERIFICATION_LOCKED', state.lockedUntil);
  }

  private async getChallenge(merchant: Merchant, challengeId: string, method: SecondCheckMethod, client: ClientInfo) {
    const challenge = await repository.findOpenChallenge(
      this.db,
      challengeId,
      merchant.id,
      client.ip,
      MAX_CHALLENGE_ATTEMPTS,
    );
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
    await this.refuseWhileSecondCheckLocked(merchant.id, member.id);
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
    const locksUntil = await this.takeSecondCheckAttempt(merchant.id, member.id, challenge.id);
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
      passed = await this.authenticator.verify(member.id, request.answer);
    }
    if (!passed) {
      // Counted before the check; the failure that locks the second check says so.
      if (locksUntil) throw lockedError('LOGIN_VERIFICATION_LOCKED', locksUntil);
      throw failure;
    }
    await repository.uncountFailure(this.db, merchant.id, secondCheckKey(member.id), {
      windowSeconds: SECOND_CHECK_WINDOW_SECONDS,
      waitsFrom: SECOND_CHECK_LOCK_AFTER_FAILURES,
    });
    if (!(await repository.consumeChallenge(this.db, challenge.id))) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    return this.completeSignIn(merchant, member, client, {
      method: 'second-check',
      throttleKey: `u:${member.account.toLowerCase()}`,
      viaPassword: true,
      rehashPassword: null,
    });
  }

  /**
   * Counts an answer to the second check before it is checked, on the challenge and on the member's
   * count over every challenge and IP, in one transaction: answers sent together are taken one after
   * the other. Answers the time the second check is locked until when this answer locks it (should it
   * fail); refuses while it is locked, or when the challenge has had all its answers.
   */
  private async takeSecondCheckAttempt(
    merchantId: number,
    memberId: number,
    challengeId: string,
  ): Promise<Date | null> {
    const key = secondCheckKey(memberId);
    const windowSeconds = SECOND_CHECK_WINDOW_SECONDS;
    const outcome = await this.db.transaction(
      async (tx): Promise<{ kind: 'locked'; until: Date } | { kind: 'spent' } | { kind: 'check'; locks: boolean }> => {
        const state = (await repository.lockThrottle(tx, merchantId, [key], windowSeconds)).get(key);
        if (state?.lockedUntil) return { kind: 'locked', until: state.lockedUntil };
        if (!(await repository.takeChallengeAttempt(tx, challengeId, MAX_CHALLENGE_ATTEMPTS))) return { kind: 'spent' };
        const locks = (state?.failures ?? 0) + 1 >= SECOND_CHECK_LOCK_AFTER_FAILURES;
        await repository.countFailure(tx, merchantId, key, {
          windowSeconds,
          waitSeconds: locks ? SECOND_CHECK_LOCK_SECONDS : null,
        });
        return { kind: 'check', locks };
      },
    );
    if (outcome.kind === 'locked') throw lockedError('LOGIN_VERIFICATION_LOCKED', outcome.until);
    if (outcome.kind === 'spent') throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    return outcome.locks ? new Date(Date.now() + SECOND_CHECK_LOCK_SECONDS * 1000) : null;
  }

  /**
   * Records the sign-in (in the member's sign-in history, with `method`), remembers the IP and issues a fresh
   * session, in one transaction. `throttleKey` is the account's sign-in key (`u:<username>`): its count from this
   * IP starts afresh.
   */
  async completeSignIn(
    merchant: Merchant,
    member: repository.MemberAccountRow,
    client: ClientInfo,
    options: { method: SignInMethod; throttleKey: string | null; viaPassword: boolean; rehashPassword: string | null },
  ): Promise<LoginResult> {
    await this.signInGuard?.assertMaySignIn({ id: merchant.id, timeZone: merchant.brand.timeZone }, member.id);
    const newHash = options.rehashPassword ? await hashPassword(options.rehashPassword) : null;
    const session = await this.db.transaction(async (tx) => {
      if (options.throttleKey) {
        await repository.clearThrottle(tx, merchant.id, signInKeys(options.throttleKey, client.ip).pair);
      }
      await repository.markSignedIn(tx, member.id, client.ip, newHash ? { passwordHash: newHash } : {});
      await repository.rememberIp(tx, member.id, client.ip);
      const created = await this.sessions.createSession(member, client, tx, options.method);
      await this.signInGuard?.afterSignIn(member.id, tx);
      for (const listener of this.signInListeners) {
        await listener(
          tx,
          { merchantId: merchant.id, memberId: member.id, isFreePlay: member.isFreePlay },
          merchant.brand.timeZone,
        );
      }
      return created;
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
  async freePlay(
    merchant: Merchant,
    request: FreePlayRequest,
    client: ClientInfo,
    site: SignInSite = 'player',
  ): Promise<LoginResult> {
    // A free-play guest is no agent: the agent site opens no guest session (decision 0059).
    if (site === 'agent') throw new AppError('NOT_AGENT');
    if (!isModuleEnabled(merchant.whitelabel, WHITELABEL.FREE_PLAY)) throw new AppError('FUNCTION_NOT_ENABLED');
    const random = await this.keys.decrypt(request.random);
    if (random.length < 16 || random.length > 256) throw new AppError('ENCRYPTED_BODY_INVALID');
    // The guest and its practice money come together: a guest is never left with nothing to play (decision 0072).
    const member = await this.db.transaction(async (tx) => {
      const guest = await repository.insertFreePlayMember(tx, {
        merchantId: merchant.id,
        account: `guest${randomBytes(5).toString('hex')}`,
        expiresAt: new Date(Date.now() + FREE_PLAY_SECONDS * 1000),
        ip: client.ip,
      });
      await practice.insertPracticeWallet(tx, {
        memberId: guest.id,
        merchantId: merchant.id,
        currency: merchant.brand.currency,
        balanceMinor: practiceBalanceMinorOf(merchant),
      });
      return guest;
    });
    return this.completeSignIn(merchant, member, client, {
      method: 'free-play',
      throttleKey: null,
      viaPassword: false,
      rehashPassword: null,
    });
  }

  /**
   * A free-play guest's practice balance (decision 0072), which its trial games stake; null for any other account,
   * which has none: real money is only ever the wallet's.
   */
  async findPracticeBalance(merchant: Merchant, memberId: number): Promise<PracticeBalance> {
    const wallet = await practice.findPracticeWallet(this.db, merchant.id, memberId);
    if (!wallet) return null;
    return {
      balanceMinor: wallet.balanceMinor,
      currency: wallet.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
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

  /** The extra verifications a member can pass on an unregistered IP, in the order the check offers them. */
  async secondCheckMethodsOf(merchantId: number, memberId: number): Promise<SecondCheckMethod[]> {
    const member = await this.members.findById(merchantId, memberId);
    return member ? secondCheckMethods(member) : [];
  }

  /** The IPs the new-IP check trusts for a member, with the device last seen on each. */
  listKnownIps(memberId: number): Promise<repository.KnownIpRow[]> {
    return repository.findKnownIps(this.db, memberId);
  }

  /** Forgets a known IP of a member (never the last one): the next sign-in from it asks for the extra check. */
  async forgetKnownIp(memberId: number, ip: string): Promise<void> {
    const outcome = await this.db.transaction((tx) => repository.forgetKnownIp(tx, memberId, ip));
    if (outcome === 'unknown') throw new AppError('SECURITY_IP_NOT_FOUND');
    if (outcome === 'last') throw new AppError('SECURITY_LAST_KNOWN_IP');
  }

  async logout(token: string, merchantId: number): Promise<void> {
    await this.sessions.revoke(token, merchantId);
  }
}

/** The practice money a new guest gets: the brand's amount, else the default, in minor units (decision 0072). */
export function practiceBalanceMinorOf(merchant: Pick<Merchant, 'brand'>): number {
  const major = merchant.brand.practiceBalanceMajor ?? DEFAULT_PRACTICE_BALANCE_MAJOR;
  return Math.min(major * 10 ** merchant.brand.currencyExponent, Number.MAX_SAFE_INTEGER);
}
