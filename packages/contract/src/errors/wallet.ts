import { defineErrors } from './define';

/** Errors of the member wallet and the operator's adjustments. */
export const walletErrors = defineErrors({
  /** The brand plays every game from one wallet (seamless), so there is nothing to transfer. */
  WALLET_SINGLE_MODE: {
    status: 409,
    ko: '이 사이트는 하나의 지갑으로 모든 게임을 이용하므로 이체가 필요하지 않습니다.',
    en: 'This site uses one wallet for every game, so no transfer is needed.',
  },
  /** A transfer names a wallet the member does not have on this brand: no such vendor, or one the brand does not offer. */
  WALLET_VENDOR_UNKNOWN: {
    status: 404,
    ko: '해당 게임사 지갑이 없습니다.',
    en: 'There is no wallet of that game provider.',
  },
  /** The vendor plays from the main wallet (seamless), so it has no wallet of its own to transfer to. */
  WALLET_VENDOR_NOT_TRANSFER: {
    status: 409,
    ko: '이 게임사는 메인 지갑으로 이용하므로 이체가 필요하지 않습니다.',
    en: 'This game provider plays from the main wallet, so no transfer is needed.',
  },
  /** The vendor is under maintenance: nothing goes into its wallet until it is back (taking money out always works). */
  WALLET_VENDOR_MAINTENANCE: {
    status: 409,
    ko: '게임사 점검 중에는 이 지갑으로 이체할 수 없습니다. 메인 지갑으로 회수는 가능합니다.',
    en: 'The game provider is under maintenance: no transfers into its wallet until it is back. Moving money back to the main wallet still works.',
  },
  /**
   * A brand cannot go back to one wallet while members hold money in vendor wallets (it would vanish from their
   * view); `value.members` is how many do. They recall it first, or an operator moves it.
   */
  WALLET_VENDOR_WALLETS_HOLD_MONEY: {
    status: 409,
    ko: '게임사 지갑에 잔액이 있는 회원이 {members}명 있어 단일 지갑으로 바꿀 수 없습니다.',
    en: '{members} members hold money in game provider wallets, so the brand cannot switch to one wallet.',
  },
  /** A debit (or negative adjustment) is larger than the balance; `value.balanceMinor` is the balance. */
  WALLET_INSUFFICIENT_BALANCE: { status: 409, ko: '잔액이 부족합니다.', en: 'Not enough money.' },
  /**
   * A credit would take the balance past 9,007,199,254,740,991 minor units (Number.MAX_SAFE_INTEGER, the
   * most an amount of the contract can be): it is refused and nothing moves.
   */
  WALLET_BALANCE_LIMIT: {
    status: 409,
    ko: '잔액 한도를 넘어 입금할 수 없습니다.',
    en: 'The balance would exceed the most a wallet can hold.',
  },
  /** The member named in an adjustment does not exist in that brand. */
  WALLET_MEMBER_NOT_FOUND: { status: 404, ko: '회원을 찾을 수 없습니다.', en: 'The member was not found.' },
  /** The idempotency key was used before for a different movement. */
  WALLET_IDEMPOTENCY_CONFLICT: {
    status: 409,
    ko: '같은 요청 번호로 다른 요청이 이미 처리되었습니다.',
    en: 'This id was already used for a different request.',
  },
  /**
   * A period of the betting records or the profit and loss that cannot be read: a day that does not exist,
   * `from` after `to`, one given without the other, or longer than MEMBER_PERIOD_MAX_DAYS (93) days.
   */
  WALLET_PERIOD_INVALID: {
    status: 400,
    ko: '조회 기간이 올바르지 않습니다. 시작일이 종료일보다 늦지 않게, 최대 93일까지 선택하세요.',
    en: 'The period is not valid: choose a start no later than its end, at most 93 days.',
  },
  /** The betting record does not exist or is not the member's. */
  WALLET_ROUND_NOT_FOUND: { status: 404, ko: '베팅 기록을 찾을 수 없습니다.', en: 'The betting record was not found.' },
  /**
   * An operator may cancel an abandoned round only while nothing was won in it (its stakes are returned);
   * a round with a win paid is settled instead.
   */
  WALLET_ROUND_HAS_WIN: {
    status: 409,
    ko: '당첨금이 지급된 라운드는 취소할 수 없습니다. 정산으로 종료하세요.',
    en: 'A win was paid in this round, so it cannot be cancelled: settle it instead.',
  },
});
