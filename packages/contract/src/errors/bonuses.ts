import { defineErrors } from './define';

/**
 * Errors of bonuses with wagering (docs/decisions/0050-bonuses-with-wagering.md). A refusal writes nothing.
 * WITHDRAWAL_BONUS_WAGERING is the withdrawals' refusal while a bonus's wagering is short.
 */
export const bonusErrors = defineErrors({
  /** No bonus of this member with that id (another member's id answers the same). */
  BONUS_NOT_FOUND: {
    status: 404,
    ko: '보너스를 찾을 수 없습니다.',
    en: 'Bonus not found.',
  },
  /** The bonus is no longer active (completed, forfeited, expired or cancelled): `value.status`. */
  BONUS_NOT_ACTIVE: {
    status: 409,
    ko: '진행 중인 보너스가 아닙니다.',
    en: 'This bonus is no longer active.',
  },
  /** A forfeit's requestId already used for another bonus. */
  BONUS_REQUEST_REUSED: {
    status: 409,
    ko: '이미 사용된 요청입니다. 새로 시도해 주세요.',
    en: 'This request was already used for another bonus. Please try again.',
  },
  /**
   * A bonus paid into the bonus balance cannot end while the member has an open round staked with bonus money
   * (decision 0063): its win belongs to the bonus. Forfeit or cancel once the round has settled.
   */
  BONUS_ROUNDS_OPEN: {
    status: 409,
    ko: '보너스 금액으로 진행 중인 게임이 있습니다. 게임이 끝난 뒤 다시 시도해 주세요.',
    en: 'A game you staked with bonus money is still in play. Try again once it has ended.',
  },
  /** A deposit's promotionCode names no active deposit bonus of the brand. */
  BONUS_PROMOTION_NOT_FOUND: {
    status: 404,
    ko: '선택한 보너스 프로모션을 찾을 수 없습니다.',
    en: 'The chosen bonus promotion was not found.',
  },
  /** The promotion is not open now (before its start or after its end, or switched off). */
  BONUS_PROMOTION_CLOSED: {
    status: 409,
    ko: '현재 진행 중인 프로모션이 아닙니다.',
    en: 'This promotion is not running now.',
  },
  /** The member already received this promotion's bonus, or already made a credited deposit (new members only). */
  BONUS_NOT_ELIGIBLE: {
    status: 409,
    ko: '이 보너스를 받을 수 있는 조건이 아닙니다.',
    en: 'You are not eligible for this bonus.',
  },
  /** The deposit is below the promotion's minimum: `value.minDepositMinor`. */
  BONUS_DEPOSIT_TOO_SMALL: {
    status: 422,
    ko: '보너스를 받으려면 최소 {min} 이상 입금해야 합니다.',
    en: 'Deposit at least {min} to receive this bonus.',
  },
  /** Back office: a promotion code already used by another promotion of the brand. */
  BONUS_PROMOTION_CODE_TAKEN: {
    status: 409,
    ko: '이미 사용 중인 프로모션 코드입니다.',
    en: 'This promotion code is already in use.',
  },
  /** Back office: the rules do not fit the kind (a deposit bonus needs percentBp, a sign-up bonus fixedMinor). */
  BONUS_RULES_INVALID: {
    status: 422,
    ko: '프로모션 규칙이 올바르지 않습니다.',
    en: "The promotion's rules do not fit its kind.",
  },
  /**
   * Withdrawal refused: it would take bonus money whose wagering is short (`value.shortMinor` still to wager,
   * `value.availableMinor` what may be withdrawn now, `value.lockedMinor` the bonus money locked).
   */
  WITHDRAWAL_BONUS_WAGERING: {
    status: 409,
    ko: '보너스 롤링이 {short} 남아 있어 보너스 금액은 아직 출금할 수 없습니다. 지금 출금 가능한 금액: {available}',
    en: 'Your bonus needs {short} more wagering before it can be withdrawn. You can withdraw up to {available} now.',
  },
});
