import type { MemberInfo } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './member.repository';

export interface MemberRef {
  id: number;
  merchantId: number;
}

export class MemberService {
  constructor(private readonly db: Database) {}

  /** Member info of spec 01 §3, always scoped by brand. */
  async getInfo(ref: MemberRef): Promise<MemberInfo> {
    const found = await repository.findMemberWithUpline(this.db, ref.id, ref.merchantId);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const { member, uplineAccount } = found;
    return {
      id: member.id,
      account: member.account,
      nickname: member.nickname ?? member.account,
      type: member.agentType,
      toUpline: uplineAccount ?? '',
      clubLabel: { labelName: `VIP${member.rankLevel}`, rankLevel: member.rankLevel },
      memberLabel: member.memberLabels,
      isFreePlay: member.isFreePlay,
      language: member.language,
      hasMobile: member.mobileNum !== null,
      hasEmail: member.email !== null,
      previousLoginAt: member.previousLoginAt?.toISOString() ?? null,
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
    };
  }
}
