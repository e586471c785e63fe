import {
  isModuleEnabled,
  PASSWORD_MAX_AGE_DAYS,
  WHITELABEL,
  type Page,
  type PlayerProfile,
  type PlayerSession,
  type PlayerSignIn,
  type PlayerStatus,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { SessionService } from '../session/index';
import * as repository from './member.repository';

/** A player of a brand as the back office's calls name it: by member ID, checked to be the brand's. */
export interface PlayerRef {
  id: number;
  merchantId: number;
  account: string;
}

/** A keyset cursor of a list ordered by id, newest first: the last id, in decimal. */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^\d{1,15}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}

/** A page of `limit` items from `limit + 1` rows read: the extra row says there is a next page. */
export function pageOf<T extends { id: number }, U>(rows: T[], limit: number, map: (row: T) => U): Page<U> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/**
 * What the back office reads of a brand's players (docs/decisions/0035-back-office-players.md): a player's
 * profile, live sessions and sign-ins. The search is MemberAdminService.searchMembers; the money is the wallet's.
 */
export class PlayerService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
  ) {}

  /** The brand's player with this member ID (never a free-play guest), or BO_PLAYER_NOT_FOUND. */
  async getPlayer(merchantId: number, playerId: number): Promise<PlayerRef> {
    const member = await this.findMember(merchantId, playerId);
    return { id: member.id, merchantId: member.merchantId, account: member.account };
  }

  async getProfile(merchant: Merchant, playerId: number): Promise<PlayerProfile> {
    const found = await repository.findMemberWithUpline(this.db, playerId, merchant.id);
    if (!found || found.member.isFreePlay) throw new AppError('BO_PLAYER_NOT_FOUND');
    const { member, uplineAccount } = found;
    const iso = (date: Date | null) => (date === null ? null : date.toISOString());
    const changedAt = member.passwordChangedAt;
    return {
      id: member.id,
      account: member.account,
      nickname: member.nickname,
      status: member.status as PlayerStatus,
      agentType: member.agentType,
      countryDialingCode: member.countryDialingCode,
      mobileNum: member.mobileNum,
      email: member.email,
      registeredAt: member.createdAt.toISOString(),
      lastLoginAt: iso(member.lastLoginAt),
      lastLoginIp: member.lastLoginIp,
      fullname: member.fullname,
      payeeName: member.payeeName,
      language: member.language,
      rankLevel: member.rankLevel,
      labels: member.memberLabels,
      inviteCode: member.inviteCode,
      upline: uplineAccount,
      registerMethod: member.registerMethod,
      registerIp: member.registerIp,
      registerDomain: member.registerDomain,
      previousLoginAt: iso(member.previousLoginAt),
      statusReason: member.statusReason,
      statusChangedAt: iso(member.statusChangedAt),
      passwordIsDefault: member.passwordIsDefault,
      passwordChangedAt: iso(changedAt),
      passwordExpired: changedAt !== null && Date.now() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000,
      forcePasswordChange: isModuleEnabled(merchant.whitelabel, WHITELABEL.FORCE_PASSWORD_CHANGE),
      failedSignIns: member.failedLoginCount,
      signInWaitUntil: member.lockedUntil && member.lockedUntil > new Date() ? member.lockedUntil.toISOString() : null,
      hasAuthenticator: member.totpSecret !== null,
      isFreePlay: member.isFreePlay,
      expiresAt: iso(member.expiresAt),
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** The player's live sessions, newest first, each with the country of the sign-in that opened it. */
  async listSessions(merchantId: number, playerId: number): Promise<{ items: PlayerSession[] }> {
    const member = await this.findMember(merchantId, playerId);
    return { items: await this.sessions.listLiveForMember(member.id) };
  }

  /** The player's sign-ins, newest first, keyset paged. */
  async listSignIns(
    merchantId: number,
    playerId: number,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<PlayerSignIn>> {
    const member = await this.findMember(merchantId, playerId);
    const rows = await this.sessions.listSignIns(member.id, {
      beforeId: decodeIdCursor(page.cursor),
      limit: page.limit + 1,
    });
    return pageOf(rows, page.limit, (row) => ({ ...row, id: String(row.id) }));
  }

  private async findMember(merchantId: number, playerId: number): Promise<repository.MemberAccountRow> {
    const member = await repository.findMemberById(this.db, playerId, merchantId);
    if (!member || member.isFreePlay) throw new AppError('BO_PLAYER_NOT_FOUND');
    return member;
  }
}
