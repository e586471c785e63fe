import { defineErrors } from './define';

/** Errors of cashback (docs/decisions/0051-cashback.md). A refusal pays nothing. */
export const rebatesErrors = defineErrors({
  /** No finished period has an unpaid rebate (the current one is still accruing). */
  REBATE_NOTHING_TO_CLAIM: {
    status: 409,
    ko: '지금 받을 수 있는 캐시백이 없습니다.',
    en: 'There is no cashback to claim now.',
  },
});
