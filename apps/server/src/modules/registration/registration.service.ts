import { randomBytes } from 'node:crypto';
import {
  ageOn,
  DEFAULT_REGISTER_RULES,
  formatRuleMessage,
  isModuleEnabled,
  MINIMUM_BIRTHDAY_AGE,
  MINIMUM_REGISTRATION_AGE,
  parseRuleDate,
  REGISTER_FIELDS,
  RuleSchema,
  SMS_EXPIRED_MINUTES,
  validateFields,
  WHITELABEL,
  type RegisterField,
  type RegisterRequest,
  type RegisterResult,
  type RegisterRules,
  type RegisterSettings,
  type RuleViolation,
  type ContractTerms,
  type SmsRegisterRequest,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto/password';
import type { AuthService, ClientInfo } from '../auth/index';
import type { Merchant } from '../merchant/index';
import {
  MAX_CHECK_LEVEL,
  harderCheckRefusal,
  smsTarget,
  type AltchaService,
  type CodeService,
} from '../verification/index';
import * as repository from './registration.repository';

/** What a registration writes to the log: the request's logger (pino's shape, so `request.log` fits). */
export interface RegistrationLog {
  warn(details: object, message: string): void;
}

/** Agent types whose code is an affiliate code (docs/product/accounts.md#affiliate-and-referral-codes). */
const AFFILIATE_AGENT_TYPES = [1, 2, 41, 42] as const;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new member's own invite code: 8 capitals and digits, without 0, O, 1 and I that a reader could mistake; an agent's
 * invitation link's code has 10 (decision 0064), so it is never a member's code.
 */
export function createInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => INVITE_ALPHABET[byte % INVITE_ALPHABET.length]).join('');
}

/** The unique index a failed insert hit, if it was a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === '23505') {
      return [candidate.constraint, candidate.detail, candidate.message]
        .filter((part) => typeof part === 'string')
        .join(' ');
    }
    current = candidate.cause;
  }
  return null;
}

/** The error of a rule violation: its message in both languages, and the field for the form. */
export function violationError(violation: RuleViolation): AppError {
  const target = { patternId: violation.patternId, minLength: violation.min, maxLength: violation.max };
  return new AppError(
    violation.kind === 'required' ? 'FIELD_REQUIRED' : 'FIELD_INVALID',
    { field: violation.field, patternId: violation.patternId, min: violation.min, max: violation.max },
    { params: { detailKo: formatRuleMessage(target, 'KO'), detailEn: formatRuleMessage(target, 'EN') } },
  );
}

/**
 * The upline and type an affiliate code gives a registrant; `linkId` the invitation link that counts it, and
 * `contractTerms` the contract terms that link offers a new sub-agent.
 */
interface Affiliate {
  uplineId: number;
  agentType: number;
  linkId: number | null;
  contractTerms: ContractTerms[];
}

/** The proof of work a registration carries when the brand's captcha rule is on. */
export const REGISTER_CHECK_LEVEL = MAX_CHECK_LEVEL;

/** The brand's sign-up bonus (BonusService, decision 0050), paid in the registration's transaction. */
export interface SignupBonusGrant {
  grantSignup(tx: Executor, input: { merchantId: number; memberId: number; currency: string }): Promise<unknown>;
}

/**
 * An invitation link's contract terms offered to the sub-agent registering by it (AgentContractsService, decision
 * 0064), in the registration's transaction; answers the terms skipped (no longer fitting the agent's own contract).
 */
export interface InviteLinkOffers {
  offerLinkTerms(
    tx: Executor,
    input: { merchantId: number; agentId: number; downlineId: number; linkId: number; terms: ContractTerms[] },
  ): Promise<{ kind: string; code: string }[]>;
}

/** Registration by username or mobile, the brand's rules and settings, and affiliate codes. */
export class RegistrationService {
  private signupBonus: SignupBonusGrant | null = null;
  private linkOffers: InviteLinkOffers | null = null;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly altcha: AltchaService,
    private readonly codes: CodeService,
  ) {}

  /** The sign-up bonus (services.ts). */
  setSignupBonus(grant: SignupBonusGrant): void {
    this.signupBonus = grant;
  }

  /** The offers an invitation link's contract terms make (services.ts). */
  setInviteLinkOffers(offers: InviteLinkOffers): void {
    this.linkOffers = offers;
  }

  /** The brand's rules: its stored overrides on top of the defaults; a malformed stored rule is ignored. */
  async getRules(merchantId: number): Promise<RegisterRules> {
    const stored = await repository.findRules(this.db, merchantId);
    const rules: RegisterRules = { ...DEFAULT_REGISTER_RULES };
    if (stored && typeof stored === 'object') {
      for (const field of REGISTER_FIELDS) {
        const parsed = RuleSchema.safeParse((stored as Record<string, unknown>)[field]);
        if (parsed.success) rules[field] = parsed.data;
      }
    }
    return rules;
  }

  /**
   * The level of proof of work a registration must carry: the hardest when the brand's captcha rule is
   * on (it once showed an image captcha; decision 0030), else the behaviour check alone.
   */
  async requiredCheckLevel(merchantId: number): Promise<number> {
    return (await this.getRules(merchantId)).captcha.enabled ? REGISTER_CHECK_LEVEL : 0;
  }

  /** Replaces some of a brand's rules (operator tools). */
  async setRules(merchantId: number, overrides: Partial<RegisterRules>): Promise<RegisterRules> {
    const current = await this.getRules(merchantId);
    const next = { ...current, ...overrides };
    for (const field of REGISTER_FIELDS) RuleSchema.parse(next[field]);
    await repository.upsertRules(this.db, merchantId, next);
    return next;
  }

  async getSettings(merchant: Merchant): Promise<RegisterSettings> {
    const flag = (modId: string) => isModuleEnabled(merchant.whitelabel, modId);
    return {
      rules: await this.getRules(merchant.id),
      directRegister: flag(WHITELABEL.DIRECT_REGISTER),
      usernameRegistration: flag(WHITELABEL.REGISTER_USERNAME),
      mobileRegistration: flag(WHITELABEL.REGISTER_MOBILE),
      smsVerification: flag(WHITELABEL.REGISTER_SMS_VERIFICATION),
      mobilePassword: flag(WHITELABEL.REGISTER_MOBILE_PASSWORD),
      expiredMinutes: SMS_EXPIRED_MINUTES,
      minimumAge: MINIMUM_REGISTRATION_AGE,
      birthdayMinimumAge: MINIMUM_BIRTHDAY_AGE,
    };
  }

  /** An agent's affiliate code (its own, or one of its active invitation links') on this brand, else INVITATION_CODE_ERROR. */
  async checkAffiliate(merchantId: number, code: string): Promise<{ code: string; valid: true }> {
    if (!(await this.findAffiliate(merchantId, code.trim()))) throw new AppError('INVITATION_CODE_ERROR');
    return { code: code.trim().toUpperCase(), valid: true };
  }

  /**
   * Whom an affiliate code makes the registrant's upline, and as what: an agent's invitation link (decision 0064) gives
   * its own account type and counts the registration; an agent's own invite code, as before links, a member (type 0).
   * A disabled link, an unknown code, or an agent no longer active: undefined.
   */
  private async findAffiliate(merchantId: number, code: string): Promise<Affiliate | undefined> {
    const link = await repository.findInviteLink(this.db, merchantId, code, AFFILIATE_AGENT_TYPES);
    if (link) {
      return link.active
        ? { uplineId: link.agentId, agentType: link.accountType, linkId: link.id, contractTerms: link.contractTerms }
        : undefined;
    }
    const agent = await repository.findByInviteCode(this.db, merchantId, code, AFFILIATE_AGENT_TYPES);
    return agent ? { uplineId: agent.id, agentType: 0, linkId: null, contractTerms: [] } : undefined;
  }

  /**
   * Whether a registration on this brand takes `code` as a referral code today: registration open on a tab,
   * and the brand's referral-code field on with a rule the code meets. An invite link is offered only then.
   */
  async takesReferralCode(merchant: Merchant, code: string): Promise<boolean> {
    const flag = (modId: string) => isModuleEnabled(merchant.whitelabel, modId);
    if (!flag(WHITELABEL.DIRECT_REGISTER)) return false;
    if (!flag(WHITELABEL.REGISTER_USERNAME) && !flag(WHITELABEL.REGISTER_MOBILE)) return false;
    const rules = await this.getRules(merchant.id);
    if (!rules.referralCode.enabled) return false;
    return !validateFields({ referralCode: code }, rules).some((violation) => violation.field === 'referralCode');
  }

  /** The SMS code that proves a mobile number before registering it. */
  async sendRegisterSms(merchant: Merchant, request: SmsRegisterRequest, ip: string): Promise<number> {
    if (!isModuleEnabled(merchant.whitelabel, WHITELABEL.REGISTER_SMS_VERIFICATION)) {
      throw new AppError('FUNCTION_NOT_ENABLED');
    }
    if (await repository.isMobileTaken(this.db, merchant.id, request.countryDialingCode, request.mobileNo)) {
      throw new AppError('MOBILE_EXISTS');
    }
    return this.codes.sendCode(
      {
        merchantId: merchant.id,
        purpose: 'register',
        channel: 'sms',
        target: smsTarget(request.countryDialingCode, request.mobileNo),
      },
      ip,
      { deliver: true, brandName: merchant.brand.name },
    );
  }

  async register(
    merchant: Merchant,
    request: RegisterRequest,
    client: ClientInfo,
    mode: 'username' | 'mobile',
    /** The language the registrant reads the site in: the member's, for mailbox messages and texts. */
    language: TranslatedLanguage,
    log: RegistrationLog,
  ): Promise<RegisterResult> {
    const flag = (modId: string) => isModuleEnabled(merchant.whitelabel, modId);
    const tabEnabled = mode === 'username' ? flag(WHITELABEL.REGISTER_USERNAME) : flag(WHITELABEL.REGISTER_MOBILE);
    if (!flag(WHITELABEL.DIRECT_REGISTER) || !tabEnabled || request.firebaseIdToken) {
      throw new AppError('FUNCTION_NOT_ENABLED');
    }
    const checkLevel = await this.altcha.verify(request.altcha);

    const brandRules = await this.getRules(merchant.id);
    const usesPassword = mode === 'username' || flag(WHITELABEL.REGISTER_MOBILE_PASSWORD);
    const rules: RegisterRules = {
      ...brandRules,
      // On the mobile tab the username is the mobile number, so only the mobile rule applies.
      username: { ...brandRules.username, enabled: mode === 'username' },
      password: { ...brandRules.password, enabled: usesPassword },
    };
    const alwaysRequired: RegisterField[] =
      mode === 'username' ? ['username', 'password'] : usesPassword ? ['mobileNum', 'password'] : ['mobileNum'];
    const values: Partial<Record<RegisterField, string | undefined>> = { ...request };
    const violations = validateFields(values, rules, alwaysRequired);
    const first = violations[0];
    if (first) throw violationError(first);

    const mobileNum = request.mobileNum?.trim() || null;
    const countryDialingCode = request.countryDialingCode ?? null;
    if (mobileNum && !countryDialingCode) throw new AppError('PHONE_MISSING');
    if (usesPassword && request.password.trim() !== request.confirmPassword.trim()) {
      throw new AppError('PASSWORD_CONFIRMATION_MISMATCH');
    }
    const birthday = request.birthday?.trim() ? parseRuleDate(request.birthday.trim()) : null;
    if (birthday && ageOn(birthday, new Date()) < MINIMUM_BIRTHDAY_AGE) {
      throw new AppError('AGE_NOT_CONFIRMED', { field: 'birthday' }, { params: { age: MINIMUM_BIRTHDAY_AGE } });
    }
    if (rules.captcha.enabled && checkLevel < REGISTER_CHECK_LEVEL) throw harderCheckRefusal(checkLevel);
    const needsSmsCode = mobileNum !== null && flag(WHITELABEL.REGISTER_SMS_VERIFICATION);
    if (needsSmsCode && !request.verificationCode?.trim()) throw new AppError('VERIFICATION_CODE_MISSING');

    const affiliateCode = request.affiliateCode?.trim() || null;
    const referralCode = request.referralCode?.trim() || null;
    const affiliate = affiliateCode ? await this.findAffiliate(merchant.id, affiliateCode) : undefined;
    if (affiliateCode && !affiliate) throw new AppError('INVITATION_CODE_ERROR', { field: 'affiliateCode' });
    const referrer = referralCode ? await repository.findByInviteCode(this.db, merchant.id, referralCode) : undefined;
    if (referralCode && !referrer) throw new AppError('INVITATION_CODE_ERROR', { field: 'referralCode' });

    const account = mode === 'username' ? request.username.trim() : (mobileNum ?? '');
    // Mobile registration without a password: a random one nobody knows; the member signs in by SMS code.
    const password = usesPassword ? request.password.trim() : randomBytes(24).toString('base64url');
    const [passwordHash, paymentPasswordHash] = await Promise.all([
      hashPassword(password),
      request.paymentPassword?.trim() ? hashPassword(request.paymentPassword.trim()) : Promise.resolve(null),
    ]);
    const text = (value: string | undefined) => value?.trim() || null;

    const codeId =
      needsSmsCode && mobileNum && countryDialingCode
        ? await this.codes.checkCode(
            { merchantId: merchant.id, target: smsTarget(countryDialingCode, mobileNum), purposes: ['register'] },
            request.verificationCode ?? '',
          )
        : null;

    let member: repository.MemberAccountRow | undefined;
    let skippedTerms: { kind: string; code: string }[] = [];
    for (let attempt = 0; attempt < 3 && !member; attempt += 1) {
      try {
        member = await this.db.transaction(async (tx) => {
          // The code is spent with the account: a failed insert leaves it usable.
          if (codeId !== null) await this.codes.spendCode(codeId, tx);
          const row = await repository.insertMember(tx, {
            merchantId: merchant.id,
            account,
            nickname: text(request.nickname) ?? account,
            agentType: affiliate?.agentType ?? 0,
            uplineId: affiliate?.uplineId ?? null,
            referrerId: referrer?.id ?? null,
            passwordHash,
            passwordChangedAt: new Date(),
            paymentPasswordHash,
            countryDialingCode: mobileNum ? countryDialingCode : null,
            mobileNum,
            email: text(request.email)?.toLowerCase() ?? null,
            payeeName: text(request.payeeName),
            qqNum: text(request.qqNum),
            line: text(request.line),
            whatsapp: text(request.whatsapp),
            facebook: text(request.facebook),
            wechat: text(request.wechat),
            telegram: text(request.telegram),
            zalo: text(request.zalo),
            idNumber: text(request.idNumber),
            birthday: text(request.birthday),
            address: text(request.address),
            nationality: text(request.nationality),
            occupation: text(request.occupation),
            sourceOfIncome: text(request.sourceOfIncome),
            fullname: text(request.fullname),
            recommenderId: text(request.recommenderId),
            inviteCode: createInviteCode(),
            registerMethod: request.registerMethod,
            registerDomain: text(request.domain),
            registerIp: client.ip,
            registerDeviceHash: client.deviceHash ?? null,
            language,
            firstTimeLogin: true,
          });
          await repository.rememberIp(tx, row.id, client.ip);
          // Counted with the account; a link disabled since it was read takes no more registrations.
          if (affiliate?.linkId && !(await repository.countInviteLinkRegistration(tx, affiliate.linkId))) {
            throw new AppError('INVITATION_CODE_ERROR', { field: 'affiliateCode' });
          }
          // The link's contract terms become offers to the new sub-agent (a link of members has none).
          if (affiliate?.linkId && affiliate.contractTerms.length > 0 && this.linkOffers) {
            const skipped = await this.linkOffers.offerLinkTerms(tx, {
              merchantId: merchant.id,
              agentId: affiliate.uplineId,
              downlineId: row.id,
              linkId: affiliate.linkId,
              terms: affiliate.contractTerms,
            });
            // Never the registrant's error: the agent's own contract changed since the link was made. Logged once
            // the account is committed (an attempt rolled back for its invite code skips them again).
            skippedTerms = skipped;
          }
          await this.signupBonus?.grantSignup(tx, {
            merchantId: merchant.id,
            memberId: row.id,
            currency: merchant.brand.currency,
          });
          return row;
        });
      } catch (error) {
        const violated = uniqueViolation(error);
        if (violated === null) throw error;
        if (violated.includes('invite_code')) continue;
        throw new AppError(violated.includes('mobile') ? 'MOBILE_EXISTS' : 'ACCOUNT_EXISTS');
      }
    }
    if (!member) throw new Error('could not allocate an invite code');
    if (skippedTerms.length > 0) {
      log.warn(
        { linkId: affiliate?.linkId, memberId: member.id, skipped: skippedTerms },
        'registration: invitation link terms skipped',
      );
    }

    if (request.login) {
      return this.auth.completeSignIn(merchant, member, client, {
        method: 'registration',
        throttleKey: null,
        viaPassword: false,
        rehashPassword: null,
      });
    }
    const signedOut = await this.auth.describe(merchant, member);
    return { ...signedOut, token: null, expiresAt: null };
  }
}
