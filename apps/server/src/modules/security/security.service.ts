import {
  isModuleEnabled,
  WHITELABEL,
  type KnownIp,
  type MemberSession,
  type MemberRecoveryCodes,
  type SecurityOverview,
  type SignInHistory,
  type SignInHistoryQuery,
} from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import type { AuthService } from '../auth/index';
import type { MemberService } from '../member/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import type { AuthenticatedMember, SessionService } from '../session/index';
import type { CodeService } from '../verification/index';
import type { MemberAuthenticatorService } from './authenticator.service';
import { prepareSecurityNotice, type SecurityNotice } from './security-notices';

/**
 * The security centre's reads and sign-outs (docs/product/member-centre.md#security-centre): the member's sign-ins,
 * sessions and known IPs, through the services that keep them (session, auth), only ever the caller's own.
 */
export class SecurityService {
  constructor(
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly members: MemberService,
    private readonly authenticator: MemberAuthenticatorService,
    private readonly codes: CodeService,
    private readonly messages: MessagesService,
  ) {}

  async overview(merchant: Merchant, member: AuthenticatedMember): Promise<SecurityOverview> {
    const [account, methods, authenticator] = await Promise.all([
      this.members.findById(merchant.id, member.id),
      this.auth.secondCheckMethodsOf(merchant.id, member.id),
      this.authenticator.status(member.id),
    ]);
    return {
      unregisteredIpCheck: isModuleEnabled(merchant.whitelabel, WHITELABEL.UNREGISTERED_IP_VERIFICATION),
      secondCheckMethods: methods,
      authenticator,
      hasMobile: Boolean(account?.mobileNum),
      hasEmail: Boolean(account?.email),
    };
  }

  async signIns(member: AuthenticatedMember, page: SignInHistoryQuery): Promise<SignInHistory> {
    const rows = await this.sessions.listSignIns(member.id, { beforeId: page.beforeId, limit: page.limit + 1 });
    const items = rows.slice(0, page.limit);
    return {
      items: items.map((row) => ({
        id: row.id,
        at: row.at,
        ip: row.ip,
        country: row.country,
        userAgent: row.userAgent,
        method: row.method,
        current: row.sessionId === member.sessionId,
      })),
      nextBeforeId: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null,
    };
  }

  async liveSessions(member: AuthenticatedMember): Promise<MemberSession[]> {
    const rows = await this.sessions.listLiveForMember(member.id);
    return rows.map((row) => ({
      id: row.id,
      signedInAt: row.signedInAt,
      lastSeenAt: row.lastSeenAt,
      ip: row.ip,
      country: row.country,
      userAgent: row.userAgent,
      current: row.id === member.sessionId,
    }));
  }

  /** Ends one other live session of the member; another member's session is not found, and nothing ends. */
  async signOutSession(member: AuthenticatedMember, sessionId: number): Promise<number> {
    if (sessionId === member.sessionId) throw new AppError('SECURITY_SESSION_CURRENT');
    if (!(await this.sessions.revokeOneForMember(member.id, sessionId)))
      throw new AppError('SECURITY_SESSION_NOT_FOUND');
    return 1;
  }

  /** Ends every session of the member but this one. */
  signOutOthers(member: AuthenticatedMember): Promise<number> {
    return this.sessions.revokeAllForMember(member.id, member.sessionId);
  }

  async knownIps(member: AuthenticatedMember, requestIp: string): Promise<KnownIp[]> {
    const rows = await this.auth.listKnownIps(member.id);
    return rows.map((row) => ({ ...row, current: row.ip === requestIp }));
  }

  removeKnownIp(member: AuthenticatedMember, ip: string): Promise<void> {
    return this.auth.forgetKnownIp(member.id, ip);
  }

  /** Confirms the authenticator's enrolment; the member is told in the mailbox (same transaction) and by e-mail/SMS. */
  async confirmAuthenticator(
    merchant: Merchant,
    member: AuthenticatedMember,
    code: string,
  ): Promise<MemberRecoveryCodes> {
    const notice = await this.noticeOf(merchant, member, 'securityTotpEnabled');
    const result = await this.authenticator.confirm(member.id, code, (tx) => notice.toMailbox(tx));
    await notice.send();
    return result;
  }

  /** Removes the authenticator with a code; the member is told in the mailbox and by e-mail/SMS. */
  async removeAuthenticator(merchant: Merchant, member: AuthenticatedMember, code: string): Promise<void> {
    const notice = await this.noticeOf(merchant, member, 'securityTotpRemoved');
    await this.authenticator.remove(member.id, code, (tx) => notice.toMailbox(tx));
    await notice.send();
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
