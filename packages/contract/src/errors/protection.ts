import { defineErrors } from './define';

/**
 * Errors of player protection: limits, time-outs and self-exclusion (docs/decisions/0042-player-protection.md).
 * A refusal writes nothing.
 */
export const protectionErrors = defineErrors({
  /** The deposit would pass one of the member's deposit limits; `value.remainingMinor` is what may still come in. */
  PROTECTION_DEPOSIT_LIMIT: {
    status: 422,
    ko: '입금 한도를 초과하는 금액입니다. 책임 있는 게임 메뉴에서 한도를 확인해 주세요.',
    en: 'This deposit would go over your deposit limit. See your limits under Responsible gaming.',
  },
  /** The stake would take the member's net loss in a period past its loss limit; the wallet's debit refuses it. */
  PROTECTION_LOSS_LIMIT: {
    status: 409,
    ko: '손실 한도에 도달하여 베팅할 수 없습니다. 책임 있는 게임 메뉴에서 한도를 확인해 주세요.',
    en: 'This bet would take you past your loss limit. See your limits under Responsible gaming.',
  },
  /** The stake would take the member's total stakes in a period past its wager limit. */
  PROTECTION_WAGER_LIMIT: {
    status: 409,
    ko: '베팅 한도에 도달하여 베팅할 수 없습니다. 책임 있는 게임 메뉴에서 한도를 확인해 주세요.',
    en: 'This bet would take you past your wager limit. See your limits under Responsible gaming.',
  },
  /** The member took a time-out: no sign-in until it ends (`{until}`, the brand's local time). */
  PROTECTION_TIMED_OUT: {
    status: 403,
    ko: '휴식 기간 중입니다. {until} 이후에 다시 로그인할 수 있습니다.',
    en: 'You are taking a break. You can sign in again after {until}.',
  },
  /** The member excluded themselves: no sign-in until it ends (`{until}`, the brand's local time). */
  PROTECTION_SELF_EXCLUDED: {
    status: 403,
    ko: '자기 배제 기간 중입니다. {until} 이후에 다시 로그인할 수 있습니다.',
    en: 'You have excluded yourself from play. You can sign in again after {until}.',
  },
  /** A time-out or exclusion may only lengthen the one in force, never end it earlier. */
  PROTECTION_BLOCK_SHORTER: {
    status: 409,
    ko: '이미 더 긴 휴식 또는 자기 배제가 적용되어 있습니다. 기간을 줄일 수 없습니다.',
    en: 'A longer break or exclusion is already in force. It cannot be shortened.',
  },
  /** The operator named a player the brand does not have. */
  PROTECTION_PLAYER_NOT_FOUND: {
    status: 404,
    ko: '회원을 찾을 수 없습니다.',
    en: 'The player was not found.',
  },
});
