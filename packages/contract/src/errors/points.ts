import { defineErrors } from './define';

/**
 * Errors of the point ledger and the brand's point configuration (docs/decisions/0044-points-ledger.md). A
 * refusal writes nothing. The mall's refusals are POINT_MALL_* (errors/point-mall.ts).
 */
export const pointsErrors = defineErrors({
  /** The member has fewer points than the debit or negative adjustment takes; `value.balancePointsMinor`. */
  POINTS_INSUFFICIENT: {
    status: 422,
    ko: '포인트가 부족합니다.',
    en: 'Not enough points.',
  },
  /** An idempotency key already used for a different entry (another member, type or amount). */
  POINTS_KEY_REUSED: {
    status: 409,
    ko: '이미 사용된 요청 키입니다. 새로 시도해 주세요.',
    en: 'This request key was already used for another entry. Please try again.',
  },
  /** The brand has switched points off: nothing is earned or spent. */
  POINTS_DISABLED: {
    status: 409,
    ko: '포인트 서비스를 이용할 수 없습니다.',
    en: 'Points are not available on this site.',
  },
  /** The member named in a back-office point call is not a member of the brand. */
  POINTS_MEMBER_NOT_FOUND: {
    status: 404,
    ko: '회원을 찾을 수 없습니다.',
    en: 'Member not found.',
  },
});
