import {
  isModuleEnabled,
  REFERRAL_CODE_PARAM,
  WHITELABEL,
  type ReferralMembers,
  type ReferralMembersQuery,
  type ReferralSummary,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { maskAccount } from '../betting/index';
import { buildSiteLink, type Merchant } from '../merchant/index';
import { createInviteCode, type RegistrationService } from '../registration/index';
import type { ReferralRewardService } from './referral-rewards.service';
import * as repository from './referral.repository';

/** The registration page of the site (SITE_PAGES), which opens the register dialog with the code. */
const REGISTER_PAGE_PATH = '/register';

/**
 * A member's invitations (docs/product/member-centre.md#invite-friends): the member's code and link, and the
 * members who registered with it, each with its progress towards the brand's referral reward (decision 0057). Every read is of the signed-in member's own, on the request's brand.
 */
export class ReferralService {
  constructor(
    private readonly db: Database,
    private readonly registration: RegistrationService,
    private readonly rewards: ReferralRewardService,
  ) {}

  async getSummary(merchant: Merchant, memberId: number, now: Date = new Date()): Promise<ReferralSummary> {
    assertReferralsOn(merchant);
    const code = await this.ensureInviteCode(merchant.id, memberId);
    // The link is offered only when a registration through it would really name the member as inviter, and is
    // built on the brand's configured address, never the request's host (decision 0026).
    const isHonoured = merchant.siteUrl !== null && (await this.registration.takesReferralCode(merchant, code));
    return {
      code,
      link: isHonoured ? buildSiteLink(merchant, REGISTER_PAGE_PATH, { [REFERRAL_CODE_PARAM]: code }) : null,
      counts: await repository.countReferred(this.db, merchant.id, memberId, {
        now,
        timeZone: merchant.brand.timeZone,
      }),
      rewards: await this.rewards.terms(merchant, memberId),
    };
  }

  async listMembers(merchant: Merchant, memberId: number, query: ReferralMembersQuery): Promise<ReferralMembers> {
    assertReferralsOn(merchant);
    // The query schema lets through only what nextCursor answers: a member id in base 36 of at most 10 digits.
    const beforeId = query.cursor === undefined ? null : Number.parseInt(query.cursor, 36);
    const rows = await repository.findReferred(this.db, merchant.id, memberId, {
      beforeId,
      limit: query.pageSize + 1,
    });
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    const progress = await this.rewards.progressOf(page.map((row) => row.id));
    return {
      list: page.map((row) => {
        const counted = progress.get(row.id);
        return {
          account: maskAccount(row.account),
          registeredAt: row.registeredAt,
          hasPlayed: row.hasPlayed,
          progress: {
            depositMinor: counted?.depositMinor ?? 0,
            turnoverMinor: counted?.turnoverMinor ?? 0,
            status: counted?.status ?? 'counting',
            rewardMinor: counted?.rewardMinor ?? null,
            paidAt: counted?.paidAt ?? null,
          },
        };
      }),
      nextCursor: rows.length > query.pageSize && last ? last.id.toString(36) : null,
    };
  }

  /** The member's code; an account made before codes were given out (or by an operator) gets one now. */
  private async ensureInviteCode(merchantId: number, memberId: number): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const code = await repository.findInviteCode(this.db, merchantId, memberId);
      if (code) return code;
      await repository.setInviteCodeIfMissing(this.db, merchantId, memberId, createInviteCode());
    }
    throw new Error('could not give the member an invite code');
  }
}

function assertReferralsOn(merchant: Merchant): void {
  if (!isModuleEnabled(merchant.whitelabel, WHITELABEL.REFERRAL)) throw new AppError('FUNCTION_NOT_ENABLED');
}
