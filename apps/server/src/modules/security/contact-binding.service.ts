import { randomUUID } from 'node:crypto';
import {
  CONTACT_CHANGE_SECONDS,
  validateFields,
  type BoundContacts,
  type ContactChange,
  type ContactCodeRequest,
  type ContactKind,
  type NewContactRequest,
  type StartContactChangeRequest,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/crypto/password';
import type { MemberService } from '../member/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import { violationError, type RegistrationService } from '../registration/index';
import type { AuthenticatedMember } from '../session/index';
import { maskEmail, maskMobile, smsTarget, type CodeService } from '../verification/index';
import * as repository from './contact.repository';
import { prepareSecurityNotice } from './security-notices';

/** The mobile number of a code's target, `+<code><number>`, or the lower-cased e-mail, masked for the member. */
function maskTarget(kind: ContactKind, countryDialingCode: string | null, value: string): string {
  return kind === 'mobile' ? maskMobile(countryDialingCode ?? '', value) : maskEmail(value);
}

/** Whether an error is PostgreSQL's unique violation (23505), however deep the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Binding or changing the member's mobile number and e-mail (docs/product/member-centre.md#mobile-number-and-e-mail).
 * A change is one ticket that expires (CONTACT_CHANGE_SECONDS), proved in order: the bound contact by a code sent to
 * it (or, when none is bound, the login password), then the new contact by a code sent to it. Only then is the new
 * contact written, and the member told in the mailbox and at the contacts held before.
 */
export class ContactBindingService {
  constructor(
    private readonly db: Database,
    private readonly members: MemberService,
    private readonly registration: RegistrationService,
    private readonly codes: CodeService,
    private readonly messages: MessagesService,
  ) {}

  /** The bound mobile number and e-mail, masked. */
  async contacts(merchant: Merchant, member: AuthenticatedMember): Promise<BoundContacts> {
    const row = await repository.findMemberContact(this.db, member.id, merchant.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    return {
      mobile:
        row.mobileNum && row.countryDialingCode
          ? { masked: maskMobile(row.countryDialingCode, row.mobileNum), countryDialingCode: row.countryDialingCode }
          : null,
      email: row.email ? { masked: maskEmail(row.email) } : null,
    };
  }

  /**
   * Opens a change, closing the member's other open one of the kind. With a contact bound, a code goes to it; with
   * none, the login password stands for it.
   */
  async start(
    merchant: Merchant,
    member: AuthenticatedMember,
    request: StartContactChangeRequest,
    ip: string,
  ): Promise<ContactChange> {
    const account = await this.members.findById(merchant.id, member.id);
    if (!account) throw new AppError('NOT_LOGGED_IN');
    const bound =
      request.kind === 'mobile'
        ? account.mobileNum && account.countryDialingCode
          ? {
              target: smsTarget(account.countryDialingCode, account.mobileNum),
              cc: account.countryDialingCode,
              value: account.mobileNum,
            }
          : null
        : account.email
          ? { target: account.email.toLowerCase(), cc: null, value: account.email }
          : null;
    let expiredMinutes: number | null = null;
    if (bound) {
      expiredMinutes = await this.codes.sendCode(
        {
          merchantId: merchant.id,
          purpose: 'contact_current',
          channel: request.kind === 'mobile' ? 'sms' : 'email',
          target: bound.target,
        },
        ip,
        { deliver: true, brandName: merchant.brand.name },
      );
    } else {
      if (!request.password) throw new AppError('CONTACT_PASSWORD_REQUIRED');
      if (!(await verifyPassword(request.password, account.passwordHash))) throw new AppError('CONTACT_PASSWORD_WRONG');
    }
    const id = randomUUID();
    const currentMasked = bound ? maskTarget(request.kind, bound.cc, bound.value) : null;
    await repository.openChange(this.db, {
      id,
      memberId: member.id,
      merchantId: merchant.id,
      kind: request.kind,
      currentTarget: bound?.target ?? null,
      currentMasked,
      provedNow: bound === null,
      expiresAt: new Date(Date.now() + CONTACT_CHANGE_SECONDS * 1000),
    });
    return {
      ticketId: id,
      kind: request.kind,
      step: bound ? 'verifyCurrent' : 'newContact',
      maskedCurrent: currentMasked,
      maskedNew: null,
      expiredMinutes,
      expiresInSeconds: CONTACT_CHANGE_SECONDS,
    };
  }

  /** Proves the bound contact with the code sent to it; the change then waits for the new contact. */
  async verifyCurrent(
    merchant: Merchant,
    member: AuthenticatedMember,
    request: ContactCodeRequest,
  ): Promise<ContactChange> {
    const change = await this.getChange(merchant, member, request.ticketId);
    if (change.currentProvedAt || !change.currentTarget) throw new AppError('CONTACT_CHANGE_STEP');
    const codeId = await this.codes.checkCode(
      { merchantId: merchant.id, target: change.currentTarget, purposes: ['contact_current'] },
      request.code,
    );
    await this.db.transaction(async (tx) => {
      const locked = await repository.findOpenChange(tx, this.refOf(merchant, member, change.id), true);
      if (!locked) throw new AppError('CONTACT_CHANGE_EXPIRED');
      if (locked.currentProvedAt) throw new AppError('CONTACT_CHANGE_STEP');
      await this.codes.spendCode(codeId, tx);
      await repository.markCurrentProved(tx, change.id);
    });
    return this.describe({ ...change, currentProvedAt: new Date() }, null);
  }

  /**
   * Names the new contact, checked by the brand's registration rule, not the bound one and not another member's of
   * the brand, and sends it a code. Naming another later replaces it (and its code).
   */
  async sendNew(
    merchant: Merchant,
    member: AuthenticatedMember,
    request: NewContactRequest,
    ip: string,
  ): Promise<ContactChange> {
    const change = await this.getChange(merchant, member, request.ticketId);
    if (!change.currentProvedAt) throw new AppError('CONTACT_CHANGE_STEP');
    const contact = await this.parseNewContact(merchant.id, change.kind, request);
    const bound = await repository.findMemberContact(this.db, member.id, merchant.id);
    const boundTarget =
      change.kind === 'mobile'
        ? bound?.mobileNum && bound.countryDialingCode
          ? smsTarget(bound.countryDialingCode, bound.mobileNum)
          : null
        : (bound?.email?.toLowerCase() ?? null);
    if (contact.target === boundTarget) throw new AppError('CONTACT_UNCHANGED');
    await this.assertFree(this.db, merchant.id, member.id, change.kind, contact, false);
    const expiredMinutes = await this.codes.sendCode(
      {
        merchantId: merchant.id,
        purpose: 'contact_new',
        channel: change.kind === 'mobile' ? 'sms' : 'email',
        target: contact.target,
      },
      ip,
      { deliver: true, brandName: merchant.brand.name },
    );
    await repository.setNewContact(this.db, change.id, contact);
    return this.describe(
      {
        ...change,
        newCountryDialingCode: contact.countryDialingCode,
        newValue: contact.value,
        newTarget: contact.target,
      },
      expiredMinutes,
    );
  }

  /**
   * Proves the new contact with its code and makes the change: the member row locked, the bound contact still the
   * one the change began with, the new one still nobody else's. The mailbox message is written in the same
   * transaction; the contacts held before are told once it has committed.
   */
  async confirm(merchant: Merchant, member: AuthenticatedMember, request: ContactCodeRequest): Promise<BoundContacts> {
    const change = await this.getChange(merchant, member, request.ticketId);
    const { newTarget, newValue } = change;
    if (!change.currentProvedAt || !newTarget || !newValue) throw new AppError('CONTACT_CHANGE_STEP');
    const codeId = await this.codes.checkCode(
      { merchantId: merchant.id, target: newTarget, purposes: ['contact_new'] },
      request.code,
    );
    const masked = maskTarget(change.kind, change.newCountryDialingCode, newValue);
    // Read before the change: the notice goes to the contacts the member had until now.
    const notice = await prepareSecurityNotice(
      { members: this.members, messages: this.messages, codes: this.codes },
      merchant,
      member,
      change.kind === 'mobile' ? 'securityPhoneChanged' : 'securityEmailChanged',
      change.kind === 'mobile' ? { phone: masked } : { email: masked },
    );
    try {
      await this.db.transaction(async (tx) => {
        const locked = await repository.findOpenChange(tx, this.refOf(merchant, member, change.id), true);
        if (!locked || locked.newTarget !== newTarget) throw new AppError('CONTACT_CHANGE_EXPIRED');
        const row = await repository.findMemberContact(tx, member.id, merchant.id, true);
        if (!row) throw new AppError('NOT_LOGGED_IN');
        const bound =
          change.kind === 'mobile'
            ? row.mobileNum && row.countryDialingCode
              ? smsTarget(row.countryDialingCode, row.mobileNum)
              : null
            : (row.email?.toLowerCase() ?? null);
        // Another change of the same contact finished meanwhile: this one was proved against what is gone.
        if (bound !== locked.currentTarget) throw new AppError('CONTACT_CHANGE_EXPIRED');
        const contact = { countryDialingCode: change.newCountryDialingCode, value: newValue, target: newTarget };
        await this.assertFree(tx, merchant.id, member.id, change.kind, contact, true);
        await this.codes.spendCode(codeId, tx);
        if (change.kind === 'mobile')
          await repository.setMobile(tx, member.id, change.newCountryDialingCode ?? '', newValue);
        else await repository.setEmail(tx, member.id, newValue);
        await repository.closeChange(tx, change.id);
        await notice.toMailbox(tx);
      });
    } catch (error) {
      // Two members binding one number at once: the unique index stops the second.
      if (change.kind === 'mobile' && isUniqueViolation(error)) throw new AppError('MOBILE_EXISTS');
      throw error;
    }
    await notice.send();
    return this.contacts(merchant, member);
  }

  private refOf(merchant: Merchant, member: AuthenticatedMember, id: string) {
    return { id, memberId: member.id, merchantId: merchant.id };
  }

  /** The member's open change by its id; another member's, or one through another brand, is expired alike. */
  private async getChange(
    merchant: Merchant,
    member: AuthenticatedMember,
    id: string,
  ): Promise<repository.ContactChangeRow> {
    const change = await repository.findOpenChange(this.db, this.refOf(merchant, member, id));
    if (!change) throw new AppError('CONTACT_CHANGE_EXPIRED');
    return change;
  }

  /** The new contact, by the contract's shape and the brand's registration rule for the field. */
  private async parseNewContact(
    merchantId: number,
    kind: ContactKind,
    request: NewContactRequest,
  ): Promise<{ countryDialingCode: string | null; value: string; target: string }> {
    const rules = await this.registration.getRules(merchantId);
    const field = kind === 'mobile' ? 'mobileNum' : 'email';
    const value = (kind === 'mobile' ? request.mobileNum : request.email)?.trim() ?? '';
    if (kind === 'mobile') {
      if (!value || !request.countryDialingCode) throw new AppError('PHONE_MISSING');
      if (!/^[0-9]{5,15}$/.test(value)) throw new AppError('PHONE_INVALID');
    }
    const violation = validateFields({ [field]: value }, { ...rules, [field]: { ...rules[field], enabled: true } }, [
      field,
    ]).find((entry) => entry.field === field);
    if (violation) throw violationError(violation);
    if (kind === 'mobile') {
      const countryDialingCode = request.countryDialingCode ?? '';
      return { countryDialingCode, value, target: smsTarget(countryDialingCode, value) };
    }
    const email = value.toLowerCase();
    return { countryDialingCode: null, value: email, target: email };
  }

  private async assertFree(
    executor: Executor,
    merchantId: number,
    memberId: number,
    kind: ContactKind,
    contact: { countryDialingCode: string | null; value: string },
    forWrite: boolean,
  ): Promise<void> {
    if (kind === 'mobile') {
      if (
        await repository.isMobileUsedByOther(
          executor,
          merchantId,
          memberId,
          contact.countryDialingCode ?? '',
          contact.value,
        )
      ) {
        throw new AppError('MOBILE_EXISTS');
      }
    } else if (await repository.isEmailUsedByOther(executor, merchantId, memberId, contact.value, forWrite)) {
      throw new AppError('EMAIL_EXISTS');
    }
  }

  private describe(change: repository.ContactChangeRow, expiredMinutes: number | null): ContactChange {
    return {
      ticketId: change.id,
      kind: change.kind,
      step: !change.currentProvedAt ? 'verifyCurrent' : change.newTarget ? 'verifyNew' : 'newContact',
      maskedCurrent: change.currentMasked,
      maskedNew: change.newValue ? maskTarget(change.kind, change.newCountryDialingCode, change.newValue) : null,
      expiredMinutes,
      expiresInSeconds: Math.max(0, Math.round((change.expiresAt.getTime() - Date.now()) / 1000)),
    };
  }
}
