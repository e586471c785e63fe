import {
  INVITATION_PAGE_PATH,
  INVITATION_SECONDS,
  OPERATOR_SESSION_IDLE_SECONDS,
  type AcceptInvitationRequest,
  type InviteOperatorRequest,
  type Operator,
  type OperatorDetail,
  type OperatorListQuery,
  type Page,
  type RoleName,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto/password';
import { createSessionToken, sha256Hex } from '../../lib/crypto/token';
import type { Actor, AuditService } from '../audit/index';
import { buildSiteLink, type MerchantService } from '../merchant/index';
import type { CodeService } from '../verification/index';
import * as repository from './operators.repository';
import type { ClientInfo } from './sign-in.service';

/** What an actor may do to operators: the CLI anything, an operator within its roles and brands. */
interface Authority {
  /** Null for the CLI. */
  operatorId: number | null;
  isOwner: boolean;
  allBrands: boolean;
  merchantIds: number[];
}

const CLI_AUTHORITY: Authority = { operatorId: null, isOwner: true, allBrands: true, merchantIds: [] };

/** How an invitation reaches the invited operator: by e-mail (the back office), or as a link printed (the CLI). */
export type InvitationDelivery = 'email' | 'link';

export interface Invitation {
  operator: OperatorDetail;
  expiresAt: Date;
  /** The link itself, only when delivered as a link. */
  link: string | null;
}

/** The brands an operator is given: every brand, or these merchant codes. */
export interface BrandScope {
  allBrands: boolean;
  brands: readonly string[];
}

function toOperator(row: repository.OperatorRow): Operator {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    email: row.email,
    roles: row.roles,
    allBrands: row.allBrands,
    brands: row.allBrands ? [] : row.brandCodes,
    status: row.status,
    totpEnrolled: row.totpSecret !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The fields of an operator the audit trail keeps before and after a change. */
const auditView = (row: repository.OperatorRow) => ({
  login: row.login,
  status: row.status,
  roles: row.roles,
  allBrands: row.allBrands,
  brands: row.allBrands ? [] : row.brandCodes,
});

/**
 * Operator accounts (docs/decisions/0032-back-office-operators-and-audit.md): invitations by a one-time link,
 * suspension, roles and brands. An operator acts only on operators of its own brands, gives only brands it
 * has, and only an owner gives or takes the owner role or changes an owner; the last active owner stays.
 * Each change is audited in its transaction, and a change to an operator opened at an older version is
 * refused (BO_CHANGED_SINCE_OPENED).
 */
export class OperatorService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly codes: CodeService,
    private readonly merchants: MerchantService,
    private readonly options: {
      /** BACKOFFICE_URL: where the back office's pages are served; else the brand's site address + /backoffice. */
      backofficeUrl?: string | undefined;
      defaultMerchantCode: string;
    },
  ) {}

  /** The operators the actor may see, by id (keyset paging). */
  async list(actor: Actor, query: OperatorListQuery): Promise<Page<Operator>> {
    const authority = await this.authorityOf(this.db, actor);
    const afterId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await repository.findOperators(this.db, {
      sharingMerchantIds: authority.allBrands ? null : authority.merchantIds,
      status: query.status,
      q: query.q,
      afterId,
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit).map(toOperator);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
  }

  async get(actor: Actor, operatorId: number): Promise<OperatorDetail> {
    const authority = await this.authorityOf(this.db, actor);
    const row = await repository.findOperatorById(this.db, operatorId);
    if (!row || !isVisible(authority, row)) throw new AppError('BO_OPERATOR_NOT_FOUND');
    return this.detail(this.db, row);
  }

  /** The operator with this login, for the CLI. */
  async getByLogin(login: string): Promise<OperatorDetail> {
    const row = await repository.findOperatorByLogin(this.db, login.trim().toLowerCase());
    if (!row) throw new AppError('BO_OPERATOR_NOT_FOUND');
    return this.detail(this.db, row);
  }

  /**
   * A new operator, invited: a one-time link (INVITATION_SECONDS) to choose a password, then the first
   * sign-in enrols the authenticator. The e-mail goes out once the operator is stored; if it cannot be
   * sent, the operator stays invited and `reinvite` sends a new link.
   */
  async invite(actor: Actor, request: InviteOperatorRequest, delivery: InvitationDelivery): Promise<Invitation> {
    // Where the link leads is settled first: a brand without a site address refuses before anything is stored.
    const linkTo = await this.invitationLinks(request.allBrands ? null : (request.brands[0] ?? null));
    const created = await this.db.transaction(async (tx) => {
      const authority = await this.authorityOf(tx, actor);
      const brands = await this.grantableBrands(tx, authority, request.roles, request);
      const inserted = await repository.insertOperator(tx, {
        login: request.login,
        name: request.name,
        email: request.email,
        roles: request.roles,
        allBrands: request.allBrands,
        status: 'invited',
        passwordHash: null,
      });
      if ('taken' in inserted) throw new AppError('BO_OPERATOR_EXISTS', { field: inserted.taken });
      await repository.replaceOperatorBrands(
        tx,
        inserted.id,
        brands.map((brand) => brand.id),
      );
      const row = await this.getRow(tx, inserted.id);
      await this.audit.record(tx, {
        actor,
        merchantId: singleBrand(row),
        action: 'operator.invite',
        targetType: 'operator',
        targetId: row.id,
        after: { ...auditView(row), name: row.name, email: row.email },
      });
      return this.storeInvitation(tx, row);
    });
    return this.deliverInvitation(created, linkTo, delivery);
  }

  /** A new link for an operator who has not accepted an invitation yet; the earlier link stops working. */
  async reinvite(actor: Actor, operatorId: number, delivery: InvitationDelivery): Promise<Invitation> {
    const current = await repository.findOperatorById(this.db, operatorId);
    const linkTo = await this.invitationLinks(current && !current.allBrands ? (current.brandCodes[0] ?? null) : null);
    const created = await this.db.transaction(async (tx) => {
      const row = await this.lockManaged(tx, actor, operatorId, null);
      if (row.passwordHash !== null) throw new AppError('BO_INVITATION_ACCEPTED');
      await this.audit.record(tx, {
        actor,
        merchantId: singleBrand(row),
        action: 'operator.reinvite',
        targetType: 'operator',
        targetId: row.id,
        after: { email: row.email },
      });
      return this.storeInvitation(tx, row);
    });
    return this.deliverInvitation(created, linkTo, delivery);
  }

  /** What an invitation link is for, before the invited operator accepts it. */
  async describeInvitation(token: string): Promise<{ login: string; name: string; email: string; expiresAt: string }> {
    const invitation = await repository.findPendingInvitation(this.db, sha256Hex(token));
    const row = invitation && (await repository.findOperatorById(this.db, invitation.operatorId));
    if (!invitation || !row || row.status !== 'invited') throw new AppError('BO_INVITATION_INVALID');
    return { login: row.login, name: row.name, email: row.email, expiresAt: invitation.expiresAt.toISOString() };
  }

  /** The invited operator chooses a password; the link is used up. Signing in then enrols the authenticator. */
  async acceptInvitation(request: AcceptInvitationRequest, client: ClientInfo): Promise<{ login: string }> {
    const passwordHash = await hashPassword(request.password);
    return this.db.transaction(async (tx) => {
      const invitation = await repository.findPendingInvitation(tx, sha256Hex(request.token), { lock: true });
      const row = invitation && (await repository.findOperatorById(tx, invitation.operatorId, { lock: true }));
      if (!invitation || !row || row.status !== 'invited') throw new AppError('BO_INVITATION_INVALID');
      if (request.password.trim().toLowerCase() === row.login) {
        throw new AppError('BO_PASSWORD_WEAK', undefined, { params: { min: 12 } });
      }
      await repository.updateOperator(tx, row.id, null, { passwordHash, status: 'active' });
      await repository.acceptInvitation(tx, invitation.id);
      await this.audit.record(tx, {
        actor: { kind: 'operator', operatorId: row.id, ip: client.ip, userAgent: client.userAgent },
        merchantId: singleBrand(row),
        action: 'operator.accept-invitation',
        targetType: 'operator',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'active' },
      });
      return { login: row.login };
    });
  }

  /** Suspends an operator: it can no longer sign in, and every session of it ends now. */
  async suspend(actor: Actor, operatorId: number, reason: string, version: number | null): Promise<OperatorDetail> {
    return this.change(actor, operatorId, version, 'operator.suspend', async (tx, row) => {
      if (row.status === 'suspended') return { status: 'suspended', suspendedReason: reason };
      if (row.status === 'active' && row.roles.includes('owner')) await this.keepAnOwner(tx, row);
      await repository.revokeOperatorSessions(tx, row.id);
      return { status: 'suspended', suspendedReason: reason };
    });
  }

  /** Lets a suspended operator sign in again (or accept its invitation, if it never did). */
  async reactivate(actor: Actor, operatorId: number, version: number | null): Promise<OperatorDetail> {
    return this.change(actor, operatorId, version, 'operator.reactivate', async (_tx, row) => ({
      status: row.passwordHash === null ? 'invited' : 'active',
      suspendedReason: null,
    }));
  }

  async setRoles(
    actor: Actor,
    operatorId: number,
    roles: readonly RoleName[],
    version: number | null,
  ): Promise<OperatorDetail> {
    return this.change(actor, operatorId, version, 'operator.roles', async (tx, row, authority) => {
      const unique = [...new Set(roles)];
      if (unique.includes('owner') && !authority.isOwner) throw new AppError('BO_OWNER_ONLY');
      if (row.status === 'active' && row.roles.includes('owner') && !unique.includes('owner')) {
        await this.keepAnOwner(tx, row);
      }
      return { roles: unique };
    });
  }

  async setBrands(
    actor: Actor,
    operatorId: number,
    scope: BrandScope,
    version: number | null,
  ): Promise<OperatorDetail> {
    return this.change(actor, operatorId, version, 'operator.brands', async (tx, row, authority) => {
      const brands = await this.grantableBrands(tx, authority, row.roles, scope);
      await repository.replaceOperatorBrands(
        tx,
        row.id,
        brands.map((brand) => brand.id),
      );
      return { allBrands: scope.allBrands };
    });
  }

  /** The operator enrols a new authenticator at its next sign-in (a lost phone); its recovery codes and sessions end. */
  async resetTotp(actor: Actor, operatorId: number, version: number | null): Promise<OperatorDetail> {
    return this.change(actor, operatorId, version, 'operator.totp-reset', async (tx, row) => {
      await repository.replaceRecoveryCodes(tx, row.id, []);
      await repository.revokeOperatorSessions(tx, row.id);
      return { totpSecret: null };
    });
  }

  /** Ends every session of another operator; how many there were. */
  async endSessions(actor: Actor, operatorId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockManaged(tx, actor, operatorId, null);
      const ended = await repository.revokeOperatorSessions(tx, row.id);
      await this.audit.record(tx, {
        actor,
        merchantId: singleBrand(row),
        action: 'operator.sessions-end',
        targetType: 'operator',
        targetId: row.id,
        after: { ended },
      });
      return ended;
    });
  }

  /**
   * One change to an operator the actor may manage, at the version its page opened (null: the CLI's, which
   * opens none), audited with the operator's fields before and after.
   */
  private async change(
    actor: Actor,
    operatorId: number,
    version: number | null,
    action: string,
    apply: (tx: Executor, row: repository.OperatorRow, authority: Authority) => Promise<repository.OperatorPatch>,
  ): Promise<OperatorDetail> {
    return this.db.transaction(async (tx) => {
      const authority = await this.authorityOf(tx, actor);
      const before = await this.lockManaged(tx, actor, operatorId, version, authority);
      const patch = await apply(tx, before, authority);
      if (!(await repository.updateOperator(tx, before.id, before.version, patch))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      const after = await this.getRow(tx, before.id);
      await this.audit.record(tx, {
        actor,
        merchantId: singleBrand(after),
        action,
        targetType: 'operator',
        targetId: after.id,
        before: { ...auditView(before), totpEnrolled: before.totpSecret !== null },
        after: {
          ...auditView(after),
          totpEnrolled: after.totpSecret !== null,
          ...(patch.suspendedReason ? { reason: patch.suspendedReason } : {}),
        },
      });
      return this.detail(tx, after);
    });
  }

  /** The operator, locked, if the actor may manage it (its brands, the owner rule, not itself) at `version`. */
  private async lockManaged(
    tx: Executor,
    actor: Actor,
    operatorId: number,
    version: number | null,
    known?: Authority,
  ): Promise<repository.OperatorRow> {
    const authority = known ?? (await this.authorityOf(tx, actor));
    const row = await repository.findOperatorById(tx, operatorId, { lock: true });
    if (!row || !isVisible(authority, row)) throw new AppError('BO_OPERATOR_NOT_FOUND');
    if (!authority.allBrands && (row.allBrands || row.merchantIds.some((id) => !authority.merchantIds.includes(id)))) {
      throw new AppError('BO_BRAND_DENIED');
    }
    if (row.roles.includes('owner') && !authority.isOwner) throw new AppError('BO_OWNER_ONLY');
    if (row.id === authority.operatorId) throw new AppError('BO_NOT_ON_YOURSELF');
    if (version !== null && row.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED');
    return row;
  }

  /** Refuses a change that would leave no active owner (the other owners are locked while it is judged). */
  private async keepAnOwner(tx: Executor, row: repository.OperatorRow): Promise<void> {
    if ((await repository.lockOtherActiveOwners(tx, row.id)) === 0) throw new AppError('BO_LAST_OWNER');
  }

  /** The brands of a scope the actor may give, with the owner rule for `roles`. */
  private async grantableBrands(
    tx: Executor,
    authority: Authority,
    roles: readonly RoleName[],
    scope: BrandScope,
  ): Promise<repository.BrandRef[]> {
    if (roles.includes('owner') && !authority.isOwner) throw new AppError('BO_OWNER_ONLY');
    if (scope.allBrands) {
      if (!authority.allBrands) throw new AppError('BO_BRAND_DENIED');
      return [];
    }
    const codes = [...new Set(scope.brands)];
    if (codes.length === 0) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'brands', message: 'at least one brand, or allBrands' }],
      });
    }
    const brands = await repository.findBrandsByCode(tx, codes);
    const missing = codes.find((code) => !brands.some((brand) => brand.code === code));
    if (missing !== undefined) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: missing });
    if (!authority.allBrands && brands.some((brand) => !authority.merchantIds.includes(brand.id))) {
      throw new AppError('BO_BRAND_DENIED');
    }
    return brands;
  }

  private async authorityOf(executor: Executor, actor: Actor): Promise<Authority> {
    if (actor.kind === 'cli') return CLI_AUTHORITY;
    const row = await repository.findOperatorById(executor, actor.operatorId);
    if (!row || row.status !== 'active') throw new AppError('BO_NOT_SIGNED_IN');
    return {
      operatorId: row.id,
      isOwner: row.roles.includes('owner'),
      allBrands: row.allBrands,
      merchantIds: row.merchantIds,
    };
  }

  private async getRow(executor: Executor, id: number): Promise<repository.OperatorRow> {
    const row = await repository.findOperatorById(executor, id);
    if (!row) throw new AppError('BO_OPERATOR_NOT_FOUND');
    return row;
  }

  private async detail(executor: Executor, row: repository.OperatorRow): Promise<OperatorDetail> {
    const invitation = row.status === 'invited' ? await repository.findPendingInvitationOf(executor, row.id) : null;
    return {
      ...toOperator(row),
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      suspendedReason: row.suspendedReason,
      liveSessions: await repository.countLiveSessions(executor, row.id, OPERATOR_SESSION_IDLE_SECONDS),
      invitationExpiresAt: invitation?.toISOString() ?? null,
      recoveryCodesLeft: await repository.countRecoveryCodesLeft(executor, row.id),
    };
  }

  /** Stores a new invitation of the operator (its earlier ones stop working); only its token's hash is kept. */
  private async storeInvitation(
    tx: Executor,
    row: repository.OperatorRow,
  ): Promise<{ row: repository.OperatorRow; token: string; expiresAt: Date; detail: OperatorDetail }> {
    const token = createSessionToken();
    const expiresAt = await repository.insertInvitation(tx, {
      operatorId: row.id,
      tokenHash: sha256Hex(token),
      seconds: INVITATION_SECONDS,
    });
    return { row, token, expiresAt, detail: await this.detail(tx, row) };
  }

  /** E-mails the invitation's link (the back office), or answers it (the CLI, whose operator hands it over). */
  private async deliverInvitation(
    created: { row: repository.OperatorRow; token: string; expiresAt: Date; detail: OperatorDetail },
    linkTo: (token: string) => string,
    delivery: InvitationDelivery,
  ): Promise<Invitation> {
    const { row, expiresAt, detail } = created;
    const link = linkTo(created.token);
    if (delivery === 'link') return { operator: detail, expiresAt, link };
    const hours = Math.round(INVITATION_SECONDS / 3600);
    await this.codes.sendMail(
      singleBrand(row),
      row.email,
      '[Parlay] 백오피스 초대 / Back office invitation',
      [
        `${row.name}님, Parlay 백오피스에 초대되었습니다. 아이디: ${row.login}`,
        `아래 링크에서 비밀번호를 정한 뒤 로그인하세요 (${hours}시간 동안 한 번 사용할 수 있습니다):`,
        link,
        '',
        `${row.name}, you are invited to the Parlay back office. Your login: ${row.login}`,
        `Choose your password at this link, then sign in (it works once, for ${hours} hours):`,
        link,
      ].join('\n'),
    );
    return { operator: detail, expiresAt, link: null };
  }

  /**
   * How invitation links are made: under BACKOFFICE_URL when set, else under the site address of the
   * operator's first brand (`brandCode`; the default brand for an operator of every brand), never the
   * request's Host (decision 0026). A brand without a site address sends no link (BRAND_SITE_URL_MISSING).
   */
  private async invitationLinks(brandCode: string | null): Promise<(token: string) => string> {
    const { backofficeUrl } = this.options;
    if (backofficeUrl) {
      const base = `${backofficeUrl.replace(/\/+$/, '')}${INVITATION_PAGE_PATH}`;
      return (token) => `${base}?${new URLSearchParams({ token }).toString()}`;
    }
    const code = brandCode ?? this.options.defaultMerchantCode;
    const brand = await this.merchants.findByCode(code);
    if (!brand) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
    if (!brand.siteUrl) throw new AppError('BRAND_SITE_URL_MISSING');
    return (token) => buildSiteLink(brand, `/backoffice${INVITATION_PAGE_PATH}`, { token });
  }
}

/** Whether an operator shows to an authority: an operator of every brand sees all; others those sharing a brand. */
function isVisible(authority: Authority, row: repository.OperatorRow): boolean {
  if (authority.allBrands) return true;
  return !row.allBrands && row.merchantIds.some((id) => authority.merchantIds.includes(id));
}

/** The brand an operator change is filed under in the audit trail: its one brand, else the platform (null). */
function singleBrand(row: repository.OperatorRow): number | null {
  return !row.allBrands && row.merchantIds.length === 1 ? (row.merchantIds[0] ?? null) : null;
}

function decodeCursor(cursor: string): number {
  const id = /^\d{1,18}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
