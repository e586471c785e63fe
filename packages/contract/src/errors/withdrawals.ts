import { defineErrors } from './define';

/**
 * Errors of withdrawals (docs/decisions/0041-withdrawals.md): bank accounts, requests, their review, payout and
 * confirmation. A refused call writes nothing.
 */
export const withdrawalErrors = defineErrors({
  /** The bank is not one the brand pays to (its own list, or its country's). */
  WITHDRAWAL_BANK_UNKNOWN: {
    status: 400,
    ko: '지원하지 않는 은행입니다.',
    en: 'This bank is not supported.',
  },
  /** The holder's name is not the member's registered real name (payeeName), or none is registered. */
  WITHDRAWAL_HOLDER_MISMATCH: {
    status: 400,
    ko: '예금주 이름이 등록된 실명과 일치하지 않습니다.',
    en: "The account holder's name does not match your registered real name.",
  },
  /** The member has as many bank accounts as the brand allows (`value.max`). */
  WITHDRAWAL_BANK_ACCOUNT_LIMIT: {
    status: 409,
    ko: '등록할 수 있는 계좌는 최대 {max}개입니다.',
    en: 'You can register at most {max} bank accounts.',
  },
  /** The same bank and account number is bound already. */
  WITHDRAWAL_BANK_ACCOUNT_EXISTS: {
    status: 409,
    ko: '이미 등록된 계좌입니다.',
    en: 'This bank account is already registered.',
  },
  /** Not one of the member's bank accounts (another member's, removed, or unknown). */
  WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND: {
    status: 404,
    ko: '계좌를 찾을 수 없습니다.',
    en: 'No such bank account.',
  },
  /** The account has a request still open (held, approved or being paid): it cannot go yet. */
  WITHDRAWAL_BANK_ACCOUNT_IN_USE: {
    status: 409,
    ko: '진행 중인 출금이 있는 계좌는 삭제할 수 없습니다.',
    en: 'This account has a withdrawal in progress and cannot be removed.',
  },
  /** The brand asks for the payment password and none was sent. */
  WITHDRAWAL_PAYMENT_PASSWORD_REQUIRED: {
    status: 400,
    ko: '결제 비밀번호를 입력해 주세요.',
    en: 'Please enter your payment password.',
  },
  /** Below the brand's minimum (`value.minMinor`). */
  WITHDRAWAL_BELOW_MIN: {
    status: 400,
    ko: '최소 출금 금액은 {min}입니다.',
    en: 'The minimum withdrawal is {min}.',
  },
  /** Above the brand's maximum (`value.maxMinor`). */
  WITHDRAWAL_ABOVE_MAX: {
    status: 400,
    ko: '최대 출금 금액은 {max}입니다.',
    en: 'The maximum withdrawal is {max}.',
  },
  /** The member has asked as many times today (the brand's day) as the brand allows. */
  WITHDRAWAL_DAILY_COUNT: {
    status: 409,
    ko: '오늘 출금 신청 횟수({count}회)를 모두 사용했습니다.',
    en: 'You have used all {count} withdrawal requests for today.',
  },
  /** The request would take today's total past the member's VIP level limit (`value.remainingMinor` still allowed). */
  WITHDRAWAL_DAILY_AMOUNT: {
    status: 409,
    ko: '오늘 출금 가능 금액을 초과합니다. 남은 금액: {remaining}',
    en: 'This goes over what you can withdraw today. Still allowed: {remaining}',
  },
  /** Deposits not yet wagered as the brand asks (`value.shortMinor` still to bet). */
  WITHDRAWAL_TURNOVER_SHORT: {
    status: 409,
    ko: '출금하려면 {short} 더 베팅해야 합니다.',
    en: 'You need to bet {short} more before you can withdraw.',
  },
  /** The balance does not cover the amount: nothing held. */
  WITHDRAWAL_INSUFFICIENT_BALANCE: {
    status: 409,
    ko: '잔액이 부족합니다.',
    en: 'Your balance is not enough.',
  },
  /** Not one of the caller's withdrawals (or of the brand's, for an operator). */
  WITHDRAWAL_NOT_FOUND: {
    status: 404,
    ko: '출금 신청을 찾을 수 없습니다.',
    en: 'No such withdrawal.',
  },
  /** The withdrawal is not in a state that allows this step (`value.status` is where it stands). */
  WITHDRAWAL_WRONG_STATE: {
    status: 409,
    ko: '현재 상태에서는 처리할 수 없는 출금입니다.',
    en: 'This withdrawal cannot be handled in its current state.',
  },
  /** Partly received needs the amount that did not arrive, above 0 and below the withdrawal. */
  WITHDRAWAL_MISSING_AMOUNT: {
    status: 400,
    ko: '받지 못한 금액을 0보다 크고 출금액보다 작게 입력해 주세요.',
    en: 'Enter the amount that did not arrive: more than 0 and less than the withdrawal.',
  },
  /** "Not received" needs at least one proof image uploaded first. */
  WITHDRAWAL_PROOF_REQUIRED: {
    status: 400,
    ko: '미수령 신고에는 증빙 이미지가 필요합니다.',
    en: 'Please upload at least one proof image.',
  },
  /** At most three proof images a withdrawal. */
  WITHDRAWAL_PROOF_LIMIT: {
    status: 409,
    ko: '증빙 이미지는 최대 {max}개까지 올릴 수 있습니다.',
    en: 'You can upload at most {max} proof images.',
  },
  /** The case is resolved already, or there is none. */
  WITHDRAWAL_CASE_CLOSED: {
    status: 409,
    ko: '이미 처리된 건입니다.',
    en: 'This case is already resolved.',
  },
  /** A refund above what the member says is missing (or above the withdrawal). */
  WITHDRAWAL_REFUND_TOO_LARGE: {
    status: 400,
    ko: '환불 금액이 미수령 금액보다 클 수 없습니다.',
    en: 'The refund cannot be more than the amount that did not arrive.',
  },
  /** The brand has no payment provider that pays out: mark it paid by hand instead. */
  WITHDRAWAL_NO_PAYOUT_PROVIDER: {
    status: 409,
    ko: '출금을 지원하는 결제 대행사가 없습니다. 수동 지급으로 처리해 주세요.',
    en: 'No payment provider pays out for this brand; mark it paid by hand.',
  },
});
