import { defineErrors } from './define';

/** Errors of the cashier's deposits (docs/decisions/0039-cashier-deposits.md). A refusal writes nothing. */
export const cashierErrors = defineErrors({
  /** Not an active deposit method of the brand (another brand's, switched off, or unknown). */
  CASHIER_METHOD_NOT_FOUND: {
    status: 404,
    ko: '사용할 수 없는 입금 방법입니다.',
    en: 'This deposit method is not available.',
  },
  /** The amount is outside the method's minimum and maximum; `{min}` and `{max}` are formatted in minor units. */
  CASHIER_AMOUNT_OUT_OF_RANGE: {
    status: 422,
    ko: '입금 금액은 {min}에서 {max} 사이여야 합니다.',
    en: 'The deposit amount must be between {min} and {max}.',
  },
  /** The method's fee would take the whole amount: nothing would reach the balance. */
  CASHIER_AMOUNT_BELOW_FEE: {
    status: 422,
    ko: '입금 금액이 수수료보다 커야 합니다.',
    en: 'The deposit amount must be larger than the fee.',
  },
  /** The member has as many open (unpaid) deposit orders as allowed: pay or let one expire first. */
  CASHIER_TOO_MANY_OPEN_ORDERS: {
    status: 429,
    ko: '진행 중인 입금 신청이 너무 많습니다. 기존 신청을 완료한 후 다시 시도해 주세요.',
    en: 'You have too many open deposits. Please complete one before starting another.',
  },
  /** The payment provider did not answer or refused the order; the order is marked failed, nothing was paid. */
  CASHIER_PROVIDER_UNAVAILABLE: {
    status: 503,
    ko: '결제 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment service cannot be reached. Please try again later.',
  },
  /** No provider of this code is configured. */
  CASHIER_PROVIDER_UNKNOWN: {
    status: 404,
    ko: '알 수 없는 결제 서비스입니다.',
    en: 'Unknown payment provider.',
  },
  /** Not a deposit order of this member (another member's, another brand's, or none). */
  CASHIER_ORDER_NOT_FOUND: {
    status: 404,
    ko: '입금 신청을 찾을 수 없습니다.',
    en: 'No such deposit.',
  },
  /** A provider's callback whose signature does not hold (forged or altered): refused, logged, nothing written. */
  CASHIER_CALLBACK_FORGED: {
    status: 401,
    ko: '서명이 올바르지 않은 알림입니다.',
    en: 'The notice is not correctly signed.',
  },
  /** A signed callback whose amount or currency is not its order's: refused and logged, nothing credited. */
  CASHIER_CALLBACK_MISMATCH: {
    status: 409,
    ko: '알림의 금액 또는 통화가 입금 신청과 다릅니다.',
    en: "The notice's amount or currency does not match the deposit.",
  },
  /** Finance can confirm or reject only a manual bank transfer still waiting (pending or expired). */
  CASHIER_ORDER_NOT_REVIEWABLE: {
    status: 409,
    ko: '확인하거나 거절할 수 없는 입금 신청입니다.',
    en: 'This deposit cannot be confirmed or rejected.',
  },
  /** A method's minimum is above its maximum, a provider method without a configured provider, or a bank transfer without its account. */
  CASHIER_METHOD_INVALID: {
    status: 422,
    ko: '입금 방법 설정이 올바르지 않습니다: {detail}',
    en: 'The deposit method is not valid: {detail}',
  },
});
