import { randomInt } from 'node:crypto';
import { SMS_EXPIRED_MINUTES, SMS_RETRY_AFTER_SECONDS } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import type { CodePurpose, MessageChannel } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { hmacHex, safeEqualHex } from '../../lib/crypto/token';
import type { MailProvider } from '../../lib/mail/mail-provider';
import type { SmsProvider } from '../../lib/sms/sms-provider';
import type { SecretService } from '../secrets/index';
import * as repository from './verification.repository';

const SECRET_NAME = 'code-hmac';
/** A code can be guessed this many times before it is spent. */
export const MAX_CODE_ATTEMPTS = 5;
// Sending limits: one code a minute and five an hour to one target; thirty an hour from one IP.
const TARGET_COOLDOWN_SECONDS = 60;
const TARGET_MAX_PER_HOUR = 5;
const IP_MAX_PER_HOUR = 30;

export interface CodeTarget {
  merchantId: number;
  purpose: CodePurpose;
  channel: MessageChannel;
  /** `+<dialling code><number>` for SMS, the lower-cased address for e-mail. */
  target: string;
}

export function smsTarget(countryDialingCode: string, mobileNum: string): string {
  return `+${countryDialingCode}${mobileNum}`;
}

/** "+82 10****5678" style: enough for the member to recognise, too little to learn. */
export function maskMobile(countryDialingCode: string, mobileNum: string): string {
  const visible = mobileNum.length > 6 ? 4 : 2;
  return `+${countryDialingCode} ${mobileNum.slice(0, 2)}${'*'.repeat(Math.max(mobileNum.length - 2 - visible, 0))}${mobileNum.slice(-visible)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(local.length - 2, 1))}@${domain}`;
}

/**
 * Single-use, expiring codes sent by SMS or e-mail, and the messaging behind them. Every message goes
 * to the outbox table (the audit trail, and the delivery of the default providers) and to its provider.
 */
export class CodeService {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretService,
    private readonly sms: SmsProvider,
    private readonly mail: MailProvider,
  ) {}

  /** Refuses a send that breaks the limits, with SMS_TOO_MANY_REQUESTS (retry after 5 minutes). */
  async assertCanSend(target: CodeTarget, ip: string): Promise<void> {
    const perTarget = await repository.countRecentCodes(this.db, {
      merchantId: target.merchantId,
      target: target.target,
      sinceSeconds: 3600,
    });
    const tooSoon =
      perTarget.lastAt !== null && Date.now() - perTarget.lastAt.getTime() < TARGET_COOLDOWN_SECONDS * 1000;
    const perIp = await repository.countRecentCodes(this.db, { merchantId: target.merchantId, ip, sinceSeconds: 3600 });
    if (tooSoon || perTarget.count >= TARGET_MAX_PER_HOUR || perIp.count >= IP_MAX_PER_HOUR) {
      throw new AppError('SMS_TOO_MANY_REQUESTS', { retryAfterSeconds: SMS_RETRY_AFTER_SECONDS });
    }
  }

  /**
   * Issues a 6-digit code to the target and sends it. With `deliver` false the limits and the record
   * still apply but nothing is sent — used when the target has no account, so the answer is the same.
   */
  async sendCode(target: CodeTarget, ip: string, options: { deliver: boolean; brandName: string }): Promise<number> {
    await this.assertCanSend(target, ip);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const secret = await this.secrets.getSecret(SECRET_NAME);
    await repository.insertCode(this.db, {
      ...target,
      codeHash: hmacHex(secret, `${target.target}:${code}`),
      ip,
      expiresAt: new Date(Date.now() + SMS_EXPIRED_MINUTES * 60_000),
    });
    if (options.deliver) {
      const text = `[${options.brandName}] 인증번호 ${code} (${SMS_EXPIRED_MINUTES}분 안에 입력) / Your code is ${code}, valid for ${SMS_EXPIRED_MINUTES} minutes.`;
      if (target.channel === 'sms') await this.sendSms(target.merchantId, target.target, text);
      else await this.sendMail(target.merchantId, target.target, `[${options.brandName}] Verification code`, text);
    }
    return SMS_EXPIRED_MINUTES;
  }

  /**
   * Checks a guess against the newest code of the target and returns the code's id for `spendCode`.
   * Wrong guesses are counted at once (outside any transaction, so a rollback cannot undo them); expired
   * codes are VERIFICATION_CODE_EXPIRED. Call it before opening the transaction that spends the code.
   */
  async checkCode(
    target: Omit<CodeTarget, 'channel' | 'purpose'> & { purposes: CodePurpose[] },
    guess: string,
  ): Promise<number> {
    const trimmed = guess.trim();
    if (trimmed === '') throw new AppError('VERIFICATION_CODE_MISSING');
    const open = await repository.findLatestOpenCode(this.db, target.merchantId, target.target, target.purposes);
    if (!open) throw new AppError('VERIFICATION_CODE_INVALID');
    if (open.expiresAt.getTime() <= Date.now()) throw new AppError('VERIFICATION_CODE_EXPIRED');
    const secret = await this.secrets.getSecret(SECRET_NAME);
    if (!/^[0-9]{6}$/.test(trimmed) || !safeEqualHex(open.codeHash, hmacHex(secret, `${target.target}:${trimmed}`))) {
      await repository.recordWrongGuess(this.db, open.id, MAX_CODE_ATTEMPTS);
      throw new AppError('VERIFICATION_CODE_INVALID');
    }
    return open.id;
  }

  /** Spends a checked code, in the caller's transaction when given; a code spent by a racing request is refused. */
  async spendCode(codeId: number, executor: Executor = this.db): Promise<void> {
    if (!(await repository.consumeCode(executor, codeId))) throw new AppError('VERIFICATION_CODE_INVALID');
  }

  /** Checks and spends in one go, for callers without a transaction of their own. */
  async consumeCode(
    target: Omit<CodeTarget, 'channel' | 'purpose'> & { purposes: CodePurpose[] },
    guess: string,
  ): Promise<void> {
    await this.spendCode(await this.checkCode(target, guess));
  }

  async sendSms(merchantId: number | null, to: string, text: string): Promise<void> {
    await repository.insertOutbox(this.db, {
      merchantId,
      channel: 'sms',
      recipient: to,
      subject: '',
      body: text,
      provider: this.sms.name,
    });
    try {
      await this.sms.send({ to, text });
    } catch (error) {
      throw new AppError('SMS_UNKNOWN_ERROR', undefined, { cause: error });
    }
  }

  async sendMail(merchantId: number | null, to: string, subject: string, text: string): Promise<void> {
    await repository.insertOutbox(this.db, {
      merchantId,
      channel: 'email',
      recipient: to,
      subject,
      body: text,
      provider: this.mail.name,
    });
    try {
      await this.mail.send({ to, subject, text });
    } catch (error) {
      throw new AppError('EMAIL_SEND_FAILED', undefined, { cause: error });
    }
  }

  /** The newest messages to a recipient (tests and the demo's outbox view). */
  async findOutbox(recipient: string, limit = 10): Promise<repository.OutboxRow[]> {
    return repository.findOutbox(this.db, recipient, limit);
  }
}
