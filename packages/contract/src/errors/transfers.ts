import { defineErrors } from './define';

/** Errors of the transfer to the upline agent (docs/decisions/0043-upline-transfers-and-kyc.md). */
export const transfersErrors = defineErrors({
  /** The member has no upline agent on this brand: there is no one to send to. */
  TRANSFER_NO_UPLINE: {
    status: 409,
    ko: '송금할 상위 에이전트가 없습니다.',
    en: 'You have no upline agent to transfer to.',
  },
  /** The upline's account is locked or closed: nothing moved. */
  TRANSFER_UPLINE_UNAVAILABLE: {
    status: 409,
    ko: '상위 에이전트 계정이 현재 송금을 받을 수 없습니다.',
    en: "Your upline agent's account cannot receive transfers right now.",
  },
  /** An agent's transfer to a downline member whose account is locked or closed (decision 0062). */
  TRANSFER_DOWNLINE_UNAVAILABLE: {
    status: 409,
    ko: '이 하위 회원의 계정은 현재 송금을 받을 수 없습니다.',
    en: "This downline member's account cannot receive transfers right now.",
  },
  /** An agent's transfer to a member below its direct members, on a brand that allows direct members only. */
  TRANSFER_DOWNLINE_DIRECT_ONLY: {
    status: 403,
    ko: '직속 하위 회원에게만 송금할 수 있습니다.',
    en: 'You can send only to your direct members.',
  },
  /** Less than the brand's least amount of one transfer (`value.minMinor`). */
  TRANSFER_BELOW_MIN: {
    status: 400,
    ko: '최소 송금 금액보다 적습니다.',
    en: 'The amount is below the minimum transfer.',
  },
  /** More than the brand's most of one transfer (`value.maxMinor`). */
  TRANSFER_ABOVE_MAX: {
    status: 400,
    ko: '최대 송금 금액을 넘었습니다.',
    en: 'The amount is above the maximum transfer.',
  },
  /** With what was sent today, more than the brand's daily total (`value.leftMinor` is what is left). */
  TRANSFER_DAILY_LIMIT: {
    status: 409,
    ko: '오늘의 송금 한도를 넘었습니다.',
    en: "The amount is over today's transfer limit.",
  },
  /** The wallet holds less than the amount: nothing moved. */
  TRANSFER_INSUFFICIENT_BALANCE: {
    status: 409,
    ko: '잔액이 부족합니다.',
    en: 'Your balance is too low for this transfer.',
  },
  /**
   * The transfer would take bonus money whose wagering is short (decision 0050): nothing moved. `value.shortMinor`
   * still to wager, `value.availableMinor` what may be sent now, `value.lockedMinor` the bonus money locked.
   */
  TRANSFER_BONUS_WAGERING: {
    status: 409,
    ko: '보너스 롤링이 {short} 남아 있어 보너스 금액은 아직 보낼 수 없습니다. 지금 보낼 수 있는 금액: {available}',
    en: 'Your bonus needs {short} more wagering before its money can be sent. You can send up to {available} now.',
  },
  /** The requestId was used for another amount: nothing moved. */
  TRANSFER_REQUEST_CONFLICT: {
    status: 409,
    ko: '이미 다른 금액으로 보낸 요청입니다. 다시 시도해 주세요.',
    en: 'This request was already sent with another amount. Please try again.',
  },
  /** Limits where the least is above the most, or the most above the daily total. */
  TRANSFER_LIMITS_INVALID: {
    status: 400,
    ko: '송금 한도가 올바르지 않습니다. 최소 ≤ 최대 ≤ 일일 한도여야 합니다.',
    en: 'The limits are not valid: minimum ≤ maximum ≤ daily total.',
  },
});
