import {
  canSeeAgentArea,
  NicknameSchema,
  STATIC_AVATARS,
  type Avatar,
  type Language,
  type MemberInfo,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MediaService } from '../merchant/index';
import * as repository from './member.repository';

export type { MemberAccountRow } from './member.repository';

export interface MemberRef {
  id: number;
  merchantId: number;
}

/** An agent's consolidated contract requests (decision 0066), read by the agents module. */
export type ContractInfoReader = (
  memberId: number,
  merchantId: number,
) => Promise<NonNullable<MemberInfo['contractInfo']>>;

export class MemberService {
  private contractInfo: ContractInfoReader | undefined;

  constructor(
    private readonly db: Database,
    /** Where an uploaded avatar is checked, encoded again and stored (the brand images' path). */
    private readonly media?: MediaService,
  ) {}

  /** The account row with its credentials, for the sign-in and password services; scoped by brand. */
  findById(merchantId: number, memberId: number): Promise<repository.MemberAccountRow | undefined> {
    return repository.findMemberById(this.db, memberId, merchantId);
  }

  /** An account by name, case-insensitively; never a free-play guest. */
  findByAccount(merchantId: number, account: string): Promise<repository.MemberAccountRow | undefined> {
    return repository.findMemberByAccount(this.db, merchantId, account);
  }

  /** The account bound to a mobile number; never a free-play guest. */
  findByMobile(
    merchantId: number,
    countryDialingCode: string,
    mobileNum: string,
  ): Promise<repository.MemberAccountRow | undefined> {
    return repository.findMemberByMobile(this.db, merchantId, countryDialingCode, mobileNum);
  }

  /** The account with this name and e-mail address (both case-insensitively); never a free-play guest. */
  findByAccountAndEmail(
    merchantId: number,
    account: string,
    email: string,
  ): Promise<repository.MemberAccountRow | undefined> {
    return repository.findMemberByAccountAndEmail(this.db, merchantId, account, email);
  }

  /**
   * Gives the account a password of its own (not a default one), changed now; `unlock` also ends a lock
   * and clears the failed sign-ins (a recovery). In the caller's transaction when one is given.
   */
  setPassword(
    ref: MemberRef,
    passwordHash: string,
    options: { unlock: boolean },
    executor: Executor = this.db,
  ): Promise<boolean> {
    return repository.updateMember(executor, ref.id, ref.merchantId, {
      passwordHash,
      passwordChangedAt: new Date(),
      passwordIsDefault: false,
      ...(options.unlock ? { lockedUntil: null, failedLoginCount: 0 } : {}),
    });
  }

  /** Reads an agent's contract requests for member info (the agents module's, wired in services.ts). */
  setContractInfo(reader: ContractInfoReader): void {
    this.contractInfo = reader;
  }

  /** Member info (docs/product/accounts.md#member-info), always scoped by brand. */
  async getInfo(ref: MemberRef): Promise<MemberInfo> {
    const found = await repository.findMemberWithUpline(this.db, ref.id, ref.merchantId);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const { member, uplineAccount, rankName } = found;
    const contractInfo =
      this.contractInfo && canSeeAgentArea(member.agentType)
        ? await this.contractInfo(member.id, ref.merchantId)
        : undefined;
    return {
      id: member.id,
      account: member.account,
      nickname: member.nickname ?? member.account,
      type: member.agentType,
      toUpline: uplineAccount ?? '',
      clubLabel: { labelName: rankName ?? `VIP${member.rankLevel}`, rankLevel: member.rankLevel },
      memberLabel: member.memberLabels,
      isFreePlay: member.isFreePlay,
      language: member.language,
      hasMobile: member.mobileNum !== null,
      hasEmail: member.email !== null,
      previousLoginAt: member.previousLoginAt?.toISOString() ?? null,
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
      ...(contractInfo ? { contractInfo } : {}),
    };
  }

  async getAvatar(ref: MemberRef): Promise<Avatar> {
    const found = await repository.findMemberById(this.db, ref.id, ref.merchantId);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    // A member who never chose gets a stable static avatar from the id, so the header never shows a blank.
    const fallback = STATIC_AVATARS[found.id % STATIC_AVATARS.length] ?? STATIC_AVATARS[0];
    if (found.avatarType === 'CUSTOM' && found.avatar) return { avatar: found.avatar, avatarType: 'CUSTOM' };
    const avatar = (STATIC_AVATARS as readonly string[]).includes(found.avatar ?? '')
      ? (found.avatar as string)
      : fallback;
    return { avatar, avatarType: 'STATIC' };
  }

  async setStaticAvatar(ref: MemberRef, avatar: string): Promise<Avatar> {
    if (!(STATIC_AVATARS as readonly string[]).includes(avatar)) throw new AppError('AVATAR_INVALID');
    return this.db.transaction(async (tx) => {
      await this.removeUploadedAvatar(tx, ref);
      await repository.updateMember(tx, ref.id, ref.merchantId, { avatar, avatarType: 'STATIC' });
      return { avatar, avatarType: 'STATIC' } as const;
    });
  }

  /**
   * An uploaded avatar (docs/product/member-centre.md#profile): a PNG or JPEG by its bytes, up to
   * MEMBER_AVATAR_LIMITS.maxBytes, cropped square and encoded again by the server (no metadata survives), stored as a
   * media file of the member's brand; the avatar is then its address.
   */
  async setCustomAvatar(ref: MemberRef, upload: Buffer): Promise<Avatar> {
    const media = this.media;
    if (!media) throw new AppError('AVATAR_INVALID');
    return this.db.transaction(async (tx) => {
      await this.removeUploadedAvatar(tx, ref);
      const stored = await media.store(tx, ref.merchantId, 'avatar', upload);
      const avatar = { avatar: stored.url, avatarType: 'CUSTOM' } as const;
      if (!(await repository.updateMember(tx, ref.id, ref.merchantId, avatar))) throw new AppError('NOT_LOGGED_IN');
      return avatar;
    });
  }

  /**
   * The avatar a member uploaded before is nobody's once replaced (a new upload or a static one): its file goes in the
   * same transaction as the change, under the member row's lock so two changes at once leave no orphan.
   */
  private async removeUploadedAvatar(tx: Executor, ref: MemberRef): Promise<void> {
    const current = await repository.lockMemberAvatar(tx, ref.id, ref.merchantId);
    if (!current) throw new AppError('NOT_LOGGED_IN');
    if (current.avatarType === 'CUSTOM' && current.avatar && this.media) {
      await this.media.remove(tx, ref.merchantId, 'avatar', current.avatar);
    }
  }

  /** A new nickname (NicknameSchema: 2 to 20 letters, digits and a few marks), trimmed. */
  async setNickname(ref: MemberRef, value: string): Promise<string> {
    const parsed = NicknameSchema.safeParse(value);
    if (!parsed.success) throw new AppError('NICKNAME_INVALID');
    const nickname = parsed.data;
    if (!(await repository.updateMember(this.db, ref.id, ref.merchantId, { nickname }))) {
      throw new AppError('NOT_LOGGED_IN');
    }
    return nickname;
  }

  /** The member's language, kept for messages the server sends (e-mail, SMS). */
  async setLanguage(ref: MemberRef, language: Language): Promise<Language> {
    if (!(await repository.updateMember(this.db, ref.id, ref.merchantId, { language })))
      throw new AppError('NOT_LOGGED_IN');
    return language;
  }
}
