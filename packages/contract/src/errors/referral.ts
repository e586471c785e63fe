import { defineErrors } from './define';

/** Errors of referral rewards and abuse flags (docs/decisions/0057-referral-rewards-and-abuse-flags.md). */
export const referralErrors = defineErrors({
  /** Back office: rules switched on with no inviter's reward, or nothing to reach. */
  REFERRAL_RULES_INVALID: {
    status: 422,
    ko: '추천 보상 설정이 올바르지 않습니다. 추천인 보상과 입금 또는 유효 베팅 조건을 입력해 주세요.',
    en: "The referral rules do not fit together. Set the inviter's reward and a deposit or turnover to reach.",
  },
  /** Back office: no abuse flag of this brand by this id. */
  ABUSE_FLAG_NOT_FOUND: {
    status: 404,
    ko: '어뷰징 플래그를 찾을 수 없습니다.',
    en: 'Abuse flag not found.',
  },
  /** Back office: the flag was released or rejected already (`value.status`); nothing was paid again. */
  ABUSE_FLAG_DECIDED: {
    status: 409,
    ko: '이미 처리된 어뷰징 플래그입니다.',
    en: 'This abuse flag has already been decided.',
  },
});
