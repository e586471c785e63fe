import { randomInt } from 'node:crypto';
import { isModuleEnabled, PASSWORD_MAX_AGE_DAYS, WHITELABEL, type Page } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto/password';
import type { Actor, AuditService } from '../audit/index';
import type { SessionService } from '../session/index';
import type { Merchant, MerchantAdminService } from '../merchant/index';
import * as repository from './member.repository';
import * as players from './players.repository';

/** Letters and digits without look-alikes (0/O, 1/l/I), so a password read out over the phone is typed right. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GENERATED_LENGTH = 12;

/** A generated temporary password: 12 characters with an upper-case letter, a lower-case one and a digit. */
export function generateTemporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < GENERATED_LENGTH; index += 1) {
      password += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
    }
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}

export interface MemberSummary {
  account: string;
  type: number;
  status: string;
  isFreePlay: boolean;
  passwordIsDefault: boolean;
  passwordChangedAt: Date | null;
  passwordExpired: boolean;
  lastLoginAt: Date | null;
  hasMobile: boolean;
  hasEmail: boolean;
}

/** Operator actions on one account (`npm run admin -- member ...`). */
export class MemberAdminService {
  constructor(
    private readonly db: Database,
    private readonly brands: MerchantAdminService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  private async find(
    merchantCode: string,
    account: string,
  ): Promise<{ merchant: Merchant; member: repository.MemberAccountRow }> {
    const { merchant } = await this.brands.getBrand(merchantCode);
    const member = await repository.findMemberByAccount(this.db, merchant.id, account);
    if (!member) throw new AppError('MEMBER_NOT_FOUND', { account }, { params: { account } });
    return { merchant, member };
  }

  async describe(merchantCode: string, account: string): Promise<MemberSummary> {
    const { member } = await this.find(merchantCode, account);
    return summarise(member);
  }

  /**
   * Gives the account a default (temporary) password: the next sign-in with it must change it (cpw).
   * Every session of the member ends, so whoever holds one must sign in with the new password.
   * Returns the password, generated when none is given, for the operator to hand over.
   */
  async setDefaultPassword(
    actor: Actor,
    merchantCode: string,
    account: string,
    password?: string,
  ): Promise<{ password: string; account: string; endedSessions: number }> {
    const chosen = password ?? generateTemporaryPassword();
    if (chosen.length < 8 || chosen.length > 64 || /\s/.test(chosen)) throw new AppError('TEMPORARY_PASSWORD_INVALID');
    const { merchant, member } = await this.find(merchantCode, account);
    const passwordHash = await hashPassword(chosen);
    const endedSessions = await this.db.transaction(async (tx) => {
      await repository.updateMember(tx, member.id, merchant.id, {
        passwordHash,
        passwordIsDefault: true,
        passwordChangedAt: new Date(),
      });
      const ended = await this.sessions.revokeAllForMember(member.id, undefined, tx);
      // The password itself is never recorded: only that a default one was given.
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.default-password',
        targetType: 'member',
        targetId: member.id,
        before: { account: member.account, passwordIsDefault: member.passwordIsDefault },
        after: { account: member.account, passwordIsDefault: true, endedSessions: ended },
      });
      return ended;
    });
    return { password: chosen, account: member.account, endedSessions };
  }

  /**
   * Marks the password as older than PASSWORD_MAX_AGE_DAYS. The next sign-in shows the change-password
   * dialog when the brand's FORCE_PASSWORD_CHANGE module is on; `forced` says whether it is.
   */
  async expirePassword(
    actor: Actor,
    merchantCode: string,
    account: string,
  ): Promise<{ account: string; forced: boolean }> {
    const { merchant, member } = await this.find(merchantCode, account);
    const changedAt = new Date(Date.now() - (PASSWORD_MAX_AGE_DAYS + 1) * 86_400_000);
    await this.db.transaction(async (tx) => {
      await repository.updateMember(tx, member.id, merchant.id, { passwordChangedAt: changedAt });
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.expire-password',
        targetType: 'member',
        targetId: member.id,
        before: { account: member.account, passwordChangedAt: member.passwordChangedAt },
        after: { account: member.account, passwordChangedAt: changedAt },
      });
    });
    return {
      account: member.account,
      forced: isModuleEnabled(merchant.whitelabel, WHITELABEL.FORCE_PASSWORD_CHANGE),
    };
  }

  /**
   * Locks the account: no sign-in (ACCOUNT_DISABLED), and every session ends in the same transaction, so a game
   * it launched takes no new stake and an unlock later revives none. Only an active account is locked: one
   * another operator locked or closed since the page opened is refused with BO_CHANGED_SINCE_OPENED.
   */
  async lock(
    actor: Actor,
    merchantCode: string,
    account: string,
    reason: string,
  ): Promise<{ account: string; endedSessions: number }> {
    const { merchant, member } = await this.find(merchantCode, account);
    const endedSessions = await this.db.transaction(async (tx) => {
      const changed = await players.changeMemberStatus(tx, member.id, merchant.id, {
        from: 'active',
        to: 'locked',
        reason,
      });
      if (!changed) throw new AppError('BO_CHANGED_SINCE_OPENED');
      const ended = await this.sessions.revokeAllForMember(member.id, undefined, tx);
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.lock',
        targetType: 'member',
        targetId: member.id,
        before: { account: member.account, status: member.status, statusReason: member.statusReason },
        after: { account: member.account, status: 'locked', statusReason: reason, endedSessions: ended },
      });
      return ended;
    });
    return { account: member.account, endedSessions };
  }

  /** Unlocks a locked account: it signs in again. One no longer locked is refused (BO_CHANGED_SINCE_OPENED). */
  async unlock(actor: Actor, merchantCode: string, account: string, reason: string): Promise<{ account: string }> {
    const { merchant, member } = await this.find(merchantCode, account);
    await this.db.transaction(async (tx) => {
      const changed = await players.changeMemberStatus(tx, member.id, merchant.id, {
        from: 'locked',
        to: 'active',
        reason,
      });
      if (!changed) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.unlock',
        targetType: 'member',
        targetId: member.id,
        before: { account: member.account, status: member.status, statusReason: member.statusReason },
        after: { account: member.account, status: 'active', statusReason: reason },
      });
    });
    return { account: member.account };
  }

  /** Ends one live session of the account (its games take no new stake); BO_PLAYER_SESSION_NOT_FOUND when none. */
  async endSession(actor: Actor, merchantCode: string, account: string, sessionId: number): Promise<void> {
    const { merchant, member } = await this.find(merchantCode, account);
    await this.db.transaction(async (tx) => {
      if (!(await this.sessions.revokeOneForMember(member.id, sessionId, tx))) {
        throw new AppError('BO_PLAYER_SESSION_NOT_FOUND');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.end-session',
        targetType: 'member',
        targetId: member.id,
        after: { account: member.account, sessionId },
      });
    });
  }

  /** Ends every session of the account; answers how many were live. */
  async endSessions(actor: Actor, merchantCode: string, account: string): Promise<{ ended: number }> {
    const { merchant, member } = await this.find(merchantCode, account);
    const ended = await this.db.transaction(async (tx) => {
      const count = await this.sessions.revokeAllForMember(member.id, undefined, tx);
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'member.end-sessions',
        targetType: 'member',
        targetId: member.id,
        after: { account: member.account, endedSessions: count },
      });
      return count;
    });
    return { ended };
  }

  /**
   * The back office's player search: a page of a brand's accounts found by one field (account's first letters,
   * id, mobile number, e-mail or IP), keyset paged over an index whatever the brand's size.
   */
  async searchMembers(
    merchantId: number,
    search: { field: repository.MemberSearchField; text: string; limit: number; cursor?: string | undefined },
  ): Promise<Page<repository.MemberSearchRow>> {
    const text = search.text.trim();
    if (text === '' || (search.field === 'id' && !/^\d{1,15}$/.test(text))) return { items: [], nextCursor: null };
    let after: string | null = null;
    if (search.cursor !== undefined) {
      after = search.field === 'account' ? decodeText(search.cursor) : String(Number.parseInt(search.cursor, 36));
      if (after === null || (search.field !== 'account' && !/^[0-9a-z]{1,11}$/.test(search.cursor))) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
      }
    }
    const rows = await repository.searchMembers(this.db, merchantId, {
      field: search.field,
      text,
      after,
      limit: search.limit + 1,
    });
    const items = rows.slice(0, search.limit);
    const last = items.at(-1);
    let nextCursor: string | null = null;
    if (rows.length > search.limit && last) {
      nextCursor =
        search.field === 'account'
          ? Buffer.from(last.account.toLowerCase()).toString('base64url')
          : last.id.toString(36);
    }
    return { items, nextCursor };
  }
}

function summarise(member: repository.MemberAccountRow): MemberSummary {
  const changedAt = member.passwordChangedAt;
  return {
    account: member.account,
    type: member.agentType,
    status: member.status,
    isFreePlay: member.isFreePlay,
    passwordIsDefault: member.passwordIsDefault,
    passwordChangedAt: changedAt,
    passwordExpired: changedAt !== null && Date.now() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000,
    lastLoginAt: member.lastLoginAt,
    hasMobile: member.mobileNum !== null,
    hasEmail: member.email !== null,
  };
}

/** An account cursor's text (base64url of the last account's lower-cased name), or null when it is not one. */
function decodeText(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.length > 0 && text.length <= 100 ? text : null;
}
